import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { APP_KEY } from './load-setup';

/**
 * The open-loop part of `pnpm bench load`: simulated players who think (exponential, mean 3 s)
 * and then make one money call, over keep-alive HTTP to one or more server processes. Each
 * player's send times are drawn from their previous scheduled time, never from when a reply
 * came back, and a call's latency runs from its scheduled time: a slow server delays the calls
 * behind it and those delays are counted (no coordinated omission).
 */

export const MEAN_THINK_MS = 3_000;

export interface Reply {
  /** 0 when no HTTP answer came (a socket error or the time-out). */
  status: number;
  code?: string;
  data?: unknown;
}

/** One server process, reached through its own keep-alive agent. */
export class Target {
  private readonly agent: http.Agent;
  private readonly host: string;
  private readonly port: number;
  constructor(
    readonly address: string,
    maxSockets = 256,
  ) {
    const url = new URL(address);
    this.host = url.hostname;
    this.port = Number(url.port);
    this.agent = new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });
  }

  post(path: string, body: unknown, token?: string, timeoutMs = 15_000): Promise<Reply> {
    const payload = JSON.stringify(body);
    const headers: http.OutgoingHttpHeaders = {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(payload),
      'x-app-key': APP_KEY,
    };
    if (token) headers.authorization = `Bearer ${token}`;
    return new Promise((resolve) => {
      const request = http.request(
        { agent: this.agent, host: this.host, port: this.port, method: 'POST', path, headers, timeout: timeoutMs },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const status = response.statusCode ?? 0;
            try {
              const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data?: unknown; code?: string; message?: string };
              // A refusal without a code is named by the start of its message.
              const code = parsed.code ?? (status >= 300 && parsed.message ? `"${parsed.message.slice(0, 48)}"` : undefined);
              resolve({ status, data: parsed.data, ...(code ? { code } : {}) });
            } catch {
              resolve({ status, code: 'unparsable-body' });
            }
          });
          response.on('error', () => resolve({ status: 0, code: 'response-error' }));
        },
      );
      request.on('timeout', () => request.destroy(new Error('timeout')));
      request.on('error', (error: NodeJS.ErrnoException) => resolve({ status: 0, code: error.code ?? error.message }));
      request.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

export type Game = 'flip' | 'roll' | 'road';
export const GAMES: Game[] = ['flip', 'roll', 'road'];

export interface Player {
  id: number;
  token: string;
  referred: boolean;
  /** Claimed the daily bonus: bets from the bonus balance while it lasts. */
  bonus: boolean;
  bonusTon: number;
  road: { roundId: string; passed: number; stepsLeft: number } | null;
  /** Calls made: the idempotency keys and which server takes the next call. */
  calls: number;
  /** The scheduled time (performance.now()) of the next call. */
  nextAt: number;
  /** A new player of this run: their first bet is the first call. */
  fresh: boolean;
}

export interface CallRecord {
  game: Game;
  scheduled: number;
  sent: number;
  done: number;
  status: number;
  code: string | undefined;
  server: number;
  first: boolean;
}

const TON_STAKES = ['0.01', '0.05', '0.1', '0.25', '0.5', '1', '2.5', '5'];
/** Roll: chance of winning from long shots to near-certainties, under or over. */
const ROLL_TARGETS: Array<{ target: string; direction: 'under' | 'over' }> = [
  { target: '2', direction: 'under' },
  { target: '10', direction: 'under' },
  { target: '25', direction: 'under' },
  { target: '49.5', direction: 'under' },
  { target: '50.5', direction: 'over' },
  { target: '75', direction: 'over' },
  { target: '95', direction: 'under' },
];
const DIFFICULTIES = ['easy', 'easy', 'medium', 'hard'] as const;

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
export const exponential = (mean: number): number => -mean * Math.log(1 - Math.random());

interface Call {
  game: Game;
  path: string;
  body: Record<string, unknown>;
}

/** What the player does next: a step or the cash-out of an open road round, else a new bet. */
function nextCall(player: Player): Call {
  if (player.road) {
    const { roundId, passed, stepsLeft } = player.road;
    if (stepsLeft > 0) return { game: 'road', path: '/api/v3/games/road/step', body: { roundId, lane: passed + 1 } };
    return { game: 'road', path: '/api/v3/games/road/cashout', body: { roundId } };
  }
  // A player wagering a bonus bets from it while it covers the stake, most of the time.
  const fromBonus = player.bonus && player.bonusTon >= 0.02 && Math.random() < 0.7;
  const stake = fromBonus ? pick(['0.01', '0.02']) : pick(TON_STAKES);
  const currency = fromBonus ? 'bonus' : 'ton';
  const roll = Math.random();
  // A road round is several calls (start, steps, cash-out): one new bet in ten is one.
  if (roll < 0.45) return { game: 'flip', path: '/api/v3/games/flip', body: { stake, currency, side: pick(['heads', 'tails']) } };
  if (roll < 0.9 || fromBonus) return { game: 'roll', path: '/api/v3/games/roll', body: { stake, currency, ...pick(ROLL_TARGETS) } };
  return { game: 'road', path: '/api/v3/games/road/start', body: { stake, currency, difficulty: pick(DIFFICULTIES) } };
}

interface RoundReply {
  round?: { id: string; status: string; road?: { passed: number } };
  balance?: { bonusTon: string };
}

/** A min-heap of players by their next scheduled time. */
class Schedule {
  private readonly items: Player[] = [];
  get size(): number {
    return this.items.length;
  }
  peek(): Player | undefined {
    return this.items[0];
  }
  push(player: Player): void {
    const items = this.items;
    items.push(player);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (items[parent]!.nextAt <= items[i]!.nextAt) break;
      [items[parent], items[i]] = [items[i]!, items[parent]!];
      i = parent;
    }
  }
  pop(): Player | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0 && last) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let least = i;
        if (left < items.length && items[left]!.nextAt < items[least]!.nextAt) least = left;
        if (right < items.length && items[right]!.nextAt < items[least]!.nextAt) least = right;
        if (least === i) break;
        [items[least], items[i]] = [items[i]!, items[least]!];
        i = least;
      }
    }
    return top;
  }
}

export interface RunOptions {
  players: Player[];
  targets: Target[];
  /** Scheduling starts now and stops at `until` (performance.now()). */
  until: number;
  /**
   * Calls still due (a backlog behind a slow server) are not sent after this time: each is
   * recorded as not sent (status -1), its latency counted up to this time.
   */
  giveUpAt: number;
  /** New players a second, made by `join` and put on the schedule once they can bet. */
  newPerSecond: number;
  join: () => Promise<Player>;
  runId: string;
}

export interface RunResult {
  records: CallRecord[];
  joined: Player[];
  /** Sign-up time of each new player (log-in and deposit), ms. */
  joinMs: number[];
  joinFailures: number;
}

/**
 * Runs the players until `until`, then waits for every call in flight. Each player makes one
 * call at a time (the app waits for a round's result); a call due while the previous one is
 * still out goes when it returns, its latency still counted from when it was due.
 */
export async function runPlayers(options: RunOptions): Promise<RunResult> {
  const { players, targets, until, runId } = options;
  const records: CallRecord[] = [];
  const joined: Player[] = [];
  const joinMs: number[] = [];
  let joinFailures = 0;
  const schedule = new Schedule();
  const start = performance.now();
  for (const player of players) {
    player.nextAt = start + exponential(MEAN_THINK_MS);
    if (player.nextAt < until) schedule.push(player);
  }
  let inFlight = 0;
  let settled: () => void = () => {};

  const fire = (player: Player): void => {
    inFlight++;
    const call = nextCall(player);
    const n = player.calls++;
    const server = n % targets.length;
    const scheduled = player.nextAt;
    const first = player.fresh;
    player.fresh = false;
    const sent = performance.now();
    void targets[server]!.post(call.path, { ...call.body, idempotencyKey: `load-${runId}-${player.id}-${n}` }, player.token).then(
      async (reply) => {
        const done = performance.now();
        records.push({ game: call.game, scheduled, sent, done, status: reply.status, code: reply.code, server, first });
        await follow(player, call, reply, targets[server]!);
        // The next call is due a think time after this one was due, whenever it came back.
        player.nextAt = scheduled + exponential(MEAN_THINK_MS);
        if (done >= options.giveUpAt) abandon(player);
        // Already due (this call came back late): it goes now, not at the loop's next turn.
        if (player.nextAt <= performance.now() && player.nextAt < until) fire(player);
        else if (player.nextAt < until) schedule.push(player);
        inFlight--;
        if (inFlight === 0) settled();
      },
    );
  };

  /** The player's calls due before `until` that will never be sent, counted at `giveUpAt`. */
  const abandon = (player: Player): void => {
    for (; player.nextAt < until; player.nextAt += exponential(MEAN_THINK_MS)) {
      records.push({
        game: nextCall(player).game,
        scheduled: player.nextAt,
        sent: options.giveUpAt,
        done: options.giveUpAt,
        status: -1,
        code: 'not-sent',
        server: -1,
        first: false,
      });
    }
  };

  /** The player's state from the reply: the bonus balance, the open road round. */
  const follow = async (player: Player, call: Call, reply: Reply, target: Target): Promise<void> => {
    const data = (reply.data ?? {}) as RoundReply;
    if (reply.status === 200) {
      if (data.balance) player.bonusTon = Number(data.balance.bonusTon);
      if (call.game !== 'road') return;
      const round = data.round;
      if (round?.status === 'open') {
        const stepsLeft = call.path.endsWith('/start') ? 1 + Math.floor(Math.random() * 3) : (player.road?.stepsLeft ?? 1) - 1;
        player.road = { roundId: round.id, passed: round.road?.passed ?? 0, stepsLeft };
      } else player.road = null;
      return;
    }
    if (call.game !== 'road') return;
    // A road call refused: find the round the server holds open, if any, and carry on from it.
    const current = await target.post('/api/v3/games/road/current', {}, player.token);
    const round = (current.data as { round?: RoundReply['round'] | null } | undefined)?.round;
    player.road =
      current.status === 200 && round?.status === 'open' ? { roundId: round.id, passed: round.road?.passed ?? 0, stepsLeft: 0 } : null;
  };

  // New players arrive as a Poisson process; each logs in, is funded and bets at once.
  let nextJoin = options.newPerSecond > 0 ? start + exponential(1000 / options.newPerSecond) : Infinity;
  const joining: Promise<void>[] = [];

  for (;;) {
    const now = performance.now();
    if (now >= until) break;
    while (schedule.size > 0 && schedule.peek()!.nextAt <= now) fire(schedule.pop()!);
    while (nextJoin <= now) {
      const arrived = nextJoin;
      nextJoin += exponential(1000 / options.newPerSecond);
      joining.push(
        options.join().then(
          (player) => {
            joinMs.push(performance.now() - arrived);
            joined.push(player);
            player.fresh = true;
            player.nextAt = performance.now();
            if (player.nextAt < until) fire(player);
          },
          () => {
            joinFailures++;
          },
        ),
      );
    }
    const next = Math.min(schedule.peek()?.nextAt ?? Infinity, nextJoin, until);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.min(next - performance.now(), 2))));
  }
  await Promise.all(joining);
  if (inFlight > 0) await new Promise<void>((resolve) => (settled = resolve));
  return { records, joined, joinMs, joinFailures };
}
