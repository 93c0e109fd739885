import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page, type Response, anySize } from '../support/test';
import { apiPlayer, apiSession } from '../support/api';
import { freshUser, openApp } from '../support/host';
import { layoutProblems } from '../support/layout';
import { switchKeptThroughReload } from '../support/switches';
import { roadState } from '../support/road';

const artifacts = join(import.meta.dirname, '..', 'artifacts', 'sounds');

/** The lazily loaded chunk with the synthesis and the audio context (app/src/lib/sound/sound-player.ts). */
const SOUND_CHUNK = /\/assets\/sound-player-[\w-]+\.js$/;
/** The Web Audio calls only the sound chunk makes. */
const WEB_AUDIO = ['AudioContext', 'createOscillator'];
/** What only the sound code holds: the choice's storage key and the Web Audio calls. */
const SOUND_CODE = ['arcade.sound', ...WEB_AUDIO];

interface Note {
  wave: string;
  hz: number;
}
interface AudioRecord {
  contexts: number;
  notes: Note[];
  /** When each sound started (page time, ms): its notes are started in one run of code. */
  startedAt: number[];
}

/** The notes of each sound, as the player hears them (app/src/lib/sound/sound-player.ts). */
const BET: Note[] = [{ wave: 'triangle', hz: 880 }];
const WIN: Note[] = [523, 659, 784].map((hz) => ({ wave: 'triangle', hz }));
const LOSE: Note[] = [392, 262].map((hz) => ({ wave: 'sine', hz }));
const STEP: Note[] = [{ wave: 'square', hz: 1400 }];

/**
 * Counts every AudioContext the page makes and every note it starts (oscillators and buffer
 * sources), with the wave and pitch each starts at. Installed before any of the app's code runs.
 */
async function recordAudio(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record: AudioRecord = { contexts: 0, notes: [], startedAt: [] };
    let inSound = false;
    (window as unknown as { __audio: AudioRecord }).__audio = record;
    const Base = window.AudioContext;
    window.AudioContext = class extends Base {
      constructor(options?: AudioContextOptions) {
        super(options);
        record.contexts += 1;
        (window as unknown as { __audioContext: AudioContext }).__audioContext = this;
      }
    };
    const source = AudioScheduledSourceNode.prototype;
    const start = Object.getOwnPropertyDescriptor(source, 'start')?.value as (this: AudioScheduledSourceNode, when?: number) => void;
    Object.defineProperty(source, 'start', {
      configurable: true,
      writable: true,
      value: function (this: AudioScheduledSourceNode, when?: number) {
        const oscillator = this instanceof OscillatorNode ? this : null;
        record.notes.push({ wave: oscillator?.type ?? 'buffer', hz: oscillator ? Math.round(oscillator.frequency.value) : 0 });
        // Notes started in one run of code are one sound: its time is kept once.
        if (!inSound) {
          inSound = true;
          record.startedAt.push(performance.now());
          queueMicrotask(() => (inSound = false));
        }
        start.call(this, when);
      },
    });
  });
}

const record = (page: Page) => page.evaluate(() => (window as unknown as { __audio: AudioRecord }).__audio);
/** The contexts made and the notes started, without their times. */
const audio = async (page: Page) => {
  const { contexts, notes } = await record(page);
  return { contexts, notes };
};

/** Every script the page asked for, from now on. */
function watchScripts(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.push(request.url());
  });
  return urls;
}

const fundedPlayer = async (request: APIRequestContext, lang: 'en' | 'ru' = 'en') =>
  (await apiPlayer(request, { name: 'Sound Player', lang, ton: '5' })).user;

const engineReady = (page: Page) => expect(page.getByTestId('game-stage')).toHaveAttribute('data-engine', 'ready', { timeout: 45_000 });

/** One flip for 0.1 TON; returns how it ended. */
async function flipOnce(page: Page): Promise<'won' | 'lost'> {
  await page.getByTestId('stake-input').fill('0.1');
  await page.getByTestId('flip-side-tails').click();
  await page.getByTestId('flip-play').click();
  const result = page.getByTestId('bet-result');
  await expect(result).toBeVisible({ timeout: 45_000 });
  const status = await result.getAttribute('data-status');
  expect(status === 'won' || status === 'lost', `a flip ends won or lost, not ${status}`).toBe(true);
  return status as 'won' | 'lost';
}

test(
  'sound is off at first: the first screen carries no sound code, and a round makes no audio context and loads none',
  anySize,
  async ({ page, request }, testInfo) => {
    test.setTimeout(180_000);
    const user = await fundedPlayer(request);
    await recordAudio(page);
    const scripts = watchScripts(page);
    const firstScreen: Response[] = [];
    const onResponse = (response: Response) => {
      if (response.request().resourceType() === 'script') firstScreen.push(response);
    };
    page.on('response', onResponse);

    // The first screen, interactive: none of the scripts it took holds the sound code.
    await openApp(page, testInfo, { user, path: '/bonus' });
    await expect(page.getByTestId('daily-claim')).toBeEnabled();
    page.off('response', onResponse);
    expect(firstScreen.map((response) => new URL(response.url()).pathname)).toContainEqual(
      expect.stringMatching(/^\/assets\/first-screen-/),
    );
    for (const response of firstScreen) {
      const text = await response.text();
      for (const code of SOUND_CODE) expect(text.includes(code), `${response.url()} holds ${code}`).toBe(false);
    }

    await openApp(page, testInfo, { user, path: '/flip' });
    await engineReady(page);
    await flipOnce(page);
    await page.waitForTimeout(500);
    expect(await audio(page)).toEqual({ contexts: 0, notes: [] });
    expect(scripts.filter((url) => SOUND_CHUNK.test(url))).toEqual([]);
  },
);

test(
  'switched on in the profile: a bet sounds, then its outcome, a road lane ticks; the choice survives a reload',
  anySize,
  async ({ page, request }, testInfo) => {
    test.setTimeout(240_000);
    const user = await fundedPlayer(request);
    await recordAudio(page);
    const scripts = watchScripts(page);

    await openApp(page, testInfo, { user, path: '/profile' });
    await switchKeptThroughReload(page, 'sound-switch', true);
    // On, but no game has played yet: no sound code and no audio context.
    expect(scripts.filter((url) => SOUND_CHUNK.test(url))).toEqual([]);
    expect((await audio(page)).contexts).toBe(0);

    await openApp(page, testInfo, { user, path: '/flip' });
    await engineReady(page);
    const outcome = await flipOnce(page);
    await expect.poll(async () => (await audio(page)).notes.length).toBe(BET.length + (outcome === 'won' ? WIN : LOSE).length);
    expect(await audio(page)).toEqual({ contexts: 1, notes: [...BET, ...(outcome === 'won' ? WIN : LOSE)] });
    const loaded = scripts.filter((url) => SOUND_CHUNK.test(url));
    expect(loaded).toHaveLength(1);
    // The code the first screen was checked for is this chunk's.
    const code = await (await page.request.get(loaded[0] ?? '')).text();
    for (const call of WEB_AUDIO) expect(code).toContain(call);
    // Made after the player's taps, the context runs: the sounds are heard.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __audioContext: AudioContext }).__audioContext.state))
      .toBe('running');

    // The road: its start is a bet, a lane crossed a tick (or the trap's loss).
    await page.waitForTimeout(1100);
    const before = (await audio(page)).notes.length;
    await page.getByTestId('game-tab-road').click();
    await engineReady(page);
    await page.getByTestId('road-difficulty-easy').click();
    await page.getByTestId('stake-input').fill('0.1');
    await page.getByTestId('road-start').click();
    await expect(page.getByTestId('road-round')).toBeVisible();
    await expect.poll(async () => (await audio(page)).notes.slice(before)).toEqual(BET);
    await page.waitForTimeout(1100);
    await page.getByTestId('road-go').click();
    const state = () => roadState(page);
    await expect.poll(state, { timeout: 60_000 }).toMatch(/^(1|over)$/);
    const crossed = (await state()) === '1';
    await expect.poll(async () => (await audio(page)).notes.slice(before)).toEqual([...BET, ...(crossed ? STEP : LOSE)]);
    expect((await audio(page)).contexts).toBe(1);
  },
);

for (const lang of ['ru', 'en'] as const) {
  test(`the sound switch in the profile reads and fits the phone (${lang})`, async ({ page, request }, testInfo) => {
    const user = freshUser(lang === 'ru' ? 'Маша' : 'Mary');
    const server = await apiSession(request, user);
    await server.call('profile/onboarding');
    await server.call('profile/language', { lang });
    const { host } = await openApp(page, testInfo, { user, path: '/profile' });
    const card = page.getByTestId('sound');
    await expect(card).toContainText(lang === 'ru' ? 'Звук' : 'Sound');
    await expect(page.getByRole('switch', { name: lang === 'ru' ? 'Звук' : 'Sound' })).toHaveAttribute('aria-checked', 'false');
    await card.scrollIntoViewIfNeeded();
    expect(await layoutProblems(page, host)).toEqual([]);
    const folder = join(artifacts, testInfo.project.name);
    mkdirSync(folder, { recursive: true });
    await card.getByRole('switch').click();
    await expect(card.getByRole('switch')).toHaveAttribute('aria-checked', 'true');
    await card.screenshot({ path: join(folder, `switch-${lang}.png`) });
    await page.screenshot({ path: join(folder, `profile-${lang}.png`) });
  });
}

test('auto-bet at instant speed plays no more than four sounds in any second', anySize, async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const user = await fundedPlayer(request);
  await recordAudio(page);
  await openApp(page, testInfo, { user, path: '/profile' });
  await page.getByTestId('sound-switch').click();
  await expect(page.getByTestId('sound-switch')).toHaveAttribute('aria-checked', 'true');

  await openApp(page, testInfo, { user, path: '/flip' });
  await engineReady(page);
  await page.getByTestId('stake-input').fill('0.1');
  await page.getByTestId('auto-open').click();
  const sheet = page.getByTestId('auto-sheet');
  await sheet.getByTestId('auto-rounds').fill('12');
  await sheet.getByTestId('pace-instant').click();
  await sheet.getByTestId('auto-start').click();
  const status = page.getByTestId('auto-status');
  await expect(status).toHaveAttribute('data-running', 'false', { timeout: 90_000 });
  await expect(status).toHaveAttribute('data-rounds', '12');

  // Each sound is the notes started together; 24 were asked for (a bet and an outcome a round).
  const { contexts, startedAt: sounds } = await record(page);
  expect(contexts).toBe(1);
  expect(sounds.length).toBeGreaterThan(0);
  for (const from of sounds) {
    expect(
      sounds.filter((at) => at >= from && at < from + 1000).length,
      `sounds in the second from ${Math.round(from)} ms`,
    ).toBeLessThanOrEqual(4);
  }
});
