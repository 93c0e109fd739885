import { describe, expect, it } from 'vitest';
import { fairFloats, flipSide, formatHundredths, hashServerSeed, roadTraps, rollHundredths } from '@arcade/api-client/fair';
import type { DemoBetResult, DemoRound, DemoState } from '@arcade/api-client/demo';
import type { BetResult, SeedsInfo } from '@arcade/api-client/games';
import type { Leaderboard } from '@arcade/api-client/live';
import { toNano } from '@arcade/api-client/money';
import type { Db } from '../src/db/db';
import { audit } from '../src/domain/ledger';
import { callApi, databases, fundedPlayer, suiteServer, tableDigests } from './helpers';

/**
 * Demo play: rounds with play chips that the server decides from a demo seed pair of the player's
 * own. It must never be money: every test ends with the money tables as they were and the whole
 * book's audit clean.
 */

/** Every table money, limits, achievements, the leaderboard, the live feed, referrals or wagering keep rows in. */
const MONEY_TABLES = [
  'users',
  'accounts',
  'ledger_transactions',
  'journal_entries',
  'idempotency_keys',
  'game_rounds',
  'seed_pairs',
  'player_stats',
  'weekly_player_stats',
  'achievement_grants',
  'play_settings',
  'play_limits',
  'bot_outbox',
  'withdrawals',
  'deposits',
] as const;

const moneySnapshot = (db: Db) => tableDigests(db, MONEY_TABLES);

describe.each(databases())('demo play on $name', (database) => {
  let keys = 0;
  const key = () => `demo-test-key-${Date.now()}-${++keys}`;

  const call = <T>(token: string, path: string, body: unknown = {}) => callApi<T>(suite.app, `/api/v3/${path}`, body, token);
  const demo = async (token: string, path: string, body: object = {}) => {
    const reply = await call<DemoBetResult>(token, `demo/${path}`, body);
    expect(reply.success, reply.message).toBe(true);
    return reply.data;
  };
  const stateOf = async (token: string) => (await call<DemoState>(token, 'demo/state')).data;

  const player = (ton = '0') => fundedPlayer(suite.app, suite.db, ton);

  const suite = suiteServer(database);

  it('a player with no money plays flip, roll and road with the demo balance, and no money table changes', async () => {
    const { token } = await player();
    const before = await moneySnapshot(suite.db);
    const start = await stateOf(token);
    expect(start).toMatchObject({ demoBalance: '100', refillTo: '100' });
    let chips = toNano(start.demoBalance);

    const flip = await demo(token, 'flip', { stake: '2', side: 'heads' });
    expect(flip.round).toMatchObject({ game: 'flip', currency: 'demo', stake: '2' });
    chips += -toNano('2') + toNano(flip.round.payout);
    expect(toNano(flip.demoBalance)).toBe(chips);
    expect(flip.round.payout).toBe(flip.round.status === 'won' ? '3.96' : '0');

    const roll = await demo(token, 'roll', { stake: '1', target: '50', direction: 'under' });
    expect(roll.round).toMatchObject({ game: 'roll', currency: 'demo' });
    chips += -toNano('1') + toNano(roll.round.payout);
    expect(toNano(roll.demoBalance)).toBe(chips);

    const road = await demo(token, 'road/start', { stake: '1', difficulty: 'easy' });
    expect(road.round).toMatchObject({ status: 'open', currency: 'demo', road: { passed: 0, traps: null } });
    chips -= toNano('1');
    expect(toNano(road.demoBalance)).toBe(chips);
    expect((await call<{ round: DemoRound | null }>(token, 'demo/road/current')).data.round?.id).toBe(road.round.id);
    // Easy has one trap in 25 slots: step until the first lane that is safe was crossed or the trap hit.
    let last = road;
    for (let lane = 1; lane <= 2 && last.round.status === 'open'; lane++) {
      last = await demo(token, 'road/step', { roundId: road.round.id, lane });
    }
    if (last.round.status === 'open') {
      last = await demo(token, 'road/cashout', { roundId: road.round.id });
      expect(last.round.status).toBe('cashed');
      chips += toNano(last.round.payout);
    } else {
      expect(last.round.status).toBe('lost');
    }
    expect(toNano(last.demoBalance)).toBe(chips);
    expect(last.round.road!.traps).toHaveLength(1);

    // The demo rounds list shows them; the real one knows none of them.
    const listed = (await call<{ items: DemoRound[] }>(token, 'demo/rounds')).data.items;
    expect(listed.map((round) => round.game)).toEqual(['road', 'roll', 'flip']);
    expect((await call<{ items: unknown[] }>(token, 'games/rounds')).data.items).toEqual([]);

    // A refill sets the chips back to the start.
    await demo(token, 'flip', { stake: '50', side: 'tails' });
    const refilled = (await call<DemoState>(token, 'demo/refill')).data;
    expect(refilled.demoBalance).toBe('100');

    expect(await moneySnapshot(suite.db)).toEqual(before);
    expect((await audit(suite.db)).problems).toEqual([]);
    // Not on the leaderboard (no real round has been played in this database yet).
    const board = (await call<Leaderboard>(token, 'games/leaderboard')).data;
    expect({ wagered: board.wagered, best: board.best }).toEqual({ wagered: [], best: [] });
  });

  it('demo rounds verify from their own revealed pair, and leave the real pair and its nonces alone', async () => {
    const { token } = await player('5');
    const real = (await call<SeedsInfo>(token, 'fairness/seeds', { clientSeed: 'real-seed' })).data;
    const committed = (await call<DemoState>(token, 'demo/state', { clientSeed: 'demo-seed' })).data.seeds;
    expect(committed).toMatchObject({ clientSeed: 'demo-seed', nonce: 0 });
    expect(committed.serverSeedHash).not.toBe(real.serverSeedHash);

    const flip = await demo(token, 'flip', { stake: '1', side: 'tails' });
    const roll = await demo(token, 'roll', { stake: '1', target: '30.5', direction: 'over' });
    const road = await demo(token, 'road/start', { stake: '1', difficulty: 'hardcore' });
    const ended = await demo(token, 'road/step', { roundId: road.round.id, lane: 1 }).then((step) =>
      step.round.status === 'open' ? demo(token, 'road/cashout', { roundId: road.round.id }) : step,
    );
    for (const [round, nonce] of [
      [flip.round, 0],
      [roll.round, 1],
      [road.round, 2],
    ] as const) {
      expect(round.fairness).toEqual({ serverSeedHash: committed.serverSeedHash, serverSeed: null, clientSeed: 'demo-seed', nonce });
    }

    // A real bet still takes the real pair's nonce 0: demo play used none of it.
    const realBet = (await call<BetResult>(token, 'games/flip', { stake: '1', currency: 'ton', side: 'heads', idempotencyKey: key() }))
      .data;
    expect(realBet.round.fairness).toMatchObject({ serverSeedHash: real.serverSeedHash, nonce: 0 });

    const rotated = (await call<DemoState>(token, 'demo/rotate', { clientSeed: 'next-demo-seed' })).data.seeds;
    expect(rotated).toMatchObject({ serverSeedHash: committed.nextServerSeedHash, clientSeed: 'next-demo-seed', nonce: 0 });
    const revealed = rotated.revealed[0]!;
    expect(hashServerSeed(revealed.serverSeed)).toBe(committed.serverSeedHash);
    expect(revealed.bets).toBe(3);

    // Recomputed from the revealed seed with the same functions real play and the verify view use.
    const seeds = { serverSeed: revealed.serverSeed, clientSeed: revealed.clientSeed };
    expect(flipSide(fairFloats({ ...seeds, nonce: 0 }, 1))).toBe(flip.round.flip!.side);
    expect(formatHundredths(rollHundredths(fairFloats({ ...seeds, nonce: 1 }, 1)))).toBe(roll.round.roll!.roll);
    const traps = roadTraps(fairFloats({ ...seeds, nonce: 2 }, 24), 'hardcore')
      .map((slot) => slot + 1)
      .sort((a, b) => a - b);
    expect(ended.round.road!.traps).toEqual(traps);
    const listed = (await call<{ items: DemoRound[] }>(token, 'demo/rounds')).data.items;
    expect(listed.every((round) => round.fairness.serverSeed === revealed.serverSeed)).toBe(true);

    // The real pair is still the one committed, unrevealed, at nonce 1.
    const realAfter = (await call<SeedsInfo>(token, 'fairness/seeds')).data;
    expect(realAfter).toMatchObject({ serverSeedHash: real.serverSeedHash, nonce: 1, revealed: [] });
    expect((await audit(suite.db)).problems).toEqual([]);
  });

  it('a demo road round open refuses a demo rotation, never the real one', async () => {
    const { token } = await player();
    await demo(token, 'road/start', { stake: '1', difficulty: 'easy' });
    const refused = await call(token, 'demo/rotate');
    expect(refused).toMatchObject({ status: 409, code: 'fairness.road-open' });
    expect((await call(token, 'fairness/rotate')).success).toBe(true);
  });

  it('a cool-off and a self-exclusion close demo play too, with the reason', async () => {
    const cooling = await player();
    await demo(cooling.token, 'flip', { stake: '1', side: 'heads' });
    expect((await call(cooling.token, 'play/pause', { length: '24h', idempotencyKey: key() })).success).toBe(true);
    const before = (await stateOf(cooling.token)).demoBalance;
    for (const [path, body] of [
      ['flip', { stake: '1', side: 'heads' }],
      ['roll', { stake: '1', target: '50', direction: 'under' }],
      ['road/start', { stake: '1', difficulty: 'easy' }],
    ] as const) {
      const refused = await call(cooling.token, `demo/${path}`, body);
      expect([refused.status, refused.code]).toEqual([403, 'play.paused']);
    }
    const excluded = await player();
    expect((await call(excluded.token, 'play/pause', { length: 'permanent', idempotencyKey: key() })).success).toBe(true);
    const refused = await call(excluded.token, 'demo/flip', { stake: '1', side: 'heads' });
    expect([refused.status, refused.code]).toEqual([403, 'play.excluded']);
    // The demo balance is as the refused calls found it.
    expect((await stateOf(cooling.token)).demoBalance).toBe(before);
  });

  it('attacks on money through demo calls move not a nanoton', async () => {
    const attacker = await player('10');
    const victim = await player('10');
    const victimDemoRoad = await demo(victim.token, 'road/start', { stake: '1', difficulty: 'medium' });
    const victimRealRoad = (
      await call<BetResult>(victim.token, 'games/road/start', { stake: '1', currency: 'ton', difficulty: 'medium', idempotencyKey: key() })
    ).data;
    const attackerDemoRoad = await demo(attacker.token, 'road/start', { stake: '1', difficulty: 'medium' });
    // The attacker's chips have run down to half a chip (what a losing streak leaves).
    await suite.db.query('UPDATE demo_balances SET balance = $2 WHERE user_id = $1', [attacker.userId, toNano('0.5')]);
    const before = await moneySnapshot(suite.db);
    const victimDemoBefore = await stateOf(victim.token);
    const attackerChips = (await stateOf(attacker.token)).demoBalance;

    const refusals: Array<[string, object, number, string | undefined]> = [
      // Stakes the demo balance cannot pay, or no stake at all.
      ['demo/flip', { stake: '1', side: 'heads' }, 409, 'demo.balance'],
      ['demo/road/start', { stake: '0.51', difficulty: 'easy' }, 409, 'demo.balance'],
      ['demo/flip', { stake: '-1', side: 'heads' }, 400, undefined],
      ['demo/flip', { stake: '0', side: 'heads' }, 400, undefined],
      ['demo/flip', { stake: '999999999', side: 'heads' }, 400, 'game.stake.max'],
      ['demo/flip', { stake: '1e9', side: 'heads' }, 400, undefined],
      ['demo/flip', { stake: 10, side: 'heads' }, 400, undefined],
      ['demo/flip', { stake: '0.0000000001', side: 'heads' }, 400, undefined],
      ['demo/roll', { stake: '5', target: '99.99', direction: 'under' }, 400, 'game.roll.chance'],
      ['demo/roll', { stake: '50', target: '1', direction: 'under' }, 400, 'game.payout.max'],
      // A currency, an account, a key, a player: none is declared, so none gets through.
      ['demo/flip', { stake: '1', side: 'heads', currency: 'ton' }, 400, undefined],
      ['demo/flip', { stake: '1', side: 'heads', idempotencyKey: key() }, 400, undefined],
      ['demo/flip', { stake: '1', side: 'heads', userId: victim.userId.toString() }, 400, undefined],
      ['demo/refill', { amount: '1000000' }, 400, undefined],
      ['demo/roll', { stake: '1', target: '50', direction: 'under', balance: '1000' }, 400, undefined],
      // Someone else's demo round, a real round in a demo call, a demo round in a real call.
      ['demo/road/step', { roundId: victimDemoRoad.round.id, lane: 1 }, 404, 'demo.round'],
      ['demo/road/cashout', { roundId: victimDemoRoad.round.id }, 404, 'demo.round'],
      ['demo/road/step', { roundId: victimRealRoad.round.id, lane: 1 }, 404, 'demo.round'],
      ['demo/road/step', { roundId: '9223372036854775807', lane: 1 }, 404, 'demo.round'],
      ['demo/road/step', { roundId: attackerDemoRoad.round.id, lane: 3 }, 409, 'game.road.lane'],
      ['demo/road/cashout', { roundId: attackerDemoRoad.round.id }, 409, 'game.road.nothing-to-cash'],
      ['games/road/step', { roundId: attackerDemoRoad.round.id, lane: 1, idempotencyKey: key() }, 404, undefined],
      ['games/road/cashout', { roundId: attackerDemoRoad.round.id, idempotencyKey: key() }, 404, undefined],
      ['games/road/cashout', { roundId: victimDemoRoad.round.id, idempotencyKey: key() }, 404, undefined],
    ];
    for (const [path, body, status, code] of refusals) {
      const reply = await call(attacker.token, path, body);
      expect(reply.status, `${path} ${JSON.stringify(body)}: ${reply.message ?? ''}`).toBe(status);
      expect(reply.success).toBe(false);
      if (code) expect(reply.code, path).toBe(code);
      expect(reply.message, path).toBeTruthy();
    }

    // Many refills and a bet at the whole demo balance: still only chips.
    for (let i = 0; i < 5; i++) expect((await call<DemoState>(attacker.token, 'demo/refill')).data.demoBalance).toBe('100');
    await demo(attacker.token, 'road/step', { roundId: attackerDemoRoad.round.id, lane: 1 });

    expect(await moneySnapshot(suite.db)).toEqual(before);
    expect(await stateOf(victim.token)).toEqual(victimDemoBefore);
    expect(attackerChips).toBe('0.5');
    const accounts = await suite.db.query<{ balance: bigint }>("SELECT balance FROM accounts WHERE user_id = $1 AND kind = 'ton'", [
      attacker.userId,
    ]);
    expect(accounts.rows[0]!.balance).toBe(toNano('10'));
    expect((await audit(suite.db)).problems).toEqual([]);
  });
});
