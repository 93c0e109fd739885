import { expect, type APIRequestContext } from '@playwright/test';
import { APP_KEY } from './env';
import { freshUser, signLaunch, type TestUser } from './host';

/**
 * Talks to the server under test directly, as the app would, to prepare or check state. The player
 * has confirmed 18+ (bets wait for it) unless `ageConfirmed: false`.
 */
/**
 * A well-formed TON address (bounceable off) that withdrawals in the tests send to. Checked with
 * @ton/core: Address.parse accepts it (workchain 0, not test-only, non-bounceable).
 */
export const VALID_ADDRESS = 'UQAJdvce-cgGFbyOsPN9OMTUD4GHFYJYInb14SKPhAI-HQSQ';

export async function apiSession(request: APIRequestContext, user: TestUser, options: { ageConfirmed?: boolean } = {}) {
  const headers = { 'Content-Type': 'application/json', 'X-App-Key': APP_KEY };
  const auth = await request.post('/api/v3/auth', { headers, data: { initData: signLaunch(user) } });
  const authBody = (await auth.json()) as { success: boolean; data: { token: string } };
  if (!authBody.success) throw new Error(`login failed: ${JSON.stringify(authBody)}`);
  const authed = { ...headers, Authorization: `Bearer ${authBody.data.token}` };
  if (options.ageConfirmed !== false) {
    const confirmed = await request.post('/api/v3/play/age-confirm', { headers: authed, data: {} });
    if (!confirmed.ok()) throw new Error(`play/age-confirm: ${confirmed.status()}`);
  }
  const call = async <T>(path: string, data: unknown = {}): Promise<T> => {
    const res = await request.post(`/api/v3/${path}`, { headers: authed, data });
    const body = (await res.json()) as { success: boolean; data: T; message?: string };
    if (!body.success) throw new Error(`${path}: ${body.message}`);
    return body.data;
  };
  /** The whole answer, refusals included, with the HTTP status. */
  const raw = async (path: string, data: unknown = {}) => {
    const res = await request.post(`/api/v3/${path}`, { headers: authed, data });
    return { status: res.status(), ...((await res.json()) as { success: boolean; code?: string; message?: string }) };
  };
  return { call, raw };
}

export interface LightProfile {
  balance: { ton: string; bonusTon: string };
  name: string;
  onboardingCompleted: boolean;
  lang: string;
}

/** A player's API session (apiSession). */
export type ApiSession = Awaited<ReturnType<typeof apiSession>>;

/**
 * The development test deposit, a real emulated transfer the watcher credits, waited for until
 * the TON balance reads `balance` (the amount, for a player who had none).
 */
export async function testDeposit(server: ApiSession, user: TestUser, amount: string, balance = amount): Promise<void> {
  await server.call('wallet/test-deposit', { amount, idempotencyKey: `e2e-deposit-${user.id}-${amount.replace(/\D/g, '_')}` });
  await expect.poll(async () => (await server.call<LightProfile>('profile/light')).balance.ton, { timeout: 60_000 }).toBe(balance);
}

/**
 * A fresh player prepared through the API: past the onboarding, speaking `lang` (English unless
 * given) and, with `ton`, credited that much by a test deposit.
 */
export async function apiPlayer(
  request: APIRequestContext,
  options: { name?: string; lang?: 'ru' | 'en'; ton?: string; ageConfirmed?: boolean } = {},
): Promise<{ user: TestUser; server: ApiSession }> {
  const user = freshUser(options.name);
  const server = await apiSession(request, user, { ageConfirmed: options.ageConfirmed });
  await server.call('profile/onboarding');
  await server.call('profile/language', { lang: options.lang ?? 'en' });
  if (options.ton) await testDeposit(server, user, options.ton);
  return { user, server };
}
