import type { Readable } from 'node:stream';
import { vi } from 'vitest';
import type { LiveEvent, LiveNames, LiveRecent, LiveRound } from '@arcade/api-client/live';
import { eventStreamParser, readLiveFeed, type EventStreamMessage } from '@arcade/api-client/live-stream';
import { TEST_APP_KEY } from './helpers';

/** A live feed client of one server process, as the app reads it (readLiveFeed). */
export interface FeedClient {
  /** The events delivered so far. */
  events: LiveEvent[];
  /** The round with this id once the feed has delivered it (waits up to `ms`). */
  roundOf(id: string): Promise<LiveRound>;
  close(): void;
}

/** Opens the live feed of the server process at `base` as the player of `token`, as the app's client. */
export function openFeedClient(base: string, token: string, ms = 20_000): FeedClient {
  const events: LiveEvent[] = [];
  const controller = new AbortController();
  void readLiveFeed({
    baseUrl: base,
    appKey: TEST_APP_KEY,
    token,
    signal: controller.signal,
    onEvent: (event) => events.push(event),
  }).catch(() => {});
  const roundOf = (id: string) =>
    vi.waitFor(
      (): LiveRound => {
        const found = events.flatMap((event) => (event.type === 'round' && event.data.id === id ? [event.data] : []))[0];
        if (!found) throw new Error(`round ${id} not in the feed of ${base}`);
        return found;
      },
      { timeout: ms, interval: 50 },
    );
  return { events, roundOf, close: () => controller.abort() };
}

/** The live feed's events as the server wrote them, each with its id (no client-side filtering). */
export interface RawFeed {
  messages: EventStreamMessage[];
  /** The ids of the `round` events, in the order they came. */
  rounds(): string[];
  /** The `names` events. */
  names(): LiveNames[];
  /** The id of the last event (what a client resumes from). */
  lastId(): string | undefined;
  /** The status the server answered with (once it has). */
  status(): number | undefined;
  /** A failure reading the stream, other than its close. */
  failure(): unknown;
  close(): void;
}

function rawMessages(messages: EventStreamMessage[]) {
  return {
    rounds: () => messages.filter((m) => m.event === 'round').map((m) => (JSON.parse(m.data) as LiveRound).id),
    names: () => messages.filter((m) => m.event === 'names').map((m) => JSON.parse(m.data) as LiveNames),
    lastId: () => messages.at(-1)?.lastEventId,
  };
}

/**
 * Opens the live feed over HTTP and records every event as sent, from `lastEventId` when given
 * (as the Last-Event-ID header, or the `lastEventId` query parameter).
 */
export function readFeedRaw(base: string, token: string, options: { lastEventId?: string; via?: 'header' | 'query' } = {}): RawFeed {
  const messages: EventStreamMessage[] = [];
  const controller = new AbortController();
  const headers: Record<string, string> = {
    'x-app-key': TEST_APP_KEY,
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
  };
  let url = `${base}/api/v3/games/live`;
  if (options.lastEventId !== undefined) {
    if (options.via === 'query') url += `?lastEventId=${encodeURIComponent(options.lastEventId)}`;
    else headers['last-event-id'] = options.lastEventId;
  }
  let status: number | undefined;
  let failure: unknown = null;
  void (async () => {
    const response = await fetch(url, { method: 'POST', headers, body: '{}', signal: controller.signal });
    status = response.status;
    if (!response.body) return;
    const parse = eventStreamParser((message) => messages.push(message));
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      parse(value);
    }
  })().catch((error: unknown) => {
    if (!controller.signal.aborted) failure = error;
  });
  return { messages, ...rawMessages(messages), status: () => status, failure: () => failure, close: () => controller.abort() };
}

/** Records what a FeedStream writes (as a client reading it would get it), parsed. */
export function readStream(stream: Readable): Pick<RawFeed, 'messages' | 'rounds' | 'names' | 'lastId'> & { text(): string } {
  const messages: EventStreamMessage[] = [];
  const chunks: string[] = [];
  const parse = eventStreamParser((message) => messages.push(message));
  stream.on('data', (chunk: Buffer) => {
    chunks.push(chunk.toString());
    parse(chunk.toString());
  });
  return { messages, ...rawMessages(messages), text: () => chunks.join('') };
}

/** What a client shows after these events, as the app applies them: the rounds, newest first, with their names. */
export function showAfter(messages: EventStreamMessage[], keep = 20): LiveRound[] {
  let rounds: LiveRound[] = [];
  for (const message of messages) {
    if (message.event === 'recent') rounds = (JSON.parse(message.data) as LiveRecent).rounds.slice(0, keep);
    else if (message.event === 'round') {
      const round = JSON.parse(message.data) as LiveRound;
      if (!rounds.some((shown) => shown.id === round.id)) rounds = [round, ...rounds].slice(0, keep);
    } else if (message.event === 'names') {
      const { rounds: renamed, name } = JSON.parse(message.data) as LiveNames;
      rounds = rounds.map((round) => (renamed.includes(round.id) ? { ...round, name } : round));
    }
  }
  return rounds;
}

/** Each event's id, as numbers: they grow along a stream. */
export function idsOf(messages: EventStreamMessage[]): number[] {
  return messages.map((message) => Number(message.lastEventId));
}
