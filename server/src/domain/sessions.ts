import { errors, jwtVerify, SignJWT } from 'jose';
import { DomainError } from './errors';
import { productConfig } from './product-config';

const ISSUER = 'ton-arcade';
const ALGORITHM = 'HS256';

export const sessionMessages = {
  missing: 'Missing bearer token, log in first',
  expired: 'Session expired, log in again',
  invalid: 'Invalid session token, log in again',
} as const;

export interface Session {
  token: string;
  /** Unix time in seconds. */
  expiresAt: number;
}

export interface Sessions {
  /** Issues a session token for a player who just proved who they are with launch data. */
  issue(userId: bigint): Promise<Session>;
  /** Returns the player id of a valid token; throws DomainError('unauthenticated') otherwise. */
  verify(token: string): Promise<bigint>;
}

export function createSessions(secret: string, now: () => Date, lifetimeSeconds = productConfig.session.tokenLifetimeSeconds): Sessions {
  const key = new TextEncoder().encode(secret);

  return {
    async issue(userId) {
      const issuedAt = Math.floor(now().getTime() / 1000);
      const expiresAt = issuedAt + lifetimeSeconds;
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(userId.toString())
        .setIssuer(ISSUER)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(key);
      return { token, expiresAt };
    },

    async verify(token) {
      let subject: string | undefined;
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          currentDate: now(),
          requiredClaims: ['sub', 'exp'],
        });
        subject = payload.sub;
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw new DomainError('unauthenticated', sessionMessages.expired);
        // Whatever else a client can send (garbage, another algorithm, a foreign secret) is just invalid.
        throw new DomainError('unauthenticated', sessionMessages.invalid);
      }
      if (!subject || !/^[1-9]\d{0,15}$/.test(subject)) throw new DomainError('unauthenticated', sessionMessages.invalid);
      return BigInt(subject);
    },
  };
}
