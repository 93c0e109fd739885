import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { RouteDeps } from './deps';
import { failure } from './errors';

/** The tag the app's index.html carries; the server fills in its content at start. */
export const CONFIG_PLACEHOLDER = '<meta name="arcade:config" content="">';
/** The same tag, tolerant of a build tool's whitespace or self-closing slash. */
const PLACEHOLDER_PATTERN = /<meta\s+name="arcade:config"\s+content=""\s*\/?>/;

/** What the app reads from the page before its first call. */
export interface BootConfig {
  appKey: string;
  miniAppUrl: string;
  manifestUrl: string;
  dev: boolean;
}

export function bootConfig(config: Config): BootConfig {
  return {
    appKey: config.appKey,
    miniAppUrl: config.miniAppUrl,
    manifestUrl: `${config.publicUrl}/storage/tonconnect-manifest.json`,
    dev: !config.production,
  };
}

export function escapeHtmlAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function injectBootConfig(html: string, config: BootConfig): string {
  const tag = `<meta name="arcade:config" content="${escapeHtmlAttribute(JSON.stringify(config))}">`;
  return html.replace(PLACEHOLDER_PATTERN, () => tag);
}

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>TON Arcade</title></head>
<body><h1>TON Arcade</h1><p>The app is not built yet. Run <code>pnpm build</code> and restart the server.</p></body></html>
`;

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** True when an Accept-Encoding header takes gzip (by name or `*`) with a non-zero weight. */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  let gzip: number | null = null;
  let any: number | null = null;
  for (const part of value.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    if (name.trim() === 'gzip') gzip = weight;
    else if (name.trim() === '*') any = weight;
  }
  return (gzip ?? any ?? 0) > 0;
}
/** A path whose last segment looks like a file name: a missing file, never an app route. */
const FILE_LIKE = /\/[^/]*\.[a-z0-9]+$/i;

/**
 * Serves the built app: hashed files under /assets cached forever, every other GET that is
 * not an API call falls back to index.html (the app routes in the browser), served no-cache
 * with the boot config injected. Also the one not-found handler for the whole server.
 */
export async function registerAppHosting(app: FastifyInstance, { config }: RouteDeps): Promise<void> {
  const indexPath = join(config.appDist, 'index.html');
  let indexHtml: string | null = null;
  if (existsSync(indexPath)) {
    const html = readFileSync(indexPath, 'utf8');
    if (!PLACEHOLDER_PATTERN.test(html)) {
      app.log.warn(`${indexPath} has no ${CONFIG_PLACEHOLDER} tag; the app gets no boot config`);
    }
    indexHtml = injectBootConfig(html, bootConfig(config));
  } else {
    app.log.warn(`${indexPath} not found: the app is not built, pages answer 503`);
  }

  // The page is the same for every request: compressed once here, sent to browsers that take gzip.
  const indexGzip = indexHtml === null ? null : gzipSync(indexHtml, { level: constants.Z_BEST_COMPRESSION });

  const sendIndex = (request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    if (indexHtml === null) {
      return reply.code(503).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
    }
    void reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
    if (indexGzip !== null && acceptsGzip(request.headers['accept-encoding'])) {
      return reply.header('content-encoding', 'gzip').send(indexGzip);
    }
    return reply.send(indexHtml);
  };

  if (existsSync(config.appDist)) {
    await app.register(fastifyStatic, {
      root: config.appDist,
      prefix: '/',
      index: false,
      wildcard: true,
      cacheControl: false,
      // The app's build writes name.br and name.gz next to its code and styles: sent as they
      // are to browsers that accept them, the plain file otherwise.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const inAssets = relative(config.appDist, filePath).startsWith(`assets${sep}`);
        void reply.header('cache-control', inAssets ? IMMUTABLE : 'no-cache');
      },
    });
  }

  // index.html is never served raw: it always carries the boot config.
  app.get('/', (request, reply) => sendIndex(request, reply));
  app.get('/index.html', (request, reply) => sendIndex(request, reply));

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path === '/api' || path.startsWith('/api/');
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !isApi && !path.startsWith('/assets/') && !FILE_LIKE.test(path);
    if (isPage) return sendIndex(request, reply);
    const what = isApi ? 'Unknown API call' : 'Not found';
    return reply.code(404).send(failure(`${what}: ${request.method} ${path.slice(0, 200)}`));
  });
}
