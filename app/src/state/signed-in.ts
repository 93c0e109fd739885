import { skipToken, type QueryClient, type QueryFunctionContext, type QueryKey, type SkipToken } from '@tanstack/query-core';
import type { Getter } from 'jotai';
import { queryClientAtom } from 'jotai-tanstack-query';
import type { AppApi } from '../lib/api';
import { apiAtom, sessionAtom } from './session';

/** What a call of the signed-in player needs. */
export interface SignedIn {
  api: AppApi;
  userId: string;
  client: QueryClient;
}

/** Reads what a mutation needs while the atom is read (a Getter is only valid synchronously). */
export function readSignedIn(get: Getter): SignedIn | null {
  const api = get(apiAtom);
  const session = get(sessionAtom);
  return api && session ? { api, userId: session.userId, client: get(queryClientAtom) } : null;
}

export function required(signedIn: SignedIn | null): SignedIn {
  if (!signedIn) throw new Error('Not signed in');
  return signedIn;
}

/**
 * The key and the function of a query of the signed-in player: keyed by their id (null before
 * sign-in), asked only once someone is signed in and `fetch` is given (skipToken until then).
 */
export function signedInQuery<TKey extends QueryKey, TData, TContext = QueryFunctionContext>(
  get: Getter,
  key: (userId: string | null) => TKey,
  fetch: ((signedIn: SignedIn, context: TContext) => Promise<TData>) | null,
): { queryKey: TKey; queryFn: ((context: TContext) => Promise<TData>) | SkipToken } {
  const session = get(sessionAtom);
  const signedIn = readSignedIn(get);
  return {
    queryKey: key(session?.userId ?? null),
    queryFn: signedIn && fetch ? (context) => fetch(signedIn, context) : skipToken,
  };
}
