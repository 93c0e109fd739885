import type { ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BetResult } from '@arcade/api-client/games';
import type { Db } from '../src/db/db';
import { dataFromProcess, fund, launchData, newUserId, postgresOnly, startServerProcess, stopServerProcesses } from './helpers';
import { idsOf, openFeedClient, readFeedRaw, showAfter, type FeedClient, type RawFeed } from './live-helpers';

/** Waits until `check` passes (it throws until then), for at most `ms`. */
const eventually = <T>(check: () => T | Promise<T>, ms = 20_000): Promise<T> => vi.waitFor(check, { timeout: ms, interval: 50 });

/**
 * Two server processes on one PostgreSQL database, as replicas behind a load balancer: a round
 * settled through one reaches the live feed clients of the other, through the database's
 * notifications (no other channel joins them).
 */
describe.each(postgresOnly('the live feed across two server processes'))(
  'the live feed across two server processes on $name',
  (database) => {
    const children: ChildProcess[] = [];
    let db: Db;
    let url: string;
    let drop: () => Promise<void>;
    let a = '';
    let b = '';
    const feeds: FeedClient[] = [];
    const rawFeeds: RawFeed[] = [];
    let keys = 0;

    const spawnServer = async (): Promise<string> => {
      // (The flood test sends 200 name changes: the test setup's limit lets them through.)
      const { child, base } = await startServerProcess(url);
      children.push(child);
      return base;
    };
    const send = dataFromProcess;

    const player = async (firstName: string) => {
      const id = newUserId();
      const { token } = await send<{ token: string }>(a, 'auth', { initData: launchData({ id, firstName }) });
      await send(a, 'play/age-confirm', {}, token);
      await fund(db, BigInt(id), '5');
      return token;
    };

    /** A stream read raw from one process (every event as sent, with its id), closed after the suite. */
    const raw = (base: string, token: string, lastEventId?: string) => {
      const feed = readFeedRaw(base, token, lastEventId === undefined ? {} : { lastEventId });
      rawFeeds.push(feed);
      return feed;
    };
    const increasing = (ids: number[]) => ids.every((id, i) => Number.isSafeInteger(id) && (i === 0 || id > ids[i - 1]!));

    const flip = async (base: string, token: string) =>
      (
        await send<BetResult>(
          base,
          'games/flip',
          { stake: '0.1', currency: 'ton', side: 'tails', idempotencyKey: `replica-${Date.now()}-${++keys}` },
          token,
        )
      ).round;

    /** A client of one process's feed, closed after the suite. */
    const openFeed = (base: string, token: string) => {
      const feed = openFeedClient(base, token);
      feeds.push(feed);
      return feed;
    };

    beforeAll(async () => {
      const created = await database.create();
      db = created.db;
      url = created.url!;
      drop = created.drop;
      [a, b] = await Promise.all([spawnServer(), spawnServer()]);
    });
    afterAll(async () => {
      for (const feed of [...feeds, ...rawFeeds]) feed.close();
      await stopServerProcesses(children);
      await drop?.();
    });

    it('a round placed on one process shows on a feed read from the other, both ways, named as the player chose', async () => {
      const token = await player('Replica');
      const onB = openFeed(b, token);
      const onA = openFeed(a, token);
      await eventually(() => expect([onA.events[0]?.type, onB.events[0]?.type]).toEqual(['recent', 'recent']));

      const placedOnA = await flip(a, token);
      expect(await onB.roundOf(placedOnA.id)).toMatchObject({ id: placedOnA.id, game: 'flip', name: 'Replica', payout: placedOnA.payout });
      const placedOnB = await flip(b, token);
      expect(await onA.roundOf(placedOnB.id)).toMatchObject({ id: placedOnB.id, name: 'Replica' });

      // The choice made through one process hides the name in the other's feed, old rounds and new.
      await send(a, 'profile/privacy/change', { showName: false }, token);
      await eventually(() =>
        expect(
          onB.events.some((event) => event.type === 'names' && event.data.name === null && event.data.rounds.includes(placedOnA.id)),
        ).toBe(true),
      );
      const hidden = await flip(a, token);
      expect((await onB.roundOf(hidden.id)).name).toBeNull();
    });

    it('both processes number the feed alike: a stream resumed on the other with its Last-Event-ID gets exactly the rounds it missed, once', async () => {
      const token = await player('Resumer');
      const onA = raw(a, token);
      const onB = raw(b, token);
      const seen = await flip(a, token);
      for (const feed of [onA, onB]) await eventually(() => expect(showAfter(feed.messages).map((round) => round.id)).toContain(seen.id));
      // The same events carry the same ids on both.
      await eventually(() => expect(onB.lastId()).toBe(onA.lastId()));
      const last = onA.lastId()!;
      onA.close();
      onB.close();

      const missed: string[] = [];
      for (let i = 0; i < 5; i++) missed.push((await flip(i % 2 === 0 ? a : b, token)).id);
      // A client of A resumes on B, and one of B on A.
      const resumed = [raw(b, token, last), raw(a, token, last)];
      for (const feed of resumed) await eventually(() => expect(feed.rounds()).toEqual(missed));
      await sleep(1_000);
      for (const feed of resumed) {
        expect(feed.messages.map((m) => m.event)).toEqual(missed.map(() => 'round'));
        expect(feed.rounds()).toEqual(missed);
        const ids = idsOf(feed.messages);
        expect(increasing(ids) && ids[0]! > Number(last)).toBe(true);
      }
      expect(resumed[0]!.lastId()).toBe(resumed[1]!.lastId());
    });

    it('200 name changes by one player through both processes: each stream gets a few names events, the latest choice, and every round', async () => {
      const flooder = await player('Flood');
      const bettor = await player('Steady');
      const own = await flip(a, flooder);
      const streams = [raw(a, bettor), raw(b, bettor)];
      for (const feed of streams) await eventually(() => expect(showAfter(feed.messages).some((round) => round.id === own.id)).toBe(true));

      const started = Date.now();
      const toggles = Promise.all(
        Array.from({ length: 200 }, (_, i) => send(i % 2 === 0 ? a : b, 'profile/privacy/change', { showName: i % 4 < 2 }, flooder)),
      );
      const bets: string[] = [];
      for (let i = 0; i < 6; i++) {
        bets.push((await flip(i % 2 === 0 ? b : a, bettor)).id);
        await sleep(50);
      }
      await toggles;
      const burstMs = Date.now() - started;
      const { showName } = await send<{ showName: boolean }>(a, 'profile/privacy', {}, flooder);
      const latest = showName ? 'Flood' : null;

      for (const feed of streams) {
        await eventually(() => expect(feed.rounds().filter((id) => bets.includes(id))).toEqual(bets));
        await eventually(() => expect(showAfter(feed.messages).find((round) => round.id === own.id)?.name).toBe(latest));
      }
      await sleep(1_000);
      for (const feed of streams) {
        const names = feed.names().filter((event) => event.rounds.includes(own.id));
        expect(names.length).toBeLessThanOrEqual(Math.ceil(burstMs / 250) + 2);
        expect(names.length).toBeLessThan(20);
        expect(feed.rounds().filter((id) => bets.includes(id))).toEqual(bets);
        expect(increasing(idsOf(feed.messages))).toBe(true);
        expect(feed.failure()).toBeNull();
      }
    });

    it('a process whose notification connection is cut listens again, sends the last rounds afresh and carries on', async () => {
      const token = await player('Resumed');
      const onB = openFeed(b, token);
      await eventually(() => expect(onB.events[0]?.type).toBe('recent'));
      const { rows } = await db.query<{ cut: boolean }>(
        "SELECT pg_terminate_backend(pid) AS cut FROM pg_stat_activity WHERE application_name = 'arcade-listen-arcade_live' AND datname = current_database()",
      );
      expect(rows.length).toBe(2);
      await eventually(() => expect(onB.events.filter((event) => event.type === 'recent').length).toBe(2));
      const round = await flip(a, token);
      expect((await onB.roundOf(round.id)).name).toBe('Resumed');
    });
  },
);
