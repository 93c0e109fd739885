import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateLaunchData } from '../src/domain/launch-data';
import {
  databases,
  envelope,
  launchData,
  logIn,
  newUserId,
  post,
  PRODUCTION_ENV,
  PUBLIC_URL,
  startServer,
  suiteServer,
  TEST_APP_KEY,
  TEST_BOT_TOKEN,
} from './helpers';

describe.each(databases())('HTTP edges on $name', (database) => {
  let token: string;

  const suite = suiteServer(database);
  beforeAll(async () => {
    token = await logIn(suite.app, { id: newUserId() });
  });

  describe('what a client sends never makes a 500', () => {
    it('bad JSON is 400 "Malformed JSON body"', async () => {
      for (const body of ['{bad', '{"lang":', '[1,', 'nul']) {
        const response = await post(suite.app, '/api/v3/profile/language', body, { token });
        expect(response.statusCode).toBe(400);
        expect(envelope(response)).toEqual({ success: false, message: 'Malformed JSON body' });
      }
    });

    it('a prototype-poisoning body is refused as malformed', async () => {
      const response = await post(suite.app, '/api/v3/profile/language', '{"__proto__":{"lang":"en"}}', { token });
      expect(response.statusCode).toBe(400);
    });

    it('a body of the wrong shape is 400 with the schema summary', async () => {
      const cases: [string, unknown][] = [
        ['/api/v3/auth', { initData: 5 }],
        ['/api/v3/auth', { initData: '' }],
        ['/api/v3/auth', { initData: 'x'.repeat(8193) }],
        ['/api/v3/auth', []],
        ['/api/v3/auth', 'null'],
        ['/api/v3/auth', '"a string"'],
        ['/api/v3/profile/language', { lang: ['en'] }],
      ];
      for (const [path, body] of cases) {
        const response = await post(suite.app, path, body, { token });
        expect(response.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
        const reply = envelope(response);
        expect(reply.success).toBe(false);
        expect(reply.message?.length).toBeGreaterThan(0);
      }
    });

    it('a wrong content type is 415', async () => {
      for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
        const response = await post(suite.app, '/api/v3/auth', 'initData=abc', { headers: { 'content-type': contentType } });
        expect(response.statusCode).toBe(415);
        expect(envelope(response)).toEqual({ success: false, message: 'Unsupported content type, send application/json' });
      }
    });

    it('a body over 64 KiB is 413', async () => {
      const response = await post(suite.app, '/api/v3/auth', { initData: 'x'.repeat(70 * 1024) });
      expect(response.statusCode).toBe(413);
      expect(envelope(response)).toEqual({ success: false, message: 'Request body is too large (limit 64 KiB)' });
    });

    it('application/json with a charset is accepted', async () => {
      const response = await post(
        suite.app,
        '/api/v3/profile/light',
        {},
        { token, headers: { 'content-type': 'application/json; charset=utf-8' } },
      );
      expect(response.statusCode).toBe(200);
    });

    it('an unknown /api route is a 404 envelope', async () => {
      for (const [method, url] of [
        ['POST', '/api/v3/unknown'],
        ['GET', '/api/v3/profile/light'],
        ['POST', '/api'],
      ] as const) {
        const response = await suite.app.inject({ method, url, headers: { 'x-app-key': TEST_APP_KEY } });
        expect(response.statusCode).toBe(404);
        expect(envelope(response)).toMatchObject({ success: false });
        expect(envelope(response).message).toMatch(/^Unknown API call/);
      }
    });

    it('a malformed URL is 400', async () => {
      const response = await suite.app.inject({ method: 'GET', url: '/%zz' });
      expect(response.statusCode).toBe(400);
      expect(envelope(response).success).toBe(false);
    });

    it('launch data of any content never makes a 500', async () => {
      const samples = ['=', '&', '&&', 'hash', 'hash=', '%', 'user=%7B&hash=' + '0'.repeat(64), 'a'.repeat(8192), '\u0000=\u0000'];
      for (const initData of samples) {
        const response = await post(suite.app, '/api/v3/auth', { initData });
        expect(response.statusCode, initData.slice(0, 20)).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, initData.slice(0, 20)).toBeLessThan(500);
      }
    });
  });

  it('logs are JSON with request ids and never carry launch data, tokens or the app key', async () => {
    const lines: string[] = [];
    const logged = await startServer(suite.db, { env: { LOG_LEVEL: 'trace' }, logStream: { write: (line) => lines.push(line) } });
    const initData = launchData({ id: newUserId() });
    const login = envelope(await post(logged, '/api/v3/auth', { initData }));
    const sessionToken = (login.data as { token: string }).token;
    await post(logged, '/api/v3/profile/light', {}, { token: sessionToken });
    await post(logged, '/api/v3/profile/light', { broken: true }, { token: 'not.a.token' });
    await logged.close();

    expect(lines.length).toBeGreaterThan(4);
    const records = lines.map((line) => JSON.parse(line) as { reqId?: string });
    expect(records.some((record) => typeof record.reqId === 'string')).toBe(true);
    const text = lines.join('\n');
    const hash = /hash=([0-9a-f]{64})/.exec(initData)?.[1] ?? '';
    expect(hash).toHaveLength(64);
    for (const secret of [hash, sessionToken, sessionToken.split('.')[2] ?? '', TEST_APP_KEY, 'Bearer']) {
      expect(text).not.toContain(secret);
    }
  });

  it('every reply carries a request id', async () => {
    const response = await suite.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  describe('healthz', () => {
    it('answers ok when the database answers', async () => {
      const response = await suite.app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok', db: 'ok' });
    });

    it('answers 503 when the database is down', async () => {
      const other = await database.create();
      const lonely = await startServer(other.db);
      await other.drop();
      const response = await lonely.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', db: 'down' });
      await lonely.close();
    });
  });

  it('the TON Connect manifest has absolute URLs from PUBLIC_URL and CORS *', async () => {
    const response = await suite.app.inject({ method: 'GET', url: '/storage/tonconnect-manifest.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.json()).toEqual({
      url: PUBLIC_URL,
      name: 'TON Arcade',
      iconUrl: `${PUBLIC_URL}/icon-192.png`,
      termsOfUseUrl: `${PUBLIC_URL}/terms`,
      privacyPolicyUrl: `${PUBLIC_URL}/privacy`,
    });
  });

  describe('development launch', () => {
    const devLaunch = (target: FastifyInstance, query = '') =>
      target.inject({ method: 'GET', url: `/api/dev/launch${query}`, headers: { 'x-app-key': TEST_APP_KEY } });

    it('answers launch data the real validator accepts, and the messenger-style URL hash', async () => {
      const response = await devLaunch(suite.app);
      expect(response.statusCode).toBe(200);
      const { initData, hash } = (envelope(response).data ?? {}) as { initData: string; hash: string };
      const launch = validateLaunchData(initData, TEST_BOT_TOKEN, { now: new Date() });
      expect(launch.user).toMatchObject({ id: 1000001, first_name: 'Dev Player' });
      expect(launch.startParam).toBeNull();

      const params = new URLSearchParams(hash);
      expect(params.get('tgWebAppData')).toBe(initData);
      expect(params.get('tgWebAppVersion')).toBe('8.0');
      expect(params.get('tgWebAppPlatform')).toBe('web');
      expect(JSON.parse(params.get('tgWebAppThemeParams') ?? '{}')).toMatchObject({ bg_color: expect.any(String) as unknown });
      expect(params.has('tgWebAppStartParam')).toBe(false);

      expect((await post(suite.app, '/api/v3/auth', { initData })).statusCode).toBe(200);
    });

    it('takes the user, start parameter and platform from the query', async () => {
      const response = await devLaunch(suite.app, '?id=4242&first_name=Zed%20Q&start_param=r_abc&platform=ios');
      const { initData, hash } = envelope(response).data as { initData: string; hash: string };
      const launch = validateLaunchData(initData, TEST_BOT_TOKEN, { now: new Date() });
      expect(launch.user).toMatchObject({ id: 4242, first_name: 'Zed Q' });
      expect(launch.startParam).toBe('r_abc');
      const params = new URLSearchParams(hash);
      expect(params.get('tgWebAppPlatform')).toBe('ios');
      expect(params.get('tgWebAppStartParam')).toBe('r_abc');
    });

    it('refuses a bad query with 400', async () => {
      for (const query of ['?id=abc', '?id=-1', '?start_param=has%20space', '?platform=IOS!', '?id=1&id=2']) {
        const response = await devLaunch(suite.app, query);
        expect(response.statusCode, query).toBe(400);
      }
    });

    it('does not exist in production', async () => {
      const production = await startServer(suite.db, { env: PRODUCTION_ENV });
      const response = await devLaunch(production);
      expect(response.statusCode).toBe(404);
      expect(envelope(response).success).toBe(false);
      await production.close();
    });
  });

  describe('rate limit on auth', () => {
    it('answers 429 with a retry hint and Retry-After past the limit', async () => {
      const limited = await startServer(suite.db, { env: { AUTH_RATE_LIMIT: '3' } });
      const initData = launchData({ id: newUserId() });
      for (let i = 0; i < 3; i++) {
        expect((await post(limited, '/api/v3/auth', { initData })).statusCode).toBe(200);
      }
      const response = await post(limited, '/api/v3/auth', { initData });
      expect(response.statusCode).toBe(429);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      const reply = envelope(response);
      expect(reply.success).toBe(false);
      expect(reply.message).toMatch(/^Too many login attempts, retry in \d+ seconds?$/);
      // Other calls are not limited.
      const token = await logIn(suite.app, { id: newUserId() });
      expect((await post(limited, '/api/v3/profile/light', {}, { token })).statusCode).toBe(200);
      await limited.close();
    });
  });

  describe('security headers and CORS', () => {
    it('sends the security headers, and a policy on the page that lets only Telegram frame it', async () => {
      const page = await suite.app.inject({ method: 'GET', url: '/bonus' });
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self' https://web.telegram.org");
      // Scripts from the app only; the one inline handler allowed is TON Connect UI's empty ontouchstart.
      expect(page.headers['content-security-policy']).toContain(
        "script-src 'self' 'unsafe-hashes' 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=';",
      );
      const api = await post(suite.app, '/api/v3/profile/light', {});
      expect(api.headers['x-content-type-options']).toBe('nosniff');
    });

    it('answers calls from the public origin and its own, refuses any other web origin before anything runs', async () => {
      const withOrigins = await startServer(suite.db, { env: { CORS_ORIGINS: 'https://partner.example' } });
      const initData = launchData({ id: newUserId() });
      const from = (origin: string) => post(withOrigins, '/api/v3/auth', { initData }, { headers: { origin } });

      const own = await from(PUBLIC_URL);
      expect(own.statusCode).toBe(200);
      expect(own.headers['access-control-allow-origin']).toBe(PUBLIC_URL);
      expect((await from('https://partner.example')).statusCode).toBe(200);

      const evil = await from('https://evil.example');
      expect(evil.statusCode).toBe(403);
      expect(envelope(evil)).toMatchObject({ success: false, message: 'Calls from https://evil.example are not allowed' });
      expect(evil.headers['access-control-allow-origin']).toBeUndefined();

      const preflight = await withOrigins.inject({
        method: 'OPTIONS',
        url: '/api/v3/auth',
        headers: { origin: 'https://partner.example', 'access-control-request-method': 'POST' },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-headers']).toContain('authorization');
      const refusedPreflight = await withOrigins.inject({
        method: 'OPTIONS',
        url: '/api/v3/auth',
        headers: { origin: 'https://evil.example' },
      });
      expect(refusedPreflight.statusCode).toBe(403);
      await withOrigins.close();
    });

    it('in production pins HTTPS and the page policy', async () => {
      const production = await startServer(suite.db, { env: PRODUCTION_ENV });
      const health = await production.inject({ method: 'GET', url: '/healthz' });
      expect(health.headers['strict-transport-security']).toContain('max-age=');
      const local = await post(production, '/api/v3/auth', { initData: 'x' }, { headers: { origin: 'http://localhost:5173' } });
      expect(local.statusCode).toBe(403);
      await production.close();
    });

    it('pins HTTPS only when the public URL is https, whatever the mode', async () => {
      // The suite's servers run in development on an https public URL.
      const health = await suite.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const plain = await startServer(suite.db, { env: { PUBLIC_URL: 'http://localhost:8080' } });
      for (const url of ['/healthz', '/bonus']) {
        const response = await plain.inject({ method: 'GET', url });
        expect(response.headers['strict-transport-security'], url).toBeUndefined();
        expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      }
      expect((await post(plain, '/api/v3/profile/light', {})).headers['strict-transport-security']).toBeUndefined();
      await plain.close();
    });
  });

  describe('rate limit on money calls', () => {
    it('answers 429 with a retry hint per player, moves no money past the limit, and leaves other players alone', async () => {
      const limited = await startServer(suite.db, { env: { MONEY_RATE_LIMIT: '3' } });
      const id = newUserId();
      const token = await logIn(limited, { id });
      const bet = (n: number, as = token) =>
        post(
          limited,
          '/api/v3/games/flip',
          { stake: '1', currency: 'ton', side: 'heads', idempotencyKey: `limit-${id}-${n}` },
          { token: as },
        );
      // Refused for the balance, but counted: a script cannot probe faster than the limit either.
      for (let n = 0; n < 3; n++) expect((await bet(n)).statusCode).toBe(409);
      const response = await bet(3);
      expect(response.statusCode).toBe(429);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      const reply = envelope(response);
      expect(reply.success).toBe(false);
      expect(reply.message).toMatch(/^Too many requests, retry in \d+ seconds?$/);
      const rounds = await suite.db.query<{ n: bigint }>('SELECT count(*) AS n FROM game_rounds WHERE user_id = $1', [BigInt(id)]);
      expect(rounds.rows[0]!.n).toBe(0n);
      // Another player is not held back, and reading calls are not limited.
      const other = await logIn(limited, { id: newUserId() });
      expect((await bet(4, other)).statusCode).toBe(409);
      expect((await post(limited, '/api/v3/profile/light', {}, { token })).statusCode).toBe(200);
      await limited.close();
    });
  });
});
