/**
 * The live feed of settled rounds: one per replica, fed by the database's notifications.
 *
 * Positions and event ids. Everything the feed tells (a settled round, a changed name choice) has
 * a position: a number the database gives it at commit, one more than the last, in commit order
 * (migration 031), carried by the notification that every replica hears. So every replica numbers
 * the feed alike, and each Server-Sent Event's `id:` is a position: a `recent` snapshot's is the
 * last position it includes; a `round` or `names` event's is its own, except that the last event
 * of each write carries the last position that write covers (what a write leaves out, rounds past
 * a batch's 8 or a name change of a player with no round on show, a client is not owed). A client
 * that has the event with id P has been told everything up to P.
 *
 * Resume. A stream opened with a Last-Event-ID P (the header EventSource sends; `?lastEventId=`
 * for a client that cannot set it) is sent, after `retry:`, the events after P, each once and in
 * order: the rounds settled after P (with the names they show now), and each player's latest name
 * change after P. It replays when this replica has heard every position after P: P is no older
 * than the rounds it holds (the last `productConfig.liveFeed.recentRounds`, what a client shows)
 * nor than its last reading of the database (on its start and after its notification connection
 * was lost). Otherwise (P too old, not a position, or none) the stream starts with a fresh
 * `recent` snapshot, as a new one does. A P ahead of this replica (the client was on one that heard
 * a commit first) is waited for a moment (`catchUpMs`), then replayed; one that never comes (a
 * position of another database) gets a snapshot.
 *
 * Nothing twice. Each stream remembers the position it has been sent up to, and each write sends
 * a stream only what is past it: a stream opened while a round waits for its batch has the round in
 * its snapshot (or replay) and is not sent it again.
 *
 * Fan-out. What arrives within a batch tick goes out as one write to each stream: the rounds (at
 * most `roundsPerBatch`), and each player's name changes coalesced to the latest, so a player
 * flooding the name choice (limited per player too, NAME_CHOICE_RATE_LIMIT) adds at most one event
 * a tick, beside the rounds. A slow client's queue never drops writes (that would leave holes under
 * its ids): once full, it is replaced by one fresh snapshot, which holds the rounds it missed.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { Readable } from 'node:stream';
import { type } from 'arktype';
import { multiplierText } from '@arcade/api-client/fair';
import type { LiveNames, LiveRecent, LiveRound } from '@arcade/api-client/live';
import { fromNano } from '@arcade/api-client/money';
import type { Db } from '../../db/db';
import { processCounter, processGauge } from '../../metrics';
import { productConfig } from '../product-config';
import { EventQueue } from './event-queue';

/** The channel migration 031's deferred triggers notify: settled rounds and changed name choices, with their positions. */
export const LIVE_CHANNEL = 'arcade_live';

/** What a player lets show of their name (null: hidden), as SQL over `users u`. */
export const SHOWN_NAME_SQL = "CASE WHEN u.name_hidden THEN NULL ELSE NULLIF(left(u.first_name, 64), '') END";

export const liveFeedConnections = processGauge('arcade_live_feed_connections', 'Live feed streams open in this process');

export const liveFeedDropped = processCounter(
  'arcade_live_feed_dropped_events_total',
  'Live feed writes a slow client missed: its full queue let go for a fresh snapshot',
);

export const liveFeedSkipped = processCounter(
  'arcade_live_feed_skipped_rounds_total',
  'Settled rounds sent to no stream because more settled at once than a feed shows (big wins go first)',
);

export const liveFeedResumes = processCounter(
  'arcade_live_feed_resumes_total',
  'Live feed streams opened with a Last-Event-ID: sent what they missed (replayed), or a fresh snapshot',
  ['how'],
);

/** Tuning of the streams; the defaults are production's. */
export interface LiveFeedLimits {
  /** Writes waiting for one slow client; past it they are let go for one fresh snapshot. */
  queueEvents: number;
  /** What arrives within this long goes out together, as one write to each stream. */
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
  /** How long a stream resuming from a position this replica has not heard yet waits for it. */
  catchUpMs: number;
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
  catchUpMs: 2_000,
};

const Notice = type({
  kind: "'round'",
  position: 'string.integer',
  round: 'string',
  user: 'string',
  game: "'flip' | 'roll' | 'road'",
  currency: "'ton' | 'bonus'",
  stake: 'string.integer',
  payout: 'string.integer',
  multiplier: 'string.integer',
  at: 'string',
  name: 'string | null',
}).or({ kind: "'name'", position: 'string.integer', user: 'string', name: 'string | null' });

type Notice = typeof Notice.infer;

/** A round the feed holds, with the player it is of (kept on the server, never sent). */
interface Entry {
  user: string;
  /** Replaced when the player changes what shows of their name. */
  round: LiveRound;
  /** Its feed position; 0 for a round read from the database (older than any replay). */
  position: number;
}

/** A player's latest name choice heard, at its position. */
interface NameChange {
  user: string;
  name: string | null;
  position: number;
}

/** What one write tells, in position order. */
type Item = { kind: 'round'; position: number; entry: Entry } | ({ kind: 'names' } & NameChange);

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

/** One Server-Sent Event, as the stream writes it; `id` is its feed position (see the top of this module). */
export function sseEvent(event: string, data: unknown, id?: number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A Last-Event-ID as the client sent it: a position, or null for anything else (a fresh snapshot then). */
export function feedPosition(lastEventId: unknown): number | null {
  return typeof lastEventId === 'string' && /^\d{1,15}$/.test(lastEventId) ? Number(lastEventId) : null;
}

const HEARTBEAT = ':\n\n';

/**
 * One client's stream. It hands the HTTP response its small buffer's worth; what the client
 * does not take yet waits in a bounded queue that drops its oldest events, so a client that
 * stops reading holds at most the buffer and the queue. The feed never lets it drop: it replaces
 * a full queue with one snapshot (`resync`).
 */
export class FeedStream extends Readable {
  private readonly queue: EventQueue<string>;
  private wanted = false;
  private sentSince = true;
  /** The feed position this stream has been sent everything up to. */
  position = 0;

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

  /** True when one more write would push the oldest waiting one out. */
  get full(): boolean {
    return this.queue.length >= this.queue.limit;
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

  /** Lets go of the writes waiting and queues this one instead (a snapshot that tells all they did). */
  resync(chunk: string): void {
    if (this.destroyed || this.readableEnded) return;
    if (this.queue.length > 0) liveFeedDropped.inc(this.queue.length);
    this.queue.clear();
    this.send(chunk);
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

/** Notices heard while the database is read are kept for after it, up to this many. */
const EARLY_NOTICES = 10_000;

/**
 * The live feed of one replica: it listens to the database's notifications of settled rounds and
 * name choices (every replica hears every commit, in commit order), keeps the last rounds for new
 * and resuming clients, and writes each batch once as text for the streams at the same position.
 * It starts listening on its first client.
 */
export class LiveFeed {
  private readonly db: Db;
  private readonly log: LiveFeedOptions['log'];
  private readonly now: () => number;
  readonly limits: LiveFeedLimits;
  /** The last rounds, newest first: what a snapshot shows and a replay sends from. */
  private recent: Entry[] = [];
  /** The last position applied. */
  private head = 0;
  /** The oldest position a stream can resume from: everything after it is in `recent` and `names`. */
  private floor = 0;
  /** Each player's latest name change after `floor`, of the players with a round on show (at most as many as `recent`). */
  private readonly names = new Map<string, NameChange>();
  /** False while the database is read; notices heard meanwhile wait in `early`. */
  private ready = false;
  private early: Notice[] = [];
  private reading: Promise<void> | null = null;
  private readAgain = false;
  private readonly streams = new Set<FeedStream>();
  /** Heard since the last write to the streams. */
  private pendingRounds: Entry[] = [];
  private readonly pendingNames = new Map<string, NameChange>();
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

  /** The last feed position this replica applied. */
  get position(): number {
    return this.head;
  }

  /** The rounds a new client is shown, newest first. */
  recentRounds(): LiveRound[] {
    return this.recent.map((entry) => entry.round);
  }

  /**
   * Opens a stream for a player: from `lastEventId` when it can replay from there (see the top of
   * this module), else the last rounds first; then what settles, as it settles.
   */
  async open(userId: bigint, lastEventId: string | null = null): Promise<OpenFeed> {
    const player = String(userId);
    const refused = this.refusal(player);
    if (refused) return refused;
    await this.start();
    await this.reading?.catch(() => {});
    const resumeFrom = feedPosition(lastEventId);
    if (resumeFrom !== null) await this.catchUp(resumeFrom);
    const late = this.refusal(player);
    if (late) return late;

    const stream = new FeedStream(player, this.now(), this.limits);
    this.streams.add(stream);
    this.perPlayer.set(player, (this.perPlayer.get(player) ?? 0) + 1);
    liveFeedConnections.inc();
    stream.once('close', () => this.forget(stream));
    stream.send(`retry: ${this.limits.retryMs}\n\n`);
    if (resumeFrom !== null && this.canReplay(resumeFrom)) {
      liveFeedResumes.inc({ how: 'replayed' });
      const missed = this.render(this.itemsAfter(resumeFrom), this.head);
      if (missed !== '') stream.send(missed);
    } else {
      if (resumeFrom !== null) liveFeedResumes.inc({ how: 'snapshot' });
      stream.send(this.recentEvent());
    }
    stream.position = this.head;
    return { ok: true, stream };
  }

  /** Ends every stream and stops listening; new streams are refused. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.batchTimer) clearTimeout(this.batchTimer);
    this.batchTimer = null;
    this.pendingRounds = [];
    this.pendingNames.clear();
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

  /** Listens, then reads the last rounds (what commits meanwhile is heard, and applied after). */
  private start(): Promise<void> {
    this.starting ??= (async () => {
      this.stopListening = await this.db.listen(LIVE_CHANNEL, {
        onPayload: (payload) => this.hear(payload),
        // Notifications were missed while the connection was down: read the rounds again, and
        // give every client the fresh list.
        onGap: () => this.readAgainSoon(),
        onError: (error) => this.log.warn({ err: error }, 'live feed: the notification connection failed'),
      });
      await this.reread();
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

  /** A replay from `position` is possible: this replica has everything after it. */
  private canReplay(position: number): boolean {
    return this.ready && position >= this.floor && position <= this.head;
  }

  /** Waits (a moment at most) until this replica has heard `position`. */
  private async catchUp(position: number): Promise<void> {
    const step = 20;
    for (let waited = 0; this.head < position && waited < this.limits.catchUpMs && !this.closed; waited += step) await sleep(step);
    await this.reading?.catch(() => {});
  }

  /** After a lost notification connection or a position skipped: read again until it succeeds. */
  private readAgainSoon(): void {
    if (this.closed) return;
    this.reread().catch((error: unknown) => {
      this.log.warn({ err: error }, 'live feed: reading the last rounds failed');
      setTimeout(() => this.readAgainSoon(), 1_000).unref();
    });
  }

  /**
   * Reads the position and the last rounds from the database (one snapshot of both), tells every
   * open stream the fresh list, then applies what was heard meanwhile past that position.
   */
  private reread(): Promise<void> {
    if (this.reading) {
      this.readAgain = true;
      return this.reading;
    }
    this.ready = false;
    if (this.batchTimer) clearTimeout(this.batchTimer);
    this.batchTimer = null;
    this.pendingRounds = [];
    this.pendingNames.clear();
    const reading = (async () => {
      do {
        this.readAgain = false;
        await this.reload();
      } while (this.readAgain);
    })();
    this.reading = reading.then(
      () => {
        this.reading = null;
        this.ready = true;
        if (this.streams.size > 0) {
          const snapshot = this.recentEvent();
          for (const stream of this.streams) {
            stream.resync(snapshot);
            stream.position = this.head;
          }
        }
        const early = this.early;
        this.early = [];
        // (Should one of them skip a position, the feed reads again: the rest wait for that.)
        for (const notice of early) {
          if (this.ready) this.apply(notice);
          else this.early.push(notice);
        }
      },
      (error: unknown) => {
        this.reading = null;
        throw error;
      },
    );
    return this.reading;
  }

  private async reload(): Promise<void> {
    // One statement, one snapshot: the position is exactly that of the rounds read.
    const { rows } = await this.db.query<{
      position: bigint;
      id: bigint | null;
      user_id: bigint;
      game: LiveRound['game'];
      currency: LiveRound['currency'];
      stake: bigint;
      payout: bigint;
      multiplier: bigint;
      finished_at: Date;
      name: string | null;
    }>(
      `SELECT p.position, r.*
         FROM live_feed_position p
         LEFT JOIN LATERAL (
           SELECT r.id, r.user_id, r.game, r.currency, r.stake, r.payout, r.multiplier, r.finished_at, ${SHOWN_NAME_SQL} AS name
             FROM game_rounds r JOIN users u ON u.id = r.user_id
            WHERE r.status <> 'open'
            ORDER BY r.id DESC
            LIMIT $1) r ON true`,
      [productConfig.liveFeed.recentRounds],
    );
    const position = Number(rows[0]?.position ?? 0);
    this.recent = rows
      .flatMap((row) =>
        row.id === null
          ? []
          : [
              {
                user: String(row.user_id),
                position: 0,
                round: liveRound({ ...row, id: String(row.id), at: new Date(row.finished_at) }),
              },
            ],
      )
      .sort(newestFirst);
    this.head = position;
    this.floor = position;
    this.names.clear();
  }

  private hear(payload: string): void {
    let notice: Notice;
    try {
      const checked = Notice(JSON.parse(payload));
      if (checked instanceof type.errors) throw new Error(checked.summary);
      notice = checked;
    } catch (error) {
      this.log.warn({ err: error }, 'live feed: a notification it cannot read');
      return;
    }
    if (this.ready) this.apply(notice);
    else {
      this.early.push(notice);
      // Past this many, the oldest go: the position then skips, and the feed reads again.
      if (this.early.length > EARLY_NOTICES) this.early.shift();
    }
  }

  private apply(notice: Notice): void {
    const position = Number(notice.position);
    // Already in what was read (or heard twice).
    if (position <= this.head) return;
    if (position > this.head + 1) {
      // Positions have no gaps: one was missed. Read again (what was missed is committed, so in it).
      this.log.warn({ heard: position, expected: this.head + 1 }, 'live feed: a notification was missed, reading again');
      this.early.push(notice);
      this.readAgainSoon();
      return;
    }
    this.head = position;
    if (notice.kind === 'round') {
      const entry: Entry = {
        user: notice.user,
        position,
        round: liveRound({
          id: notice.round,
          game: notice.game,
          currency: notice.currency,
          stake: BigInt(notice.stake),
          payout: BigInt(notice.payout),
          multiplier: BigInt(notice.multiplier),
          at: new Date(notice.at),
          name: notice.name,
        }),
      };
      this.recent.unshift(entry);
      const gone = this.recent.length > productConfig.liveFeed.recentRounds ? this.recent.pop() : undefined;
      if (gone) {
        this.floor = Math.max(this.floor, gone.position);
        // A name change tells something only while the player has a round on show.
        for (const [user, change] of this.names) {
          if (change.position <= this.floor || (user === gone.user && !this.recent.some((entry) => entry.user === user)))
            this.names.delete(user);
        }
      }
      this.pendingRounds.push(entry);
    } else {
      const change: NameChange = { user: notice.user, name: notice.name, position };
      // The rounds on show, and those not sent yet, take the new name (or none) at once.
      for (const entry of [...this.recent, ...this.pendingRounds]) {
        if (entry.user === change.user && entry.round.name !== change.name) entry.round = { ...entry.round, name: change.name };
      }
      // Of a player with no round on show there is nothing to rename: a round of theirs to come carries its name.
      if (this.recent.some((entry) => entry.user === change.user)) {
        this.names.set(change.user, change);
        this.pendingNames.set(change.user, change);
      }
    }
    this.batchTimer ??= setTimeout(() => this.sendPending(), this.limits.batchMs);
  }

  /** Everything after `position` (which `canReplay`), in position order. */
  private itemsAfter(position: number): Item[] {
    const rounds: Item[] = this.recent
      .filter((entry) => entry.position > position)
      .map((entry) => ({ kind: 'round', position: entry.position, entry }));
    const names: Item[] = [...this.names.values()]
      .filter((change) => change.position > position)
      .map((change) => ({ kind: 'names', ...change }));
    return [...rounds, ...names].sort((a, b) => a.position - b.position);
  }

  /**
   * The events of `items` as one write: each with its position as id, the last with `upTo` (the
   * position the write brings its stream to). A name change of a player with no round on show
   * tells nothing: it is left out.
   */
  private render(items: Item[], upTo: number): string {
    const events: { event: string; data: unknown; position: number }[] = [];
    for (const item of items) {
      if (item.kind === 'round') {
        events.push({ event: 'round', data: item.entry.round, position: item.position });
        continue;
      }
      const rounds = this.recent.filter((entry) => entry.user === item.user).map((entry) => entry.round.id);
      if (rounds.length > 0)
        events.push({ event: 'names', data: { rounds, name: item.name } satisfies LiveNames, position: item.position });
    }
    return events.map(({ event, data, position }, i) => sseEvent(event, data, i === events.length - 1 ? upTo : position)).join('');
  }

  private recentEvent(): string {
    const { bigWinMultiplier, bigWinPayoutNano } = productConfig.liveFeed;
    const recent: LiveRecent = {
      rounds: this.recentRounds(),
      bigWin: { multiplier: multiplierText(Number(bigWinMultiplier)), payout: fromNano(bigWinPayoutNano) },
    };
    return sseEvent('recent', recent, this.head);
  }

  /**
   * Writes what was heard since the last write, one chunk to each stream: of the rounds, when more
   * settled than a feed shows, the newest go (big wins before the others), in the order they
   * settled; of each player's name changes, the latest. A stream is sent only what is past its
   * position, and a stream whose queue is full a fresh snapshot instead.
   */
  private sendPending(): void {
    this.batchTimer = null;
    const heard = this.pendingRounds;
    this.pendingRounds = [];
    let chosen = heard;
    if (heard.length > this.limits.roundsPerBatch) {
      const newestFirst = [...heard].reverse();
      const picked = new Set(
        [...newestFirst.filter((entry) => entry.round.big), ...newestFirst.filter((entry) => !entry.round.big)].slice(
          0,
          this.limits.roundsPerBatch,
        ),
      );
      chosen = heard.filter((entry) => picked.has(entry));
      liveFeedSkipped.inc(heard.length - chosen.length);
    }
    const items: Item[] = [
      ...chosen.map((entry): Item => ({ kind: 'round', position: entry.position, entry })),
      ...[...this.pendingNames.values()].map((change): Item => ({ kind: 'names', ...change })),
    ].sort((a, b) => a.position - b.position);
    this.pendingNames.clear();

    const chunks = new Map<number, string>();
    let snapshot: string | null = null;
    for (const stream of this.streams) {
      if (stream.position >= this.head) continue;
      let chunk = chunks.get(stream.position);
      if (chunk === undefined) {
        chunk = this.render(
          items.filter((item) => item.position > stream.position),
          this.head,
        );
        chunks.set(stream.position, chunk);
      }
      stream.position = this.head;
      if (chunk === '') continue;
      if (stream.full) stream.resync((snapshot ??= this.recentEvent()));
      else stream.send(chunk);
    }
  }

  private tick(): void {
    const now = this.now();
    for (const stream of this.streams) {
      if (now - stream.openedAt >= this.limits.maxStreamMs) stream.finish();
      else stream.beat();
    }
  }
}
