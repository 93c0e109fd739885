import { type } from 'arktype';
import { APP_KEY_HEADER } from './client';
import { LIVE_FEED_PATH, LiveNames, LiveRecent, LiveRound, type LiveEvent } from './live';

/**
 * One dispatched Server-Sent Event: its type (`message` when unnamed), its data lines joined, and
 * the stream's last event id when it was dispatched ('' before any `id:` line).
 */
export interface EventStreamMessage {
  event: string;
  data: string;
  lastEventId: string;
}

/**
 * A parser of the text/event-stream format (the HTML standard's rules): feed it decoded text in
 * chunks of any size; each message is handed over when its blank line arrives. Comments (a line
 * starting with `:`) and `retry` lines are read and ignored; an `id` line sets the last event id,
 * which holds for the events after it until another (as EventSource's does).
 */
export function eventStreamParser(onMessage: (message: EventStreamMessage) => void): (chunk: string) => void {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let lastEventId = '';
  // A chunk may end between the \r and the \n of one line ending.
  let skipNewline = false;

  const line = (text: string): void => {
    if (text === '') {
      if (data.length > 0) onMessage({ event: event || 'message', data: data.join('\n'), lastEventId });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) lastEventId = value;
  };

  return (chunk: string) => {
    let text = chunk;
    if (skipNewline && text.startsWith('\n')) text = text.slice(1);
    skipNewline = false;
    buffer += text;
    for (;;) {
      const end = buffer.search(/[\r\n]/);
      if (end === -1) return;
      const ending = buffer[end];
      line(buffer.slice(0, end));
      if (ending === '\r') {
        if (end + 1 === buffer.length) {
          skipNewline = true;
          buffer = '';
          return;
        }
        buffer = buffer.slice(buffer[end + 1] === '\n' ? end + 2 : end + 1);
      } else {
        buffer = buffer.slice(end + 1);
      }
    }
  };
}

/** A live feed event checked against the contract; null for an event type this client does not know. */
export function readLiveEvent(message: Pick<EventStreamMessage, 'event' | 'data'>): LiveEvent | null {
  const schema =
    message.event === 'recent' ? LiveRecent : message.event === 'round' ? LiveRound : message.event === 'names' ? LiveNames : null;
  if (!schema) return null;
  let json: unknown;
  try {
    json = JSON.parse(message.data);
  } catch {
    throw new TypeError(`live feed: the ${message.event} event is not JSON`);
  }
  const checked = schema(json);
  if (checked instanceof type.errors) throw new TypeError(`live feed: ${message.event}: ${checked.summary}`);
  return { type: message.event, data: checked } as LiveEvent;
}

/**
 * Where a client is in the live feed, kept across its streams: the id of the last event it
 * applied. The server's ids are feed positions that every replica shares (a `recent` snapshot's
 * is the last position it includes; each other event's is the position it brings the client to,
 * growing along a stream). readLiveFeed sends the id as `Last-Event-ID`, so a stream opened again,
 * on any replica, starts with what was missed (or a fresh `recent` when that is too old); and it
 * drops an event whose id is not past the last one applied, should one ever come twice.
 */
export class LiveFeedCursor {
  /** The id of the last event applied; null before any (the server then starts with a snapshot). */
  lastEventId: string | null = null;

  /**
   * Whether to apply a dispatched event, moving the cursor to it if so. A `recent` snapshot is the
   * whole list, applied whatever its id; any other event only when its id is past the cursor.
   * An event without an id (a server of before ids) is applied and leaves the cursor.
   */
  take(message: Pick<EventStreamMessage, 'event' | 'lastEventId'>): boolean {
    const id = message.lastEventId;
    if (id === '') return true;
    if (message.event !== 'recent' && this.lastEventId !== null && !isPast(id, this.lastEventId)) return false;
    this.lastEventId = id;
    return true;
  }

  /** Forgets the position: the next stream starts with a fresh snapshot. */
  reset(): void {
    this.lastEventId = null;
  }
}

/** Whether event id `id` is past `last`: as numbers when both are positions, else any other id is. */
function isPast(id: string, last: string): boolean {
  const position = /^\d{1,15}$/;
  if (position.test(id) && position.test(last)) return Number(id) > Number(last);
  return id !== last;
}

export interface LiveFeedOptions {
  /** The API host, '' for the page's own origin. */
  baseUrl: string;
  appKey: string;
  /** The session's token (the stream is a player's call). */
  token: string | null;
  signal: AbortSignal;
  /** Where the client is in the feed: the stream resumes from it, and moves it (see LiveFeedCursor). */
  cursor?: LiveFeedCursor;
  /** The server accepted the stream: it is live (a resumed stream may have nothing to send yet). */
  onOpen?: () => void;
  onEvent: (event: LiveEvent) => void;
  fetch?: typeof globalThis.fetch;
}

/** Why a stream ended without an error: the server closed it, the session expired, or it was refused. */
export type LiveFeedEnd =
  { reason: 'ended' } | { reason: 'unauthorized' } | { reason: 'refused'; status: number; retryAfterSeconds: number | null };

/**
 * Opens the live feed and reads it until it ends. EventSource cannot send the app key and the
 * bearer token, so this reads the answer of a fetch as a stream, sending the cursor's last event
 * id as EventSource would (`Last-Event-ID`). Rejects on a network failure, a malformed event
 * (the cursor is then reset: the next stream starts afresh rather than after an event never
 * applied), or the signal's abort.
 */
export async function readLiveFeed(options: LiveFeedOptions): Promise<LiveFeedEnd> {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const cursor = options.cursor ?? new LiveFeedCursor();
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'text/event-stream',
    [APP_KEY_HEADER]: options.appKey,
  };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (cursor.lastEventId !== null) headers['Last-Event-ID'] = cursor.lastEventId;
  const response = await doFetch(`${options.baseUrl}${LIVE_FEED_PATH}`, {
    method: 'POST',
    headers,
    body: '{}',
    signal: options.signal,
    cache: 'no-store',
  });
  if (response.status === 401) {
    await response.body?.cancel();
    return { reason: 'unauthorized' };
  }
  const contentType = response.headers.get('content-type') ?? '';
  if (!response.ok || !contentType.startsWith('text/event-stream') || !response.body) {
    await response.body?.cancel();
    const retry = Number(response.headers.get('retry-after'));
    return { reason: 'refused', status: response.status, retryAfterSeconds: Number.isFinite(retry) && retry > 0 ? retry : null };
  }
  options.onOpen?.();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const bad: { error: Error | null } = { error: null };
  const parse = eventStreamParser((message) => {
    if (bad.error) return;
    try {
      const event = readLiveEvent(message);
      if (!cursor.take(message)) return;
      if (event) options.onEvent(event);
    } catch (error) {
      cursor.reset();
      bad.error = error instanceof Error ? error : new TypeError('live feed: an event it cannot read');
    }
  });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { reason: 'ended' };
      parse(value);
      if (bad.error) throw bad.error;
    }
  } finally {
    reader.cancel().catch(() => {});
  }
}
