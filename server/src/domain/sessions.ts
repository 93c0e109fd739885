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

/** Tokens already verified, with their player and expiry: a player's next call skips the signature check. */
const VERIFIED_TOKENS = 20_000;

export function createSessions(secret: string, now: () => Date, lifetimeSeconds = productConfig.session.tokenLifetimeSeconds): Sessions {
  // Imported once: handing jose the raw bytes would import the key again at every call.
  const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  const verified = new Map<string, { userId: bigint; expiresAt: number }>();

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
        .sign(await key);
      return { token, expiresAt };
    },

    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (now().getTime() / 1000 < known.expiresAt) return known.userId;
        verified.delete(token);
        throw new DomainError('unauthenticated', sessionMessages.expired);
      }
      let subject: string | undefined;
      let expiresAt: number | undefined;
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          currentDate: now(),
          requiredClaims: ['sub', 'exp'],
        });
        subject = payload.sub;
        expiresAt = payload.exp;
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw new DomainError('unauthenticated', sessionMessages.expired);
        // Whatever else a client can send (garbage, another algorithm, a foreign secret) is just invalid.
        throw new DomainError('unauthenticated', sessionMessages.invalid);
      }
      if (!subject || !/^[1-9]\d{0,15}$/.test(subject) || expiresAt === undefined)
        throw new DomainError('unauthenticated', sessionMessages.invalid);
      const userId = BigInt(subject);
      if (verified.size >= VERIFIED_TOKENS) verified.delete(verified.keys().next().value!);
      verified.set(token, { userId, expiresAt });
      return userId;
    },
  };
}
