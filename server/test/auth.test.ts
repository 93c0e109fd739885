import { sign } from '@tma.js/init-data-node';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { launchDataMessages } from '../src/domain/launch-data';
import { sessionMessages } from '../src/domain/sessions';
import {
  databases,
  envelope,
  launchData,
  logIn,
  newUserId,
  post,
  suiteServer,
  TEST_BOT_TOKEN,
  TEST_JWT_SECRET,
  TestClock,
} from './helpers';

interface UserRecord {
  id: bigint;
  first_name: string;
  last_name: string | null;
  username: string | null;
  photo_url: string | null;
  lang: string;
  allows_write_to_pm: boolean;
  referral_code: string;
  referred_by: bigint | null;
  created_at: Date;
  last_login_at: Date;
}

describe.each(databases())('auth on $name', (database) => {
  const clock = new TestClock();

  const suite = suiteServer(database, { start: () => ({ clock }) });

  const findUser = async (id: number): Promise<UserRecord | undefined> =>
    (await suite.db.query<UserRecord>('SELECT * FROM users WHERE id = $1', [id])).rows[0];

  const auth = (initData: string) => post(suite.app, '/api/v3/auth', { initData });

  describe('login', () => {
    it('first login creates the user with zero balances, lang ru and a referral code', async () => {
      const id = newUserId();
      const response = await auth(
        launchData({ id, firstName: 'Ann', lastName: 'Lee', username: 'ann', allowsWriteToPm: true, authDate: clock.now() }),
      );
      expect(response.statusCode).toBe(200);
      const reply = envelope(response);
      expect(reply.success).toBe(true);
      const { token, expired_at } = reply.data as { token: string; expired_at: number };
      expect(token.split('.')).toHaveLength(3);
      expect(expired_at).toBe(Math.floor(clock.ms / 1000) + 3600);

      const user = await findUser(id);
      expect(user).toMatchObject({
        id: BigInt(id),
        first_name: 'Ann',
        last_name: 'Lee',
        username: 'ann',
        lang: 'ru',
        allows_write_to_pm: true,
        referred_by: null,
      });
      expect(user?.referral_code).toMatch(/^[a-z0-9]{8}$/);

      const accounts = await suite.db.query<{ kind: string; balance: bigint }>(
        'SELECT kind, balance FROM accounts WHERE user_id = $1 ORDER BY kind',
        [id],
      );
      expect(accounts.rows).toEqual([
        { kind: 'bonus', balance: 0n },
        { kind: 'ton', balance: 0n },
      ]);
    });

    it('the reply carries the light profile, the same as /profile/light answers right after', async () => {
      const id = newUserId();
      const first = envelope(await auth(launchData({ id, firstName: 'Ann', lastName: 'Lee', authDate: clock.now() })));
      expect((first.data as { profile: unknown }).profile).toEqual({
        balance: { ton: '0', bonusTon: '0' },
        name: 'Ann Lee',
        avatarUrl: '',
        onboardingCompleted: false,
        onboardingWalletCompleted: false,
        lang: 'ru',
      });
      const token = (first.data as { token: string }).token;
      await post(suite.app, '/api/v3/profile/onboarding', {}, { token });
      await post(suite.app, '/api/v3/profile/language', { lang: 'en' }, { token });
      clock.advance(5);
      const again = envelope(await auth(launchData({ id, firstName: 'Ann', lastName: 'Lee', authDate: clock.now() })));
      const light = envelope(await post(suite.app, '/api/v3/profile/light', {}, { token }));
      expect((again.data as { profile: unknown }).profile).toEqual(light.data);
      expect(light.data).toMatchObject({ onboardingCompleted: true, lang: 'en' });
    });

    it('a second login keeps the user and refreshes what Telegram says', async () => {
      const id = newUserId();
      await logIn(suite.app, { id, firstName: 'Old', username: 'old', authDate: clock.now() });
      const before = await findUser(id);
      clock.advance(5);
      await logIn(suite.app, {
        id,
        firstName: 'New',
        lastName: 'Name',
        username: 'new',
        photoUrl: 'https://t.me/i/userpic/1.jpg',
        allowsWriteToPm: true,
        authDate: clock.now(),
      });
      const after = await findUser(id);
      expect(after).toMatchObject({
        first_name: 'New',
        last_name: 'Name',
        username: 'new',
        photo_url: 'https://t.me/i/userpic/1.jpg',
        allows_write_to_pm: true,
      });
      expect(after?.referral_code).toBe(before?.referral_code);
      expect(after?.created_at.getTime()).toBe(before?.created_at.getTime());
      expect(after?.last_login_at.getTime()).toBeGreaterThan(before?.last_login_at.getTime() ?? 0);
      const count = await suite.db.query<{ n: bigint }>('SELECT count(*) AS n FROM accounts WHERE user_id = $1', [id]);
      expect(count.rows[0]?.n).toBe(2n);
    });

    it('two simultaneous first logins of one player create one user', async () => {
      const id = newUserId();
      const initData = launchData({ id, authDate: clock.now() });
      const responses = await Promise.all([auth(initData), auth(initData), auth(initData)]);
      expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      const count = await suite.db.query<{ n: bigint }>('SELECT count(*) AS n FROM accounts WHERE user_id = $1', [id]);
      expect(count.rows[0]?.n).toBe(2n);
    });

    it('a banned player can still log in', async () => {
      const id = newUserId();
      await logIn(suite.app, { id, authDate: clock.now() });
      await suite.db.query('UPDATE users SET is_banned = true WHERE id = $1', [id]);
      const token = await logIn(suite.app, { id, authDate: clock.now() });
      const full = envelope(await post(suite.app, '/api/v3/profile/full', {}, { token }));
      expect(full.data).toMatchObject({ isBanned: true });
    });
  });

  describe('referrals', () => {
    it('are recorded from the signed start_param when the player is created', async () => {
      const referrer = newUserId();
      await logIn(suite.app, { id: referrer, authDate: clock.now() });
      const code = (await findUser(referrer))?.referral_code;
      const referee = newUserId();
      await logIn(suite.app, { id: referee, startParam: `r_${code}`, authDate: clock.now() });
      expect((await findUser(referee))?.referred_by).toBe(BigInt(referrer));
    });

    it('are never recorded for an existing player, nor changed later', async () => {
      const first = newUserId();
      const second = newUserId();
      await logIn(suite.app, { id: first, authDate: clock.now() });
      await logIn(suite.app, { id: second, authDate: clock.now() });
      const firstCode = (await findUser(first))?.referral_code;
      await logIn(suite.app, { id: second, startParam: `r_${firstCode}`, authDate: clock.now() });
      expect((await findUser(second))?.referred_by).toBeNull();

      const third = newUserId();
      await logIn(suite.app, { id: third, startParam: `r_${firstCode}`, authDate: clock.now() });
      const secondCode = (await findUser(second))?.referral_code;
      await logIn(suite.app, { id: third, startParam: `r_${secondCode}`, authDate: clock.now() });
      expect((await findUser(third))?.referred_by).toBe(BigInt(first));
    });

    it('ignore a self-referral', async () => {
      const id = newUserId();
      await logIn(suite.app, { id, authDate: clock.now() });
      const code = (await findUser(id))?.referral_code;
      await logIn(suite.app, { id, startParam: `r_${code}`, authDate: clock.now() });
      expect((await findUser(id))?.referred_by).toBeNull();
    });

    it('ignore unknown codes and other start parameters', async () => {
      const unknown = newUserId();
      await logIn(suite.app, { id: unknown, startParam: 'r_zzzzzzzz', authDate: clock.now() });
      expect((await findUser(unknown))?.referred_by).toBeNull();
      const debug = newUserId();
      await logIn(suite.app, { id: debug, startParam: 'debug', authDate: clock.now() });
      expect((await findUser(debug))?.referred_by).toBeNull();
    });
  });

  describe('refused launch data creates no user', () => {
    const refused = async (initData: string, status: number, message: string, id?: number) => {
      const response = await auth(initData);
      expect(response.statusCode).toBe(status);
      expect(envelope(response)).toEqual({ success: false, message });
      if (id !== undefined) expect(await findUser(id)).toBeUndefined();
    };

    it('a forged hash', async () => {
      const id = newUserId();
      const forged = launchData({ id, authDate: clock.now() }).replace(/hash=[0-9a-f]{64}/, `hash=${'ab'.repeat(32)}`);
      await refused(forged, 401, launchDataMessages.badSignature, id);
    });

    it('data signed with another bot token', async () => {
      const id = newUserId();
      await refused(launchData({ id, authDate: clock.now(), token: '7000000002:ANOTHER-bot' }), 401, launchDataMessages.badSignature, id);
    });

    it('a tampered user', async () => {
      const id = newUserId();
      const other = newUserId();
      const tampered = launchData({ id, authDate: clock.now() }).replace(`%22id%22%3A${id}`, `%22id%22%3A${other}`);
      expect(tampered).toContain(String(other));
      await refused(tampered, 401, launchDataMessages.badSignature, other);
      expect(await findUser(id)).toBeUndefined();
    });

    it('a hash that is not hex', async () => {
      const id = newUserId();
      await refused(
        launchData({ id, authDate: clock.now() }).replace(/hash=[0-9a-f]{64}/, 'hash=not-a-hash'),
        401,
        launchDataMessages.badSignature,
        id,
      );
    });

    it('no hash', async () => {
      const id = newUserId();
      await refused(launchData({ id, authDate: clock.now() }).replace(/&?hash=[0-9a-f]{64}/, ''), 401, launchDataMessages.missingHash, id);
    });

    it('expired: signed more than 6 hours ago', async () => {
      const id = newUserId();
      await refused(launchData({ id, authDate: new Date(clock.ms - (6 * 3600 + 5) * 1000) }), 401, launchDataMessages.expired, id);
    });

    it('accepted when signed just under 6 hours ago', async () => {
      const id = newUserId();
      const response = await auth(launchData({ id, authDate: new Date(clock.ms - (6 * 3600 - 5) * 1000) }));
      expect(response.statusCode).toBe(200);
    });

    it('from the future: more than 60 seconds ahead', async () => {
      const id = newUserId();
      await refused(launchData({ id, authDate: new Date(clock.ms + 120_000) }), 401, launchDataMessages.fromTheFuture, id);
      const slightlyAhead = newUserId();
      expect((await auth(launchData({ id: slightlyAhead, authDate: new Date(clock.ms + 30_000) }))).statusCode).toBe(200);
    });

    it('no user', async () => {
      const signed = sign({ chat_type: 'sender', chat_instance: '1' }, TEST_BOT_TOKEN, clock.now());
      expect(signed).not.toContain('user=');
      await refused(signed, 401, launchDataMessages.noUser);
    });

    it('a user without an integer id', async () => {
      const signed = sign({ user: { id: 1.5, first_name: 'Half' } }, TEST_BOT_TOKEN, clock.now());
      await refused(signed, 400, launchDataMessages.badUser);
    });

    it('malformed strings', async () => {
      await refused('this is not launch data', 400, launchDataMessages.malformed);
      await refused('a=1&a=2&hash=00', 400, launchDataMessages.malformed);
      await refused('user=%E0%A4%A&hash=00', 400, launchDataMessages.malformed);
    });

    it('a request without initData', async () => {
      const response = await post(suite.app, '/api/v3/auth', {});
      expect(response.statusCode).toBe(400);
      expect(envelope(response).message).toContain('initData');
    });
  });

  describe('sessions', () => {
    const profile = (token?: string, authorization?: string) =>
      post(
        suite.app,
        '/api/v3/profile/light',
        {},
        { ...(token ? { token } : {}), ...(authorization ? { headers: { authorization } } : {}) },
      );

    it('a valid token opens authorised calls', async () => {
      const token = await logIn(suite.app, { id: newUserId(), authDate: clock.now() });
      expect((await profile(token)).statusCode).toBe(200);
    });

    it('a missing bearer is 401', async () => {
      const response = await profile();
      expect(response.statusCode).toBe(401);
      expect(envelope(response)).toEqual({ success: false, message: sessionMessages.missing });
    });

    it('a non-bearer authorization is 401', async () => {
      const response = await profile(undefined, 'Basic dXNlcjpwYXNz');
      expect(response.statusCode).toBe(401);
      expect(envelope(response).message).toBe(sessionMessages.invalid);
    });

    it('a tampered token is 401', async () => {
      const token = await logIn(suite.app, { id: newUserId(), authDate: clock.now() });
      const [header, payload, signature] = token.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
      const forged = Buffer.from(JSON.stringify({ ...claims, sub: String(newUserId()) })).toString('base64url');
      const response = await profile(`${header}.${forged}.${signature}`);
      expect(response.statusCode).toBe(401);
      expect(envelope(response).message).toBe(sessionMessages.invalid);
      expect((await profile('garbage')).statusCode).toBe(401);
    });

    it('an expired token is 401 and a fresh login works again', async () => {
      const id = newUserId();
      const token = await logIn(suite.app, { id, authDate: clock.now() });
      // Used once while valid (the server then remembers it as verified), then past its hour.
      expect((await profile(token)).statusCode).toBe(200);
      clock.advance(3601);
      const response = await profile(token);
      expect(response.statusCode).toBe(401);
      expect(envelope(response).message).toBe(sessionMessages.expired);
      const fresh = await logIn(suite.app, { id, authDate: clock.now() });
      expect((await profile(fresh)).statusCode).toBe(200);
    });

    it('a token signed with a foreign secret is 401', async () => {
      const id = newUserId();
      await logIn(suite.app, { id, authDate: clock.now() });
      const foreign = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(id))
        .setIssuer('ton-arcade')
        .setIssuedAt(Math.floor(clock.ms / 1000))
        .setExpirationTime(Math.floor(clock.ms / 1000) + 600)
        .sign(new TextEncoder().encode('a-completely-different-secret-of-enough-length'));
      const response = await profile(foreign);
      expect(response.statusCode).toBe(401);
      expect(envelope(response).message).toBe(sessionMessages.invalid);
    });

    it('a token of the right secret but an unknown player is 401', async () => {
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(newUserId()))
        .setIssuer('ton-arcade')
        .setIssuedAt(Math.floor(clock.ms / 1000))
        .setExpirationTime(Math.floor(clock.ms / 1000) + 600)
        .sign(new TextEncoder().encode(TEST_JWT_SECRET));
      const response = await profile(token);
      expect(response.statusCode).toBe(401);
      expect(envelope(response).message).toBe('Unknown player, log in again');
    });
  });

  describe('application key', () => {
    it('a missing key is 401 on every /api call, even an unknown one', async () => {
      for (const path of ['/api/v3/auth', '/api/v3/profile/light', '/api/v3/nope']) {
        const response = await post(suite.app, path, {}, { appKey: null });
        expect(response.statusCode).toBe(401);
        expect(envelope(response)).toEqual({ success: false, message: 'Missing or wrong application key' });
      }
    });

    it('a wrong key is 401 and creates no user', async () => {
      const id = newUserId();
      const response = await post(suite.app, '/api/v3/auth', { initData: launchData({ id, authDate: clock.now() }) }, { appKey: 'wrong' });
      expect(response.statusCode).toBe(401);
      expect(envelope(response).message).toBe('Missing or wrong application key');
      expect(await findUser(id)).toBeUndefined();
    });
  });
});
