import { describe, expect, it, vi } from 'vitest';
import { APP_KEY_HEADER, createApiClient, type ApiClientOptions } from '../src/client';
import { ApiError } from '../src/errors';

interface Recorded {
  url: string;
  init: RequestInit;
}

/** A fetch that answers from a queue and records what the client sent. */
function fakeServer(...replies: Array<{ status: number; body: unknown } | Error>) {
  const sent: Recorded[] = [];
  const fetch = vi.fn((url: string, init: RequestInit) => {
    sent.push({ url, init });
    const next = replies.shift();
    if (!next) throw new Error('no reply queued');
    if (next instanceof Error) return Promise.reject(next);
    const text = typeof next.body === 'string' ? next.body : JSON.stringify(next.body);
    return Promise.resolve(new Response(text, { status: next.status }));
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, sent };
}

function client(server: ReturnType<typeof fakeServer>, extra: Partial<ApiClientOptions> = {}) {
  const mismatches: string[] = [];
  const api = createApiClient({
    baseUrl: 'https://api.example',
    appKey: 'app-key-1',
    fetch: server.fetch,
    logMismatch: (_call, summary) => mismatches.push(summary),
    ...extra,
  });
  return { api, mismatches };
}

const light = {
  balance: { ton: '12.5', bonusTon: '0' },
  name: 'Ada',
  avatarUrl: '',
  onboardingCompleted: true,
  onboardingWalletCompleted: false,
  lang: 'en',
};

const full = {
  ...light,
  friends: { referralCode: 'ABCD1234', totalReferrals: 2, activeReferrals: 1, referralAmount: 0.25 },
  isBanned: null,
  telegram: { isAddedToAttachmentMenu: false, isAllowsWriteToPm: true },
  achievements: { numberRounds: 3, betAmount: 1.5, maximumWin: 2 },
  dailyReward: { shouldShow: true, currentDay: 2, rewards: [{ day: 1, reward: 0.1, isClaimed: true }] },
};

function headersOf(record: Recorded | undefined): Record<string, string> {
  return (record?.init.headers ?? {}) as Record<string, string>;
}

describe('api client', () => {
  it('sends JSON with the application key and no bearer before login', async () => {
    const server = fakeServer({ status: 200, body: { success: true, data: { token: 't0k', expired_at: 1900000000 } } });
    const { api } = client(server);
    const result = await api.auth('query_id=1&hash=x');

    expect(result).toEqual({ token: 't0k', expired_at: 1900000000 });
    expect(server.sent[0]?.url).toBe('https://api.example/api/v3/auth');
    expect(server.sent[0]?.init.method).toBe('POST');
    expect(headersOf(server.sent[0])).toEqual({ 'Content-Type': 'application/json', [APP_KEY_HEADER]: 'app-key-1' });
    expect(JSON.parse(server.sent[0]?.init.body as string)).toEqual({ initData: 'query_id=1&hash=x' });
  });

  it('adds the bearer token to every call after login', async () => {
    const server = fakeServer(
      { status: 200, body: { success: true, data: { token: 'secret-token', expired_at: 1900000000 } } },
      { status: 200, body: { success: true, data: light } },
    );
    const { api } = client(server);
    await api.auth('raw');
    const profile = await api.profile.light();

    expect(profile.balance.ton).toBe('12.5');
    expect(headersOf(server.sent[1]).Authorization).toBe('Bearer secret-token');
    expect(headersOf(server.sent[1])[APP_KEY_HEADER]).toBe('app-key-1');
  });

  it('reads the full profile including a null isBanned', async () => {
    const server = fakeServer({ status: 200, body: { success: true, data: full } });
    const { api } = client(server);
    await expect(api.profile.full()).resolves.toMatchObject({ friends: { referralCode: 'ABCD1234' }, isBanned: null });
  });

  it("raises 'Invalid data' on a shape mismatch and logs arktype's summary", async () => {
    const server = fakeServer({ status: 200, body: { success: true, data: { ...light, balance: { ton: 12.5 } } } });
    const { api, mismatches } = client(server);

    const error = await api.profile.light().catch((e: unknown) => e);
    expect(ApiError.is(error, 'invalid-data')).toBe(true);
    expect((error as ApiError).message).toBe('Invalid data');
    expect(mismatches).toHaveLength(1);
    expect(mismatches[0]).toContain('balance.ton');
    expect(mismatches[0]).toContain('bonusTon');
  });

  it("raises 'Invalid data' when the body is not an envelope or not JSON", async () => {
    const server = fakeServer({ status: 200, body: { ok: 1 } }, { status: 200, body: '<html>' });
    const { api, mismatches } = client(server);
    await expect(api.profile.completeOnboarding()).rejects.toThrow('Invalid data');
    await expect(api.profile.completeOnboarding()).rejects.toThrow('Invalid data');
    expect(mismatches).toHaveLength(2);
  });

  it("raises 'invalid response' when a profile call says success false", async () => {
    const server = fakeServer({ status: 200, body: { success: false, message: 'profile is locked' } });
    const { api } = client(server);
    const error = await api.profile.full().catch((e: unknown) => e);
    expect(ApiError.is(error, 'invalid-response')).toBe(true);
    expect((error as ApiError).message).toBe('invalid response');
    expect((error as ApiError).detail).toBe('profile is locked');
  });

  it('treats statuses below 500 as received and surfaces the server message', async () => {
    const server = fakeServer({ status: 401, body: { success: false, message: 'Launch data expired' } });
    const { api } = client(server);
    const error = await api.auth('stale').catch((e: unknown) => e);
    expect(ApiError.is(error, 'failure')).toBe(true);
    expect((error as ApiError).message).toBe('Launch data expired');
    expect((error as ApiError).status).toBe(401);
    expect(api.token).toBeNull();
  });

  it('raises a request error for 500 and above without reading the body', async () => {
    const server = fakeServer({ status: 502, body: 'Bad gateway' });
    const { api, mismatches } = client(server);
    const error = await api.profile.light().catch((e: unknown) => e);
    expect(ApiError.is(error, 'request')).toBe(true);
    expect((error as ApiError).status).toBe(502);
    expect(mismatches).toHaveLength(0);
  });

  it('raises a request error when the network fails', async () => {
    const server = fakeServer(new TypeError('Failed to fetch'));
    const { api } = client(server);
    await expect(api.profile.light()).rejects.toMatchObject({ kind: 'request', status: null });
  });

  it('logs in again once on 401 and retries with the new token', async () => {
    const server = fakeServer(
      { status: 401, body: { success: false, message: 'Token expired' } },
      { status: 200, body: { success: true, data: light } },
    );
    const { api } = client(server, {
      onUnauthorized: () => {
        api.setToken('fresh');
        return Promise.resolve(true);
      },
    });
    api.setToken('stale');
    await expect(api.profile.light()).resolves.toMatchObject({ name: 'Ada' });
    expect(headersOf(server.sent[0]).Authorization).toBe('Bearer stale');
    expect(headersOf(server.sent[1]).Authorization).toBe('Bearer fresh');
  });

  it('does not loop when the new login is refused again', async () => {
    const onUnauthorized = vi.fn(() => Promise.resolve(true));
    const server = fakeServer(
      { status: 401, body: { success: false, message: 'Token expired' } },
      { status: 401, body: { success: false, message: 'Token expired' } },
    );
    const { api } = client(server, { onUnauthorized });
    await expect(api.profile.completeOnboarding()).rejects.toMatchObject({ kind: 'failure', status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('checks a reply fetched elsewhere as it checks its own, without sending anything', async () => {
    const server = fakeServer();
    const { api, mismatches } = client(server);
    const reply = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));
    await expect(api.accept('auth', reply(200, { success: true, data: { token: 't1', expired_at: 1, profile: light } }))).resolves.toEqual({
      token: 't1',
      expired_at: 1,
      profile: light,
    });
    await expect(api.accept('auth', reply(401, { success: false, message: 'Init data is expired' }))).rejects.toMatchObject({
      kind: 'failure',
      status: 401,
      message: 'Init data is expired',
    });
    await expect(api.accept('auth', reply(200, { success: true, data: { token: '' } }))).rejects.toMatchObject({ kind: 'invalid-data' });
    expect(mismatches).toHaveLength(1);
    await expect(api.accept('auth', Promise.reject(new TypeError('Failed to fetch')))).rejects.toMatchObject({ kind: 'request' });
    expect(server.sent).toHaveLength(0);
  });

  it('refuses to send a request that does not match its schema', async () => {
    const server = fakeServer();
    const { api } = client(server);
    await expect(api.profile.setLanguage('de' as 'en')).rejects.toThrow('Invalid data');
    expect(server.sent).toHaveLength(0);
  });
});

describe('refusals with a reason code', () => {
  it('carries the server code so the app can show a translated message next to the field', async () => {
    const server = fakeServer({
      status: 400,
      body: { success: false, message: 'The minimum withdrawal is 0.1 TON', code: 'withdraw.amount.min' },
    });
    const { api } = client(server);
    const error = await api.wallet.withdraw({ address: 'UQ...', amount: '0.01', idempotencyKey: 'withdraw-0001' }).catch((e: unknown) => e);
    expect(ApiError.is(error, 'failure')).toBe(true);
    expect((error as ApiError).code).toBe('withdraw.amount.min');
    expect((error as ApiError).message).toBe('The minimum withdrawal is 0.1 TON');
  });
});

describe('calls past the first screen', () => {
  it('load their specs on first use and validate as the others', async () => {
    const server = fakeServer(
      { status: 200, body: { success: true, data: { balance: { ton: '1', bonusTon: '0' } } } },
      {
        status: 200,
        body: {
          success: true,
          data: {
            code: 'ABCD',
            link: 'https://t.me/x',
            totalReferrals: 0,
            activeReferrals: 0,
            available: '0',
            totalEarned: '0',
            minClaim: '1',
            activeDays: 30,
          },
        },
      },
    );
    const { api, mismatches } = client(server);
    await expect(api.wallet.info()).rejects.toSatisfy((error) => ApiError.is(error, 'invalid-data'));
    expect(mismatches.length).toBe(1);
    await expect(api.referral.info()).resolves.toMatchObject({ code: 'ABCD', minClaim: '1' });
    expect(server.sent.map((record) => record.url)).toEqual([
      'https://api.example/api/v3/wallet/info',
      'https://api.example/api/v3/referral/info',
    ]);
  });

  it('refuses a later call whose request does not match its schema, without sending it', async () => {
    const server = fakeServer();
    const { api } = client(server);
    await expect(api.games.flip({ amount: 'x' } as never)).rejects.toSatisfy((error) => ApiError.is(error, 'invalid-data'));
    expect(server.sent).toEqual([]);
  });
});

describe('a call given up while its body arrives', () => {
  it('is an abort, not a body that is not JSON', async () => {
    const { createServer } = await import('node:http');
    // A real server that sends the headers and half a body, then holds the rest back.
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.write('{"success":true,"data":');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const mismatches: string[] = [];
      const controller = new AbortController();
      const api = createApiClient({
        baseUrl: `http://127.0.0.1:${port}`,
        appKey: 'app-key-1',
        fetch: async (input, init) => {
          const response = await globalThis.fetch(input, init);
          // The headers are in: the query is cancelled now, before the body is read.
          controller.abort();
          return response;
        },
        logMismatch: (_call, summary) => mismatches.push(summary),
      });
      await expect(api.profile.full({ signal: controller.signal })).rejects.toSatisfy((error) => (error as Error).name === 'AbortError');
      expect(mismatches).toEqual([]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
