import type { ChildProcess } from 'node:child_process';
import { Address } from '@ton/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BetResult, SeedsInfo } from '@arcade/api-client/games';
import type { MarketPage } from '@arcade/api-client/market';
import { toNano } from '@arcade/api-client/money';
import type { PlayState } from '@arcade/api-client/play';
import type { Db } from '../src/db/db';
import { audit } from '../src/domain/ledger';
import { seedMarketCatalogue } from '../src/domain/market/catalogue-generator';
import { callProcess, fund, launchData, newUserId, postgresOnly, startServerProcess, stopServerProcesses } from './helpers';

/**
 * Where two features meet: every pair of one player's state-changing calls, fired together, one
 * on each of two server processes over one PostgreSQL database, many times. After each pair the
 * invariants a player or the house would notice are checked (docs/locks.md says which lock makes
 * each hold):
 * - no round on a revealed seed pair: an open road round's pair is active, and every round on a
 *   pair a rotation revealed has a nonce below the count the rotation revealed;
 * - no bet during a pause: a pause's reply, read under the player's row lock, already counts every
 *   stake the player ever made, and a bet after it is refused;
 * - no bet past a limit: what the wager and loss limits count never passes the limit (or what was
 *   already used when it was set);
 * - nothing doubled: a road round is paid at most once, a gift sold at most once, the daily reward
 *   claimed at most once, no two rounds share a pair's nonce;
 * - the player's balances equal their journal, and at the end the whole book is audited.
 */

const onPostgres = postgresOnly('races, two server processes');

interface Reply<T = unknown> {
  status: number;
  data?: T;
  code?: string;
  message?: string;
}

interface Player {
  id: number;
  userId: bigint;
  token: string;
  /** The open road round the set-up made, when the pair needs one. */
  road?: { id: string; passed: number };
  gift?: { giftId: string; price: string };
}

type Need = 'nothing' | 'road' | 'road-crossed';

interface Action {
  name: string;
  needs: Need;
  run(base: string, player: Player, key: string): Promise<Reply>;
}

const STAKE = '0.1';
/** The limits the limit actions set: room for one stake of 0.1, not two. */
const WAGER_LIMIT = '0.15';
const LOSS_LIMIT = '0.15';
const TO = new Address(0, Buffer.alloc(32, 9)).toString({ bounceable: false, testOnly: true });

let keys = 0;
const newKey = (tag: string) => `race-${tag}-${process.pid}-${++keys}`;

const send = <T = unknown>(base: string, token: string | null, path: string, body: unknown = {}): Promise<Reply<T>> =>
  callProcess<T>(base, path, body, token);

const bet = (path: string, body: Record<string, unknown>) => (base: string, p: Player, key: string) =>
  send<BetResult>(base, p.token, path, { stake: STAKE, currency: 'ton', ...body, idempotencyKey: key });

/** One player's state-changing calls. */
const ACTIONS: Action[] = [
  { name: 'flip', needs: 'nothing', run: bet('games/flip', { side: 'heads' }) },
  { name: 'roll', needs: 'nothing', run: bet('games/roll', { target: '50', direction: 'under' }) },
  { name: 'road start', needs: 'nothing', run: bet('games/road/start', { difficulty: 'easy' }) },
  {
    name: 'road step',
    needs: 'road',
    run: (base, p, key) => send(base, p.token, 'games/road/step', { roundId: p.road!.id, lane: p.road!.passed + 1, idempotencyKey: key }),
  },
  {
    name: 'road cash-out',
    needs: 'road-crossed',
    run: (base, p, key) => send(base, p.token, 'games/road/cashout', { roundId: p.road!.id, idempotencyKey: key }),
  },
  { name: 'rotate', needs: 'nothing', run: (base, p) => send(base, p.token, 'fairness/rotate', {}) },
  { name: 'client seed', needs: 'nothing', run: (base, p) => send(base, p.token, 'fairness/rotate', { clientSeed: `race-${++keys}` }) },
  {
    name: 'wager limit',
    needs: 'nothing',
    run: (base, p, key) => send(base, p.token, 'play/limit', { kind: 'wager-day', amount: WAGER_LIMIT, idempotencyKey: key }),
  },
  {
    name: 'loss limit',
    needs: 'nothing',
    run: (base, p, key) => send(base, p.token, 'play/limit', { kind: 'loss-day', amount: LOSS_LIMIT, idempotencyKey: key }),
  },
  { name: 'cool-off', needs: 'nothing', run: (base, p, key) => send(base, p.token, 'play/pause', { length: '24h', idempotencyKey: key }) },
  {
    name: 'self-exclusion',
    needs: 'nothing',
    run: (base, p, key) => send(base, p.token, 'play/pause', { length: 'permanent', idempotencyKey: key }),
  },
  {
    name: 'withdrawal',
    needs: 'nothing',
    run: (base, p, key) => send(base, p.token, 'wallet/withdraw', { address: TO, amount: '1', idempotencyKey: key }),
  },
  {
    name: 'checkout',
    needs: 'nothing',
    run: (base, p, key) => send(base, p.token, 'market/checkout', { items: [p.gift!], idempotencyKey: key }),
  },
  { name: 'daily reward', needs: 'nothing', run: (base, p, key) => send(base, p.token, 'bonus/daily/claim', { idempotencyKey: key }) },
  {
    name: 'sign-in',
    needs: 'nothing',
    run: (base, p) => send(base, null, 'auth', { initData: launchData({ id: p.id }) }),
  },
];

const BETS = new Set(['flip', 'roll', 'road start']);
const ROTATIONS = new Set(['rotate', 'client seed']);
/** Rounds of each pair; the pairs where a rotation meets a bet (the race that once showed road traps) get more. */
const rounds = (a: Action, b: Action) =>
  (ROTATIONS.has(a.name) && BETS.has(b.name)) || (ROTATIONS.has(b.name) && BETS.has(a.name)) ? 15 : 2;

describe.each(onPostgres)('pairs of one player’s calls racing across two server processes on $name', (database) => {
  let db: Db;
  let drop: () => Promise<void>;
  let url: string;
  const servers: Array<{ child: ChildProcess; base: string }> = [];
  const gifts: Array<{ giftId: string; price: string }> = [];

  beforeAll(async () => {
    const created = await database.create();
    ({ db, drop } = created);
    url = created.url!;
    await seedMarketCatalogue(db, { perCollection: 40 });
    for (let n = 0; n < 2; n++) {
      const log = process.env.RACES_LOG;
      servers.push(await startServerProcess(url, log ? { LOG_LEVEL: log } : {}, log ? 'inherit' : 'ignore'));
    }
  });

  afterAll(async () => {
    await stopServerProcesses(servers.map((s) => s.child));
    await drop?.();
  });

  /** A house gift no earlier pair bought, at most 5 TON. */
  async function nextGift(base: string, token: string): Promise<{ giftId: string; price: string }> {
    while (gifts.length === 0) {
      const page = (await send<MarketPage>(base, token, 'market/list', { sort: 'price-asc', limit: 60, maxPrice: '5' })).data!;
      const fresh = page.items.filter((g) => g.price !== null);
      if (fresh.length === 0) throw new Error('the market ran out of gifts for the race test');
      gifts.push(...fresh.map((g) => ({ giftId: g.id, price: g.price! })));
    }
    return gifts.shift()!;
  }

  /** A new player with 100 TON, 18+ confirmed, and what the pair needs: an open road round, crossed once or not. */
  async function newPlayer(base: string, need: Need): Promise<Player> {
    const id = newUserId();
    const login = await send<{ token: string }>(base, null, 'auth', { initData: launchData({ id }) });
    const token = login.data!.token;
    expect((await send(base, token, 'play/age-confirm')).status).toBe(200);
    await fund(db, BigInt(id), '100');
    const player: Player = { id, userId: BigInt(id), token };
    if (need !== 'nothing') {
      for (;;) {
        const start = await send<BetResult>(base, token, 'games/road/start', {
          stake: STAKE,
          currency: 'ton',
          difficulty: 'easy',
          idempotencyKey: newKey('setup'),
        });
        expect(start.status).toBe(200);
        const round = start.data!.round;
        if (need === 'road') {
          player.road = { id: round.id, passed: 0 };
          break;
        }
        const step = await send<BetResult>(base, token, 'games/road/step', { roundId: round.id, lane: 1, idempotencyKey: newKey('setup') });
        expect(step.status).toBe(200);
        // A trap on the first lane ends the round: start another.
        if (step.data!.round.status === 'open') {
          player.road = { id: round.id, passed: 1 };
          break;
        }
      }
    }
    return player;
  }

  /** What the database holds of the player after a pair. */
  async function state(userId: bigint) {
    const rows = await db.query<{
      id: bigint;
      status: string;
      nonce: number;
      stake: bigint;
      seed_pair_id: bigint;
      active: boolean;
    }>(
      `SELECT r.id, r.status, r.nonce, r.stake, r.seed_pair_id, p.active
         FROM game_rounds r JOIN seed_pairs p ON p.id = r.seed_pair_id WHERE r.user_id = $1`,
      [userId],
    );
    const numbers = await db.query<{ lost: bigint; wagered: bigint; daily: bigint; payouts: bigint; sold_twice: bigint; drift: bigint }>(
      `SELECT arcade_play_lost($1, arcade_play_window('day', now())) AS lost,
              arcade_play_wagered($1, arcade_play_window('day', now())) AS wagered,
              (SELECT count(*) FROM daily_claims WHERE user_id = $1) AS daily,
              (SELECT count(*) - count(DISTINCT reference) FROM ledger_transactions WHERE user_id = $1 AND kind = 'payout') AS payouts,
              (SELECT count(*) - count(DISTINCT gift_id) FROM sales WHERE buyer_id = $1) AS sold_twice,
              (SELECT count(*) FROM accounts a
                WHERE a.user_id = $1
                  AND a.balance <> (SELECT COALESCE(SUM(j.amount), 0) FROM journal_entries j WHERE j.account_id = a.id)) AS drift`,
      [userId],
    );
    return { rounds: rows.rows, ...numbers.rows[0]! };
  }

  /** Checks the invariants after one pair: `replies` by action name (the same action twice: both). */
  async function check(player: Player, fired: Array<{ action: Action; reply: Reply }>, label: string) {
    const after = await state(player.userId);
    const why = (rule: string) => `${label}: ${rule} (${JSON.stringify(fired.map((f) => [f.action.name, f.reply.status, f.reply.code]))})`;
    // No open road round on a revealed pair; no round past what a rotation revealed.
    for (const round of after.rounds) {
      if (round.status === 'open') expect(round.active, why(`open road round ${round.id} on a revealed pair`)).toBe(true);
    }
    for (const { action, reply } of fired) {
      if (!ROTATIONS.has(action.name) || reply.status !== 200) continue;
      const revealed = (reply.data as SeedsInfo).revealed[0]!;
      const onIt = after.rounds.filter((round) => round.seed_pair_id === BigInt(revealed.id));
      for (const round of onIt) expect(round.nonce, why(`round ${round.id} after its pair was revealed`)).toBeLessThan(revealed.bets);
    }
    // No bet during a pause: the pause's reply counted every stake there will ever be.
    const staked = after.rounds.reduce((sum, round) => sum + round.stake, 0n);
    for (const { action, reply } of fired) {
      if ((action.name === 'cool-off' || action.name === 'self-exclusion') && reply.status === 200) {
        expect(toNano((reply.data as PlayState).session.wagered), why('a stake after the pause')).toBe(staked);
        const late = await send(servers[1]!.base, player.token, 'games/flip', {
          stake: STAKE,
          currency: 'ton',
          side: 'heads',
          idempotencyKey: newKey('late'),
        });
        expect(late.code, why('a bet after the pause')).toMatch(/^play\.(paused|excluded)$/);
      }
      // No bet past a limit: at most the limit, or what was used already when it was set.
      const used = (kind: string) => toNano((reply.data as PlayState).limits.find((l) => l.kind === kind)!.used);
      if (action.name === 'wager limit' && reply.status === 200) {
        const bound = used('wager-day') > toNano(WAGER_LIMIT) ? used('wager-day') : toNano(WAGER_LIMIT);
        expect(after.wagered, why('wagered past the limit')).toBeLessThanOrEqual(bound);
      }
      if (action.name === 'loss limit' && reply.status === 200) {
        const bound = used('loss-day') > toNano(LOSS_LIMIT) ? used('loss-day') : toNano(LOSS_LIMIT);
        expect(after.lost, why('lost past the limit')).toBeLessThanOrEqual(bound);
      }
    }
    // Nothing doubled; the player's book adds up.
    expect(after.payouts, why('a round paid twice')).toBe(0n);
    expect(after.sold_twice, why('a gift bought twice')).toBe(0n);
    expect(after.daily, why('the daily reward claimed twice')).toBeLessThanOrEqual(1n);
    expect(new Set(after.rounds.map((r) => `${r.seed_pair_id}:${r.nonce}`)).size, why('a nonce used twice')).toBe(after.rounds.length);
    expect(after.drift, why('a balance that is not its journal')).toBe(0n);
    // Every reply is an answer: a refusal with its code, never a server error.
    for (const { reply } of fired) expect(reply.status, why('a server error')).toBeLessThan(500);
  }

  // One test per first call (against it and every call after it in the list), so each has the
  // whole timeout to itself on a slow machine; the book is audited after the last.
  let pairs = 0;
  for (let i = 0; i < ACTIONS.length; i++) {
    const first = ACTIONS[i]!;
    it(`${first.name}, fired together with every call across the two processes, keeps every invariant`, async () => {
      const [a, b] = servers.map((s) => s.base) as [string, string];
      for (let j = i; j < ACTIONS.length; j++) {
        const second = ACTIONS[j]!;
        const need: Need = [first.needs, second.needs].includes('road-crossed')
          ? 'road-crossed'
          : [first.needs, second.needs].includes('road')
            ? 'road'
            : 'nothing';
        for (let round = 0; round < rounds(first, second); round++) {
          const player = await newPlayer(a, need);
          if (first.name === 'checkout' || second.name === 'checkout') player.gift = await nextGift(a, player.token);
          // Each side on its own process; which goes first alternates.
          const [x, y] = round % 2 === 0 ? [a, b] : [b, a];
          const replies = await Promise.all([first.run(x, player, newKey('a')), second.run(y, player, newKey('b'))]);
          await check(
            player,
            [
              { action: first, reply: replies[0] },
              { action: second, reply: replies[1] },
            ],
            `${first.name} × ${second.name}, round ${round + 1}`,
          );
          pairs++;
        }
      }
    });
  }

  it('after every pair of calls, the whole book audits clean', async () => {
    expect(pairs).toBeGreaterThan(ACTIONS.length * (ACTIONS.length + 1));
    const report = await audit(db);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
  });

  it('a road round started with a reserved nonce while the seeds rotate never opens on the revealed pair', async () => {
    // As reported: a flip sent with the road start on one process makes the start retry with a
    // nonce reserved in the database; a rotation on the other process meets that retry.
    const [a, b] = servers.map((s) => s.base) as [string, string];
    const [flip, roadStart, rotate] = ['flip', 'road start', 'rotate'].map((name) => ACTIONS.find((action) => action.name === name)!) as [
      Action,
      Action,
      Action,
    ];
    for (let round = 0; round < 60; round++) {
      const player = await newPlayer(a, 'nothing');
      const replies = await Promise.all([
        flip.run(a, player, newKey('a')),
        roadStart.run(a, player, newKey('b')),
        new Promise<Reply>((resolve) => setTimeout(() => resolve(rotate.run(b, player, newKey('c'))), round % 6)),
      ]);
      await check(
        player,
        [flip, roadStart, rotate].map((action, n) => ({ action, reply: replies[n]! })),
        `flip + road start × rotate, round ${round + 1}`,
      );
    }
    const report = await audit(db);
    expect(report.problems).toEqual([]);
  });
});
