import type { FastifyRequest } from 'fastify';
import { DomainError } from '../domain/errors';
import { HttpError, httpMessages } from './errors';

/**
 * Deepest nesting a request body may have. The contract's deepest request is three levels
 * (walletLink's proof.domain.value); a body far deeper is no call's, and its schema error would
 * be printed by recursion (a stack overflow, so a 500, past a few thousand levels).
 */
export const MAX_BODY_DEPTH = 16;

export const inputMessages = {
  tooDeep: `The request body is nested too deeply (at most ${MAX_BODY_DEPTH} levels)`,
  nul: (where: string) => `${where} must not contain a NUL character`,
} as const;

const isPlainKey = (key: string) => /^[A-Za-z_$][\w$]*$/.test(key);

/** Where a value sits in the body, the way the schema errors say it: `proof.payload`, `items[2].giftId`. */
function place(path: readonly (string | number)[]): string {
  let text = '';
  for (const step of path) {
    if (typeof step === 'number') text += `[${step}]`;
    else if (isPlainKey(step)) text += text ? `.${step}` : step;
    else text += `[${JSON.stringify(step)}]`;
  }
  return text || 'the body';
}

/**
 * Refuses, as the client's mistake (400), what no call takes but the database or the schema
 * check would turn into a 500:
 * - a string holding U+0000 anywhere, in a value or a key, at any depth: PostgreSQL refuses NUL in
 *   text (SQLSTATE 22021), so such a filter or name would fail in the query;
 * - a body nested deeper than MAX_BODY_DEPTH.
 * Lone UTF-16 surrogates pass: node-pg and PGlite send them as U+FFFD, which PostgreSQL accepts.
 * Iterative, so no body can exhaust the stack here.
 */
export function checkBodyText(body: unknown): void {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: body, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) throw new DomainError('invalid', inputMessages.nul(place(path)));
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (path.length >= MAX_BODY_DEPTH) throw new DomainError('invalid', inputMessages.tooDeep);
    if (Array.isArray(value)) {
      value.forEach((item: unknown, index) => stack.push({ value: item, path: [...path, index] }));
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) throw new DomainError('invalid', inputMessages.nul(`a key of ${place(path)}`));
      stack.push({ value: item, path: [...path, key] });
    }
  }
}

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/**
 * The request's path as the router matches it: an absolute-form target (`http://host/api/...`)
 * cut to its path, the query and fragment cut off, percent escapes decoded. A path that cannot be
 * decoded is a 400.
 */
function routedPath(url: string): string {
  let path = url;
  if (!path.startsWith('/')) {
    const absolute = /^https?:\/\/[^/?#]*/i.exec(path);
    if (absolute) path = path.slice(absolute[0].length) || '/';
  }
  const end = path.search(/[?#]/);
  if (end !== -1) path = path.slice(0, end);
  if (!path.includes('%')) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    throw new HttpError(400, httpMessages.malformedUrl);
  }
}

/**
 * Whether a request is for the API, so must pass the app-key and origin checks: decided on the
 * route the router matched and on the decoded path, never on the raw URL (the router serves
 * `/%61pi/v3/...` and `http://host/api/v3/...` as `/api/v3/...`).
 */
export function isApiRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route !== undefined && isApiPath(route)) return true;
  return isApiPath(routedPath(request.url));
}
