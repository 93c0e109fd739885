import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db';
import { databases, launchData, newUserId, startServer, TEST_APP_KEY } from './helpers';

/** A request as it reaches the server: from a socket address, with the X-Forwarded-For it carries. */
interface Hop {
  from: string;
  forwardedFor?: string;
}

/** The client address Fastify settled on (request.ip), as its request log line reports it. */
async function clientIp(app: FastifyInstance, lines: string[], hop: Hop): Promise<string> {
  const response = await app.inject({
    method: 'GET',
    // Any page but the probes, which are not logged at info.
    url: '/where-am-i',
    remoteAddress: hop.from,
    headers: hop.forwardedFor ? { 'x-forwarded-for': hop.forwardedFor } : {},
  });
  const reqId = response.headers['x-request-id'];
  const record = lines
    .map((line) => JSON.parse(line) as { reqId?: string; req?: { remoteAddress?: string } })
    .find((entry) => entry.reqId === reqId && entry.req?.remoteAddress !== undefined);
  if (!record?.req?.remoteAddress) throw new Error(`no request log line for ${String(reqId)}`);
  return record.req.remoteAddress;
}

/** Logs in through the proxy chain; a fresh player each time, so only the address limit counts. */
function logIn(app: FastifyInstance, hop: Hop) {
  return app.inject({
    method: 'POST',
    url: '/api/v3/auth',
    remoteAddress: hop.from,
    headers: {
      'content-type': 'application/json',
      'x-app-key': TEST_APP_KEY,
      ...(hop.forwardedFor ? { 'x-forwarded-for': hop.forwardedFor } : {}),
    },
    payload: JSON.stringify({ initData: launchData({ id: newUserId() }) }),
  });
}

async function serverWith(db: Db, env: Record<string, string>) {
  const lines: string[] = [];
  const app = await startServer(db, {
    env: { LOG_LEVEL: 'info', AUTH_RATE_LIMIT: '3', ...env },
    logStream: { write: (line) => lines.push(line) },
  });
  return { app, ip: (hop: Hop) => clientIp(app, lines, hop) };
}

// The client address does not depend on the database: PGlite is enough.
const [pglite] = databases();

describe('the client address behind proxies (TRUST_PROXY)', () => {
  let db: Db;
  let drop: () => Promise<void>;
  const servers: FastifyInstance[] = [];

  beforeAll(async () => {
    ({ db, drop } = await pglite!.create());
  });
  afterAll(async () => {
    for (const app of servers) await app.close();
    await drop?.();
  });

  const start = async (env: Record<string, string>) => {
    const server = await serverWith(db, env);
    servers.push(server.app);
    return server;
  };

  it('unset: X-Forwarded-For is not believed, the client is the socket', async () => {
    const { app, ip } = await start({});
    expect(await ip({ from: '203.0.113.7', forwardedFor: '198.51.100.1' })).toBe('203.0.113.7');
    // A client forging a new address on every call still spends one budget.
    for (let i = 0; i < 3; i++) expect((await logIn(app, { from: '203.0.113.7', forwardedFor: `198.51.100.${i}` })).statusCode).toBe(200);
    expect((await logIn(app, { from: '203.0.113.7', forwardedFor: '198.51.100.99' })).statusCode).toBe(429);
  });

  it('TRUST_PROXY=1: the client is the last X-Forwarded-For entry, whatever a client forges on its left', async () => {
    const { app, ip } = await start({ TRUST_PROXY: '1' });
    const balancer = '10.0.0.5';
    expect(await ip({ from: balancer, forwardedFor: '203.0.113.7' })).toBe('203.0.113.7');
    // The load balancer appends the address it saw to whatever the client sent.
    expect(await ip({ from: balancer, forwardedFor: '1.2.3.4, 5.6.7.8, 203.0.113.7' })).toBe('203.0.113.7');

    for (let i = 0; i < 3; i++) {
      const forged = `198.51.100.${i}, 192.0.2.${i}`;
      expect((await logIn(app, { from: balancer, forwardedFor: `${forged}, 203.0.113.7` })).statusCode).toBe(200);
    }
    const over = await logIn(app, { from: balancer, forwardedFor: '198.51.100.77, 203.0.113.7' });
    expect(over.statusCode).toBe(429);
    // Another client behind the same balancer has its own budget.
    expect((await logIn(app, { from: balancer, forwardedFor: '203.0.113.8' })).statusCode).toBe(200);
  });

  it('a list of proxies: only their X-Forwarded-For is believed', async () => {
    const { app, ip } = await start({ TRUST_PROXY: '10.0.0.5,fd00::/8' });
    expect(await ip({ from: '10.0.0.5', forwardedFor: '203.0.113.7' })).toBe('203.0.113.7');
    expect(await ip({ from: 'fd00::1', forwardedFor: '203.0.113.7' })).toBe('203.0.113.7');
    // Through two listed proxies the client is the first address neither of them is.
    expect(await ip({ from: '10.0.0.5', forwardedFor: '1.2.3.4, 203.0.113.7, fd00::2' })).toBe('203.0.113.7');
    // A client reaching the server directly is not a listed proxy: its header counts for nothing.
    expect(await ip({ from: '198.51.100.66', forwardedFor: '203.0.113.7' })).toBe('198.51.100.66');

    // So it can neither escape its own limit by forging addresses...
    for (let i = 0; i < 3; i++) expect((await logIn(app, { from: '198.51.100.66', forwardedFor: `192.0.2.${i}` })).statusCode).toBe(200);
    expect((await logIn(app, { from: '198.51.100.66', forwardedFor: '192.0.2.50' })).statusCode).toBe(429);
    // ...nor spend the budget of the address it names.
    expect((await logIn(app, { from: '10.0.0.5', forwardedFor: '192.0.2.1' })).statusCode).toBe(200);
  });
});
