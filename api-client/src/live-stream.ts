import { type } from 'arktype';
import { APP_KEY_HEADER } from './client';
import { LIVE_FEED_PATH, LiveNames, LiveRecent, LiveRound, type LiveEvent } from './live';

/** One dispatched Server-Sent Event: its type (`message` when unnamed) and its data lines joined. */
export interface EventStreamMessage {
  event: string;
  data: string;
}

/**
 * A parser of the text/event-stream format (the HTML standard's rules): feed it decoded text in
 * chunks of any size; each message is handed over when its blank line arrives. Comments (a line
 * starting with `:`), `id` and `retry` lines are read and ignored.
 */
export function eventStreamParser(onMessage: (message: EventStreamMessage) => void): (chunk: string) => void {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  // A chunk may end between the \r and the \n of one line ending.
  let skipNewline = false;

  const line = (text: string): void => {
    if (text === '') {
      if (data.length > 0) onMessage({ event: event || 'message', data: data.join('\n') });
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
export function readLiveEvent(message: EventStreamMessage): LiveEvent | null {
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

export interface LiveFeedOptions {
  /** The API host, '' for the page's own origin. */
  baseUrl: string;
  appKey: string;
  /** The session's token (the stream is a player's call). */
  token: string | null;
  signal: AbortSignal;
  onEvent: (event: LiveEvent) => void;
  fetch?: typeof globalThis.fetch;
}

/** Why a stream ended without an error: the server closed it, the session expired, or it was refused. */
export type LiveFeedEnd =
  { reason: 'ended' } | { reason: 'unauthorized' } | { reason: 'refused'; status: number; retryAfterSeconds: number | null };

/**
 * Opens the live feed and reads it until it ends. EventSource cannot send the app key and the
 * bearer token, so this reads the answer of a fetch as a stream. Rejects on a network failure, a
 * malformed event, or the signal's abort.
 */
export async function readLiveFeed(options: LiveFeedOptions): Promise<LiveFeedEnd> {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'text/event-stream',
    [APP_KEY_HEADER]: options.appKey,
  };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
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
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const bad: { error: Error | null } = { error: null };
  const parse = eventStreamParser((message) => {
    if (bad.error) return;
    try {
      const event = readLiveEvent(message);
      if (event) options.onEvent(event);
    } catch (error) {
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
