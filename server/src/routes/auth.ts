import type { FastifyInstance } from 'fastify';
import { validateLaunchData } from '../domain/launch-data';
import { startPlaySession } from '../domain/play/play';
import { getLightProfile } from '../domain/profile';
import { logIn } from '../domain/users';
import { publicCall } from './call';
import type { RouteDeps } from './deps';
import { tooMany } from './rate-limits';

export function registerAuthRoutes(app: FastifyInstance, { config, db, sessions, now }: RouteDeps): void {
  publicCall(
    app,
    'auth',
    async ({ body, request }) => {
      const at = now();
      const launch = validateLaunchData(body.initData, config.botToken, { now: at });
      const { userId, created } = await logIn(db, launch, at);
      // Every sign-in starts a new session: the session's wager limit counts from here.
      await startPlaySession(db, userId, at);
      request.log.info({ userId: userId.toString(), created }, 'player logged in');
      // The light profile rides along (AuthResult): start-up needs it next, and it saves a round trip.
      const [session, profile] = await Promise.all([sessions.issue(userId), getLightProfile(db, userId)]);
      return { token: session.token, expired_at: session.expiresAt, profile };
    },
    {
      config: {
        rateLimit: {
          max: config.authRateLimit.max,
          timeWindow: config.authRateLimit.windowMs,
          errorResponseBuilder: tooMany('login attempts'),
        },
      },
    },
  );
}
