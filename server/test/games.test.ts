import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fairFloats,
  flipSide,
  formatHundredths,
  hashServerSeed,
  roadTraps,
  rollHundredths,
  type RoadDifficulty,
} from '@arcade/api-client/fair';
import type { BetResult, GamesConfig, Round, SeedsInfo } from '@arcade/api-client/games';
import { fromNano, toNano } from '@arcade/api-client/money';
import { openDb, type Db, type SqlValue } from '../src/db/db';
import { audit } from '../src/domain/ledger';
import { nodeHmac } from '../src/domain/games/seeds';
import { BetBatches, type BetItem } from '../src/domain/games/bet-batches';
import {
  callApi,
  databases,
  envelope,
  fund,
  fundedPlayer,
  logIn,
  newUserId,
  post,
  postgresOnly,
  postMovement,
  startServer,
  suiteServer,
} from './helpers';

describe.each(databases())('games on $name', (database) => {
  let keys = 0;
  const key = () => `game-key-${Date.now()}-${++keys}`;

  const call = <T>(token: string, path: string, body: unknown = {}) => callApi<T>(suite.app, `/api/v3/${path}`, body, token);
  const bet = async (token: string, path: string, body: object) => {
    const reply = await call<BetResult>(token, path, { idempotencyKey: key(), ...body });
    expect(reply.success, reply.message).toBe(true);
    return reply.data;
  };

  /** A player with TON (and bonus) credited through the ledger, as a deposit or reward would. */
  async function player(ton = '10', bonus = '0'): Promise<{ token: string; userId: bigint }> {
    const id = newUserId();
    const token = await logIn(suite.app, { id });
    const userId = BigInt(id);
    await suite.db.transaction(async (tx) => {
      for (const [kind, amount] of [
        ['ton', ton],
        ['bonus', bonus],
      ] as const) {
        if (amount === '0') continue;
        await postMovement(tx, {
          kind: kind === 'ton' ? 'deposit' : 'reward',
          userId,
          reference: `fund-${id}-${kind}`,
          postings: [
            { account: { system: kind === 'ton' ? 'deposits' : 'bonus_pool' }, amount: -toNano(amount) },
            { account: { user: userId, kind }, amount: toNano(amount) },
          ],
        });
      }
    });
    return { token, userId };
  }

  /** A player's balance of one kind (0 without the account). */
  const tonOf = async (userId: bigint, kind = 'ton') =>
    (await suite.db.query<{ balance: bigint }>('SELECT balance FROM accounts WHERE user_id = $1 AND kind = $2', [userId, kind])).rows[0]
      ?.balance ?? 0n;

  const grantedRewards = async (userId: bigint) =>
    (
      await suite.db.query<{ total: bigint }>(
        'SELECT COALESCE(SUM(reward), 0)::bigint AS total FROM achievement_grants WHERE user_id = $1',
        [userId],
      )
    ).rows[0]!.total;

  const activeSeed = async (userId: bigint) =>
    (
      await suite.db.query<{ server_seed: string; next_server_seed: string }>(
        'SELECT server_seed, next_server_seed FROM seed_pairs WHERE user_id = $1 AND active',
        [userId],
      )
    ).rows[0]!;

  const suite = suiteServer(database);

  it('shows the seed commitment before play and lets anyone verify a round after rotation', async () => {
    const { token } = await player('5');
    const before = (await call<SeedsInfo>(token, 'fairness/seeds')).data;
    expect(before.nonce).toBe(0);

    const flip = await bet(token, 'games/flip', { stake: '1', currency: 'ton', side: 'heads' });
    expect(flip.round.fairness).toEqual({
      serverSeedHash: before.serverSeedHash,
      serverSeed: null,
      clientSeed: before.clientSeed,
      nonce: 0,
    });
    const roll = await bet(token, 'games/roll', { stake: '1', currency: 'ton', target: '50', direction: 'under' });
    expect(roll.round.fairness.nonce).toBe(1);

    const rotated = (await call<SeedsInfo>(token, 'fairness/rotate', { clientSeed: 'my-own-seed' })).data;
    expect(rotated.serverSeedHash).toBe(before.nextServerSeedHash);
    expect(rotated).toMatchObject({ clientSeed: 'my-own-seed', nonce: 0 });
    const revealed = rotated.revealed[0]!;
    expect(hashServerSeed(revealed.serverSeed)).toBe(before.serverSeedHash);
    expect(revealed.bets).toBe(2);

    // The verify view's computation, from the revealed seed alone.
    const rounds = (await call<{ items: Round[] }>(token, 'games/rounds', {})).data.items;
    const flipRound = rounds.find((r) => r.id === flip.round.id)!;
    expect(flipRound.fairness.serverSeed).toBe(revealed.serverSeed);
    const seeds = { serverSeed: revealed.serverSeed, clientSeed: revealed.clientSeed };
    expect(flipSide(fairFloats({ ...seeds, nonce: 0 }, 1))).toBe(flipRound.flip!.side);
    expect(formatHundredths(rollHundredths(fairFloats({ ...seeds, nonce: 1 }, 1)))).toBe(roll.round.roll!.roll);
  });

  it('settles flips and rolls: the balance moves by the payout minus the stake, and the audit stays clean', async () => {
    const { token, userId } = await player('20');
    let total = toNano('20');
    let rewards = 0n;
    for (let i = 0; i < 12; i++) {
      const result =
        i % 2
          ? await bet(token, 'games/flip', { stake: '0.5', currency: 'ton', side: i % 4 === 1 ? 'heads' : 'tails' })
          : await bet(token, 'games/roll', { stake: '0.25', currency: 'ton', target: '33.33', direction: 'over' });
      const { round } = result;
      // Achievement rewards arrive as bonus (and turn into TON once wagered), so count both balances.
      const granted = await grantedRewards(userId);
      total = total - toNano(round.stake) + toNano(round.payout) + (granted - rewards);
      rewards = granted;
      expect(fromNano(toNano(result.balance.ton) + toNano(result.balance.bonusTon))).toBe(fromNano(total));
      if (round.game === 'flip') {
        expect(round.status).toBe(round.flip!.side === round.flip!.choice ? 'won' : 'lost');
        expect(round.payout).toBe(round.status === 'won' ? '0.99' : '0');
      } else {
        expect(round.roll).toMatchObject({ target: '33.33', chance: '66.67', direction: 'over' });
        const won = Number(round.roll!.roll) > 33.33;
        expect(round.payout).toBe(won ? '0.371225' : '0');
        expect(round.multiplier).toBe(won ? '1.4849' : '0');
      }
    }
    expect((await audit(suite.db)).problems).toEqual([]);
  });

  it('a bonus stake pays into the bonus balance', async () => {
    const { token } = await player('0', '1');
    const result = await bet(token, 'games/flip', { stake: '1', currency: 'bonus', side: 'tails' });
    expect(result.balance.ton).toBe('0');
    // Plus the first-round achievement's 0.01 bonus.
    expect(result.balance.bonusTon).toBe(result.round.status === 'won' ? '1.99' : '0.01');
  });

  it('a retried bet with the same key places one bet', async () => {
    const { token } = await player('3');
    const body = { stake: '1', currency: 'ton', side: 'heads', idempotencyKey: key() };
    const first = await call<BetResult>(token, 'games/flip', body);
    const again = await call<BetResult>(token, 'games/flip', body);
    expect(again.data).toEqual(first.data);
    expect((await call<{ items: Round[] }>(token, 'games/rounds', { game: 'flip' })).data.items).toHaveLength(1);
  });

  it('after the first bet a flip or roll is one database call; a key reused for another bet and a banned player are refused', async () => {
    const { token, userId } = await player('5');
    await bet(token, 'games/flip', { stake: '0.1', currency: 'ton', side: 'heads' });
    // The pair is known from here on: watch the statements of the next bet.
    const statements: string[] = [];
    const query = suite.db.query.bind(suite.db);
    suite.db.query = (sql: string, params?: never) => {
      statements.push(sql);
      return query(sql, params);
    };
    const transaction = suite.db.transaction.bind(suite.db);
    suite.db.transaction = (fn: never) => {
      statements.push('BEGIN');
      return transaction(fn);
    };
    try {
      await bet(token, 'games/roll', { stake: '0.1', currency: 'ton', target: '50', direction: 'under' });
    } finally {
      suite.db.query = query;
      suite.db.transaction = transaction;
    }
    expect(statements).toHaveLength(1);
    expect(statements[0]).toContain('arcade_bets(');

    const body = { stake: '0.1', currency: 'ton', side: 'tails', idempotencyKey: key() };
    expect((await call(token, 'games/flip', body)).success).toBe(true);
    const reused = await call(token, 'games/flip', { ...body, side: 'heads' });
    expect(reused).toMatchObject({ status: 409, success: false, message: 'This idempotency key was already used for a different request' });

    await suite.db.query('UPDATE users SET is_banned = true WHERE id = $1', [userId]);
    const balance = (
      await suite.db.query<{ balance: bigint }>("SELECT balance FROM accounts WHERE user_id = $1 AND kind = 'ton'", [userId])
    ).rows[0]!.balance;
    const banned = await call(token, 'games/flip', { stake: '0.1', currency: 'ton', side: 'tails', idempotencyKey: key() });
    expect(banned).toMatchObject({ status: 403, success: false, code: 'account.banned' });
    expect(
      (await suite.db.query<{ balance: bigint }>("SELECT balance FROM accounts WHERE user_id = $1 AND kind = 'ton'", [userId])).rows[0]!
        .balance,
    ).toBe(balance);
    // The retry of a bet placed before the ban still answers with its first reply.
    expect((await call(token, 'games/flip', body)).success).toBe(true);
    expect((await audit(suite.db)).problems).toEqual([]);
  });

  it('bets of many players at once go to the database together, and each is decided on its own', async () => {
    // A referrer with two referred friends, each of whom has bet once (their first bet made the referral account).
    const referrerId = newUserId();
    const referrerToken = await logIn(suite.app, { id: referrerId });
    const code = (await call<{ code: string }>(referrerToken, 'referral/info')).data.code;
    const friends = await Promise.all(
      [1, 2].map(async () => {
        const id = newUserId();
        const token = await logIn(suite.app, { id, startParam: `r_${code}` });
        await fund(suite.db, BigInt(id), '10');
        return { token, userId: BigInt(id) };
      }),
    );
    for (const friend of friends) await bet(friend.token, 'games/flip', { stake: '1', currency: 'ton', side: 'heads' });
    const plain = await Promise.all(Array.from({ length: 16 }, () => player('10', '0.5')));
    for (const p of plain) await bet(p.token, 'games/flip', { stake: '0.01', currency: 'ton', side: 'heads' });
    const poor = await player('0.05');
    const banned = await player('5');
    const reuser = await player('5');
    for (const p of [poor, banned, reuser]) await bet(p.token, 'games/flip', { stake: '0.01', currency: 'ton', side: 'heads' });
    await suite.db.query('UPDATE users SET is_banned = true WHERE id = $1', [banned.userId]);
    const reusedKey = key();
    const first = await call<BetResult>(reuser.token, 'games/flip', {
      stake: '0.01',
      currency: 'ton',
      side: 'tails',
      idempotencyKey: reusedKey,
    });
    const retrier = plain[0]!;
    const retriedKey = key();
    const retried = await call<BetResult>(retrier.token, 'games/roll', {
      stake: '0.02',
      currency: 'ton',
      target: '50',
      direction: 'under',
      idempotencyKey: retriedKey,
    });

    const everyone = [...friends, ...plain, poor, banned, reuser];
    // The first-round reward set a wagering requirement that a bet here would end (the general
    // path then releases the bonus): clear it, but leave one player wagering on.
    await suite.db.query('UPDATE users SET wagering_left = 0 WHERE id = ANY ($1::bigint[])', [
      `{${everyone.map((p) => p.userId).join(',')}}`,
    ]);
    await suite.db.query('UPDATE users SET wagering_left = 100000000000 WHERE id = $1', [plain[2]!.userId]);
    const before = new Map(await Promise.all(everyone.map(async (p) => [p.userId, await tonOf(p.userId)] as const)));
    const referralBefore = await tonOf(BigInt(referrerId), 'referral');

    // On PostgreSQL, hold the house rows for a moment so that bets pile up behind the first ones:
    // the rows are held before any bet is sent, and let go when the test says, however slow the
    // machine (a release asked for before the lock was granted would otherwise be lost).
    let release = () => {};
    const letGo = new Promise<void>((resolve) => (release = resolve));
    let granted = () => {};
    const locked = new Promise<void>((resolve) => (granted = resolve));
    const held =
      suite.db.kind === 'postgres'
        ? suite.db.transaction(async (tx) => {
            await tx.query("SELECT id FROM accounts WHERE kind IN ('house', 'bonus_pool') ORDER BY code COLLATE \"C\" FOR NO KEY UPDATE");
            granted();
            await letGo;
          })
        : Promise.resolve();
    if (suite.db.kind === 'postgres') await Promise.race([locked, held]);
    const calls: string[] = [];
    const query = suite.db.query.bind(suite.db);
    suite.db.query = (sql: string, params?: never) => {
      calls.push(sql);
      return query(sql, params);
    };
    let answers;
    try {
      const placed = Promise.all([
        ...friends.map((f) =>
          call<BetResult>(f.token, 'games/flip', { stake: '1', currency: 'ton', side: 'tails', idempotencyKey: key() }),
        ),
        // The retried key of plain[0] (it answers first reply), everyone else a new bet; plain[1..] half on bonus.
        call<BetResult>(retrier.token, 'games/roll', {
          stake: '0.02',
          currency: 'ton',
          target: '50',
          direction: 'under',
          idempotencyKey: retriedKey,
        }),
        ...plain.slice(1).map((p, n) =>
          n % 2
            ? call<BetResult>(p.token, 'games/roll', {
                stake: '0.3',
                currency: 'bonus',
                target: '40',
                direction: 'over',
                idempotencyKey: key(),
              })
            : call<BetResult>(p.token, 'games/flip', { stake: '0.5', currency: 'ton', side: 'heads', idempotencyKey: key() }),
        ),
        call(poor.token, 'games/flip', { stake: '0.5', currency: 'ton', side: 'heads', idempotencyKey: key() }),
        call(banned.token, 'games/flip', { stake: '0.5', currency: 'ton', side: 'heads', idempotencyKey: key() }),
        call(reuser.token, 'games/flip', { stake: '0.01', currency: 'ton', side: 'heads', idempotencyKey: reusedKey }),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      release();
      await held;
      answers = await placed;
    } finally {
      suite.db.query = query;
    }
    const batches = calls.filter((sql) => sql.includes('arcade_bets(')).length;
    // 21 bets in fewer calls: the bets that waited went together (PGlite has one connection,
    // and its bets go one by one as they come).
    if (suite.db.kind === 'postgres') expect(batches).toBeLessThan(10);

    const [friendA, friendB, retry, ...rest] = answers;
    const refused = rest.splice(-3);
    for (const answer of [friendA, friendB, ...rest]) expect(answer.success, answer.message).toBe(true);
    expect(retry.data).toEqual(retried.data);
    expect(refused[0]).toMatchObject({ status: 409, code: 'game.balance' });
    expect(refused[1]).toMatchObject({ status: 403, code: 'account.banned' });
    expect(refused[2]).toMatchObject({ status: 409, message: 'This idempotency key was already used for a different request' });
    expect(first.success).toBe(true);

    // Every accepted bet moved its player's balance by payout less stake and took the next nonce.
    const accepted = [friendA, friendB, ...rest].map((answer) => answer.data as BetResult);
    const movers = [...friends, ...plain.slice(1)];
    for (const [n, p] of movers.entries()) {
      const round = accepted[n]!.round;
      expect(round.fairness.nonce).toBe(1);
      const tonMove = round.currency === 'ton' ? toNano(round.payout) - toNano(round.stake) : 0n;
      expect(await tonOf(p.userId)).toBe(before.get(p.userId)! + tonMove);
      expect(accepted[n]!.balance.ton).toBe(fromNano(before.get(p.userId)! + tonMove));
    }
    for (const p of [poor, banned, reuser, retrier]) expect(await tonOf(p.userId)).toBe(before.get(p.userId));
    const wagering = (await suite.db.query<{ wagering_left: bigint }>('SELECT wagering_left FROM users WHERE id = $1', [plain[2]!.userId]))
      .rows[0]!.wagering_left;
    expect(wagering).toBe(100000000000n - toNano(accepted[3]!.round.stake));
    // Both friends' TON bets paid the referrer its share of the edge (1 TON x 1% x 20% each).
    expect(await tonOf(BigInt(referrerId), 'referral')).toBe(referralBefore + 2n * toNano('0.002'));
    expect((await audit(suite.db)).problems).toEqual([]);
  });

  /** Players who have bet once (they have a seed pair) and wager nothing, for the batcher's own tests. */
  const batchPlayers = async (count: number) => {
    const players: bigint[] = [];
    for (let n = 0; n < count; n++) {
      const id = newUserId();
      const token = await logIn(suite.app, { id });
      await fund(suite.db, BigInt(id), '5');
      await bet(token, 'games/flip', { stake: '0.01', currency: 'ton', side: 'heads' });
      players.push(BigInt(id));
    }
    await suite.db.query('UPDATE users SET wagering_left = 0 WHERE id = ANY ($1::bigint[])', [`{${players.join(',')}}`]);
    return players;
  };
  /** A lost 1 TON flip of a player as the server hands it to the batcher (nonce: the expected one, unless given). */
  const betRow = async (user: bigint, nonce?: unknown): Promise<BetItem> => {
    const pair = (
      await suite.db.query<{ id: bigint; next_nonce: number }>('SELECT id, next_nonce FROM seed_pairs WHERE user_id = $1 AND active', [
        user,
      ])
    ).rows[0]!;
    return {
      kind: 'instant',
      call: 'games/flip',
      user: user.toString(),
      key: key(),
      hash: 'h',
      game: 'flip' as const,
      pair: pair.id.toString(),
      nonce: (nonce ?? pair.next_nonce) as number,
      currency: 'ton' as const,
      stake: toNano('1').toString(),
      payout: '0',
      multiplier: '0',
      params: { choice: 'heads' },
      outcome: { side: 'tails' },
      reply: JSON.stringify({ round: { id: '@round' }, balance: { ton: '@ton', bonusTon: '@bonus' } }),
      now: new Date().toISOString(),
      actor: user.toString(),
    };
  };

  it('the bets that waited leave for the database before the batch ahead of them is answered', async () => {
    const players = await batchPlayers(3);
    const rows = await Promise.all(players.map((player) => betRow(player)));
    const before = await Promise.all(players.map((player) => tonOf(player)));
    const events: string[] = [];
    const query = suite.db.query.bind(suite.db);
    suite.db.query = (sql: string, params?: readonly SqlValue[]) => {
      if (sql.includes('arcade_bets(')) events.push(`sent ${(JSON.parse(String(params?.[0])) as unknown[]).length}`);
      return query(sql, params);
    };
    try {
      const batches = new BetBatches(suite.db);
      await Promise.all(rows.map((row, n) => batches.submit(players[n]!, row).then(() => events.push(`answered ${n}`))));
    } finally {
      suite.db.query = query;
    }
    // The first bet went alone; the two that came meanwhile went as soon as it was back, before its answer.
    expect(events).toEqual(['sent 1', 'sent 2', 'answered 0', 'answered 1', 'answered 2']);
    for (const [n, player] of players.entries()) expect(await tonOf(player)).toBe(before[n]! - toNano('1'));
    expect((await audit(suite.db)).problems).toEqual([]);
  });

  it('a batch the database refuses as a whole is sent again bet by bet: only the faulty bet fails', async () => {
    // Four players' bets at once: the first goes at once, the other three wait and go together.
    const players = await batchPlayers(4);
    const before = await Promise.all(players.map((player) => tonOf(player)));
    const rows = [
      await betRow(players[0]!),
      await betRow(players[1]!),
      await betRow(players[2]!, 'not a nonce'),
      await betRow(players[3]!),
    ];
    const calls: number[] = [];
    const query = suite.db.query.bind(suite.db);
    suite.db.query = (sql: string, params?: readonly SqlValue[]) => {
      if (sql.includes('arcade_bets(')) calls.push((JSON.parse(String(params?.[0])) as unknown[]).length);
      return query(sql, params);
    };
    let settled;
    try {
      const batches = new BetBatches(suite.db);
      settled = await Promise.allSettled(rows.map((row, n) => batches.submit(players[n]!, row)));
    } finally {
      suite.db.query = query;
    }
    // The first alone, the next three together (refused: the bad nonce), then each of the three alone.
    expect(calls).toEqual([1, 3, 1, 1, 1]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    for (const n of [0, 1, 3]) {
      const answer = (settled[n] as PromiseFulfilledResult<BetResult>).value;
      expect(answer.balance.ton).toBe(fromNano(before[n]! - toNano('1')));
      expect(await tonOf(players[n]!)).toBe(before[n]! - toNano('1'));
    }
    expect(await tonOf(players[2]!)).toBe(before[2]);
    expect((await audit(suite.db)).problems).toEqual([]);
  });

  it('refuses stakes and chances outside the limits, and more than the balance, moving nothing', async () => {
    const { token } = await player('2', '5');
    const cases: Array<[string, object, string]> = [
      ['games/flip', { stake: '0.001', currency: 'ton', side: 'heads' }, 'game.stake.min'],
      ['games/flip', { stake: '51', currency: 'ton', side: 'heads' }, 'game.stake.max'],
      ['games/flip', { stake: '1.5', currency: 'bonus', side: 'heads' }, 'game.stake.bonus-max'],
      ['games/flip', { stake: '2.01', currency: 'ton', side: 'heads' }, 'game.balance'],
      ['games/roll', { stake: '1', currency: 'ton', target: '0.99', direction: 'under' }, 'game.roll.chance'],
      ['games/roll', { stake: '1', currency: 'ton', target: '4.99', direction: 'over' }, 'game.roll.chance'],
      ['games/roll', { stake: '6', currency: 'ton', target: '1', direction: 'under' }, 'game.payout.max'],
      ['games/road/start', { stake: '3', currency: 'ton', difficulty: 'easy' }, 'game.balance'],
    ];
    for (const [path, body, code] of cases) {
      const refused = await call(token, path, { ...body, idempotencyKey: key() });
      expect(refused.code, `${path} ${JSON.stringify(body)}: ${refused.message}`).toBe(code);
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(refused.status).toBeLessThan(500);
    }
    const seeds = (await call<SeedsInfo>(token, 'fairness/seeds')).data;
    expect(seeds.nonce).toBe(0);
    expect((await call<{ items: Round[] }>(token, 'games/rounds', {})).data.items).toHaveLength(0);
    const bad = await call(token, 'games/flip', { stake: '1', currency: 'gold', side: 'edge', idempotencyKey: key() });
    expect(bad.status).toBe(400);
  });

  /** Rotates to a client seed under which the next road round's traps satisfy `want`. */
  async function arrangeTraps(
    token: string,
    userId: bigint,
    difficulty: RoadDifficulty,
    want: (traps: number[]) => boolean,
  ): Promise<number[]> {
    await call(token, 'fairness/seeds');
    const { next_server_seed } = await activeSeed(userId);
    for (let i = 0; ; i++) {
      const traps = roadTraps(
        fairFloats({ serverSeed: next_server_seed, clientSeed: `arranged-${i}`, nonce: 0 }, 24, nodeHmac),
        difficulty,
      );
      if (want(traps)) {
        await call(token, 'fairness/rotate', { clientSeed: `arranged-${i}` });
        return traps;
      }
    }
  }

  it('road: steps lane by lane, cashes out at the ladder, and reveals the traps after', async () => {
    const { token, userId } = await player('10');
    const traps = await arrangeTraps(token, userId, 'medium', (t) => Math.min(...t) >= 3);
    const started = await bet(token, 'games/road/start', { stake: '1', currency: 'ton', difficulty: 'medium' });
    expect(started.round.road).toEqual({ difficulty: 'medium', lanes: 22, passed: 0, traps: null });
    expect(started.balance.ton).toBe('9');
    const id = started.round.id;

    const nothing = await call(token, 'games/road/cashout', { roundId: id, idempotencyKey: key() });
    expect(nothing.code).toBe('game.road.nothing-to-cash');
    const skip = await call(token, 'games/road/step', { roundId: id, lane: 2, idempotencyKey: key() });
    expect(skip.code).toBe('game.road.lane');

    for (const lane of [1, 2, 3]) {
      const step = await bet(token, 'games/road/step', { roundId: id, lane });
      expect(step.round.road!.passed).toBe(lane);
      expect(step.round.road!.traps).toBeNull();
    }
    // A double tap on lane 3 is answered with the round as it is.
    const doubleTap = await bet(token, 'games/road/step', { roundId: id, lane: 3 });
    expect(doubleTap.round.road!.passed).toBe(3);
    expect((await call<SeedsInfo>(token, 'fairness/rotate', {})).code).toBe('fairness.road-open');

    const cashed = await bet(token, 'games/road/cashout', { roundId: id });
    expect(cashed.round).toMatchObject({ status: 'cashed', multiplier: '1.4636', payout: '1.4636' });
    expect(cashed.balance.ton).toBe('10.4636');
    expect(cashed.round.road!.traps).toEqual(traps.map((t) => t + 1).sort((a, b) => a - b));
    expect((await call(token, 'games/road/step', { roundId: id, lane: 4, idempotencyKey: key() })).code).toBe('game.road.not-open');
    // A round of the player's that is not a road round is no road round to step on or cash out.
    const flipped = await bet(token, 'games/flip', { stake: '0.5', currency: 'ton', side: 'heads' });
    for (const [path, body] of [
      ['games/road/step', { roundId: flipped.round.id, lane: 1, idempotencyKey: key() }],
      ['games/road/cashout', { roundId: flipped.round.id, idempotencyKey: key() }],
    ] as const) {
      const refused = await call(token, path, body);
      expect(refused.status, path).toBe(404);
    }
  });

  it('road: a trap lane loses the stake and shows the lane that was hit', async () => {
    const { token, userId } = await player('5');
    await arrangeTraps(token, userId, 'hard', (t) => t.includes(1) && !t.includes(0));
    const { round } = await bet(token, 'games/road/start', { stake: '2', currency: 'ton', difficulty: 'hard' });
    await bet(token, 'games/road/step', { roundId: round.id, lane: 1 });
    const hit = await bet(token, 'games/road/step', { roundId: round.id, lane: 2 });
    expect(hit.round).toMatchObject({ status: 'lost', payout: '0' });
    expect(hit.round.road).toMatchObject({ passed: 1, hitLane: 2 });
    expect(hit.round.road!.traps).toContain(2);
    expect(hit.balance.ton).toBe('3');
    // A double tap on the lane that was hit answers the ended round as it is, and moves nothing.
    const again = await bet(token, 'games/road/step', { roundId: round.id, lane: 2 });
    expect(again.round).toMatchObject({ status: 'lost', payout: '0' });
    expect(again.round.road).toMatchObject({ passed: 1, hitLane: 2 });
    expect(again.balance.ton).toBe('3');
  });

  it('road: twenty taps at once on a trap lane all answer the lost round, and lose the stake once', async () => {
    const { token, userId } = await player('5');
    await arrangeTraps(token, userId, 'easy', (t) => t.includes(0));
    const { round } = await bet(token, 'games/road/start', { stake: '1', currency: 'ton', difficulty: 'easy' });
    const taps = await Promise.all(
      Array.from({ length: 20 }, () => call<BetResult>(token, 'games/road/step', { roundId: round.id, lane: 1, idempotencyKey: key() })),
    );
    for (const tap of taps) {
      expect(tap.code, tap.message).toBeUndefined();
      expect(tap.data.round).toMatchObject({ status: 'lost', payout: '0' });
      expect(tap.data.balance.ton).toBe('4');
    }
  });

  it('road: the last lane cashes out by itself', async () => {
    const { token, userId } = await player('5');
    await arrangeTraps(token, userId, 'easy', (t) => t[0] === 24);
    const { round } = await bet(token, 'games/road/start', { stake: '0.1', currency: 'ton', difficulty: 'easy' });
    let last: BetResult | undefined;
    for (let lane = 1; lane <= 24; lane++) last = await bet(token, 'games/road/step', { roundId: round.id, lane });
    expect(last!.round).toMatchObject({ status: 'cashed', multiplier: '24.5', payout: '2.45' });
  });

  it('road: reaching the maximum payout cashes out by itself at the maximum', async () => {
    const { token, userId } = await player('10');
    await arrangeTraps(token, userId, 'hardcore', (t) => Math.min(...t) >= 10);
    const { round } = await bet(token, 'games/road/start', { stake: '1', currency: 'ton', difficulty: 'hardcore' });
    let last: BetResult | undefined;
    for (let lane = 1; lane <= 10; lane++) {
      last = await bet(token, 'games/road/step', { roundId: round.id, lane });
      if (lane < 10) expect(last.round.status).toBe('open');
    }
    // The multiplier paid is the payout over the stake (500x), not the ladder's uncapped one; the
    // history says the same.
    expect(last!.round).toMatchObject({ status: 'cashed', payout: '500', multiplier: '500' });
    expect(last!.balance.ton).toBe('509');
    const history = (await call<{ items: Round[] }>(token, 'games/rounds', { game: 'road' })).data.items;
    expect(history[0]).toMatchObject({ id: round.id, payout: '500', multiplier: '500' });
  });

  it('road: an open round survives a server restart and goes on', async () => {
    const { token, userId } = await player('5');
    await arrangeTraps(token, userId, 'easy', (t) => t[0]! >= 2);
    const { round } = await bet(token, 'games/road/start', { stake: '1', currency: 'ton', difficulty: 'easy' });
    await bet(token, 'games/road/step', { roundId: round.id, lane: 1 });
    await suite.app.close();
    suite.app = await startServer(suite.db);
    const current = await call<{ round: Round | null }>(token, 'games/road/current');
    expect(current.data.round).toMatchObject({ id: round.id, status: 'open', road: { passed: 1 } });
    const next = await bet(token, 'games/road/step', { roundId: round.id, lane: 2 });
    expect(next.round.road!.passed).toBe(2);
    expect((await call(token, 'games/road/start', { stake: '1', currency: 'ton', difficulty: 'easy', idempotencyKey: key() })).code).toBe(
      'game.road.open',
    );
  });

  it('lists rounds per player and per game, newest first, a page at a time', async () => {
    const { token } = await player('5');
    const other = await player('5');
    for (let i = 0; i < 3; i++) await bet(token, 'games/flip', { stake: '0.1', currency: 'ton', side: 'heads' });
    await bet(token, 'games/roll', { stake: '0.1', currency: 'ton', target: '50', direction: 'over' });
    await bet(other.token, 'games/flip', { stake: '0.1', currency: 'ton', side: 'heads' });
    const page1 = (await call<{ items: Round[]; nextCursor: string | null }>(token, 'games/rounds', { game: 'flip', limit: 2 })).data;
    expect(page1.items.map((r) => r.game)).toEqual(['flip', 'flip']);
    const page2 = (
      await call<{ items: Round[]; nextCursor: string | null }>(token, 'games/rounds', { game: 'flip', cursor: page1.nextCursor, limit: 2 })
    ).data;
    expect(page2.items).toHaveLength(1);
    expect(page2.nextCursor).toBeNull();
    expect((await call<{ items: Round[] }>(token, 'games/rounds', {})).data.items).toHaveLength(4);
  });

  it('the config call carries the limits and ladders', async () => {
    const { token } = await player('1');
    const config = (await call<GamesConfig>(token, 'games/config')).data;
    expect(config).toMatchObject({ minBet: '0.01', maxBet: '50', maxBonusBet: '1', maxPayout: '500', flip: { multiplier: '1.98' } });
    expect(config.road.hardcore.ladder.at(-1)).toBe('3203384.8');
  });

  it('thousands of rounds through the API leave the book sound and the house result equal to the players’', async () => {
    const players = await Promise.all([1, 2, 3, 4].map(() => player('40')));
    let net = 0n;
    for (let i = 0; i < 2000; i++) {
      const { token } = players[i % players.length]!;
      const { round } =
        i % 3 === 0
          ? await bet(token, 'games/roll', {
              stake: '0.05',
              currency: 'ton',
              target: String(20 + (i % 60)),
              direction: i % 2 ? 'over' : 'under',
            })
          : await bet(token, 'games/flip', { stake: '0.05', currency: 'ton', side: i % 2 ? 'heads' : 'tails' });
      net += toNano(round.payout) - toNano(round.stake);
    }
    const ids = `{${players.map((p) => p.userId).join(',')}}`;
    const held = await suite.db.query<{ total: bigint }>(
      `SELECT SUM(balance)::bigint AS total FROM accounts WHERE kind IN ('ton', 'bonus') AND user_id = ANY($1::bigint[])`,
      [ids],
    );
    const rewards = await suite.db.query<{ total: bigint }>(
      'SELECT COALESCE(SUM(reward), 0)::bigint AS total FROM achievement_grants WHERE user_id = ANY($1::bigint[])',
      [ids],
    );
    expect(held.rows[0]!.total).toBe(toNano('160') + net + rewards.rows[0]!.total);
    const report = await audit(suite.db);
    expect(report.problems).toEqual([]);
  });
});

describe.each(postgresOnly('games under parallel load'))('games under parallel load on $name', (database) => {
  let db: Db;
  let drop: () => Promise<void>;
  let app: FastifyInstance;
  let url: string | null;
  beforeAll(async () => {
    ({ db, drop, url } = await database.create());
    app = await startServer(db);
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  it('one player betting through two servers at once: every bet takes its own nonce and verifies from the revealed seed', async () => {
    // A second server process on the same database (its own connections and its own memory of seed pairs).
    const second = await openDb({ kind: 'postgres', url: url!, maxConnections: 4 });
    const other = await startServer(second);
    try {
      const id = newUserId();
      const token = await logIn(app, { id });
      await fund(db, BigInt(id), '10');
      const before = envelope(await post(app, '/api/v3/fairness/seeds', {}, { token })).data as SeedsInfo;
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, n) =>
          post(
            n % 2 ? other : app,
            '/api/v3/games/flip',
            { stake: '0.01', currency: 'ton', side: n % 3 ? 'heads' : 'tails', idempotencyKey: `two-servers-${id}-${n}` },
            { token },
          ),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
      const rounds = answers.map((a) => (envelope(a).data as BetResult).round);
      expect(rounds.map((r) => r.fairness.nonce).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, n) => n));

      const rotated = envelope(await post(other, '/api/v3/fairness/rotate', {}, { token })).data as SeedsInfo;
      const revealed = rotated.revealed[0]!;
      expect(hashServerSeed(revealed.serverSeed)).toBe(before.serverSeedHash);
      expect(revealed.bets).toBe(30);
      for (const round of rounds) {
        const side = flipSide(
          fairFloats({ serverSeed: revealed.serverSeed, clientSeed: revealed.clientSeed, nonce: round.fairness.nonce }, 1),
        );
        expect(round.flip!.side).toBe(side);
        expect(round.status).toBe(side === round.flip!.choice ? 'won' : 'lost');
      }
      // Bets after the rotation use the new pair on both servers.
      for (const server of [app, other]) {
        const after = envelope(
          await post(
            server,
            '/api/v3/games/flip',
            { stake: '0.01', currency: 'ton', side: 'heads', idempotencyKey: `two-servers-${id}-after-${server === app}` },
            { token },
          ),
        ).data as BetResult;
        expect(after.round.fairness.serverSeedHash).toBe(rotated.serverSeedHash);
      }
      expect((await audit(db)).problems).toEqual([]);
    } finally {
      await other.close();
      await second.close();
    }
  });

  it('a bet finds its rows by key on a new database, and still does once the tables have grown', async () => {
    // A new database and a server with one connection: the bet function's statements are planned
    // while the tables are nearly empty, and the connection keeps those plans.
    const fresh = await database.create();
    const single = await openDb({ kind: 'postgres', url: fresh.url!, maxConnections: 1 });
    const server = await startServer(single);
    try {
      const id = newUserId();
      const token = await logIn(server, { id });
      // Movements outside a bet (deposits) run the book's writer before any bet on this connection,
      // without the bet function's settings, often enough for the connection to keep their plans.
      for (let n = 0; n < 8; n++) await fund(single, BigInt(id), '1.25');
      const flip = (n: number) =>
        post(
          server,
          '/api/v3/games/flip',
          { stake: '0.01', currency: 'ton', side: 'heads', idempotencyKey: `by-key-${id}-${n}` },
          { token },
        );
      // A road round: start, a lane, then a cash-out if no trap was hit.
      const road = async (n: number) => {
        const started = await post(
          server,
          '/api/v3/games/road/start',
          { stake: '0.01', currency: 'ton', difficulty: 'easy', idempotencyKey: `by-key-road-${id}-${n}` },
          { token },
        );
        expect(started.statusCode).toBe(200);
        const roundId = started.json<{ data: BetResult }>().data.round.id;
        const step = await post(
          server,
          '/api/v3/games/road/step',
          { roundId, lane: 1, idempotencyKey: `by-key-step-${id}-${n}` },
          { token },
        );
        expect(step.statusCode).toBe(200);
        if (step.json<{ data: BetResult }>().data.round.status === 'open') {
          const cashed = await post(server, '/api/v3/games/road/cashout', { roundId, idempotencyKey: `by-key-cash-${id}-${n}` }, { token });
          expect(cashed.statusCode).toBe(200);
        }
      };
      for (let n = 0; n < 3; n++) expect((await flip(n)).statusCode).toBe(200);
      for (let n = 0; n < 6; n++) await road(n);
      // Then the tables grow: 20,000 other players' keys, and 20,000 players with accounts and a
      // settled road round each.
      await single.query(
        `INSERT INTO idempotency_keys (user_id, key, call, request_hash, reply)
         SELECT $1, 'grown-' || n, 'flip', 'h', '{}' FROM generate_series(1, 20000) AS n`,
        [BigInt(id)],
      );
      await single.query(
        `WITH grown AS (INSERT INTO users (id, referral_code) SELECT $1::bigint * 100000 + n, 'grown' || $1 || '-' || n
                          FROM generate_series(1, 20000) AS n RETURNING id)
         INSERT INTO accounts (user_id, kind) SELECT id, 'ton' FROM grown`,
        [BigInt(id)],
      );
      await single.query(
        `INSERT INTO game_rounds (user_id, game, currency, stake, payout, multiplier, status, seed_pair_id, nonce, params, outcome, finished_at)
         SELECT $1::bigint * 100000 + n, 'road', 'ton', 10000000, 0, 0, 'lost',
                (SELECT id FROM seed_pairs WHERE user_id = $1 AND active), 1000000 + n, '{}', '{}', now()
           FROM generate_series(1, 20000) AS n`,
        [BigInt(id)],
      );
      const tables = ['users', 'idempotency_keys', 'seed_pairs', 'player_stats', 'accounts', 'game_rounds'];
      // Table scans so far, as this connection's statistics have them (flushed when it goes idle).
      const scans = async () => {
        await single.query('SELECT pg_stat_force_next_flush()');
        await single.query('SELECT 1');
        const { rows } = await single.query<{ relname: string; seq_scan: bigint }>(
          'SELECT relname, seq_scan FROM pg_stat_user_tables WHERE relname = ANY ($1::text[]) ORDER BY relname',
          [`{${tables.join(',')}}`],
        );
        return Object.fromEntries(rows.map((row) => [row.relname, Number(row.seq_scan)]));
      };
      // Index entries read on game_rounds: a look-up by key reads one or two.
      const roundEntries = async () => {
        const { rows } = await single.query<{ read: bigint }>(
          "SELECT sum(idx_tup_read)::bigint AS read FROM pg_stat_user_indexes WHERE relname = 'game_rounds'",
        );
        return Number(rows[0]!.read);
      };
      const before = await scans();
      const entriesBefore = await roundEntries();
      for (let n = 3; n < 8; n++) expect((await flip(n)).statusCode).toBe(200);
      for (let n = 6; n < 12; n++) await road(n);
      for (let n = 0; n < 6; n++) await fund(single, BigInt(id), '1');
      expect(await scans()).toEqual(before);
      // 5 flips and 6 road rounds of up to 3 calls: nowhere near the 20,000 road rounds there are.
      expect((await roundEntries()) - entriesBefore).toBeLessThan(300);
    } finally {
      await server.close();
      await single.close();
      await fresh.drop();
    }
  });

  it('many parallel first bets of new players all settle: no deadlock, no overdraft, a sound book', async () => {
    const players = await Promise.all([1, 2, 3, 4, 5].map(async () => (await fundedPlayer(app, db, '1')).token));
    // 12 bets of 0.1 TON each per player at once: at most 10 can be paid for from 1 TON (more with wins).
    const answers = await Promise.all(
      players.flatMap((token, p) =>
        Array.from({ length: 12 }, (_, n) =>
          post(
            app,
            '/api/v3/games/flip',
            { stake: '0.1', currency: 'ton', side: 'heads', idempotencyKey: `parallel-${p}-${n}-${Date.now()}` },
            { token },
          ),
        ),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    for (const a of answers.filter((r) => r.statusCode !== 200)) expect((envelope(a) as { code?: string }).code).toBe('game.balance');
    expect((await audit(db)).problems).toEqual([]);
  });
});
