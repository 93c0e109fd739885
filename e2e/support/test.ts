import { test as base, expect, type ConsoleMessage } from '@playwright/test';

export { expect };
export type * from '@playwright/test';

/**
 * Marks a test whose outcome does not depend on the phone's size (money, seeds, routes, the
 * host's calls): it runs once, on the iPhone SE, while the other phones play only what a screen
 * size can break (playwright.config.ts).
 */
export const anySize = { tag: '@any-size' };

/**
 * Console errors a player's normal use may show: only a fetch the test machine's missing internet
 * refused (the wallets' icons and lists TON Connect asks their own sites for; see host.ts offline).
 */
const ALWAYS_ALLOWED: RegExp[] = [
  /^Failed to load resource: net::ERR_INTERNET_DISCONNECTED$/,
  // TON Connect UI reports the wallets list it could not fetch from the internet.
  /^\[TON_CONNECT_SDK\] TypeError: Failed to fetch\b/,
];

export interface ConsoleErrors {
  /** Lets a test say which console errors it provokes on purpose (a refused login, a broken answer). */
  allow(pattern: RegExp): void;
}

interface Logged {
  text: string;
  where: string;
}

function logged(message: ConsoleMessage): Logged {
  const { url, lineNumber } = message.location();
  return { text: message.text(), where: url ? `${url}:${lineNumber}` : '' };
}

/**
 * Every spec's `test`: the app must log no console error and throw no uncaught error in normal
 * use. It watches every page of the test's browser context and fails the test at its end with
 * what was logged, unless the test allowed it (consoleErrors.allow) or it is an offline fetch.
 */
export const test = base.extend<{ consoleErrors: ConsoleErrors }>({
  consoleErrors: [
    async ({ context }, use) => {
      const allowed = [...ALWAYS_ALLOWED];
      const seen: Logged[] = [];
      const isAllowed = ({ text }: Logged) => allowed.some((pattern) => pattern.test(text));
      context.on('console', (message) => {
        if (message.type() === 'error') seen.push(logged(message));
      });
      context.on('weberror', (error) => seen.push({ text: `uncaught: ${error.error().message}`, where: '' }));
      await use({ allow: (pattern) => allowed.push(pattern) });
      // Judged at the end, so a pattern allowed after the fact (by the step that provoked it) counts.
      expect(
        seen.filter((entry) => !isAllowed(entry)).map(({ text, where }) => (where ? `${text} (${where})` : text)),
        'console errors in normal use',
      ).toEqual([]);
    },
    { auto: true },
  ],
});
