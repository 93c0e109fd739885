import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { redactBotToken } from '../src/logging';
import {
  databases,
  freePort,
  postgresOnly,
  PRODUCTION_ENV,
  PUBLIC_URL,
  START_WAIT_MS,
  startServer,
  stopServerProcesses,
  suiteDatabase,
  tempDir,
  TEST_APP_KEY,
  TEST_BOT_TOKEN,
} from './helpers';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
/** The token's secret part: what must never be in a log line, whole or percent-encoded. */
const SECRET = TEST_BOT_TOKEN.split(':')[1]!;

type Line = Record<string, unknown>;

function logCollector(): { stream: { write(line: string): void }; lines: Line[]; raw: string[] } {
  const lines: Line[] = [];
  const raw: string[] = [];
  return {
    lines,
    raw,
    stream: {
      write: (line: string) => {
        raw.push(line);
        lines.push(JSON.parse(line) as Line);
      },
    },
  };
}

describe('redactBotToken', () => {
  it('replaces a bot token in a URL path, plain or percent-encoded, and leaves other paths alone', () => {
    expect(redactBotToken(`/fake-bot-api/bot${TEST_BOT_TOKEN}/getMe?x=1`)).toBe('/fake-bot-api/bot[redacted]/getMe?x=1');
    expect(redactBotToken(`/x/bot${TEST_BOT_TOKEN.replace(':', '%3A')}/sendMessage`)).toBe('/x/bot[redacted]/sendMessage');
    expect(redactBotToken('/api/v3/bot/status')).toBe('/api/v3/bot/status');
  });
});

describe.each(databases().slice(0, 1))('request logs on $name', (database) => {
  const suite = suiteDatabase(database);

  it('logs one line per request at info, with the method, URL, status and time', async () => {
    const log = logCollector();
    const app = await startServer(suite.db, { env: { LOG_LEVEL: 'info' }, logStream: log.stream });
    try {
      const page = await app.inject({ method: 'GET', url: '/storage/tonconnect-manifest.json' });
      const missing = await app.inject({ method: 'GET', url: '/no/such/thing' });
      for (const [response, url] of [
        [page, '/storage/tonconnect-manifest.json'],
        [missing, '/no/such/thing'],
      ] as const) {
        const mine = log.lines.filter((line) => line.reqId === response.headers['x-request-id']);
        const requestLines = mine.filter((line) => line.req !== undefined || line.res !== undefined);
        expect(requestLines, url).toHaveLength(1);
        expect(requestLines[0]).toMatchObject({
          level: 30,
          msg: 'request completed',
          req: { method: 'GET', url },
          res: { statusCode: response.statusCode },
          responseTime: expect.any(Number) as number,
        });
      }
      expect(log.lines.some((line) => line.msg === 'incoming request')).toBe(false);
    } finally {
      await app.close();
    }
  });

  it('never logs the bot token of a fake Bot API URL, at any level', async () => {
    const log = logCollector();
    const app = await startServer(suite.db, { env: { LOG_LEVEL: 'trace' }, logStream: log.stream });
    try {
      const sent = await app.inject({
        method: 'POST',
        url: `/fake-bot-api/bot${TEST_BOT_TOKEN}/sendMessage`,
        payload: { chat_id: 1, text: 'hello' },
      });
      expect(sent.statusCode).toBe(200);
      await app.inject({ method: 'POST', url: `/fake-bot-api/bot${TEST_BOT_TOKEN.replace(':', '%3A')}/sendMessage` });
      await app.inject({ method: 'GET', url: `/api/v3/nothing/bot${TEST_BOT_TOKEN}/x` });
      expect(log.raw.length).toBeGreaterThan(0);
      for (const line of log.raw) expect(line).not.toContain(SECRET);
      const urls = log.lines.map((line) => (line.req as { url?: string } | undefined)?.url).filter(Boolean);
      expect(urls).toContain('/fake-bot-api/bot[redacted]/sendMessage');
    } finally {
      await app.close();
    }
  });
});

const children: ChildProcess[] = [];
afterAll(() => stopServerProcesses(children));

describe.each(postgresOnly('production logs'))('a production server process on $name', (database) => {
  it('writes only JSON lines to stdout, the listening line included', async () => {
    // Migrated here: a production server only checks that it is.
    const { url, drop } = await database.create();
    try {
      const [port, metricsPort, noToncenter] = await Promise.all([freePort(), freePort(), freePort()]);
      const dataDir = tempDir('production-logs');
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: SERVER_DIR,
        env: {
          PATH: process.env.PATH ?? '',
          ...PRODUCTION_ENV,
          BOT_TOKEN: TEST_BOT_TOKEN,
          APP_KEY: TEST_APP_KEY,
          PUBLIC_URL,
          DATABASE_URL: url ?? '',
          PORT: String(port),
          HOST: '127.0.0.1',
          METRICS_PORT: String(metricsPort),
          // Nobody answers there: the workers' failing passes are logged too, as JSON.
          TONCENTER_URL: `http://127.0.0.1:${noToncenter}`,
          APP_DIST: join(dataDir, 'no-app'),
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no listening line: ${stdout} ${stderr}`)), START_WAIT_MS);
        const check = () => {
          if (!stdout.includes('TON Arcade server listening on')) return;
          clearTimeout(timer);
          resolve();
        };
        child.stdout.on('data', check);
        void exited.then(() => reject(new Error(`exited early: ${stderr}`)));
      });
      const base = `http://127.0.0.1:${port}`;
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      // No app built: the page is a 503, logged like any request.
      expect((await fetch(`${base}/no/such/page`)).status).toBe(503);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);

      const lines = stdout.trim().split('\n');
      const parsed = lines.map((line) => {
        try {
          return JSON.parse(line) as Line;
        } catch {
          throw new Error(`a stdout line is not JSON: ${line}`);
        }
      });
      expect(parsed).toContainEqual(
        expect.objectContaining({ level: 30, msg: `TON Arcade server listening on ${base}`, address: base, publicUrl: PUBLIC_URL }),
      );
      const page = parsed.find((line) => line.msg === 'request completed' && (line.req as { url?: string }).url === '/no/such/page');
      expect(page).toMatchObject({ res: { statusCode: 503 } });
      expect(parsed).toContainEqual(expect.objectContaining({ msg: 'shutting down' }));
    } finally {
      await drop();
    }
  });
});
