import { expect, type Page } from '@playwright/test';

/**
 * Flips the switch `testId` (a profile setting) from the other state to `on`, and checks that
 * the page shows it so again after a reload: the choice is kept for the player.
 */
export async function switchKeptThroughReload(page: Page, testId: string, on: boolean): Promise<void> {
  const toggle = page.getByTestId(testId);
  await expect(toggle).toHaveAttribute('aria-checked', String(!on));
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', String(on));
  await page.reload();
  await expect(page.getByTestId(testId)).toHaveAttribute('aria-checked', String(on));
}
