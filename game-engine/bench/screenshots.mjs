/* global window, document -- page.evaluate callbacks run in the browser */
// Screenshots of every game mid-animation and at the end, at 375x667 and 320x658 (DPR 2),
// with the manual clock so each frame is exactly reproducible. Written to bench/out/.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPlayground, launch, serve } from './harness.mjs';

const out = join(dirname(fileURLToPath(import.meta.url)), 'out');
mkdirSync(out, { recursive: true });
if (!process.argv.includes('--no-build')) buildPlayground();
const server = await serve();
const browser = await launch();

/** name -> [setup (returns nothing), mid ms, end ms] run in the page. */
const scenes = {
  'flip-win': { game: 'flip', start: (h) => void h.play({ side: 'heads', win: true }), mid: 820 },
  'flip-lose': { game: 'flip', start: (h) => void h.play({ side: 'tails', win: false }), mid: 1750 },
  'roll-win': { game: 'roll', start: (h) => void h.play({ roll: 42.17, target: 50, direction: 'under', win: true }), mid: 700 },
  'roll-lose': { game: 'roll', start: (h) => void h.play({ roll: 12.5, target: 30, direction: 'over', win: false }), mid: 1500 },
  'road-crash': {
    game: 'road',
    start: (h, bench) => {
      h.setup(bench.roadSetup('hard'));
      for (let lane = 0; lane < 3; lane++) {
        void h.step(lane, 'safe');
        h.skip();
      }
      h.advance(1200);
      void h.step(3, 'trap');
    },
    mid: 700,
    after: (h) => void h.reveal([3, 6, 11, 17, 23]),
  },
  'road-cashout': {
    game: 'road',
    start: (h, bench) => {
      h.setup(bench.roadSetup('medium'));
      for (let lane = 0; lane < 5; lane++) {
        void h.step(lane, 'safe');
        h.skip();
      }
      h.advance(900);
      void h.cashOut();
    },
    mid: 500,
    after: (h) => void h.reveal([6, 9, 14]),
  },
  'road-start': {
    game: 'road',
    start: (h, bench) => {
      h.setup(bench.roadSetup('medium'));
    },
    mid: 300,
  },
  'road-finish': {
    game: 'road',
    start: (h, bench) => {
      const setup = bench.roadSetup('easy');
      h.setup({ ...setup, passed: setup.lanes - 1 });
      h.advance(600);
      void h.cashOut();
    },
    mid: 500,
  },
};

const sizes = [
  { width: 375, height: 667 },
  { width: 320, height: 658 },
];
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice(7);

try {
  for (const size of sizes) {
    const page = await browser.newPage({ viewport: size, deviceScaleFactor: 2 });
    page.on('pageerror', (error) => console.error('page error:', error.message));
    await page.goto(`${server.url}/bench.html`);
    await page.waitForFunction(() => document.body.dataset.ready === 'true');
    for (const [name, scene] of Object.entries(scenes)) {
      if (only && !name.startsWith(only)) continue;
      await page.evaluate((game) => window.arcadeBench.mountCore(game, { clock: 'manual', seed: 11 }).then(() => undefined), scene.game);
      await page.evaluate(
        ([start, mid]) => {
          const bench = window.arcadeBench;
          const h = bench.handle;
          h.advance(400);
          new Function('h', 'bench', `(${start})(h, bench)`)(h, bench);
          h.advance(mid);
        },
        [scene.start.toString(), scene.mid],
      );
      await page.screenshot({ path: join(out, `${name}-${size.width}x${size.height}-mid.png`) });
      await page.evaluate((after) => {
        const h = window.arcadeBench.handle;
        h.advance(6000);
        if (after) {
          new Function('h', `(${after})(h)`)(h);
          h.advance(2500);
        }
      }, scene.after?.toString());
      await page.screenshot({ path: join(out, `${name}-${size.width}x${size.height}-end.png`) });
      await page.evaluate(() => window.arcadeBench.unmountCore());
    }
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
console.log(`screenshots in ${out}`);
