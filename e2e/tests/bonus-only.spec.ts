import { anySize, expect, test } from '../support/test';
import { apiSession, type LightProfile } from '../support/api';
import { freshUser, openApp } from '../support/host';

for (const game of ['flip', 'roll', 'road'] as const) {
  test(
    `a player holding only bonus opens ${game} on the bonus balance, with no error before acting`,
    anySize,
    async ({ page, request }, testInfo) => {
      const user = freshUser('Bonus Only');
      const server = await apiSession(request, user);
      await server.call('profile/onboarding');
      await server.call('bonus/daily/claim', { idempotencyKey: `e2e-bonus-only-${game}-${user.id}` });
      const { balance } = await server.call<LightProfile>('profile/light');
      expect(balance.ton).toBe('0');
      expect(Number(balance.bonusTon)).toBeGreaterThan(0);

      await openApp(page, testInfo, { user, path: `/${game}` });
      await expect(page.getByTestId(`screen-${game}`)).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('currency-bonus')).toHaveAttribute('aria-checked', 'true');
      await expect(page.getByTestId('currency-ton')).toHaveAttribute('aria-checked', 'false');
      await expect(page.getByTestId('stake-input')).toBeVisible();
      await expect(page.getByTestId('stake-error')).toHaveCount(0);
      await expect(page.getByTestId('deposit-link')).toHaveCount(0);

      // Choosing the empty TON balance is the player's act: now it says so, with the way to a deposit.
      await page.getByTestId('currency-ton').click();
      await expect(page.getByTestId('stake-error')).toBeVisible();
      await expect(page.getByTestId('deposit-link')).toBeVisible();
    },
  );
}
