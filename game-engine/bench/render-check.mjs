/* global window, document, requestAnimationFrame -- page.evaluate callbacks run in the browser */
// Browser-level check of the engine in Debian's chromium (WebGL on SwiftShader): a canvas
// appears and animates, scenes swap on one Application without piling up textures, and
// destroy/unmount leaves no canvas, destroyed textures and no engine ticker listeners, and
// parks the Application for the next mount (its WebGL context is lost once released), and no
// glyph of the arcade font carries a piece of its neighbour on the font page.
// Exits non-zero on failure. `pnpm --filter @arcade/game-engine test:browser`.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { buildPlayground, chromiumPath, launch, serve } from './harness.mjs';

if (!existsSync(chromiumPath)) {
  console.log(`render check skipped: no chromium at ${chromiumPath} (apt-get install chromium, or set CHROMIUM_PATH)`);
  process.exit(0);
}
const started = Date.now();
if (!process.argv.includes('--no-build')) buildPlayground();
const server = await serve();
const browser = await launch();
const results = [];
const check = async (name, fn) => {
  const t0 = Date.now();
  try {
    await fn();
    results.push(`ok   ${name} (${Date.now() - t0} ms)`);
  } catch (error) {
    results.push(`FAIL ${name}: ${error.message}`);
    process.exitCode = 1;
  }
};

try {
  const page = await browser.newPage({ viewport: { width: 375, height: 667 }, deviceScaleFactor: 2 });
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.url}/bench.html`);
  await page.waitForFunction(() => document.body.dataset.ready === 'true');

  await check('engine creates one WebGL canvas sized to its container, the backdrop under it', async () => {
    await page.evaluate(() => window.arcadeBench.mountCore('flip', { clock: 'manual' }).then(() => undefined));
    const info = await page.evaluate(() => {
      const stage = document.getElementById('stage');
      const webgl = window.arcadeBench.handle.engine.app.canvas;
      const stats = window.arcadeBench.handle.stats();
      // The engine's layer under the canvas: a div before it holding the backdrop picture.
      const underlay = webgl.previousElementSibling;
      return {
        count: stage.querySelectorAll(':scope > canvas').length,
        isChild: webgl.parentElement === stage,
        width: webgl.width,
        css: webgl.style.width,
        stats,
        renderer: window.arcadeBench.handle.engine.app.renderer.name,
        backdrop: underlay?.tagName === 'DIV' ? underlay.querySelectorAll('canvas').length : 0,
      };
    });
    assert.equal(info.count, 1);
    assert.equal(info.isChild, true);
    assert.equal(info.renderer, 'webgl');
    assert.equal(info.width, 750);
    assert.equal(info.css, '375px');
    assert.equal(info.stats.width, 375);
    assert.equal(info.backdrop, 1, 'no backdrop picture under the canvas');
  });

  await check('the coin animates (frames differ) and lands (the promise resolves after skip)', async () => {
    await page.evaluate(() => {
      const h = window.arcadeBench.handle;
      window.__done = false;
      void h.play({ side: 'tails', win: true }).then(() => (window.__done = true));
      h.advance(500);
    });
    const a = await page.screenshot();
    await page.evaluate(() => window.arcadeBench.handle.advance(300));
    const b = await page.screenshot();
    assert.notDeepEqual(a, b, 'two moments of the toss look the same');
    const done = await page.evaluate(async () => {
      // The engine's skip: finish the toss now (an animation call, not a check switched off).
      window.arcadeBench.handle.skip();
      await Promise.resolve();
      return window.__done;
    });
    assert.equal(done, true);
  });

  await check('at the instant pace flip, roll and road end as they start (no engine time passes)', async () => {
    const seen = await page.evaluate(async () => {
      const bench = window.arcadeBench;
      const settled = async (promise) => {
        let done = false;
        void promise.then(() => (done = true));
        for (let i = 0; i < 3; i++) await Promise.resolve();
        return done;
      };
      const out = {};
      const flip = await bench.switchGame('flip');
      flip.setPace('instant');
      out.pace = flip.pace;
      out.flip = await settled(flip.play({ side: 'heads', win: false }));
      const roll = await bench.switchGame('roll');
      out.rollPace = roll.pace;
      out.roll = await settled(roll.play({ roll: 42.17, target: 50, direction: 'under', win: true }));
      const road = await bench.switchGame('road');
      road.setup({ lanes: 3, multipliers: [1.2, 1.5, 2] });
      out.road = await settled(road.step(0, 'safe'));
      out.roadPosition = road.state.position;
      road.setPace('normal');
      out.normal = await settled(road.step(1, 'trap'));
      // Finish the normal-paced crash animation so the round's end state can be read.
      road.skip();
      out.roadStatus = road.state.status;
      return out;
    });
    assert.deepEqual(seen, {
      pace: 'instant',
      flip: true,
      rollPace: 'instant',
      roll: true,
      road: true,
      roadPosition: 0,
      normal: false,
      roadStatus: 'crashed',
    });
  });

  await check('the canvas follows its container (ResizeObserver)', async () => {
    await page.setViewportSize({ width: 320, height: 658 });
    await page.waitForFunction(() => window.arcadeBench.handle.stats().width === 320);
    await page.setViewportSize({ width: 375, height: 667 });
    await page.waitForFunction(() => window.arcadeBench.handle.stats().width === 375);
  });

  await check('scenes swap on one Application without piling up textures', async () => {
    const counts = await page.evaluate(async () => {
      const bench = window.arcadeBench;
      const app = bench.handle.engine.app;
      const seen = [];
      for (let round = 0; round < 3; round++) {
        for (const game of ['roll', 'road', 'flip']) {
          const h = await bench.switchGame(game);
          h.advance(100);
          if (h.engine.app !== app) throw new Error('the Application was recreated');
        }
        seen.push(bench.handle.engine.resourceCounts().managedTextures);
      }
      return seen;
    });
    assert.ok(
      counts.every((count) => count === counts[0]),
      `managed textures grew: ${counts.join(', ')}`,
    );
  });

  await check('destroy frees the scene and its textures, takes the canvas off the page and parks the Application', async () => {
    const after = await page.evaluate(() => {
      const h = window.arcadeBench.handle;
      const app = h.engine.app;
      const sources = app.renderer.texture.managedTextures.filter(Boolean);
      const canvas = app.canvas;
      const ticker = app.ticker;
      // The engine adds two ticker listeners (frame start and end) to pixi's own.
      const pixiListeners = ticker.count - 2;
      window.__parked = app;
      window.arcadeBench.unmountCore();
      // pixi's shared Texture.EMPTY and Texture.WHITE live for the whole page.
      const live = () => sources.filter((source) => !source.destroyed && source.label !== 'EMPTY' && source.label !== 'WHITE').length;
      // The scene's font lingers for the next mount (its glyph page), until released.
      const lingering = live();
      window.arcadeBench.releaseIdleFonts();
      return {
        canvases: document.querySelectorAll('canvas').length,
        inDom: canvas.isConnected,
        lingering,
        liveSources: live(),
        tickerListeners: ticker.count,
        pixiListeners,
        tickerStarted: ticker.started,
        pixiStageChildren: app.stage.children.length,
        stageChildren: document.getElementById('stage')?.children.length ?? -1,
      };
    });
    assert.equal(after.canvases, 0);
    assert.equal(after.inDom, false);
    assert.ok(after.lingering <= 2, `${after.lingering} texture sources alive before the idle fonts are released`);
    assert.equal(after.liveSources, 0, `${after.liveSources} texture sources still alive`);
    assert.equal(after.tickerListeners, after.pixiListeners, 'engine ticker listeners left');
    assert.equal(after.tickerStarted, false);
    assert.equal(after.pixiStageChildren, 0);
    assert.equal(after.stageChildren, 0, 'the host keeps elements of the engine');
  });

  await check('the next mount reuses the parked Application; releaseIdle loses its WebGL context', async () => {
    const info = await page.evaluate(async () => {
      const bench = window.arcadeBench;
      const h = await bench.mountCore('roll', { clock: 'manual' });
      const reused = h.engine.app === window.__parked;
      h.advance(100);
      const gl = h.engine.app.renderer.gl;
      bench.unmountCore();
      const lostWhileParked = gl.isContextLost();
      bench.releaseIdle();
      return { reused, lostWhileParked, lost: gl.isContextLost(), canvases: document.querySelectorAll('canvas').length };
    });
    assert.equal(info.reused, true, 'a new Application was created');
    assert.equal(info.lostWhileParked, false);
    assert.equal(info.lost, true);
    assert.equal(info.canvases, 0);
  });

  await check('at rest the engine draws no frame, and the next call of its handle draws again', async () => {
    await page.evaluate(() => window.arcadeBench.mountCore('flip', { clock: 'ticker' }).then(() => undefined));
    // The idle motion plays for a few seconds after the mount, then the ticker stops.
    await page.waitForFunction(() => window.arcadeBench.handle.engine.app.ticker.started === false, undefined, { timeout: 60_000 });
    const atRest = await page.evaluate(async () => {
      const h = window.arcadeBench.handle;
      const before = h.engine.time;
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { moved: h.engine.time - before };
    });
    assert.equal(atRest.moved, 0, 'engine time moved while at rest');
    const woken = await page.evaluate(async () => {
      const h = window.arcadeBench.handle;
      const before = h.engine.time;
      h.setPace('instant');
      await h.play({ side: 'tails', win: true });
      const started = h.engine.app.ticker.started;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return { started, moved: h.engine.time - before };
    });
    await page.evaluate(() => window.arcadeBench.unmountCore());
    assert.equal(woken.started, true, 'a play call left the ticker stopped');
    assert.ok(woken.moved > 0, 'no frame after the play call');
  });

  await check('the React binding (<GameCanvas>) mounts, animates and unmounts cleanly', async () => {
    const info = await page.evaluate(async () => {
      const bench = window.arcadeBench;
      const h = await bench.mountReact('road', { clock: 'ticker' });
      const app = h.engine.app;
      h.setSpeed(4);
      h.setup(bench.roadSetup('hard'));
      await h.step(0, 'safe');
      await h.step(1, 'trap');
      await h.reveal([1, 4, 9, 22, 24]);
      const frames = h.stats().frames;
      const ownSources = app.renderer.texture.managedTextures.filter(Boolean);
      const gl = app.renderer.gl;
      await bench.unmountReact();
      const parked = { canvases: document.querySelectorAll('canvas').length, lost: gl.isContextLost() };
      bench.releaseIdle();
      return {
        frames,
        state: h.state.status,
        parked,
        lost: gl.isContextLost(),
        liveSources: ownSources.filter((source) => !source.destroyed && source.label !== 'EMPTY' && source.label !== 'WHITE').length,
        disposed: h.disposed,
      };
    });
    assert.ok(info.frames >= 3, `only ${info.frames} frames rendered`);
    assert.equal(info.state, 'crashed');
    // @pixi/react owns this Application: unmounting destroys it and its WebGL context at once.
    assert.equal(info.parked.canvases, 0);
    assert.equal(info.lost, true);
    assert.equal(info.disposed, true);
    assert.equal(info.liveSources, 0, `${info.liveSources} texture sources still alive`);
  });

  await check('no glyph of the arcade font shows a piece of its neighbour on the font page', async () => {
    // Labels sample each glyph's frame on the font's pages (bilinear, so a pixel beyond it too):
    // ink of a neighbouring glyph there shows as a stray mark beside a letter (it did under
    // "YOU WIN", the J's hook next to the I, with 4 px of padding).
    // Both the English font and the one with the Russian words' letters.
    const russian = { win: 'Выигрыш', lose: 'Мимо', under: 'Меньше', over: 'Больше' };
    for (const texts of [undefined, russian]) {
      const info = await page.evaluate(async (texts) => {
        const bench = window.arcadeBench;
        const h = await bench.mountCore('roll', { clock: 'manual', texts });
        const font = h.engine.director.scene.badgeTexts.win.font;
        const pages = new Map();
        const touched = [];
        let glyphs = 0;
        for (const [char, glyph] of Object.entries(font.chars)) {
          const texture = glyph.texture;
          if (!texture) continue;
          glyphs++;
          const source = texture.source;
          if (!pages.has(source)) {
            const canvas = source.resource;
            pages.set(source, {
              data: canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data,
              width: canvas.width,
              height: canvas.height,
            });
          }
          const { data, width, height } = pages.get(source);
          const r = source.resolution;
          const frame = texture.frame;
          const [x0, y0, x1, y1] = [frame.x, frame.y, frame.x + frame.width, frame.y + frame.height].map((v) => Math.round(v * r));
          const alpha = (x, y) => (x < 0 || y < 0 || x >= width || y >= height ? 0 : data[(y * width + x) * 4 + 3]);
          let ink = 0;
          // The ring of pixels just outside the frame.
          for (let x = x0 - 1; x <= x1; x++) ink = Math.max(ink, alpha(x, y0 - 1), alpha(x, y1));
          for (let y = y0 - 1; y <= y1; y++) ink = Math.max(ink, alpha(x0 - 1, y), alpha(x1, y));
          if (ink > 0) touched.push(`${char} (alpha ${ink})`);
        }
        bench.unmountCore();
        return { glyphs, pages: pages.size, touched };
      }, texts);
      assert.ok(info.glyphs >= 40 && info.pages >= 1, `${info.glyphs} glyphs on ${info.pages} pages`);
      assert.deepEqual(info.touched, [], `ink next to the frames of ${info.touched.join(', ')}`);
    }
  });

  await check('roll at rest: the die stands on the target and the counter reads it, no other pointer', async () => {
    // It showed a muted 50.00 with the die at 50 while the target was 55, and a knob at 55
    // beside the app's own slider.
    const info = await page.evaluate(async () => {
      const bench = window.arcadeBench;
      const h = await bench.mountCore('roll', { clock: 'manual' });
      h.preview(55, 'under');
      h.advance(200);
      const scene = h.engine.director.scene;
      const before = {
        counter: scene.counter.text,
        label: scene.targetLabel.text,
        dieAt: scene.marker.x,
        targetAt: scene.xOf(55),
        knob: 'knob' in scene,
      };
      void h.play({ roll: 12.34, target: 55, direction: 'under', win: true });
      // Finish the roll's animation now, so its end state is measured.
      h.skip();
      h.advance(1500);
      const rolled = scene.counter.text;
      h.preview(70, 'over');
      h.advance(200);
      const moved = { counter: scene.counter.text, label: scene.targetLabel.text, dieAt: scene.marker.x, targetAt: scene.xOf(70) };
      bench.unmountCore();
      return { before, rolled, moved };
    });
    assert.equal(info.before.counter, '55.00');
    assert.equal(info.before.label, 'UNDER 55.00');
    assert.ok(Math.abs(info.before.dieAt - info.before.targetAt) < 0.5, `die at ${info.before.dieAt}, target at ${info.before.targetAt}`);
    assert.equal(info.before.knob, false);
    assert.equal(info.rolled, '12.34');
    assert.equal(info.moved.counter, '70.00');
    assert.equal(info.moved.label, 'OVER 70.00');
    assert.ok(Math.abs(info.moved.dieAt - info.moved.targetAt) < 0.5, `die at ${info.moved.dieAt}, target at ${info.moved.targetAt}`);
  });

  await check('the canvases print the words they are given, every letter on the font (English by default)', async () => {
    const info = await page.evaluate(async () => {
      const bench = window.arcadeBench;
      const read = async (game, language) => {
        const h = await bench.mountCore(game, { clock: 'manual', language });
        h.advance(100);
        const scene = h.engine.director.scene;
        const lines =
          game === 'flip'
            ? [scene.labels.heads, scene.labels.tails, scene.badgeTexts.win, scene.badgeTexts.lose]
            : [scene.finishLabel, scene.hud.titles.cashout, scene.hud.titles.crash];
        const font = lines[0].font;
        const words = lines.map((line) => line.text);
        const missing = [...new Set(words.join('').replace(/ /g, ''))].filter((char) => !font.chars[char]?.texture);
        const words2 = h.texts;
        bench.unmountCore();
        return { words, missing, lane: words2.lane };
      };
      return { flipEn: await read('flip'), flipRu: await read('flip', 'ru'), roadRu: await read('road', 'ru') };
    });
    assert.deepEqual(info.flipEn.words, ['HEADS', 'TAILS', 'YOU WIN', 'NO LUCK']);
    assert.deepEqual(info.flipRu.words, ['ОРЁЛ', 'РЕШКА', 'ВЫИГРЫШ', 'НЕ ПОВЕЗЛО']);
    assert.deepEqual(info.roadRu.words, ['ФИНИШ', 'ЗАБРАНО', 'АВАРИЯ']);
    assert.equal(info.roadRu.lane, 'ПОЛОСА');
    assert.deepEqual([...info.flipEn.missing, ...info.flipRu.missing, ...info.roadRu.missing], []);
  });

  await check('on a short stage the result badge stays inside the canvas and clear of the dice', async () => {
    // The game stages in the app are shorter than a phone screen (e2e phones: iPhone 15 361x300,
    // iPhone SE 343x300, Galaxy S24 328x351, a 320-wide Android 296x300): the roll's dice sat
    // on its "YOU WIN", and the flip's badge ran off the bottom edge of a yet shorter stage.
    const problems = [];
    for (const [width, height] of [
      [361, 300],
      [328, 351],
      [296, 300],
      [300, 260],
    ]) {
      await page.setViewportSize({ width, height });
      const found = await page.evaluate(
        async ([w, h]) => {
          const bench = window.arcadeBench;
          const out = [];
          const box = (view) => view.getBounds();
          const flip = await bench.mountCore('flip', { clock: 'manual' });
          void flip.play({ side: 'heads', win: true });
          // Finish the animations now: the end state's layout is what is measured.
          flip.skip();
          flip.advance(1500);
          const flipBadge = box(flip.engine.director.scene.badge);
          if (flipBadge.maxY > h || flipBadge.minY < 0)
            out.push(`flip at ${w}x${h}: badge ${flipBadge.minY.toFixed(0)}-${flipBadge.maxY.toFixed(0)}`);
          bench.unmountCore();
          const roll = await bench.mountCore('roll', { clock: 'manual' });
          void roll.play({ roll: 42.17, target: 50, direction: 'under', win: true });
          roll.skip();
          roll.advance(1500);
          const scene = roll.engine.director.scene;
          const rollBadge = box(scene.badge);
          const dice = box(scene.dice);
          const panel = box(scene.panel);
          if (rollBadge.maxY > dice.minY)
            out.push(`roll at ${w}x${h}: badge ends at ${rollBadge.maxY.toFixed(0)}, dice starts at ${dice.minY.toFixed(0)}`);
          if (panel.minY < 0) out.push(`roll at ${w}x${h}: panel starts at ${panel.minY.toFixed(0)}`);
          bench.unmountCore();
          return out;
        },
        [width, height],
      );
      problems.push(...found);
    }
    await page.setViewportSize({ width: 375, height: 667 });
    assert.deepEqual(problems, []);
  });

  await check('no page errors', async () => {
    assert.deepEqual(errors, []);
  });
} finally {
  await browser.close();
  await server.close();
}
console.log(results.join('\n'));
console.log(`render check ${process.exitCode ? 'FAILED' : 'passed'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
