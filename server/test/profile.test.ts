import { describe, expect, it } from 'vitest';
import { FullProfile, LightProfile } from '@arcade/api-client/schemas';
import { databases, envelope, logIn, newUserId, post, suiteServer } from './helpers';

describe.each(databases())('profile on $name', (database) => {
  const suite = suiteServer(database);

  const call = async (path: string, token: string, body: unknown = {}) => {
    const response = await post(suite.app, `/api/v3/profile/${path}`, body, { token });
    return { status: response.statusCode, reply: envelope(response) };
  };

  it('light profile of a new player: zero balances, full name, no avatar, ru, onboarding pending', async () => {
    const token = await logIn(suite.app, { id: newUserId(), firstName: 'Ann', lastName: 'Lee' });
    const { status, reply } = await call('light', token);
    expect(status).toBe(200);
    expect(reply).toEqual({
      success: true,
      data: {
        balance: { ton: '0', bonusTon: '0' },
        name: 'Ann Lee',
        avatarUrl: '',
        onboardingCompleted: false,
        onboardingWalletCompleted: false,
        lang: 'ru',
      },
    });
    LightProfile.assert(reply.data);
  });

  it('balances come from the account rows as decimal TON strings', async () => {
    const id = newUserId();
    const token = await logIn(suite.app, { id, photoUrl: 'https://t.me/i/userpic/320/a.jpg' });
    await suite.db.query("UPDATE accounts SET balance = 12500000000 WHERE user_id = $1 AND kind = 'ton'", [id]);
    await suite.db.query("UPDATE accounts SET balance = 1 WHERE user_id = $1 AND kind = 'bonus'", [id]);
    const { reply } = await call('light', token);
    expect(reply.data).toMatchObject({ balance: { ton: '12.5', bonusTon: '0.000000001' }, avatarUrl: 'https://t.me/i/userpic/320/a.jpg' });
  });

  it('onboarding marks the player as onboarded, is idempotent, and the full profile then loads', async () => {
    const token = await logIn(suite.app, { id: newUserId(), allowsWriteToPm: true });
    for (let i = 0; i < 2; i++) {
      const { status, reply } = await call('onboarding', token);
      expect(status).toBe(200);
      expect(reply).toEqual({ success: true, data: { onboardingCompleted: true } });
    }
    expect((await call('light', token)).reply.data).toMatchObject({ onboardingCompleted: true });

    const { status, reply } = await call('full', token);
    expect(status).toBe(200);
    const full = FullProfile.assert(reply.data);
    expect(full).toMatchObject({
      onboardingCompleted: true,
      isBanned: false,
      telegram: { isAddedToAttachmentMenu: false, isAllowsWriteToPm: true },
      achievements: { numberRounds: 0, betAmount: 0, maximumWin: 0 },
      friends: { totalReferrals: 0, activeReferrals: 0, referralAmount: 0 },
      dailyReward: { shouldShow: true, currentDay: 1 },
    });
    expect(full.friends.referralCode).toMatch(/^[a-z0-9]{8}$/);
    expect(full.dailyReward.rewards).toEqual(
      [0.1, 0.2, 0.3, 0.5, 0.7, 1, 2].map((reward, index) => ({ day: index + 1, reward, isClaimed: false })),
    );
  });

  it('the full profile counts referred friends', async () => {
    const referrer = newUserId();
    const token = await logIn(suite.app, { id: referrer });
    const code = ((await call('full', token)).reply.data as FullProfile).friends.referralCode;
    await logIn(suite.app, { id: newUserId(), startParam: `r_${code}` });
    await logIn(suite.app, { id: newUserId(), startParam: `r_${code}` });
    expect(((await call('full', token)).reply.data as FullProfile).friends.totalReferrals).toBe(2);
  });

  it('a language change persists and answers the light profile', async () => {
    const token = await logIn(suite.app, { id: newUserId() });
    const { status, reply } = await call('language', token, { lang: 'en' });
    expect(status).toBe(200);
    expect(reply.data).toMatchObject({ lang: 'en' });
    expect((await call('light', token)).reply.data).toMatchObject({ lang: 'en' });
    expect((await call('full', token)).reply.data).toMatchObject({ lang: 'en' });
  });

  it("a new player's language follows Telegram's language_code until they choose one", async () => {
    const cases: Array<[string | null, 'ru' | 'en']> = [
      ['ru', 'ru'],
      ['uk', 'ru'],
      ['be', 'ru'],
      ['kk', 'ru'],
      ['en', 'en'],
      ['de', 'en'],
      ['pt-br', 'en'],
      [null, 'en'],
    ];
    for (const [languageCode, lang] of cases) {
      const token = await logIn(suite.app, { id: newUserId(), languageCode });
      expect((await call('light', token)).reply.data, String(languageCode)).toMatchObject({ lang });
    }
  });

  it('a chosen language wins over the launch data from then on', async () => {
    const id = newUserId();
    // Before a choice, each login follows what Telegram says now.
    await logIn(suite.app, { id, languageCode: 'en' });
    let token = await logIn(suite.app, { id, languageCode: 'uk' });
    expect((await call('light', token)).reply.data).toMatchObject({ lang: 'ru' });
    await call('language', token, { lang: 'en' });
    token = await logIn(suite.app, { id, languageCode: 'ru' });
    expect((await call('light', token)).reply.data).toMatchObject({ lang: 'en' });
  });

  it('a language outside ru/en is refused with 400 and nothing changes', async () => {
    const token = await logIn(suite.app, { id: newUserId() });
    for (const body of [{ lang: 'de' }, {}, { lang: 1 }]) {
      const { status, reply } = await call('language', token, body);
      expect(status).toBe(400);
      expect(reply.success).toBe(false);
      expect(reply.message).toMatch(/lang/);
    }
    expect((await call('light', token)).reply.data).toMatchObject({ lang: 'ru' });
  });

  it('a call with no body at all is the same as {}', async () => {
    const token = await logIn(suite.app, { id: newUserId() });
    const response = await suite.app.inject({
      method: 'POST',
      url: '/api/v3/profile/light',
      headers: { 'x-app-key': 'test-app-key', authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    const empty = await post(suite.app, '/api/v3/profile/light', '', { token });
    expect(empty.statusCode).toBe(200);
  });
});
