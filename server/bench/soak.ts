// `pnpm soak`: many players betting, claiming rewards and trading gifts at once on PostgreSQL for
// minutes, against the production build. Prints what was tried and every invariant checked
// afterwards; a broken invariant is printed as such and makes the exit code non-zero.
import { performance } from 'node:perf_hooks';
import type { BetResult } from '@arcade/api-client/games';
import type { CheckoutResult, Gift, MarketPage } from '@arcade/api-client/market';
import { openDb } from '../src/db/db';
import { migrate } from '../src/db/migrator';
import { audit } from '../src/domain/ledger';
import { seedMarketCatalogue } from '../src/domain/market/catalogue-generator';
import { createPostgresDatabase } from '../test/helpers';
import { fundedPlayer, jsonHeaders, startBuiltServer } from './built-server';
import { quantile, report, type BenchRow } from './common';

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.log('soak: set DATABASE_URL to a PostgreSQL server');
  process.exit(0);
}
const MINUTES = Number(process.env.SOAK_MINUTES ?? 3);
const PLAYERS = Number(process.env.SOAK_PLAYERS ?? 40);

const { url, drop } = await createPostgresDatabase(serverUrl);
const db = await openDb({ kind: 'postgres', url, maxConnections: 4 });
await migrate(db);
await seedMarketCatalogue(db, { perCollection: 40 });
const server = await startBuiltServer(url);
const { address } = server;

interface Player {
  id: number;
  token: string;
}
const players: Player[] = [];
for (let i = 0; i < PLAYERS; i++) {
  const id = 700_000_000 + Math.floor(Math.random() * 10_000_000) * 100 + i;
  players.push({ id, token: await fundedPlayer(db, address, id, '300') });
}

const statuses = new Map<string, number>();
const latencies: number[] = [];
const acknowledgedRounds: string[] = [];
let operations = 0;
let keySeq = 0;
const count = (what: string) => statuses.set(what, (statuses.get(what) ?? 0) + 1);

async function call<T>(
  player: Player,
  path: string,
  body: Record<string, unknown> = {},
): Promise<{ status: number; data?: T; code?: string }> {
  const started = performance.now();
  const response = await fetch(`${address}/api/v3/${path}`, {
    method: 'POST',
    headers: { ...jsonHeaders, authorization: `Bearer ${player.token}` },
    body: JSON.stringify(body),
  });
  const reply = (await response.json()) as { success: boolean; data?: T; code?: string };
  latencies.push(performance.now() - started);
  operations += 1;
  count(`${path} ${response.status}${reply.code ? ` ${reply.code}` : ''}`);
  return { status: response.status, data: reply.data, code: reply.code };
}

const key = (player: Player) => `soak-${player.id}-${++keySeq}`;
const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;

async function step(player: Player): Promise<void> {
  const r = Math.random();
  if (r < 0.35) {
    const bet = await call<BetResult>(player, 'games/flip', {
      stake: '0.1',
      currency: Math.random() < 0.8 ? 'ton' : 'bonus',
      side: Math.random() < 0.5 ? 'heads' : 'tails',
      idempotencyKey: key(player),
    });
    if (bet.data) acknowledgedRounds.push(bet.data.round.id);
  } else if (r < 0.55) {
    const bet = await call<BetResult>(player, 'games/roll', {
      stake: '0.2',
      currency: 'ton',
      target: String(5 + Math.floor(Math.random() * 90)),
      direction: Math.random() < 0.5 ? 'under' : 'over',
      idempotencyKey: key(player),
    });
    if (bet.data) acknowledgedRounds.push(bet.data.round.id);
  } else if (r < 0.7) {
    const started = await call<BetResult>(player, 'games/road/start', {
      stake: '0.1',
      currency: 'ton',
      difficulty: pick(['easy', 'medium', 'hard']),
      idempotencyKey: key(player),
    });
    let round = started.data?.round;
    if (!round) {
      // A round left open (by an earlier answer lost, say): carry it on.
      round = (await call<{ round: BetResult['round'] | null }>(player, 'games/road/current')).data?.round ?? undefined;
    }
    if (!round) return;
    acknowledgedRounds.push(round.id);
    const lanes = 1 + Math.floor(Math.random() * 4);
    for (let lane = round.road?.passed ?? 0; lane < lanes; lane++) {
      const stepped = await call<BetResult>(player, 'games/road/step', { roundId: round.id, lane: lane + 1, idempotencyKey: key(player) });
      if (!stepped.data || stepped.data.round.status !== 'open') return;
    }
    await call(player, 'games/road/cashout', { roundId: round.id, idempotencyKey: key(player) });
  } else if (r < 0.74) {
    await call(player, 'bonus/daily/claim', { idempotencyKey: key(player) });
  } else if (r < 0.78) {
    await call(player, 'tasks/claim', {
      taskId: pick(['wager-10', 'play-flip-10', 'play-roll-10', 'play-any-50']),
      idempotencyKey: key(player),
    });
  } else if (r < 0.92) {
    // Everybody shops from the cheapest end of the market: the same gifts, at the same moment.
    const page = await call<MarketPage>(player, 'market/list', { sort: 'price-asc', limit: 24 });
    const items = page.data?.items ?? [];
    if (items.length === 0) return;
    const chosen = [pick(items), pick(items)];
    await call<CheckoutResult>(player, 'market/checkout', {
      items: chosen.map((g) => ({ giftId: g.id, price: g.price })),
      idempotencyKey: key(player),
    });
  } else {
    // Resell an owned gift a little dearer (keeps the market moving between players).
    const owned = (await call<{ items: Gift[] }>(player, 'gifts/inventory')).data?.items ?? [];
    const gift = owned.find((g) => g.price === null);
    if (gift) await call(player, 'gifts/list', { giftId: gift.id, price: (0.2 + Math.random() * 3).toFixed(2) });
  }
}

const deadlocksBefore = await db.query<{ deadlocks: bigint }>('SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()');
const started = performance.now();
const deadline = started + MINUTES * 60_000;
console.log(`soak: ${PLAYERS} players for ${MINUTES} min against ${address}`);
const progress = setInterval(() => console.log(`  ${((performance.now() - started) / 1000).toFixed(0)} s: ${operations} calls`), 30_000);
await Promise.all(
  players.map(async (player) => {
    while (performance.now() < deadline) {
      try {
        await step(player);
      } catch (error) {
        count(`transport error ${(error as Error).message}`);
      }
    }
  }),
);
clearInterval(progress);
const seconds = (performance.now() - started) / 1000;
await server.stop();

// The invariants.
const book = await audit(db);
const negative = await db.query<{ n: bigint }>('SELECT count(*) AS n FROM accounts WHERE user_id IS NOT NULL AND balance < 0');
const missingRounds = await db.query<{ n: bigint }>('SELECT $1::int - count(*) AS n FROM game_rounds WHERE id = ANY($2::bigint[])', [
  new Set(acknowledgedRounds).size,
  `{${[...new Set(acknowledgedRounds)].join(',')}}`,
]);
const doubleOwned = await db.query<{ n: bigint }>(
  `SELECT count(*) AS n FROM (SELECT gift_id FROM listings GROUP BY gift_id HAVING count(*) > 1) d`,
);
const deadlocksAfter = await db.query<{ deadlocks: bigint }>('SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()');
await db.close();
await drop();

const serverErrors = [...statuses].filter(([what]) => / 5\d\d/.test(what) || what.startsWith('transport'));
const sorted = [...latencies].sort((a, b) => a - b);
const breaks = [
  ...book.problems,
  ...(negative.rows[0]!.n > 0n ? [`${negative.rows[0]!.n} negative player balances`] : []),
  ...(missingRounds.rows[0]!.n !== 0n ? [`${missingRounds.rows[0]!.n} acknowledged rounds missing`] : []),
  ...(doubleOwned.rows[0]!.n > 0n ? [`${doubleOwned.rows[0]!.n} gifts listed twice`] : []),
  ...serverErrors.map(([what, n]) => `${n} x ${what}`),
];
console.log('\nanswers by call and status:');
for (const [what, n] of [...statuses].sort((a, b) => b[1] - a[1])) console.log(`  ${String(n).padStart(7)}  ${what}`);
const rows: BenchRow[] = [
  { name: 'players at once', value: String(PLAYERS) },
  { name: 'calls made', value: `${operations} in ${seconds.toFixed(0)} s`, note: `${(operations / seconds).toFixed(0)} calls/s` },
  { name: 'rounds acknowledged', value: String(new Set(acknowledgedRounds).size) },
  { name: 'call latency p50 / p99', value: `${quantile(sorted, 0.5).toFixed(0)} / ${quantile(sorted, 0.99).toFixed(0)} ms` },
  {
    name: 'deadlocks met and retried',
    value: String(Number(deadlocksAfter.rows[0]!.deadlocks - deadlocksBefore.rows[0]!.deadlocks)),
    target: 'all retried (no 5xx)',
  },
  { name: 'ledger movements checked', value: `${book.transactions} (${book.entries} journal rows)`, target: 'journal = balances' },
  { name: 'invariant breaks', value: String(breaks.length), target: '0', note: breaks.slice(0, 5).join('; ') },
];
report('Soak on PostgreSQL', rows);
if (breaks.length > 0) process.exitCode = 1;
