import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { type } from 'arktype';
import { calls, type CallName, type Calls, type ReplyOf } from '@arcade/api-client/calls';
import { actingAs } from '../domain/actor';
import { DomainError } from '../domain/errors';
import { moneyKey, type MoneyKey } from '../domain/ledger';
import { sessionMessages, type Sessions } from '../domain/sessions';
import { checkBodyText } from './client-input';

/** The validated request body of a call. */
export type BodyOf<N extends CallName> = Calls[N]['request']['infer'];

export interface PublicCallContext<N extends CallName> {
  body: BodyOf<N>;
  request: FastifyRequest;
}

/** A money call's checked key and request fingerprint; calls without an idempotency key have none. */
export type MoneyKeyOf<N extends CallName> = BodyOf<N> extends { idempotencyKey: string } ? MoneyKey : undefined;

export interface PlayerCallContext<N extends CallName> extends PublicCallContext<N> {
  /** The player the bearer token was issued to. */
  userId: bigint;
  /**
   * The call's idempotency key, checked, with the fingerprint of the declared request (every
   * field but the key): made here, before the handler runs, so a bad key or a key reused for
   * another request is refused before any money moves.
   */
  money: MoneyKeyOf<N>;
}

function validateBody<N extends CallName>(name: N, body: unknown): BodyOf<N> {
  // No NUL in any string (PostgreSQL refuses it) and no absurd nesting: a 400, before the schema.
  checkBodyText(body);
  // A call without a body may be sent with no body at all.
  const checked = calls[name].request(body ?? {});
  if (checked instanceof type.errors) throw new DomainError('invalid', checked.summary);
  return checked;
}

/** Replies are checked against the contract too: a mismatch is our bug, so a 500 that gets logged. */
function envelope<N extends CallName>(name: N, data: ReplyOf<N>): { success: true; data: ReplyOf<N> } {
  const checked = calls[name].reply(data);
  if (checked instanceof type.errors) {
    throw new Error(`Reply of ${calls[name].path} breaks the contract: ${checked.summary}`);
  }
  return { success: true, data };
}

const BEARER = /^Bearer ([A-Za-z0-9_\-.]+)$/;

/** Each request's verified player: the money-call rate limit asks first, the call reuses the answer. */
const players = new WeakMap<FastifyRequest, Promise<bigint>>();

/** The player of the request's bearer token, its signature checked once per request; rejects with DomainError('unauthenticated'). */
export function authenticate(request: FastifyRequest, sessions: Sessions): Promise<bigint> {
  let player = players.get(request);
  if (!player) {
    player = verifyBearer(request, sessions);
    players.set(request, player);
  }
  return player;
}

async function verifyBearer(request: FastifyRequest, sessions: Sessions): Promise<bigint> {
  const header = request.headers.authorization;
  if (!header) throw new DomainError('unauthenticated', sessionMessages.missing);
  const match = BEARER.exec(header);
  if (!match?.[1]) throw new DomainError('unauthenticated', sessionMessages.invalid);
  return sessions.verify(match[1]);
}

/** Registers a call made before login (no bearer token), at the path api-client gives it. */
export function publicCall<N extends CallName>(
  app: FastifyInstance,
  name: N,
  handler: (context: PublicCallContext<N>) => Promise<ReplyOf<N>>,
  options: RouteShorthandOptions = {},
): void {
  const spec = calls[name];
  if (!spec.public) throw new Error(`${spec.path} is not a public call`);
  app.post(spec.path, options, async (request) => {
    const body = validateBody(name, request.body);
    return envelope(name, await handler({ body, request }));
  });
}

/**
 * Registers a call of a logged-in player: `Authorization: Bearer <token>` is required. `options`
 * are the route's (a rate limit of its own, say: routes/rate-limits.ts).
 */
export function playerCall<N extends CallName>(
  app: FastifyInstance,
  sessions: Sessions,
  name: N,
  handler: (context: PlayerCallContext<N>) => Promise<ReplyOf<N>>,
  options: RouteShorthandOptions = {},
): void {
  const spec = calls[name];
  if (spec.public) throw new Error(`${spec.path} is a public call`);
  app.post(spec.path, options, async (request) => {
    const userId = await authenticate(request, sessions);
    const body = validateBody(name, request.body);
    const key = (body as { idempotencyKey?: unknown }).idempotencyKey;
    const money = (
      typeof key === 'string' ? moneyKey({ userId, call: name, idempotencyKey: key, request: body }) : undefined
    ) as MoneyKeyOf<N>;
    // Every movement the handler posts is authorised by this session's player, and by nobody else.
    return envelope(name, await actingAs({ player: userId }, () => handler({ body, request, userId, money })));
  });
}
