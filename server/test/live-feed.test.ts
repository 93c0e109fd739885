import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { multiplierText } from '@arcade/api-client/fair';
import type { BetResult } from '@arcade/api-client/games';
import { Leaderboard, LiveRound, type LiveEvent, type LiveRecent, type PrivacyState } from '@arcade/api-client/live';
import { readLiveFeed, type LiveFeedEnd } from '@arcade/api-client/live-stream';
import { toNano } from '@arcade/api-client/money';
import type { Queryable } from '../src/db/db';
import { EventQueue } from '../src/domain/live/event-queue';
import { weekOf } from '../src/domain/live/leaderboard';
import {
  FeedStream,
  isBigWin,
  LIVE_CHANNEL,
  LIVE_FEED_LIMITS,
  LiveFeed,
  liveFeedConnections,
  liveFeedDropped,
  liveRound,
} from '../src/domain/live/live-feed';
import { productConfig } from '../src/domain/product-config';
import { loadConfig } from '../src/config';
import { databases, envelope, fund, logIn, newUserId, post, startServer, suiteServer, TEST_APP_KEY, TestClock } from './helpers';
import { idsOf, readFeedRaw, readStream, showAfter, type RawFeed } from './live-helpers';

const quiet = { warn: () => {} };

/**
 * Tells the feed's channel of something as migration 029's triggers do: with the next feed
 * position, taken in the caller's transaction, so the feeds' positions stay without gaps.
 */
async function notify(tx: Queryable, notice: Record<string, unknown>): Promise<number> {
  const { rows } = await tx.query<{ position: bigint }>('UPDATE live_feed_position SET position = position + 1 RETURNING position');
  const position = Number(rows[0]!.position);
  await tx.query('SELECT pg_notify($1, $2)', [LIVE_CHANNEL, JSON.stringify({ ...notice, position: String(position) })]);
  return position;
}

/** Waits until `check` passes (it throws until then), for at most `ms`. */
const eventually = <T>(check: () => T | Promise<T>, ms = 10_000): Promise<T> => vi.waitFor(check, { timeout: ms, interval: 20 });

describe('the per-connection event queue', () => {
  it('keeps the newest events up to its limit and counts the ones it pushed out', () => {
    const queue = new EventQueue<number>(3);
    for (let i = 1; i <= 5; i++) queue.push(i);
    expect(queue.length).toBe(3);
    expect(queue.dropped).toBe(2);
    expect([queue.shift(), queue.shift(), queue.shift(), queue.shift()]).toEqual([3, 4, 5, undefined]);
    queue.push(6);
    expect(queue.shift()).toBe(6);
  });

  it('a client that stops reading holds the stream buffer and the queue, no more; it reads on from the newest', async () => {
    const stream = new FeedStream('1', 0, { queueEvents: 8, streamBufferBytes: 1024 });
    // The response side of a socket that takes nothing: its writes are never acknowledged.
    const stuck = new Writable({ highWaterMark: 1024, write: () => {} });
    stream.pipe(stuck);
    const event = (i: number) => `event: round\ndata: ${JSON.stringify({ i, pad: 'x'.repeat(200) })}\n\n`;
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    await turn();
    for (let i = 0; i < 5_000; i++) {
      stream.send(event(i));
      if (i % 500 === 0) await turn();
    }
    await turn();
    expect(stream.waiting).toBe(8);
    expect(stream.readableLength).toBeLessThanOrEqual(1024 + event(0).length);
    expect(stuck.writableLength).toBeLessThanOrEqual(1024 + event(0).length);
    expect(stream.dropped).toBeGreaterThan(4_900);

    // Reading again: what is left is the newest events, in order.
    stream.unpipe(stuck);
    const read: number[] = [];
    stream.on('data', (chunk: Buffer) => {
      for (const match of chunk.toString().matchAll(/"i":(\d+)/g)) read.push(Number(match[1]));
    });
    stream.resume();
    await eventually(() => expect(stream.waiting).toBe(0));
    stream.finish();
    await new Promise((resolve) => stream.once('end', resolve));
    expect(read.slice(-8)).toEqual([4992, 4993, 4994, 4995, 4996, 4997, 4998, 4999]);
  });
});

describe('big wins', () => {
  const { bigWinMultiplier, bigWinPayoutNano } = productConfig.liveFeed;
  it('a win from the product multiplier or payout is big, a loss never', () => {
    expect(isBigWin(1n, bigWinMultiplier)).toBe(true);
    expect(isBigWin(1n, bigWinMultiplier - 1n)).toBe(false);
    expect(isBigWin(bigWinPayoutNano, 19_800n)).toBe(true);
    expect(isBigWin(bigWinPayoutNano - 1n, 19_800n)).toBe(false);
    expect(isBigWin(0n, 0n)).toBe(false);
    const round = liveRound({
      id: '7',
      game: 'roll',
      currency: 'ton',
      stake: toNano('1'),
      payout: toNano('19.8'),
      multiplier: 198_000n,
      at: new Date(0),
      name: 'Ann',
    });
    expect(LiveRound(round)).toEqual({
      id: '7',
      game: 'roll',
      currency: 'ton',
      stake: '1',
      payout: '19.8',
      multiplier: '19.8',
      at: '1970-01-01T00:00:00.000Z',
      name: 'Ann',
      big: true,
    });
  });
});

describe('the week of the leaderboard', () => {
  it('starts at midnight UTC on Monday', () => {
    expect(weekOf(new Date('2030-01-06T23:59:59.999Z')).key).toBe('2029-12-31');
    expect(weekOf(new Date('2030-01-07T00:00:00.000Z')).key).toBe('2030-01-07');
    expect(weekOf(new Date('2030-01-09T12:00:00.000Z')).next.toISOString()).toBe('2030-01-14T00:00:00.000Z');
  });
});

describe.each(databases())('the live feed on $name', (database) => {
  let base = '';
  let keys = 0;
  const key = () => `live-key-${Date.now()}-${++keys}`;

  const call = async <T>(token: string, path: string, body: unknown = {}, server = suite.app) => {
    const response = await post(server, `/api/v3/${path}`, body, { token });
    const reply = envelope(response);
    expect(reply.success, reply.message).toBe(true);
    return reply.data as T;
  };
  const flip = async (token: string, server = suite.app) =>
    (await call<BetResult>(token, 'games/flip', { stake: '0.1', currency: 'ton', side: 'heads', idempotencyKey: key() }, server)).round;

  async function player(firstName: string, server = suite.app, clock?: TestClock): Promise<{ token: string; userId: bigint }> {
    const id = newUserId();
    const token = await logIn(server, { id, firstName, ...(clock ? { authDate: clock.now() } : {}) });
    await fund(suite.db, BigInt(id), '5');
    return { token, userId: BigInt(id) };
  }

  /** A feed read over HTTP as the app reads it; `events` fills as they arrive. */
  function openFeed(token: string) {
    const events: LiveEvent[] = [];
    const controller = new AbortController();
    const ended: Promise<LiveFeedEnd | 'aborted'> = readLiveFeed({
      baseUrl: base,
      appKey: TEST_APP_KEY,
      token,
      signal: controller.signal,
      onEvent: (event) => events.push(event),
    }).catch((error: unknown) => {
      if (controller.signal.aborted) return 'aborted' as const;
      throw error;
    });
    const rounds = () => events.flatMap((event) => (event.type === 'round' ? [event.data] : []));
    const roundOf = (id: string) =>
      eventually(() => {
        const found = rounds().find((round) => round.id === id);
        if (!found) throw new Error(`round ${id} not in the feed`);
        return found;
      });
    return { events, rounds, roundOf, ended, close: () => controller.abort() };
  }

  const suite = suiteServer(database);
  beforeAll(async () => {
    base = await suite.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('a settled round shows on an open feed with the first name, never the player id; an open road round does not', async () => {
    const alice = await player('Alice');
    const feed = openFeed(alice.token);
    await eventually(() => expect(feed.events[0]?.type).toBe('recent'));
    const recent = feed.events[0]!.data as LiveRecent;
    expect(recent.bigWin).toEqual({ multiplier: '10', payout: '50' });

    const round = await flip(alice.token);
    const shown = await feed.roundOf(round.id);
    expect(shown).toEqual({
      id: round.id,
      game: 'flip',
      currency: 'ton',
      stake: '0.1',
      payout: round.payout,
      multiplier: round.status === 'won' ? '1.98' : '0',
      at: shown.at,
      name: 'Alice',
      big: false,
    });
    expect(JSON.stringify(feed.events)).not.toContain(String(alice.userId));

    const road = (
      await call<BetResult>(alice.token, 'games/road/start', { stake: '0.1', currency: 'ton', difficulty: 'easy', idempotencyKey: key() })
    ).round;
    const roll = (
      await call<BetResult>(alice.token, 'games/roll', {
        stake: '0.1',
        currency: 'ton',
        target: '50',
        direction: 'under',
        idempotencyKey: key(),
      })
    ).round;
    await feed.roundOf(roll.id);
    expect(feed.rounds().some((shownRound) => shownRound.id === road.id)).toBe(false);
    const cashed = (await call<BetResult>(alice.token, 'games/road/step', { roundId: road.id, lane: 1, idempotencyKey: key() })).round;
    const ended =
      cashed.status === 'open'
        ? (await call<BetResult>(alice.token, 'games/road/cashout', { roundId: road.id, idempotencyKey: key() })).round
        : cashed;
    expect((await feed.roundOf(road.id)).payout).toBe(ended.payout);
    expect(feed.rounds().filter((shownRound) => shownRound.id === road.id)).toHaveLength(1);
    feed.close();
  });

  it('only committed rounds are told: a settlement rolled back never shows', async () => {
    const bob = await player('Bob');
    const feed = openFeed(bob.token);
    await eventually(() => expect(feed.events[0]?.type).toBe('recent'));
    const road = (
      await call<BetResult>(bob.token, 'games/road/start', { stake: '0.1', currency: 'ton', difficulty: 'easy', idempotencyKey: key() })
    ).round;
    await expect(
      suite.db.transaction(async (tx) => {
        await tx.query("UPDATE game_rounds SET status = 'cashed', payout = 1, finished_at = now() WHERE id = $1", [road.id]);
        throw new Error('changed our mind');
      }),
    ).rejects.toThrow('changed our mind');
    // Notifications arrive in commit order: once a later round is here, the rolled-back one would have been too.
    const later = await flip(bob.token);
    await feed.roundOf(later.id);
    expect(feed.rounds().some((round) => round.id === road.id)).toBe(false);
    feed.close();
  });

  it('rounds of a batch of players betting at once each show once', async () => {
    const players = await Promise.all(['Ann', 'Ben', 'Cid', 'Dan', 'Eve'].map((name) => player(name)));
    const feed = openFeed(players[0]!.token);
    await eventually(() => expect(feed.events[0]?.type).toBe('recent'));
    const rounds = await Promise.all(players.map((p) => flip(p.token)));
    for (const round of rounds) await feed.roundOf(round.id);
    expect(new Set(feed.rounds().map((round) => round.name))).toEqual(new Set(['Ann', 'Ben', 'Cid', 'Dan', 'Eve']));
    expect(feed.rounds()).toHaveLength(5);
    feed.close();
  });

  it('a new feed starts with the last rounds, newest first; a round committed as it connects follows as an event', async () => {
    const carol = await player('Carol');
    const first = await flip(carol.token);
    const second = await flip(carol.token);
    const feed = openFeed(carol.token);
    try {
      const recent = await eventually(() => {
        const event = feed.events[0];
        if (event?.type !== 'recent') throw new Error('no recent event yet');
        return event.data.rounds.map((round) => round.id);
      });
      expect(recent.length).toBeLessThanOrEqual(productConfig.liveFeed.recentRounds);
      // On PostgreSQL the replica hears a commit a moment after the bet's reply: a round it has
      // not heard of yet when the client connects comes as a round event right after.
      const shown = await eventually(() => {
        const list = [
          ...new Set([
            ...feed
              .rounds()
              .map((round) => round.id)
              .reverse(),
            ...recent,
          ]),
        ];
        if (!list.includes(first.id) || !list.includes(second.id)) throw new Error('not both shown yet');
        return list;
      });
      expect(shown.indexOf(second.id)).toBeLessThan(shown.indexOf(first.id));
    } finally {
      feed.close();
    }
  });

  it('a player who hides their name shows as hidden, in new rounds and in those still on show; showing it again brings it back', async () => {
    const dora = await player('Dora');
    const watcher = await player('Watcher');
    const feed = openFeed(watcher.token);
    await eventually(() => expect(feed.events[0]?.type).toBe('recent'));
    expect(await call<PrivacyState>(dora.token, 'profile/privacy')).toEqual({ showName: true });
    const before = await flip(dora.token);
    expect((await feed.roundOf(before.id)).name).toBe('Dora');

    expect(await call<PrivacyState>(dora.token, 'profile/privacy/change', { showName: false })).toEqual({ showName: false });
    expect(await call<PrivacyState>(dora.token, 'profile/privacy')).toEqual({ showName: false });
    const renamed = await eventually(() => {
      const event = feed.events.find((e) => e.type === 'names');
      if (event?.type !== 'names') throw new Error('no names event yet');
      return event.data;
    });
    expect(renamed).toEqual({ rounds: [before.id], name: null });
    const after = await flip(dora.token);
    expect((await feed.roundOf(after.id)).name).toBeNull();

    // The same choice again moves nothing and tells nobody.
    expect(await call<PrivacyState>(dora.token, 'profile/privacy/change', { showName: false })).toEqual({ showName: false });
    const barrier = await flip(watcher.token);
    await feed.roundOf(barrier.id);
    expect(feed.events.filter((e) => e.type === 'names')).toHaveLength(1);

    // A feed opened now has the name hidden too.
    const late = openFeed(watcher.token);
    const shownLate = await eventually(() => {
      const event = late.events[0];
      if (event?.type !== 'recent') throw new Error('no recent event yet');
      return event.data.rounds.filter((round) => round.id === before.id || round.id === after.id);
    });
    expect(shownLate.map((round) => round.name)).toEqual([null, null]);
    late.close();

    await call<PrivacyState>(dora.token, 'profile/privacy/change', { showName: true });
    await eventually(() =>
      expect(feed.events.filter((e) => e.type === 'names').at(-1)?.data).toEqual({ rounds: [after.id, before.id], name: 'Dora' }),
    );
    feed.close();
  });

  it('refuses the feed without a session, and past the streams one player may hold', async () => {
    const noSession = await fetch(`${base}/api/v3/games/live`, {
      method: 'POST',
      headers: { 'x-app-key': TEST_APP_KEY, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(noSession.status).toBe(401);
    const noKey = await fetch(`${base}/api/v3/games/live`, { method: 'POST' });
    expect(noKey.status).toBe(401);

    const erin = await player('Erin');
    const open = Array.from({ length: 4 }, () => openFeed(erin.token));
    for (const feed of open) await eventually(() => expect(feed.events[0]?.type).toBe('recent'));
    const fifth = openFeed(erin.token);
    await expect(fifth.ended).resolves.toEqual({ reason: 'refused', status: 429, retryAfterSeconds: null });
    // A closed stream is forgotten: its place can be taken again.
    open[0]!.close();
    await eventually(async () => {
      const again = openFeed(erin.token);
      const end = await Promise.race([again.ended, new Promise((resolve) => setTimeout(() => resolve('open'), 300))]);
      again.close();
      if (end !== 'open') throw new Error('still refused');
    });
    for (const feed of open) feed.close();
  });

  it('the stream answers as an event stream no proxy should buffer, and counts in the open-streams gauge', async () => {
    const fay = await player('Fay');
    const gauge = async () => (await liveFeedConnections.get()).values[0]?.value ?? 0;
    // The earlier tests' streams, closed by their clients, are gone once the server has heard.
    await eventually(async () => expect(await gauge()).toBe(0));
    const before = 0;
    const controller = new AbortController();
    const response = await fetch(`${base}/api/v3/games/live`, {
      method: 'POST',
      headers: { 'x-app-key': TEST_APP_KEY, authorization: `Bearer ${fay.token}`, 'content-type': 'application/json' },
      body: '{}',
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value as Uint8Array);
    expect(first).toMatch(/^retry: \d+\n\n/);
    await eventually(async () => expect(await gauge()).toBe(before + 1));
    controller.abort();
    await eventually(async () => expect(await gauge()).toBe(before));
  });

  it('the weekly leaderboard: most wagered and best multiplier from the book, names as chosen, empty again on Monday UTC', async () => {
    const clock = new TestClock(Date.parse('2030-01-06T23:50:00Z'));
    const server = await startServer(suite.db, { clock });
    try {
      const [gus, hal] = [await player('Gus', server, clock), await player('Hal', server, clock)];
      const board = () => call<typeof Leaderboard.infer>(gus.token, 'games/leaderboard', {}, server);
      const empty = await board();
      expect(Leaderboard(empty)).toEqual({
        weekStart: '2029-12-31T00:00:00.000Z',
        resetsAt: '2030-01-07T00:00:00.000Z',
        wagered: [],
        best: [],
      });

      for (let i = 0; i < 6; i++) await flip(gus.token, server);
      for (let i = 0; i < 3; i++)
        await call<BetResult>(
          hal.token,
          'games/roll',
          { stake: '0.2', currency: 'ton', target: '90', direction: 'under', idempotencyKey: key() },
          server,
        );
      // The book's figures: stakes debited by bet transactions this week, best multiplier of a won round.
      const fromBook = async (userId: bigint) => {
        const { rows } = await suite.db.query<{ wagered: bigint; best: bigint }>(
          `SELECT (SELECT COALESCE(sum(-j.amount), 0)::bigint FROM ledger_transactions t
                     JOIN journal_entries j ON j.transaction_id = t.id JOIN accounts a ON a.id = j.account_id
                    WHERE t.kind = 'bet' AND t.user_id = $1 AND a.user_id = $1 AND t.created_at >= '2029-12-31T00:00:00Z') AS wagered,
                  (SELECT COALESCE(max(multiplier), 0)::bigint FROM game_rounds WHERE user_id = $1 AND payout > 0) AS best`,
          [userId],
        );
        return rows[0]!;
      };
      const [gusBook, halBook] = [await fromBook(gus.userId), await fromBook(hal.userId)];
      expect(gusBook.wagered).toBe(toNano('0.6'));
      expect(halBook.wagered).toBe(toNano('0.6'));

      clock.advance(10);
      const week = await board();
      // Equal wagers: the earlier player (lower id) first.
      expect(week.wagered).toEqual([
        { place: 1, name: 'Gus', mine: true, wagered: '0.6' },
        { place: 2, name: 'Hal', mine: false, wagered: '0.6' },
      ]);
      // Gus's flips pay more than Hal's rolls when they win: the board's order is the book's.
      const bests = [
        { name: 'Gus', best: gusBook.best },
        { name: 'Hal', best: halBook.best },
      ].filter((row) => row.best > 0n);
      expect(week.best).toEqual(
        bests.map((row, index) => ({
          place: index + 1,
          name: row.name,
          mine: row.name === 'Gus',
          multiplier: multiplierText(Number(row.best)),
        })),
      );

      // Hiding the name shows at once on the board (only the ranking is cached).
      await call<PrivacyState>(gus.token, 'profile/privacy/change', { showName: false }, server);
      expect((await board()).wagered[0]).toEqual({ place: 1, name: null, mine: true, wagered: '0.6' });

      // Monday 00:00 UTC: a new week, an empty board; the new week's rounds start it again.
      clock.ms = Date.parse('2030-01-07T00:00:00Z');
      const monday = await board();
      expect(monday).toEqual({ weekStart: '2030-01-07T00:00:00.000Z', resetsAt: '2030-01-14T00:00:00.000Z', wagered: [], best: [] });
      await flip(hal.token, server);
      clock.advance(10);
      expect((await board()).wagered).toEqual([{ place: 1, name: 'Hal', mine: false, wagered: '0.1' }]);
    } finally {
      await server.close();
    }
  });

  it('heartbeats a quiet stream, ends it at its age, and ends every stream when closed', async () => {
    let now = 0;
    const feed = new LiveFeed({ db: suite.db, log: quiet, now: () => now, limits: { heartbeatMs: 30, maxStreamMs: 10_000 } });
    const opened = await feed.open(1n);
    if (!opened.ok) throw new Error(opened.reason);
    const text: string[] = [];
    opened.stream.on('data', (chunk: Buffer) => text.push(chunk.toString()));
    await eventually(() => expect(text.join('')).toContain(':\n\n'));
    await suite.db.transaction((tx) =>
      notify(tx, {
        kind: 'round',
        round: '999999',
        user: '1',
        game: 'roll',
        currency: 'bonus',
        stake: '1000000000',
        payout: '99000000000',
        multiplier: '990000',
        at: new Date().toISOString(),
        name: 'Zed',
      }),
    );
    await eventually(() => expect(text.join('')).toContain('"id":"999999"'));
    expect(text.join('')).toContain('"big":true');
    now = 10_000;
    await new Promise((resolve) => opened.stream.once('end', resolve));
    expect(feed.connections).toBe(0);

    const again = await feed.open(1n);
    if (!again.ok) throw new Error(again.reason);
    again.stream.resume();
    const ended = new Promise((resolve) => again.stream.once('close', resolve));
    await feed.close();
    await ended;
    expect(feed.connections).toBe(0);
    expect(await feed.open(1n)).toEqual({ ok: false, reason: 'closing' });
  });

  it('rounds settling at once go out together: at most a batch of them, the newest, big wins first, in order', async () => {
    const feed = new LiveFeed({ db: suite.db, log: quiet, limits: { batchMs: 100, roundsPerBatch: 5 } });
    const opened = await feed.open(1n);
    if (!opened.ok) throw new Error(opened.reason);
    const text: string[] = [];
    opened.stream.on('data', (chunk: Buffer) => text.push(chunk.toString()));
    await eventually(() => expect(text.join('')).toContain('event: recent'));
    const before = text.length;
    const notice = (id: number, big: boolean) => ({
      kind: 'round',
      round: String(800_000 + id),
      user: '1',
      game: 'flip',
      currency: 'ton',
      stake: '1000000000',
      payout: big ? '60000000000' : '0',
      multiplier: big ? '19800' : '0',
      at: new Date().toISOString(),
      name: 'Batch',
    });
    // One commit: all twenty arrive at once.
    await suite.db.transaction(async (tx) => {
      for (let id = 1; id <= 20; id++) await notify(tx, notice(id, id === 3 || id === 7));
    });
    await eventually(() => expect(text.length).toBeGreaterThan(before));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const sent = text.slice(before).join('');
    // One write, five rounds: the two big wins and the three newest, in the order they settled.
    expect(text.length - before).toBe(1);
    expect([...sent.matchAll(/"id":"(\d+)"/g)].map((match) => Number(match[1]) - 800_000)).toEqual([3, 7, 18, 19, 20]);
    // The feed's last rounds keep them all, for a client that connects now.
    expect(
      feed
        .recentRounds()
        .slice(0, 3)
        .map((round) => round.id),
    ).toEqual(['800020', '800019', '800018']);
    await feed.close();
  });

  /** A settled round's notice as migration 029's trigger sends it (positions aside: `notify` adds them). */
  const roundNotice = (id: number, user: string, name: string | null) => ({
    kind: 'round',
    round: String(id),
    user,
    game: 'flip',
    currency: 'ton',
    stake: '100000000',
    payout: '0',
    multiplier: '0',
    at: new Date().toISOString(),
    name,
  });
  const increasing = (ids: number[]) => ids.every((id, i) => Number.isSafeInteger(id) && (i === 0 || id > ids[i - 1]!));

  it('events carry feed positions as ids; a stream opened again with its Last-Event-ID gets exactly the rounds it missed, in order, once', async () => {
    const kim = await player('Kim');
    const first = readFeedRaw(base, kim.token);
    const seen = await flip(kim.token);
    await eventually(() => expect(showAfter(first.messages).map((round) => round.id)).toContain(seen.id));
    expect(increasing(idsOf(first.messages))).toBe(true);
    const last = first.lastId()!;
    first.close();

    const missed: string[] = [];
    for (let i = 0; i < 5; i++) missed.push((await flip(kim.token)).id);
    // As the Last-Event-ID header (EventSource's), and as the query parameter (a fetch client's).
    for (const via of ['header', 'query'] as const) {
      const resumed = readFeedRaw(base, kim.token, { lastEventId: last, via });
      await eventually(() => expect(resumed.rounds()).toEqual(missed));
      // A batch later, nothing more came: no snapshot, no round twice.
      await sleep(3 * LIVE_FEED_LIMITS.batchMs);
      expect(resumed.messages.map((m) => m.event)).toEqual(missed.map(() => 'round'));
      expect(resumed.rounds()).toEqual(missed);
      const ids = idsOf(resumed.messages);
      expect(increasing(ids) && ids[0]! > Number(last)).toBe(true);
      expect(resumed.failure()).toBeNull();
      resumed.close();
    }
  });

  it('a Last-Event-ID it cannot replay from gets a fresh snapshot: older than the rounds it holds, or not a position', async () => {
    const lou = await player('Lou');
    const first = readFeedRaw(base, lou.token);
    await eventually(() => expect(first.messages[0]?.event).toBe('recent'));
    const old = first.lastId()!;
    first.close();
    // More rounds than a feed holds (and shows) settle meanwhile.
    let latest = '';
    for (let i = 0; i <= productConfig.liveFeed.recentRounds; i++) latest = (await flip(lou.token)).id;
    const fresh = readFeedRaw(base, lou.token);
    await eventually(() => expect(showAfter(fresh.messages)[0]?.id).toBe(latest));
    fresh.close();
    for (const lastEventId of [old, 'yesterday', '-1', '']) {
      const again = readFeedRaw(base, lou.token, { lastEventId });
      await eventually(() => expect(again.messages[0]?.event).toBe('recent'));
      expect((JSON.parse(again.messages[0]!.data) as LiveRecent).rounds[0]?.id).toBe(latest);
      expect(again.messages[0]!.lastEventId).toBe(fresh.lastId());
      again.close();
    }
  });

  it('a stream opened while a round waits for its batch gets it once; so does one resuming from before it', async () => {
    const feed = new LiveFeed({ db: suite.db, log: quiet, limits: { batchMs: 800, catchUpMs: 100 } });
    try {
      const first = await feed.open(1n);
      if (!first.ok) throw new Error(first.reason);
      const early = readStream(first.stream);
      await eventually(() => expect(early.messages[0]?.event).toBe('recent'));
      const before = feed.position;
      const position = await suite.db.transaction((tx) => notify(tx, roundNotice(720_001, '1', 'Pending')));
      await eventually(() => expect(feed.position).toBe(position));
      // Heard, and waiting for its batch.
      expect(early.rounds()).toEqual([]);
      const [fresh, resumed, ahead] = (
        await Promise.all([feed.open(2n), feed.open(3n, String(before)), feed.open(4n, String(position + 1_000))])
      ).map((opened) => {
        if (!opened.ok) throw new Error(opened.reason);
        return readStream(opened.stream);
      });
      await eventually(() => expect(early.rounds()).toEqual(['720001']));
      await sleep(1_000);
      const times = (read: { text(): string }) => read.text().split('"id":"720001"').length - 1;
      expect([early, fresh!, resumed!, ahead!].map(times)).toEqual([1, 1, 1, 1]);
      // The new stream has it in its snapshot, the resumed one as the one event it missed.
      expect(fresh!.messages.map((m) => [m.event, m.lastEventId])).toEqual([['recent', String(position)]]);
      expect(resumed!.messages.map((m) => [m.event, m.lastEventId])).toEqual([['round', String(position)]]);
      // A position this replica never hears (of another database, say) is waited for a moment, then a snapshot.
      expect(ahead!.messages.map((m) => m.event)).toEqual(['recent']);
      expect(early.messages.map((m) => [m.event, m.lastEventId])).toEqual([
        ['recent', String(before)],
        ['round', String(position)],
      ]);
    } finally {
      await feed.close();
    }
  });

  it('a flood of name changes costs a stream at most one names event a batch; a stream that stops reading still ends with every round', async () => {
    const batchMs = 40;
    const feed = new LiveFeed({
      db: suite.db,
      log: quiet,
      limits: { batchMs, roundsPerBatch: 20, queueEvents: 4, streamBufferBytes: 512 },
    });
    try {
      const reading = await feed.open(1n);
      const stuck = await feed.open(2n);
      if (!reading.ok || !stuck.ok) throw new Error('not opened');
      const live = readStream(reading.stream);
      await eventually(() => expect(live.messages[0]?.event).toBe('recent'));
      const dropped = (await liveFeedDropped.get()).values[0]?.value ?? 0;

      await suite.db.transaction((tx) => notify(tx, roundNotice(730_000, '900', 'Flooder')));
      const steady: string[] = [];
      const started = Date.now();
      for (let i = 0; i < 200; i++) {
        await suite.db.transaction((tx) => notify(tx, { kind: 'name', user: '900', name: i % 2 === 0 ? null : 'Flooder' }));
        // (PGlite answers without letting timers run: a pause lets the batches go out meanwhile.)
        await sleep(2);
        if (i % 20 === 19) {
          steady.push(String(730_001 + steady.length));
          await suite.db.transaction((tx) => notify(tx, roundNotice(Number(steady.at(-1)), '901', 'Steady')));
        }
      }
      const last = await suite.db.transaction((tx) => notify(tx, { kind: 'name', user: '900', name: null }));
      await eventually(() => expect(feed.position).toBe(last));
      const floodMs = Date.now() - started;
      // Its last write is of that last change.
      await eventually(() => expect(live.lastId()).toBe(String(last)));
      expect(showAfter(live.messages).find((round) => round.id === '730000')?.name).toBeNull();

      // The reading stream: every round once, in order, and few names events (the latest choice of each batch).
      expect(live.rounds()).toEqual(['730000', ...steady]);
      const names = live.names();
      expect(names.length).toBeLessThanOrEqual(Math.ceil(floodMs / batchMs) + 2);
      expect(names.length).toBeLessThan(200);
      expect(increasing(idsOf(live.messages))).toBe(true);

      // The stream that read nothing: its full queue was let go for a snapshot, which holds every round.
      const late = readStream(stuck.stream);
      await eventually(() => expect(late.lastId()).toBe(String(last)));
      await eventually(() => {
        const shown = showAfter(late.messages);
        expect(shown.filter((round) => steady.includes(round.id)).map((round) => round.id)).toEqual([...steady].reverse());
        expect(shown.find((round) => round.id === '730000')?.name).toBeNull();
      });
      expect(late.messages.filter((m) => m.event === 'recent').length).toBeGreaterThanOrEqual(1);
      expect((await liveFeedDropped.get()).values[0]?.value ?? 0).toBeGreaterThan(dropped);
    } finally {
      await feed.close();
    }
  });

  it('200 name changes by one player in a burst: each stream gets a few names events, the latest choice, and every round bet meanwhile', async () => {
    // A second server (the test setup lets the flood through, to show what the feeds do with it;
    // the limit is the next test's): streams on both.
    const server = await startServer(suite.db);
    const at = await server.listen({ port: 0, host: '127.0.0.1' });
    const feeds: RawFeed[] = [];
    try {
      const flooder = await player('Flood', server);
      const bettor = await player('Steady', server);
      const own = await flip(flooder.token, server);
      feeds.push(readFeedRaw(at, bettor.token), readFeedRaw(at, bettor.token), readFeedRaw(base, bettor.token));
      for (const feed of feeds) await eventually(() => expect(showAfter(feed.messages).some((round) => round.id === own.id)).toBe(true));

      const started = Date.now();
      const toggles = Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          post(server, '/api/v3/profile/privacy/change', { showName: i % 2 === 1 }, { token: flooder.token }),
        ),
      );
      const bets: string[] = [];
      const betting = (async () => {
        for (let i = 0; i < 6; i++) {
          bets.push((await flip(bettor.token, server)).id);
          await sleep(50);
        }
      })();
      const replies = await toggles;
      const burstMs = Date.now() - started;
      await betting;
      expect(replies.map((reply) => reply.statusCode)).toEqual(replies.map(() => 200));
      const { rows } = await suite.db.query<{ name_hidden: boolean }>('SELECT name_hidden FROM users WHERE id = $1', [flooder.userId]);
      const latest = rows[0]!.name_hidden ? null : 'Flood';

      for (const feed of feeds) {
        await eventually(() => expect(feed.rounds().filter((id) => bets.includes(id))).toEqual(bets));
        await eventually(() => expect(showAfter(feed.messages).find((round) => round.id === own.id)?.name).toBe(latest));
      }
      await sleep(3 * LIVE_FEED_LIMITS.batchMs);
      for (const feed of feeds) {
        const names = feed.names().filter((event) => event.rounds.includes(own.id));
        // At most one a batch while the changes came, never one per change.
        expect(names.length).toBeLessThanOrEqual(Math.ceil(burstMs / LIVE_FEED_LIMITS.batchMs) + 2);
        expect(names.length).toBeLessThan(20);
        expect(feed.rounds().filter((id) => bets.includes(id))).toEqual(bets);
        expect(increasing(idsOf(feed.messages))).toBe(true);
        expect(feed.failure()).toBeNull();
      }
    } finally {
      for (const feed of feeds) feed.close();
      await server.close();
    }
  });

  it('the name choice is limited per player: past the limit a 429 says when to retry, and other players go on', async () => {
    // Production's default limit (the test setup raises it for the other suites).
    const limit = loadConfig({ NODE_ENV: 'development' }).nameChoiceRateLimit.max;
    const server = await startServer(suite.db, { env: { NAME_CHOICE_RATE_LIMIT: String(limit) } });
    try {
      const [lee, max] = [await player('Lee', server), await player('Max', server)];
      const change = (token: string, showName: boolean) => post(server, '/api/v3/profile/privacy/change', { showName }, { token });
      const choices = Array.from({ length: limit }, (_, i) => i % 2 === 1);
      for (const showName of choices) expect((await change(lee.token, showName)).statusCode).toBe(200);
      const refused = await change(lee.token, !choices.at(-1));
      expect(refused.statusCode).toBe(429);
      const reply = envelope(refused);
      expect(reply.success).toBe(false);
      expect(reply.message).toMatch(/^Too many name changes, retry in \d+ seconds?$/);
      // Refused, so not made.
      expect(await call<PrivacyState>(lee.token, 'profile/privacy', {}, server)).toEqual({ showName: choices.at(-1) });
      expect((await change(max.token, false)).statusCode).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('a server closing with open streams ends them and closes at once', async () => {
    const server = await startServer(suite.db);
    const at = await server.listen({ port: 0, host: '127.0.0.1' });
    const ivy = await player('Ivy', server);
    const events: LiveEvent[] = [];
    const ended = readLiveFeed({
      baseUrl: at,
      appKey: TEST_APP_KEY,
      token: ivy.token,
      signal: new AbortController().signal,
      onEvent: (event) => events.push(event),
    });
    await eventually(() => expect(events[0]?.type).toBe('recent'));
    const started = Date.now();
    await server.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    await expect(ended).resolves.toEqual({ reason: 'ended' });
  });

  it('a server closing closes at once a spare connection, one kept alive after its reply, and one whose request is arriving', async () => {
    const server = await startServer(suite.db);
    const at = new URL(await server.listen({ port: 0, host: '127.0.0.1' }));
    // Node would hold such connections until its headers timeout: make that far longer than the test.
    server.server.headersTimeout = 600_000;
    server.server.requestTimeout = 0;
    const raw = (send: string) =>
      new Promise<{ heard: () => string; closed: Promise<string> }>((resolve, reject) => {
        const socket = connect(Number(at.port), at.hostname, () => {
          let heard = '';
          socket.on('data', (chunk: Buffer) => (heard += chunk.toString('latin1')));
          const closed = new Promise<string>((done) => socket.once('close', () => done(heard)));
          if (send) socket.write(send);
          resolve({ heard: () => heard, closed });
        });
        socket.once('error', reject);
      });
    // A pooled client's spare connection, which never sends a request.
    const silent = await raw('');
    // One that got its reply and stays open for the next (keep-alive).
    const kept = await raw('GET /healthz HTTP/1.1\r\nHost: arcade\r\n\r\n');
    // One whose request is still arriving when the server closes: its headers are not finished.
    const arriving = await raw('GET /healthz HTTP/1.1\r\nHost: arcade\r\n');
    await eventually(() => expect(kept.heard()).toMatch(/^HTTP\/1\.1 200 /));
    const closing = server.close();
    const closedInTime = await Promise.race([
      closing.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 30_000)),
    ]);
    expect(closedInTime).toBe(true);
    expect(await silent.closed).toBe('');
    expect(await kept.closed).toMatch(/^HTTP\/1\.1 200 /);
    await arriving.closed;
  });
});
