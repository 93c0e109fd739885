import type { Page, Request } from '@playwright/test';

/** The live wins' stream: it stays open as long as a game screen shows the feed. */
const LIVE_FEED_PATH = '/api/v3/games/live';

/**
 * Playwright's 'networkidle' never comes on a page whose live feed opened before the first quiet
 * half-second, because the stream does not end. This watches the page's requests the same way,
 * leaving out that one stream: `settled` resolves once nothing else has been in flight for
 * `quietMs`. Start it on a new page before its first navigation, so it sees every request and
 * none of another document's (a request cut off by a navigation may never report its end).
 */
export function watchRequests(page: Page) {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const finished = (request: Request) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === LIVE_FEED_PATH) return;
    inFlight.add(request);
    lastChange = Date.now();
  });
  page.on('requestfinished', finished);
  page.on('requestfailed', finished);
  return {
    async settled(quietMs = 500, timeoutMs = 30_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (inFlight.size > 0 || Date.now() - lastChange < quietMs) {
        if (Date.now() > deadline) {
          const urls = [...inFlight].map((request) => new URL(request.url()).pathname);
          throw new Error(`requests still in flight after ${timeoutMs} ms: ${urls.join(', ')}`);
        }
        await page.waitForTimeout(100);
      }
    },
  };
}
