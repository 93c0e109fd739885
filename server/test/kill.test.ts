import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BetResult } from '@arcade/api-client/games';
import type { CheckoutResult, MarketPage } from '@arcade/api-client/market';
import type { Db } from '../src/db/db';
import { audit } from '../src/domain/ledger';
import { seedMarketCatalogue } from '../src/domain/market/catalogue-generator';
import { callProcess, fund, logInOnProcess, postgresOnly, startServerProcess } from './helpers';
const ADDRESS = 'UQAJdvce-cgGFbyOsPN9OMTUD4GHFYJYInb14SKPhAI-HQSQ';
const PLAYERS = 6;

/** One operation sent to the server: what was asked, and the answer if one came back. */
interface Sent {
  player: number;
  path: string;
  body: Record<string, unknown>;
  status?: number;
  reply?: { success: boolean; data?: unknown; code?: string; message?: string };
}

/**
 * The server process killed with SIGKILL in the middle of a stream of bets, road steps,
 * checkouts and withdrawals, then started again on the same PostgreSQL database: every
 * acknowledged operation is there, a retry of any operation applies nothing twice, the
 * ledger audit is clean, and open road rounds carry on.
 */
describe.each(postgresOnly('the server killed mid-stream'))('the server killed mid-stream on $name', (database) => {
  let db: Db;
  let url: string;
  let drop: () => Promise<void>;
  let server: ChildProcess | null = null;
  let base = '';

  const start = async (): Promise<void> => {
    ({ child: server, base } = await startServerProcess(url));
  };

  const kill = async (): Promise<void> => {
    const running = server;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const gone = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await gone;
  };

  const send = async (token: string, path: string, body: unknown): Promise<{ status: number; reply: Sent['reply'] }> => {
    const { status, headers: _, ...reply } = await callProcess(base, path, body, token);
    return { status, reply };
  };
  const login = (id: number) => logInOnProcess(base, { id });

  beforeAll(async () => {
    const created = await database.create();
    ({ db, drop } = created);
    url = created.url!;
    await seedMarketCatalogue(db, { perCollection: 30 });
  });
  afterAll(async () => {
    await kill();
    await drop?.();
  });

  it('keeps every acknowledged operation, applies none twice, and resumes open road rounds', async () => {
    await start();
    const ids = Array.from({ length: PLAYERS }, (_, i) => 800_000_000 + Math.floor(Math.random() * 1_000_000) * 10 + i);
    let tokens = await Promise.all(ids.map((id) => login(id)));
    for (const id of ids) await fund(db, BigInt(id), '500');
    // Every player opens a road round first: these must survive the kill.
    const roads: string[] = [];
    for (let p = 0; p < PLAYERS; p++) {
      const opened = await send(tokens[p]!, 'games/road/start', {
        stake: '1',
        currency: 'ton',
        difficulty: 'easy',
        idempotencyKey: `kill-road-${ids[p]}`,
      });
      expect(opened.status).toBe(200);
      roads.push((opened.reply!.data as BetResult).round.id);
    }
    const cheapest = (await send(tokens[0]!, 'market/list', { sort: 'price-asc', limit: 60 })).reply!.data as MarketPage;

    // A stream per player: flips and rolls, a road step now and then, a checkout, a withdrawal.
    const sent: Sent[] = [];
    let stop = false;
    const stream = async (p: number): Promise<void> => {
      let lane = 1;
      for (let n = 0; !stop; n++) {
        const key = `kill-${ids[p]}-${n}`;
        let path: string;
        let body: Record<string, unknown>;
        if (n % 7 === 3 && lane <= 2) {
          path = 'games/road/step';
          body = { roundId: roads[p], lane: lane++, idempotencyKey: key };
        } else if (n % 11 === 5) {
          const gift = cheapest.items[(p * 7 + n) % cheapest.items.length]!;
          path = 'market/checkout';
          body = { items: [{ giftId: gift.id, price: gift.price }], idempotencyKey: key };
        } else if (n % 13 === 8) {
          path = 'wallet/withdraw';
          body = { address: ADDRESS, amount: '0.2', idempotencyKey: key };
        } else if (n % 2) {
          path = 'games/flip';
          body = { stake: '0.1', currency: 'ton', side: 'heads', idempotencyKey: key };
        } else {
          path = 'games/roll';
          body = { stake: '0.1', currency: 'ton', target: '50', direction: 'under', idempotencyKey: key };
        }
        const entry: Sent = { player: p, path, body };
        sent.push(entry);
        try {
          const answer = await send(tokens[p]!, path, body);
          entry.status = answer.status;
          entry.reply = answer.reply;
        } catch {
          return; // the connection died with the server
        }
      }
    };
    const streams = Array.from({ length: PLAYERS }, (_, p) => stream(p));
    // Let the stream run, then kill the process while requests are in flight.
    while (sent.filter((s) => s.status === 200).length < 150) await new Promise((resolve) => setTimeout(resolve, 20));
    await kill();
    stop = true;
    await Promise.all(streams);
    const acknowledged = sent.filter((s) => s.status === 200 && s.reply?.success);
    const inFlight = sent.filter((s) => s.status === undefined);
    expect(acknowledged.length).toBeGreaterThanOrEqual(150);
    expect(inFlight.length).toBeGreaterThan(0);
    const byKind = Object.fromEntries(
      ['games/flip', 'games/roll', 'games/road/step', 'market/checkout', 'wallet/withdraw'].map((path) => [
        path,
        acknowledged.filter((s) => s.path === path).length,
      ]),
    );
    // Every kind of operation was in the stream and acknowledged before the kill.
    for (const [path, count] of Object.entries(byKind)) expect(count, path).toBeGreaterThan(0);
    console.log(`killed with ${inFlight.length} requests in flight after ${acknowledged.length} acknowledged: ${JSON.stringify(byKind)}`);

    await start();
    tokens = await Promise.all(ids.map((id) => login(id)));

    // Every acknowledged operation is in the database.
    for (const op of acknowledged) {
      if (op.path.startsWith('games/')) {
        const round = (op.reply!.data as BetResult).round;
        const found = await db.query('SELECT 1 FROM game_rounds WHERE id = $1', [BigInt(round.id)]);
        expect(found.rowCount, `${op.path} round ${round.id}`).toBe(1);
      } else if (op.path === 'wallet/withdraw') {
        const found = await db.query('SELECT 1 FROM withdrawals WHERE id = $1', [BigInt((op.reply!.data as { id: string }).id)]);
        expect(found.rowCount, `withdrawal ${JSON.stringify(op.reply!.data)}`).toBe(1);
      } else {
        for (const item of (op.reply!.data as CheckoutResult).items.filter((i) => i.result === 'bought')) {
          const owner = await db.query<{ owner_id: bigint }>('SELECT owner_id FROM gifts WHERE id = $1', [BigInt(item.giftId)]);
          expect(owner.rows[0]?.owner_id, `gift ${item.giftId}`).toBe(BigInt(ids[op.player]!));
        }
      }
    }

    // Retrying everything with the same keys: the acknowledged ones answer as before, and the
    // ones cut off are applied at most once, whether or not they had committed.
    const movementsBefore = (await audit(db)).transactions;
    for (const op of acknowledged) {
      const again = await send(tokens[op.player]!, op.path, op.body);
      const label = `${op.path} ${String(op.body.idempotencyKey)}`;
      if (op.path === 'market/checkout') {
        // Each gift is its own purchase with its own key; the answer shows today's balance.
        const { items, spent } = again.reply!.data as CheckoutResult;
        expect({ items, spent }, label).toEqual({
          items: (op.reply!.data as CheckoutResult).items,
          spent: (op.reply!.data as CheckoutResult).spent,
        });
      } else {
        expect(again.reply, label).toEqual(op.reply);
      }
    }
    expect((await audit(db)).transactions).toBe(movementsBefore);
    for (const op of inFlight) await send(tokens[op.player]!, op.path, op.body);
    for (const op of inFlight) {
      const first = await send(tokens[op.player]!, op.path, op.body);
      const second = await send(tokens[op.player]!, op.path, op.body);
      expect(second.reply).toEqual(first.reply);
    }
    const keys = await db.query<{ key: string; n: bigint }>(
      `SELECT key, count(*) AS n FROM idempotency_keys WHERE user_id = ANY($1::bigint[]) GROUP BY user_id, key HAVING count(*) > 1`,
      [`{${ids.join(',')}}`],
    );
    expect(keys.rows).toEqual([]);

    // The open road rounds are still open and carry on.
    for (let p = 0; p < PLAYERS; p++) {
      const current = (await send(tokens[p]!, 'games/road/current', {})).reply!.data as { round: BetResult['round'] | null };
      if (current.round === null) {
        // Lost on a trap lane before the kill: then the round is settled, not gone.
        const settled = await db.query<{ status: string }>('SELECT status FROM game_rounds WHERE id = $1', [BigInt(roads[p]!)]);
        expect(settled.rows[0]?.status).toBe('lost');
        continue;
      }
      expect(current.round.id).toBe(roads[p]);
      const cashed = await send(tokens[p]!, 'games/road/cashout', { roundId: roads[p], idempotencyKey: `kill-cash-${ids[p]}` });
      const answer = cashed.reply!;
      // Cashing out needs a lane crossed; a round that never stepped says so and stays open.
      if (answer.success) expect((answer.data as BetResult).round.status).toBe('cashed');
      else expect(cashed.status).toBe(409);
    }

    const report = await audit(db);
    expect(report.problems).toEqual([]);
    const negative = await db.query('SELECT 1 FROM accounts WHERE user_id IS NOT NULL AND balance < 0');
    expect(negative.rowCount).toBe(0);
  }, 240_000);
});
