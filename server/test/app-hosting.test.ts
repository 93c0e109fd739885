import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db';
import { escapeHtmlAttribute, injectBootConfig } from '../src/routes/app-hosting';
import { databases, PUBLIC_URL, startServer, TEST_APP_KEY, tempDir } from './helpers';

const INDEX_HTML = `<!doctype html>
<html><head><meta charset="utf-8"><meta name="arcade:config" content=""><title>TON Arcade</title></head>
<body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>
`;

/** Reads the boot config back out of a served page, the way the app does. */
function bootConfigOf(html: string): unknown {
  const match = /<meta name="arcade:config" content="([^"]*)">/.exec(html);
  if (!match?.[1]) throw new Error('no boot config in the page');
  const decoded = match[1]
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
  return JSON.parse(decoded);
}

// Hosting needs no second database engine: PGlite only.
const pglite = databases().filter((database) => database.name === 'pglite');

describe.each(pglite)('hosting the built app (db $name)', (database) => {
  let db: Db;
  let drop: () => Promise<void>;
  let app: FastifyInstance;
  let notBuilt: FastifyInstance;

  beforeAll(async () => {
    ({ db, drop } = await database.create());
    const dist = tempDir('app-dist');
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX_HTML);
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("app")\n');
    writeFileSync(join(dist, 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    app = await startServer(db, { env: { APP_DIST: dist, APP_KEY: 'key"with<odd>&chars' } });
    notBuilt = await startServer(db, { env: { APP_DIST: tempDir('empty-dist') } });
  });

  afterAll(async () => {
    await app?.close();
    await notBuilt?.close();
    await drop?.();
  });

  it('an app route falls back to index.html, no-cache, with the boot config injected', async () => {
    for (const url of ['/', '/bonus', '/market?sort=price', '/profile/', '/index.html']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).not.toContain('<meta name="arcade:config" content="">');
      expect(bootConfigOf(response.body)).toEqual({
        appKey: 'key"with<odd>&chars',
        miniAppUrl: 'https://t.me/ton_arcade_bot/play',
        manifestUrl: `${PUBLIC_URL}/storage/tonconnect-manifest.json`,
        dev: true,
      });
    }
  });

  it('the placeholder may be self-closing or spaced by a build tool', () => {
    const config = { appKey: 'k', miniAppUrl: 'https://t.me/a/b', manifestUrl: 'https://x/m.json', dev: false };
    for (const tag of ['<meta name="arcade:config" content="" />', '<meta  name="arcade:config"  content="">']) {
      expect(bootConfigOf(injectBootConfig(`<head>${tag}</head>`, config))).toEqual(config);
    }
  });

  it('the injected config cannot break out of the attribute', () => {
    expect(escapeHtmlAttribute(`"><script>alert('x')</script>&`)).toBe('&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;');
  });

  it('hashed assets are served with an immutable cache', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('console.log');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('other files of the build are served, not cached forever', async () => {
    const response = await app.inject({ method: 'GET', url: '/icon-192.png' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('a missing asset is 404, never index.html', async () => {
    for (const url of ['/assets/missing.js', '/assets/deep/missing.css', '/missing-icon.png']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('<div id="root">');
    }
    // The folder itself is not listed either.
    const folder = await app.inject({ method: 'GET', url: '/assets/' });
    expect([403, 404]).toContain(folder.statusCode);
    expect(folder.json()).toMatchObject({ success: false });
  });

  it('a path escaping the build folder is refused', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/..%2F..%2Fpackage.json' });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });

  it('API calls never fall back to the page', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v3/nothing', headers: { 'x-app-key': 'key"with<odd>&chars' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false });
  });

  it('without a built app, pages answer 503 saying so and the API still works', async () => {
    const page = await notBuilt.inject({ method: 'GET', url: '/bonus' });
    expect(page.statusCode).toBe(503);
    expect(page.body).toContain('not built');
    expect((await notBuilt.inject({ method: 'GET', url: '/assets/index.js' })).statusCode).toBe(404);
    expect((await notBuilt.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const api = await notBuilt.inject({ method: 'POST', url: '/api/v3/profile/light', headers: { 'x-app-key': TEST_APP_KEY } });
    expect(api.statusCode).toBe(401);
  });
});
