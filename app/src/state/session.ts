import { atom } from 'jotai';
import type { AppApi } from '../lib/api';

export interface Session {
  /** The Telegram user id from the launch data: queries are keyed by it, never by the token. */
  userId: string;
  /** Unix seconds, from the auth result. */
  expiresAt: number;
}

/** Set once login succeeds; null before and after a failed login. */
export const sessionAtom = atom<Session | null>(null);

/** The page's API client (it keeps the bearer token); set at start-up. */
export const apiAtom = atom<AppApi | null>(null);
