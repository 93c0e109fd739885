import { connect, createServer, type Server, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../src/db/db';
import { audit } from '../src/domain/ledger';
import { envelope, fund, logIn, newUserId, post, postgresOnly, startServer } from './helpers';

/** A TCP hop between the server and PostgreSQL that can drop every connection and refuse new ones. */
class Cable {
  private readonly open = new Set<Socket>();
  private cut = false;
  private server: Server | null = null;
  port = 0;

  async start(target: { host: string; port: number }): Promise<void> {
    this.server = createServer((client) => {
      if (this.cut) {
        client.destroy();
        return;
      }
      const upstream = connect(target.port, target.host);
      for (const socket of [client, upstream]) {
        this.open.add(socket);
        socket.on('close', () => this.open.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
  }

  /** The database restarts: every connection drops, and new ones are refused until `mend`. */
  unplug(): void {
    this.cut = true;
    for (const socket of this.open) socket.destroy();
  }

  mend(): void {
    this.cut = false;
  }

  async stop(): Promise<void> {
    this.unplug();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

describe.each(postgresOnly('the database restarting under load'))('the database restarting under load on $name', (database) => {
  let direct: Db;
  let viaCable: Db;
  let drop: () => Promise<void>;
  let app: FastifyInstance;
  const cable = new Cable();

  beforeAll(async () => {
    const created = await database.create();
    ({ db: direct, drop } = created);
    const url = new URL(created.url!);
    await cable.start({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${cable.port}`;
    viaCable = await openDb({ kind: 'postgres', url: url.toString(), maxConnections: 6 });
    app = await startServer(viaCable);
  });
  afterAll(async () => {
    await app?.close();
    await viaCable?.close().catch(() => undefined);
    await cable.stop();
    await drop?.();
  });

  it('answers a clear 503 while it is away, moves no money half-way, and serves again without a restart', async () => {
    const players = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const id = newUserId();
        const token = await logIn(app, { id });
        await fund(direct, BigInt(id), '100');
        return { id, token };
      }),
    );

    const answers: Array<{ status: number; message?: string; code?: string; phase: string }> = [];
    let phase = 'before';
    let stop = false;
    let n = 0;
    const bettor = async (player: { id: number; token: string }) => {
      while (!stop) {
        const response = await post(
          app,
          '/api/v3/games/flip',
          { stake: '0.1', currency: 'ton', side: 'tails', idempotencyKey: `outage-${player.id}-${++n}` },
          { token: player.token },
        );
        const reply = envelope(response) as { message?: string; code?: string };
        answers.push({ status: response.statusCode, message: reply.message, code: reply.code, phase });
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    const running = players.map((player) => bettor(player));
    await new Promise((resolve) => setTimeout(resolve, 700));
    phase = 'outage';
    cable.unplug();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(503);
    cable.mend();
    phase = 'after';
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    stop = true;
    await Promise.all(running);

    const during = answers.filter((a) => a.phase === 'outage');
    const after = answers.filter((a) => a.phase === 'after');
    expect(answers.filter((a) => a.phase === 'before' && a.status === 200).length).toBeGreaterThan(5);
    // Nothing but success or the clear outage answer: no 500, no stack trace.
    for (const answer of answers) expect([200, 503]).toContain(answer.status);
    const refused = during.filter((a) => a.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused)
      expect(answer).toMatchObject({ message: 'The service is briefly unavailable, try again in a moment', code: 'service.unavailable' });
    // The same process serves again once the database is back.
    expect(after.slice(-5).every((a) => a.status === 200)).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    // Every bet that got an answer of success is in the book, and nothing was half-applied.
    const settled = answers.filter((a) => a.status === 200).length;
    const rounds = await direct.query<{ n: bigint }>('SELECT count(*) AS n FROM game_rounds WHERE user_id = ANY($1::bigint[])', [
      `{${players.map((p) => p.id).join(',')}}`,
    ]);
    expect(Number(rounds.rows[0]!.n)).toBeGreaterThanOrEqual(settled);
    expect((await audit(direct)).problems).toEqual([]);
  });
});
