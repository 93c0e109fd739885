import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { isApiRequest } from './client-input';
import { HttpError } from './errors';

/**
 * Where the app may run framed: Telegram's web clients embed a Mini App in an iframe; the phone
 * apps use a web view (not a frame). Any other site framing it is refused by the browser.
 */
const FRAME_ANCESTORS = "'self' https://web.telegram.org https://*.telegram.org https://*.t.me";

/**
 * TON Connect UI sets `ontouchstart=""` on the body (an old fix for :active on iOS Safari); the
 * browser refuses that empty inline handler unless its hash is allowed. Only that hash, the
 * SHA-256 of the empty string, with 'unsafe-hashes' so it applies to a handler attribute: no
 * other inline handler or script can run.
 */
export const EMPTY_INLINE_HANDLER = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";

/** The app's own policy: its scripts only; wallets, avatars and bridges over https. */
function contentSecurityPolicy(config: Config): string {
  const dev = config.production ? '' : ' http://localhost:* http://127.0.0.1:*';
  return [
    "default-src 'self'",
    `script-src 'self' 'unsafe-hashes' ${EMPTY_INLINE_HANDLER}`,
    // React style attributes and TON Connect UI's injected styles.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self' https: wss:${dev}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${FRAME_ANCESTORS}`,
  ].join('; ');
}

const LOCAL_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1)(:\d{1,5})?$/;

// Last-Event-ID: where a live feed stream resumes (routes/live.ts).
const CORS_HEADERS = 'content-type, authorization, x-app-key, x-request-id, last-event-id';

/**
 * Security headers on every answer, and CORS limited to the configured origins: a browser page
 * of any other site can neither read the API's answers nor send it calls with a body.
 */
export function registerSecurity(app: FastifyInstance, config: Config): void {
  const allowed = new Set([new URL(config.publicUrl).origin, ...config.corsOrigins]);
  const csp = contentSecurityPolicy(config);
  // HSTS means something only on an https origin: never pin a plain-http one (a local start).
  const hsts = new URL(config.publicUrl).protocol === 'https:';

  const originOf = (request: FastifyRequest): { origin: string | null; sameOrigin: boolean } => {
    const origin = request.headers.origin;
    if (typeof origin !== 'string' || origin === '') return { origin: null, sameOrigin: true };
    const host = request.headers.host;
    const own = host ? [`http://${host}`, `https://${host}`] : [];
    return { origin, sameOrigin: own.includes(origin) };
  };

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isApiRequest(request)) return;
    const { origin, sameOrigin } = originOf(request);
    if (origin === null || sameOrigin) return;
    // In development the Vite dev server (another port) proxies the API.
    const local = !config.production && LOCAL_ORIGIN.test(origin);
    if (!allowed.has(origin) && !local) throw new HttpError(403, `Calls from ${origin} are not allowed`);
    void reply
      .header('access-control-allow-origin', origin)
      .header('vary', 'origin')
      .header('access-control-allow-headers', CORS_HEADERS)
      .header('access-control-allow-methods', 'POST')
      .header('access-control-max-age', '600');
    if (request.method === 'OPTIONS') return reply.code(204).send();
  });

  app.addHook('onSend', async (request, reply, payload) => {
    void reply.header('x-content-type-options', 'nosniff').header('referrer-policy', 'strict-origin-when-cross-origin');
    if (hsts) void reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) void reply.header('content-security-policy', csp);
    return payload;
  });
}
