import type { FastifyInstance } from 'fastify';
import { confirmAge, pausePlay, playState, setPlayLimit, setRealityCheck } from '../domain/play/play';
import { playerCall } from './call';
import type { RouteDeps } from './deps';

/** Responsible play: the player's own limits, pauses, reality check and 18+ confirmation (identity from the session only). */
export function registerPlayRoutes(app: FastifyInstance, { db, sessions, now }: RouteDeps): void {
  playerCall(app, sessions, 'playState', ({ userId }) => playState(db, userId, now()));
  playerCall(app, sessions, 'playLimitSet', ({ userId, body, money }) =>
    setPlayLimit(db, { userId, kind: body.kind, amount: body.amount, money, now: now() }),
  );
  playerCall(app, sessions, 'playPause', ({ userId, body, money }) => pausePlay(db, { userId, length: body.length, money, now: now() }));
  playerCall(app, sessions, 'playRealityCheck', ({ userId, body }) => setRealityCheck(db, userId, body.minutes, now()));
  playerCall(app, sessions, 'playAgeConfirm', ({ userId }) => confirmAge(db, userId, now()));
}
