import { Readable } from 'node:stream';
import { type } from 'arktype';
import { Counter, Gauge } from 'prom-client';
import { multiplierText } from '@arcade/api-client/fair';
import type { LiveNames, LiveRecent, LiveRound } from '@arcade/api-client/live';
import { fromNano } from '@arcade/api-client/money';
import type { Db } from '../../db/db';
import { processMetrics } from '../../metrics';
import { productConfig } from '../product-config';
import { EventQueue } from './event-queue';

/** The channel migration 024's triggers notify: settled rounds and changed name choices. */
export const LIVE_CHANNEL = 'arcade_live';

/** What a player lets show of their name (null: hidden), as SQL over `users u`. */
export const SHOWN_NAME_SQL = "CASE WHEN u.name_hidden THEN NULL ELSE NULLIF(left(u.first_name, 64), '') END";

export const liveFeedConnections = new Gauge({
  name: 'arcade_live_feed_connections',
  help: 'Live feed streams open in this process',
  registers: [processMetrics],
});

export const liveFeedDropped = new Counter({
  name: 'arcade_live_feed_dropped_events_total',
  help: 'Live feed events a slow client missed: pushed out of its full queue unsent',
  registers: [processMetrics],
});

export const liveFeedSkipped = new Counter({
  name: 'arcade_live_feed_skipped_rounds_total',
  help: 'Settled rounds sent to no stream because more settled at once than a feed shows (big wins go first)',
  registers: [processMetrics],
});

/** Tuning of the streams; the defaults are production's. */
export interface LiveFeedLimits {
  /** Writes waiting for one slow client; past it the oldest go. */
  queueEvents: number;
  /** Rounds that settle within this long go out together, as one write to each stream. */
  batchMs: number;
  /** Rounds one such write carries at most: the newest, big wins first. */
  roundsPerBatch: number;
  /** Bytes of a stream's own buffer before its queue holds the rest. */
  streamBufferBytes: number;
  /** A comment line to a stream that sent nothing for this long (proxies close silent connections). */
  heartbeatMs: number;
  /** A stream is ended at this age; the client connects again (to any replica). */
  maxStreamMs: number;
  /** Streams one player may hold open on one replica. */
  streamsPerPlayer: number;
  /** Streams one replica holds open in all. */
  maxStreams: number;
  /** What a client waits before connecting again after the stream ends. */
  retryMs: number;
}

export const LIVE_FEED_LIMITS: LiveFeedLimits = {
  queueEvents: 32,
  batchMs: 250,
  roundsPerBatch: 8,
  streamBufferBytes: 4096,
  heartbeatMs: 15_000,
  maxStreamMs: 30 * 60_000,
  streamsPerPlayer: 4,
  maxStreams: 10_000,
  retryMs: 3_000,
};

const Notice = type({
  kind: "'round'",
  round: 'string',
  user: 'string',
  game: "'flip' | 'roll' | 'road'",
  currency: "'ton' | 'bonus'",
  stake: 'string.integer',
  payout: 'string.integer',
  multiplier: 'string.integer',
  at: 'string',
  name: 'string | null',
}).or({ kind: "'name'", user: 'string', name: 'string | null' });

/** A round the feed holds, with the player it is of (kept on the server, never sent). */
interface Entry {
  user: string;
  round: LiveRound;
  /** Order of arrival on this replica. */
  seq: number;
}

interface RoundFigures {
  id: string;
  game: LiveRound['game'];
  currency: LiveRound['currency'];
  stake: bigint;
  payout: bigint;
  multiplier: bigint;
  at: Date;
  name: string | null;
}

/** A win is big from the product's multiplier or payout (a loss never is). */
export function isBigWin(payout: bigint, multiplier: bigint): boolean {
  const { bigWinMultiplier, bigWinPayoutNano } = productConfig.liveFeed;
  return payout > 0n && (multiplier >= bigWinMultiplier || payout >= bigWinPayoutNano);
}

export function liveRound(figures: RoundFigures): LiveRound {
  return {
    id: figures.id,
    game: figures.game,
    currency: figures.currency,
    stake: fromNano(figures.stake),
    payout: fromNano(figures.payout),
    multiplier: multiplierText(Number(figures.multiplier)),
    at: figures.at.toISOString(),
    name: figures.name,
    big: isBigWin(figures.payout, figures.multiplier),
  };
}

/** Newest first: by the time a round settled, then by id. */
function newestFirst(a: Entry, b: Entry): number {
  if (a.round.at !== b.round.at) return a.round.at < b.round.at ? 1 : -1;
  const [x, y] = [BigInt(a.round.id), BigInt(b.round.id)];
  return x === y ? 0 : x < y ? 1 : -1;
}

/** One Server-Sent Event, as the stream writes it. */
export function sseEvent(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

const HEARTBEAT = ':\n\n';

/**
 * One client's stream. It hands the HTTP response its small buffer's worth; what the client
 * does not take yet waits in a bounded queue that drops its oldest events, so a client that
 * stops reading holds at most the buffer and the queue.
 */
export class FeedStream extends Readable {
  private readonly queue: EventQueue<string>;
  private wanted = false;
  private sentSince = true;

  constructor(
    readonly player: string,
    readonly openedAt: number,
    limits: Pick<LiveFeedLimits, 'queueEvents' | 'streamBufferBytes'>,
  ) {
    super({ highWaterMark: limits.streamBufferBytes });
    this.queue = new EventQueue(limits.queueEvents);
  }

  /** Events waiting in the queue (not yet in the stream's buffer). */
  get waiting(): number {
    return this.queue.length;
  }

  get dropped(): number {
    return this.queue.dropped;
  }

  override _read(): void {
    this.wanted = true;
    this.flush();
  }

  send(chunk: string): void {
    if (this.destroyed || this.readableEnded) return;
    this.sentSince = true;
    if (this.queue.push(chunk)) liveFeedDropped.inc();
    this.flush();
  }

  /** A heartbeat if nothing was sent since the last call. */
  beat(): void {
    if (!this.sentSince && this.queue.length === 0) this.send(HEARTBEAT);
    this.sentSince = false;
  }

  /** Ends the stream after what its buffer holds; queued events are let go. */
  finish(): void {
    if (this.destroyed || this.readableEnded) return;
    this.queue.clear();
    this.push(null);
  }

  private flush(): void {
    while (this.wanted) {
      const next = this.queue.shift();
      if (next === undefined) return;
      this.wanted = this.push(next);
    }
  }
}

export type OpenFeed = { ok: true; stream: FeedStream } | { ok: false; reason: 'player-limit' | 'replica-limit' | 'closing' };

export interface LiveFeedOptions {
  db: Db;
  log: { warn(details: object, message: string): void };
  /** The clock of stream ages. */
  now?: () => number;
  limits?: Partial<LiveFeedLimits>;
}

/**
 * The live feed of one replica: it listens to the database's notifications of settled rounds
 * (every replica hears every commit), keeps the last rounds for new clients, and writes each
 * event once as text for all its streams. It starts listening on its first client.
 */
export class LiveFeed {
  private readonly db: Db;
  private readonly log: LiveFeedOptions['log'];
  private readonly now: () => number;
  readonly limits: LiveFeedLimits;
  private recent: Entry[] = [];
  private seq = 0;
  private readonly streams = new Set<FeedStream>();
  /** Rounds heard since the last write to the streams. */
  private pending: LiveRound[] = [];
  private batchTimer: NodeJS.Timeout | null = null;
  private readonly perPlayer = new Map<string, number>();
  private starting: Promise<void> | null = null;
  private stopListening: (() => Promise<void>) | null = null;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(options: LiveFeedOptions) {
    this.db = options.db;
    this.log = options.log;
    this.now = options.now ?? Date.now;
    this.limits = { ...LIVE_FEED_LIMITS, ...options.limits };
  }

  /** Streams open now. */
  get connections(): number {
    return this.streams.size;
  }

  /** The rounds a new client is shown, newest first. */
  recentRounds(): LiveRound[] {
    return this.recent.map((entry) => entry.round);
  }

  /** Opens a stream for a player: the last rounds first, then each round as it settles. */
  async open(userId: bigint): Promise<OpenFeed> {
    const player = String(userId);
    const refused = this.refusal(player);
    if (refused) return refused;
    await this.start();
    const late = this.refusal(player);
    if (late) return late;

    const stream = new FeedStream(player, this.now(), this.limits);
    this.streams.add(stream);
    this.perPlayer.set(player, (this.perPlayer.get(player) ?? 0) + 1);
    liveFeedConnections.inc();
    stream.once('close', () => this.forget(stream));
    stream.send(`retry: ${this.limits.retryMs}\n\n`);
    stream.send(this.recentEvent());
    return { ok: true, stream };
  }

  /** Ends every stream and stops listening; new streams are refused. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.batchTimer) clearTimeout(this.batchTimer);
    this.batchTimer = null;
    this.pending = [];
    for (const stream of this.streams) {
      stream.finish();
      // A client that does not read its last bytes must not hold the server's shutdown.
      setTimeout(() => stream.destroy(), 2_000).unref();
    }
    await this.starting?.catch(() => {});
    const stop = this.stopListening;
    this.stopListening = null;
    await stop?.();
  }

  private refusal(player: string): OpenFeed | null {
    if (this.closed) return { ok: false, reason: 'closing' };
    if (this.streams.size >= this.limits.maxStreams) return { ok: false, reason: 'replica-limit' };
    if ((this.perPlayer.get(player) ?? 0) >= this.limits.streamsPerPlayer) return { ok: false, reason: 'player-limit' };
    return null;
  }

  private forget(stream: FeedStream): void {
    if (!this.streams.delete(stream)) return;
    const left = (this.perPlayer.get(stream.player) ?? 1) - 1;
    if (left > 0) this.perPlayer.set(stream.player, left);
    else this.perPlayer.delete(stream.player);
    liveFeedConnections.dec();
  }

  /** Listens, then reads the last rounds (what commits meanwhile is heard, and kept). */
  private start(): Promise<void> {
    this.starting ??= (async () => {
      this.stopListening = await this.db.listen(LIVE_CHANNEL, {
        onPayload: (payload) => this.hear(payload),
        // Notifications were missed while the connection was down: read the rounds again, and
        // give every client the fresh list.
        onGap: () => {
          this.reload().then(
            () => this.broadcast(this.recentEvent()),
            (error: unknown) => this.log.warn({ err: error }, 'live feed: reading the last rounds failed'),
          );
        },
        onError: (error) => this.log.warn({ err: error }, 'live feed: the notification connection failed'),
      });
      await this.reload();
      this.timer = setInterval(() => this.tick(), this.limits.heartbeatMs);
      this.timer.unref();
    })().catch(async (error: unknown) => {
      this.starting = null;
      const stop = this.stopListening;
      this.stopListening = null;
      await stop?.().catch(() => {});
      throw error;
    });
    return this.starting;
  }

  private async reload(): Promise<void> {
    const from = this.seq;
    const { rows } = await this.db.query<{
      id: bigint;
      user_id: bigint;
      game: LiveRound['game'];
      currency: LiveRound['currency'];
      stake: bigint;
      payout: bigint;
      multiplier: bigint;
      finished_at: Date;
      name: string | null;
    }>(
      `SELECT r.id, r.user_id, r.game, r.currency, r.stake, r.payout, r.multiplier, r.finished_at, ${SHOWN_NAME_SQL} AS name
         FROM game_rounds r JOIN users u ON u.id = r.user_id
        WHERE r.status <> 'open'
        ORDER BY r.id DESC
        LIMIT $1`,
      [productConfig.liveFeed.recentRounds],
    );
    const read = rows.map((row) => ({
      user: String(row.user_id),
      seq: from,
      round: liveRound({ ...row, id: String(row.id), at: new Date(row.finished_at) }),
    }));
    const known = new Set(read.map((entry) => entry.round.id));
    const heardMeanwhile = this.recent.filter((entry) => entry.seq > from && !known.has(entry.round.id));
    this.recent = [...heardMeanwhile, ...read].sort(newestFirst).slice(0, productConfig.liveFeed.recentRounds);
  }

  private hear(payload: string): void {
    let notice: typeof Notice.infer;
    try {
      const checked = Notice(JSON.parse(payload));
      if (checked instanceof type.errors) throw new Error(checked.summary);
      notice = checked;
    } catch (error) {
      this.log.warn({ err: error }, 'live feed: a notification it cannot read');
      return;
    }
    if (notice.kind === 'round') {
      const round = liveRound({
        id: notice.round,
        game: notice.game,
        currency: notice.currency,
        stake: BigInt(notice.stake),
        payout: BigInt(notice.payout),
        multiplier: BigInt(notice.multiplier),
        at: new Date(notice.at),
        name: notice.name,
      });
      this.seq += 1;
      this.recent.unshift({ user: notice.user, round, seq: this.seq });
      this.recent.length = Math.min(this.recent.length, productConfig.liveFeed.recentRounds);
      this.pending.push(round);
      this.batchTimer ??= setTimeout(() => this.sendPending(), this.limits.batchMs);
      return;
    }
    const { user, name } = notice;
    const renamed: string[] = [];
    this.recent = this.recent.map((entry) => {
      if (entry.user !== user) return entry;
      renamed.push(entry.round.id);
      return { ...entry, round: { ...entry.round, name } };
    });
    // A round of theirs not sent yet goes out under the new name.
    const pendingIds = new Set(renamed);
    this.pending = this.pending.map((round) => (pendingIds.has(round.id) ? { ...round, name } : round));
    if (renamed.length > 0) this.broadcast(sseEvent('names', { rounds: renamed, name } satisfies LiveNames));
  }

  private recentEvent(): string {
    const { bigWinMultiplier, bigWinPayoutNano } = productConfig.liveFeed;
    const recent: LiveRecent = {
      rounds: this.recentRounds(),
      bigWin: { multiplier: multiplierText(Number(bigWinMultiplier)), payout: fromNano(bigWinPayoutNano) },
    };
    return sseEvent('recent', recent);
  }

  /**
   * Writes the rounds heard since the last write, as one chunk to every stream. When more settled
   * than a feed shows, the newest go (big wins before the others), in the order they settled.
   */
  private sendPending(): void {
    this.batchTimer = null;
    const heard = this.pending;
    this.pending = [];
    let chosen = heard;
    if (heard.length > this.limits.roundsPerBatch) {
      const newestFirst = [...heard].reverse();
      const picked = new Set(
        [...newestFirst.filter((round) => round.big), ...newestFirst.filter((round) => !round.big)].slice(0, this.limits.roundsPerBatch),
      );
      chosen = heard.filter((round) => picked.has(round));
      liveFeedSkipped.inc(heard.length - chosen.length);
    }
    if (chosen.length > 0) this.broadcast(chosen.map((round) => sseEvent('round', round)).join(''));
  }

  private broadcast(chunk: string): void {
    for (const stream of this.streams) stream.send(chunk);
  }

  private tick(): void {
    const now = this.now();
    for (const stream of this.streams) {
      if (now - stream.openedAt >= this.limits.maxStreamMs) stream.finish();
      else stream.beat();
    }
  }
}
