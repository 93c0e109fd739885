import { expect, type Page } from './test';

/**
 * Scrolls to the live wins (the stream opens once they are seen) and waits for the stream. The
 * screen may still grow above them as its parts load, so it scrolls again until they were seen.
 */
export async function liveWins(page: Page) {
  const section = page.getByTestId('live-wins');
  await expect
    .poll(
      async () => {
        await section.scrollIntoViewIfNeeded();
        return section.getAttribute('data-status');
      },
      { timeout: 120_000, intervals: [500, 1_000, 2_000] },
    )
    .toBe('live');
  return section;
}
