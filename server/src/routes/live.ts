import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LIVE_FEED_PATH } from '@arcade/api-client/live';
import { WeeklyLeaderboard } from '../domain/live/leaderboard';
import { LiveFeed } from '../domain/live/live-feed';
import { chooseName, nameChoice } from '../domain/live/name-choice';
import { authenticate, playerCall } from './call';
import type { RouteDeps } from './deps';
import { HttpError } from './errors';
import { perPlayerRateLimit, playerOrAddress } from './rate-limits';

/** Live feeds a player (or, before a valid token, an address) may open per minute, every replica together. */
const OPENS_PER_MINUTE = 30;

export const liveMessages = {
  playerLimit: 'Too many live feeds open for this player: close one first',
  replicaLimit: 'The live feed is full right now, try again in a minute',
  closing: 'The server is restarting, connect again',
} as const;

/**
 * Where a stream resumes: the `Last-Event-ID` header (what EventSource sends when it connects again),
 * else a `lastEventId` query parameter (a client reading with fetch may set either). Anything that
 * is not a feed position starts the stream afresh.
 */
function lastEventId(request: FastifyRequest): string | null {
  const header = request.headers['last-event-id'];
  if (typeof header === 'string' && header !== '') return header;
  const query = (request.query as Record<string, unknown> | null)?.lastEventId;
  return typeof query === 'string' ? query : null;
}

/**
 * The live feed of settled rounds (Server-Sent Events over a POST, so it carries the app key and
 * the session like every call), the weekly leaderboard, and the player's choice of showing their
 * name in both.
 */
export function registerLiveRoutes(app: FastifyInstance, { config, db, reads, sessions, now }: RouteDeps): void {
  const feed = new LiveFeed({ db, log: app.log });
  const leaderboard = new WeeklyLeaderboard(db, reads);
  // Before the server waits for its requests to end: open streams never would.
  app.addHook('preClose', async () => {
    await feed.close();
  });

  app.post(
    LIVE_FEED_PATH,
    { config: { rateLimit: { max: OPENS_PER_MINUTE, timeWindow: 60_000, keyGenerator: playerOrAddress(sessions) } } },
    async (request, reply) => {
      const userId = await authenticate(request, sessions);
      const opened = await feed.open(userId, lastEventId(request));
      if (!opened.ok) {
        if (opened.reason === 'player-limit') throw new HttpError(429, liveMessages.playerLimit);
        void reply.header('retry-after', '60');
        throw new HttpError(503, opened.reason === 'closing' ? liveMessages.closing : liveMessages.replicaLimit);
      }
      // No proxy may hold the events back or transform them (Caddy and nginx flush an event stream as it comes).
      void reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no');
      return reply.send(opened.stream);
    },
  );

  playerCall(app, sessions, 'gamesLeaderboard', ({ userId }) => leaderboard.read(userId, now()));
  playerCall(app, sessions, 'profilePrivacy', ({ userId }) => nameChoice(db, userId));
  // Each change goes out to every open feed: a player may make a few a minute, not a flood.
  playerCall(app, sessions, 'profilePrivacyChange', ({ userId, body }) => chooseName(db, userId, body.showName), {
    config: { rateLimit: perPlayerRateLimit(sessions, config.nameChoiceRateLimit, 'name changes') },
  });
}
