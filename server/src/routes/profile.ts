import type { FastifyInstance } from 'fastify';
import { changeLanguage, completeOnboarding, getFullProfile, getLightProfile } from '../domain/profile';
import { playerCall } from './call';
import type { RouteDeps } from './deps';

export function registerProfileRoutes(app: FastifyInstance, { db, sessions, now }: RouteDeps): void {
  playerCall(app, sessions, 'profileLight', ({ userId }) => getLightProfile(db, userId));
  playerCall(app, sessions, 'profileFull', ({ userId }) => getFullProfile(db, userId, now()));
  playerCall(app, sessions, 'profileOnboarding', ({ userId }) => completeOnboarding(db, userId));
  playerCall(app, sessions, 'profileLanguage', ({ userId, body }) => changeLanguage(db, userId, body.lang));
}
