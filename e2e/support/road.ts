import type { Page } from '@playwright/test';

/**
 * Where an open road round stands: the lanes crossed ('1', '2', ...), 'over' once its result is
 * shown, or 'ending' between the two. Polled after a tap on Go to learn whether the lane was safe.
 */
export const roadState = (page: Page): Promise<string> =>
  page.evaluate(() =>
    document.querySelector('[data-testid="bet-result"]')
      ? 'over'
      : (document.querySelector('[data-testid="road-round"]')?.getAttribute('data-passed') ?? 'ending'),
  );
