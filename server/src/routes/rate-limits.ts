import { normalizeIP, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { Sessions } from '../domain/sessions';
import { authenticate } from './call';
import { HttpError } from './errors';

export interface CallLimit {
  max: number;
  windowMs: number;
}

/**
 * Who a player's call counts against: the player, once the session token's signature checks out
 * (verified once: the call reuses the answer). Anything unsigned, forged or expired counts against
 * the client address instead, so a flood of tokens naming someone else spends the sender's budget,
 * never the victim's.
 */
export function playerOrAddress(sessions: Sessions): (request: FastifyRequest) => Promise<string> {
  return async (request) => {
    try {
      return `player:${await authenticate(request, sessions)}`;
    } catch {
      return `address:${normalizeIP(request.ip)}`;
    }
  };
}

/** The refusal past a limit, in the API's error style: a 429 that says when to retry. */
export function tooMany(what: string): NonNullable<RateLimitOptions['errorResponseBuilder']> {
  return (_request, context) => {
    const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
    return new HttpError(context.statusCode, `Too many ${what}, retry in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`);
  };
}

/**
 * A route's limit per verified player (else per client address), for @fastify/rate-limit: the
 * money calls' and the name choice's. With REDIS_URL every replica counts in Redis (app.ts).
 */
export function perPlayerRateLimit(sessions: Sessions, limit: CallLimit, what = 'requests'): RateLimitOptions {
  return {
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: playerOrAddress(sessions),
    errorResponseBuilder: tooMany(what),
  };
}
