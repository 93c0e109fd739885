import { expect, test, anySize } from '../support/test';
import { apiSession } from '../support/api';
import { freshUser, openApp } from '../support/host';

interface ApiEvent {
  kind: 'sent' | 'answered';
  path: string;
}

/**
 * Start-up's round trips to /bonus (issue 17): the login, whose reply carries the light profile,
 * then the full profile and the bonus data side by side. Nothing else is waited for before the
 * player can claim the daily reward.
 */
test(
  'a returning player reaches an interactive /bonus in two round trips: login, then the full profile beside the bonus data',
  anySize,
  async ({ page, request }, testInfo) => {
    const user = freshUser('Returning Player');
    await (await apiSession(request, user)).call('profile/onboarding');

    // Every API request of the page, in the order the browser sent and finished them.
    const events: ApiEvent[] = [];
    const pathOf = (url: string) => new URL(url).pathname;
    page.context().on('request', (r) => {
      if (pathOf(r.url()).startsWith('/api/')) events.push({ kind: 'sent', path: pathOf(r.url()) });
    });
    page.context().on('requestfinished', (r) => {
      if (pathOf(r.url()).startsWith('/api/')) events.push({ kind: 'answered', path: pathOf(r.url()) });
    });

    await openApp(page, testInfo, { user, path: '/bonus' });
    await expect(page.getByTestId('daily-claim')).toBeEnabled();
    await expect(page.getByTestId('bonus-account')).toBeVisible();
    const seen = [...events];

    const sent = seen.filter((e) => e.kind === 'sent').map((e) => e.path);
    expect(sent, 'the light profile comes with the login').not.toContain('/api/v3/profile/light');
    expect(sent.slice(0, 3)).toEqual([
      '/api/v3/auth',
      expect.stringMatching(/^\/api\/v3\/(profile\/full|bonus\/state)$/),
      expect.stringMatching(/^\/api\/v3\/(profile\/full|bonus\/state)$/),
    ]);
    expect(new Set(sent.slice(1, 3))).toEqual(new Set(['/api/v3/profile/full', '/api/v3/bonus/state']));

    // Round trips: a call sent after another had answered is one behind it.
    const trips = new Map<string, number>();
    let answeredTrip = 0;
    for (const event of seen) {
      if (event.kind === 'sent' && !trips.has(event.path)) trips.set(event.path, answeredTrip + 1);
      if (event.kind === 'answered') answeredTrip = Math.max(answeredTrip, trips.get(event.path) ?? 0);
    }
    expect(trips.get('/api/v3/auth')).toBe(1);
    expect(trips.get('/api/v3/profile/full')).toBe(2);
    expect(trips.get('/api/v3/bonus/state')).toBe(2);
  },
);
