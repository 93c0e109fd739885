import { multiplierText } from '@arcade/api-client/fair';
import type { Leaderboard } from '@arcade/api-client/live';
import { fromNano } from '@arcade/api-client/money';
import type { Db } from '../../db/db';
import { primaryReads, type LagTolerantReads } from '../../db/read-replica';
import { productConfig } from '../product-config';
import { SHOWN_NAME_SQL } from './live-feed';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC week a moment falls in: from midnight on Monday to the next Monday's. */
export function weekOf(now: Date): { start: Date; next: Date; key: string } {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  // getUTCDay: Sunday is 0; the week starts on Monday.
  const start = new Date(midnight - ((now.getUTCDay() + 6) % 7) * DAY_MS);
  return { start, next: new Date(start.getTime() + 7 * DAY_MS), key: start.toISOString().slice(0, 10) };
}

interface Ranking {
  wagered: { user: bigint; wagered: bigint }[];
  best: { user: bigint; multiplier: bigint }[];
}

/**
 * The weekly leaderboard: most wagered and best multiplier won, from the week's settled rounds
 * (weekly_player_stats, kept with the rounds by migration 024). The ranking is read at most once
 * per `cacheMs` per week on a server process, from the read replica when there is one (shared by
 * every player, it is never a player's read-back of their own bets); names are read from the
 * primary at every call, so a player's choice to hide theirs shows at once.
 */
export class WeeklyLeaderboard {
  private readonly rankings = new Map<string, { readAt: number; reading: Promise<Ranking> }>();

  constructor(
    private readonly db: Db,
    private readonly reads: LagTolerantReads = primaryReads(db),
    private readonly cacheMs = 5_000,
  ) {}

  async read(userId: bigint, now: Date): Promise<Leaderboard> {
    const week = weekOf(now);
    const ranking = await this.ranking(week.key, now.getTime());
    const users = [...new Set([...ranking.wagered, ...ranking.best].map((row) => row.user))];
    const names = new Map<bigint, string | null>();
    if (users.length > 0) {
      const { rows } = await this.db.query<{ id: bigint; name: string | null }>(
        `SELECT u.id, ${SHOWN_NAME_SQL} AS name FROM users u WHERE u.id = ANY ($1::bigint[])`,
        [`{${users.join(',')}}`],
      );
      for (const row of rows) names.set(row.id, row.name);
    }
    const who = (user: bigint) => ({ name: names.get(user) ?? null, mine: user === userId });
    return {
      weekStart: week.start.toISOString(),
      resetsAt: week.next.toISOString(),
      wagered: ranking.wagered.map((row, index) => ({ place: index + 1, ...who(row.user), wagered: fromNano(row.wagered) })),
      best: ranking.best.map((row, index) => ({ place: index + 1, ...who(row.user), multiplier: multiplierText(Number(row.multiplier)) })),
    };
  }

  private ranking(week: string, nowMs: number): Promise<Ranking> {
    const cached = this.rankings.get(week);
    // A read in flight or fresh enough is shared (a failed one is not kept).
    if (cached && nowMs - cached.readAt < this.cacheMs) return cached.reading;
    return this.readRanking(week, nowMs);
  }

  private readRanking(week: string, nowMs: number): Promise<Ranking> {
    const places = productConfig.liveFeed.leaderboardPlaces;
    const reading = this.reads
      .read(null, (db) =>
        Promise.all([
          db.query<{ user_id: bigint; wagered: bigint }>(
            `SELECT user_id, wagered FROM weekly_player_stats
          WHERE week = $1::date AND wagered > 0
          ORDER BY wagered DESC, user_id
          LIMIT $2`,
            [week, places],
          ),
          db.query<{ user_id: bigint; best_multiplier: bigint }>(
            `SELECT user_id, best_multiplier FROM weekly_player_stats
          WHERE week = $1::date AND best_multiplier > 0
          ORDER BY best_multiplier DESC, best_at, user_id
          LIMIT $2`,
            [week, places],
          ),
        ]),
      )
      .then(([wagered, best]) => ({
        wagered: wagered.rows.map((row) => ({ user: row.user_id, wagered: row.wagered })),
        best: best.rows.map((row) => ({ user: row.user_id, multiplier: row.best_multiplier })),
      }));
    // Only this week is kept: a new week's reads leave the old ones behind.
    this.rankings.clear();
    const entry = { readAt: nowMs, reading };
    this.rankings.set(week, entry);
    reading.catch(() => {
      if (this.rankings.get(week) === entry) this.rankings.delete(week);
    });
    return reading;
  }
}
