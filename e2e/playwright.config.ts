import { defineConfig, devices, type Project } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APP_KEY, BASE_URL, BOT_TOKEN, E2E_PORT, JWT_SECRET } from './support/env';

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The phone sizes testers care about, all driven in Debian's chromium. Every phone plays what a
 * screen size can break (layout, the stage in view, words that fit); the flows tagged `@any-size`
 * (support/test.ts: money, seeds, routes, the host's calls), whose outcome a screen size does not
 * change, play once, on the smallest iPhone.
 */
const phones: Array<[name: string, device: string, platform: 'ios' | 'android', flows: boolean]> = [
  ['iphone-se', 'iPhone SE (3rd gen)', 'ios', true],
  ['iphone-15', 'iPhone 15', 'ios', false],
  ['iphone-16-pro-max', 'iPhone 16 Pro Max', 'ios', false],
  ['pixel-7', 'Pixel 7', 'android', false],
  ['galaxy-s24', 'Galaxy S24', 'android', false],
  ['android-320', 'Galaxy S9+', 'android', false],
];

const projects: Project[] = phones.map(([name, device, platform, flows]) => ({
  name,
  metadata: { platform },
  ...(flows ? {} : { grepInvert: /@any-size/ }),
  use: {
    ...devices[device],
    browserName: 'chromium',
    launchOptions: {
      executablePath,
      args: ['--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
}));

const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'arcade-e2e-'));

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  workers: process.env.CI ? 2 : 3,
  timeout: 60_000,
  // A cold start on a busy two-core machine can take longer than ten seconds to show a screen.
  expect: { timeout: 30_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL: BASE_URL,
    // A failed test keeps its trace: every action with the page's DOM before and after it. Not the
    // film of screenshots a trace can also record: encoding a frame for every repaint of the
    // animated stages cost about a quarter of the suite's CPU on these two cores.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
  },
  projects,
  webServer: {
    // E2E_SERVER_DIST and E2E_APP_DIST point at other builds, so parallel runs on one machine do not share files.
    command: `node ${process.env.E2E_SERVER_DIST ?? '../server/dist'}/main.js`,
    url: `${BASE_URL}/healthz`,
    reuseExistingServer: false,
    // The first start builds the emulated chain and seeds the market: give a busy machine time.
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'development',
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      BOT_TOKEN,
      APP_KEY,
      JWT_SECRET,
      PUBLIC_URL: BASE_URL,
      LOG_LEVEL: 'warn',
      ...(process.env.E2E_APP_DIST ? { APP_DIST: process.env.E2E_APP_DIST } : {}),
      // Every test logs in several times from one address; the limit itself is covered by the server's suite.
      AUTH_RATE_LIMIT: '100000',
      MONEY_RATE_LIMIT: '100000',
      NAME_CHOICE_RATE_LIMIT: '100000',
      SHARE_RATE_LIMIT: '100000',
    },
  },
});
