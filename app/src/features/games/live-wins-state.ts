import type { Leaderboard, LiveEvent, LiveRecent, LiveRound } from '@arcade/api-client/live';
import { LiveFeedCursor, readLiveFeed } from '@arcade/api-client/live-stream';
import type { QueryFunctionContext } from '@tanstack/query-core';
import { atom, useAtomValue, useStore, type Getter } from 'jotai';
import { atomWithQuery } from 'jotai-tanstack-query';
import { useEffect } from 'react';
import type { AppApi } from '../../lib/api';
import { appConfig } from '../../lib/config';
import { apiAtom, sessionAtom } from '../../state/session';
import { signedInQuery } from '../../state/signed-in';

/** Rounds the feed keeps (the server sends as many on connecting). */
export const LIVE_ROUNDS_KEPT = 20;

export interface LiveFeedState {
  /** connecting: no answer yet; live: the stream is open; reconnecting: it dropped, another try is coming. */
  status: 'connecting' | 'live' | 'reconnecting';
  /** Newest first. */
  rounds: LiveRound[];
  bigWin: LiveRecent['bigWin'] | null;
}

export const initialLiveFeed: LiveFeedState = { status: 'connecting', rounds: [], bigWin: null };

/** The feed's state after one event of the stream. */
export function applyLiveEvent(state: LiveFeedState, event: LiveEvent, keep = LIVE_ROUNDS_KEPT): LiveFeedState {
  switch (event.type) {
    case 'recent':
      return { status: 'live', rounds: event.data.rounds.slice(0, keep), bigWin: event.data.bigWin };
    case 'round':
      if (state.rounds.some((round) => round.id === event.data.id)) return { ...state, status: 'live' };
      return { ...state, status: 'live', rounds: [event.data, ...state.rounds].slice(0, keep) };
    case 'names': {
      const renamed = new Set(event.data.rounds);
      const name = event.data.name;
      return { ...state, rounds: state.rounds.map((round) => (renamed.has(round.id) ? { ...round, name } : round)) };
    }
  }
}

export const liveFeedAtom = atom<LiveFeedState>(initialLiveFeed);

/** Waits before trying again: growing with each failure in a row, capped. */
export function retryDelayMs(failures: number): number {
  return Math.min(1_000 * 2 ** Math.min(failures, 5), 30_000);
}

/** A screen switch unmounts one game screen and mounts the next: the stream outlives it by this much. */
const LINGER_MS = 15_000;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * The page's one connection to the live feed, shared by the game screens that show it: open while
 * one of them is mounted (and a little after), closed while the page is hidden, reopened with a
 * growing pause when it drops. A session that expired is renewed by an ordinary call (the API
 * client logs in again on its 401), then the stream is opened again. Each stream opened again
 * resumes from the last event applied (the cursor's id, for the page's life): the server sends what
 * was missed, or a fresh list when that is too old; an event that would come twice is dropped.
 */
class LiveConnection {
  private readonly cursor = new LiveFeedCursor();
  private users = 0;
  private linger: ReturnType<typeof setTimeout> | null = null;
  private controller: AbortController | null = null;
  private api: AppApi | null = null;
  private update: ((change: (state: LiveFeedState) => LiveFeedState) => void) | null = null;
  private watching = false;

  attach(api: AppApi, update: (change: (state: LiveFeedState) => LiveFeedState) => void): () => void {
    if (this.api !== api) this.stop();
    this.api = api;
    this.update = update;
    this.users += 1;
    if (this.linger) clearTimeout(this.linger);
    this.linger = null;
    this.watchVisibility();
    if (!this.controller && !document.hidden) this.start();
    return () => {
      this.users -= 1;
      if (this.users > 0) return;
      this.linger = setTimeout(() => {
        this.linger = null;
        if (this.users === 0) this.stop();
      }, LINGER_MS);
    };
  }

  private watchVisibility(): void {
    if (this.watching) return;
    this.watching = true;
    document.addEventListener('visibilitychange', () => {
      if (document.hidden) this.stop();
      else if (this.users > 0 && !this.controller) this.start();
    });
  }

  private start(): void {
    const api = this.api;
    if (!api) return;
    const controller = new AbortController();
    this.controller = controller;
    void this.run(api, controller.signal);
  }

  private stop(): void {
    this.controller?.abort();
    this.controller = null;
  }

  private async run(api: AppApi, signal: AbortSignal): Promise<void> {
    let failures = 0;
    while (!signal.aborted) {
      let wait: number | null = null;
      try {
        const end = await readLiveFeed({
          baseUrl: '',
          appKey: appConfig().appKey,
          token: api.token,
          signal,
          cursor: this.cursor,
          // A resumed stream may have missed nothing: it is live before its first event.
          onOpen: () => this.update?.((state) => (state.status === 'reconnecting' ? { ...state, status: 'live' } : state)),
          onEvent: (event) => {
            failures = 0;
            this.update?.((state) => applyLiveEvent(state, event));
          },
        });
        if (end.reason === 'unauthorized') await api.profile.light({ signal }).catch(() => undefined);
        if (end.reason === 'refused' && end.retryAfterSeconds !== null) wait = end.retryAfterSeconds * 1_000;
      } catch {
        // A network failure or a malformed event: like an end, try again after a pause.
      }
      if (signal.aborted) return;
      this.update?.((state) => ({ ...state, status: state.rounds.length > 0 || state.bigWin ? 'reconnecting' : 'connecting' }));
      await sleep(wait ?? retryDelayMs(failures), signal);
      failures += 1;
    }
  }
}

const connection = new LiveConnection();

/** The live feed, kept open while the calling screen is mounted and `wanted` (once it has been seen). */
export function useLiveFeed(wanted: boolean): LiveFeedState {
  const api = useAtomValue(apiAtom);
  const session = useAtomValue(sessionAtom);
  const store = useStore();
  const signedIn = session !== null;
  useEffect(() => {
    if (!api || !signedIn || !wanted) return undefined;
    return connection.attach(api, (change) => store.set(liveFeedAtom, change(store.get(liveFeedAtom))));
  }, [api, signedIn, wanted, store]);
  return useAtomValue(liveFeedAtom);
}

export const leaderboardKeys = {
  week: (userId: string | null) => ['games', 'leaderboard', userId] as const,
};

/** This week's leaders; read again every half minute while shown. */
export const leaderboardQueryAtom = atomWithQuery((get: Getter) => ({
  ...signedInQuery(get, leaderboardKeys.week, ({ api }, { signal }: QueryFunctionContext): Promise<Leaderboard> =>
    api.call('gamesLeaderboard', {}, { signal }),
  ),
  staleTime: 10_000,
  refetchInterval: 30_000,
}));
