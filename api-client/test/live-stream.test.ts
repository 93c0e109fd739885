import { describe, expect, it } from 'vitest';
import { eventStreamParser, LiveFeedCursor, readLiveEvent, readLiveFeed, type EventStreamMessage } from '../src/live-stream';
import type { LiveEvent } from '../src/live';

const round = {
  id: '12',
  game: 'flip',
  currency: 'ton',
  stake: '0.1',
  payout: '0.198',
  multiplier: '1.98',
  at: '2030-01-01T00:00:00.000Z',
  name: null,
  big: false,
};

function parseAll(chunks: string[]): EventStreamMessage[] {
  const messages: EventStreamMessage[] = [];
  const push = eventStreamParser((message) => messages.push(message));
  for (const chunk of chunks) push(chunk);
  return messages;
}

describe('the event stream parser', () => {
  it('reads events cut anywhere, with any line ending, skipping comments and other fields', () => {
    const text = 'retry: 3000\n\n:\n\nevent: round\ndata: {"a":\ndata: 1}\n\r\nid: 7\r\ndata:plain\r\r\nevent: names\rdata: x\r\r';
    const expected = [
      { event: 'round', data: '{"a":\n1}', lastEventId: '' },
      { event: 'message', data: 'plain', lastEventId: '7' },
      { event: 'names', data: 'x', lastEventId: '7' },
    ];
    expect(parseAll([text])).toEqual(expected);
    for (let size = 1; size < 8; size++) {
      const chunks = Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size));
      expect(parseAll(chunks)).toEqual(expected);
    }
  });

  it('keeps the last event id as EventSource does: set by an id line, held until the next, a NUL one ignored', () => {
    const text =
      'id: 5\nevent: round\ndata: a\n\nevent: names\ndata: b\n\nid: 9\n\nevent: round\ndata: c\n\nid: 1\u00002\ndata: d\n\nid\ndata: e\n\n';
    expect(parseAll([text]).map((message) => [message.data, message.lastEventId])).toEqual([
      ['a', '5'],
      ['b', '5'],
      // An id line with no data dispatches nothing, but sets the id.
      ['c', '9'],
      ['d', '9'],
      ['e', ''],
    ]);
  });

  it('gives nothing for an event whose blank line has not come yet', () => {
    expect(parseAll(['event: round\ndata: {}\n'])).toEqual([]);
  });
});

describe('live feed events', () => {
  it('are checked against the contract; unknown types are let pass, malformed ones refused', () => {
    expect(readLiveEvent({ event: 'round', data: JSON.stringify(round) })).toEqual({ type: 'round', data: round });
    expect(readLiveEvent({ event: 'later-kind', data: '{}' })).toBeNull();
    expect(() => readLiveEvent({ event: 'round', data: '{' })).toThrow('not JSON');
    expect(() => readLiveEvent({ event: 'round', data: JSON.stringify({ ...round, userId: undefined, stake: 'lots' }) })).toThrow('stake');
  });

  it('are read from a fetch answer sent with the app key and the bearer token; a 401 says so', async () => {
    const seen: { url: string; headers: Record<string, string> }[] = [];
    const body = `retry: 3000\n\nevent: round\ndata: ${JSON.stringify(round)}\n\n`;
    const fetch = ((url: string, init: RequestInit) => {
      seen.push({ url, headers: init.headers as Record<string, string> });
      return Promise.resolve(new Response(body, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } }));
    }) as typeof globalThis.fetch;
    const events: LiveEvent[] = [];
    const end = await readLiveFeed({
      baseUrl: 'https://x',
      appKey: 'k',
      token: 't',
      signal: new AbortController().signal,
      onEvent: (e) => events.push(e),
      fetch,
    });
    expect(end).toEqual({ reason: 'ended' });
    expect(events).toEqual([{ type: 'round', data: round }]);
    expect(seen[0]).toMatchObject({ url: 'https://x/api/v3/games/live', headers: { 'X-App-Key': 'k', Authorization: 'Bearer t' } });

    const refused = (() => Promise.resolve(new Response('{"success":false}', { status: 401 }))) as typeof globalThis.fetch;
    expect(
      await readLiveFeed({ baseUrl: '', appKey: 'k', token: 't', signal: new AbortController().signal, onEvent: () => {}, fetch: refused }),
    ).toEqual({ reason: 'unauthorized' });
  });
});

const recent = (...ids: string[]) => ({ rounds: ids.map((id) => ({ ...round, id })), bigWin: { multiplier: '10', payout: '50' } });
const sse = (event: string, data: unknown, id?: number) =>
  `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** A fetch answering each call with the next body as an event stream, and the headers each call sent. */
function streams(...bodies: string[]) {
  const sent: Record<string, string>[] = [];
  const fetch = ((_url: string, init: RequestInit) => {
    sent.push(init.headers as Record<string, string>);
    const body = bodies.shift() ?? '';
    return Promise.resolve(new Response(body, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } }));
  }) as typeof globalThis.fetch;
  return { fetch, sent };
}

describe('resuming the live feed', () => {
  it('the cursor applies a snapshot whatever its id, any other event only past the last id', () => {
    const cursor = new LiveFeedCursor();
    expect(cursor.take({ event: 'round', lastEventId: '' })).toBe(true);
    expect(cursor.lastEventId).toBeNull();
    expect(cursor.take({ event: 'recent', lastEventId: '10' })).toBe(true);
    expect(cursor.take({ event: 'round', lastEventId: '11' })).toBe(true);
    expect(cursor.take({ event: 'round', lastEventId: '11' })).toBe(false);
    expect(cursor.take({ event: 'names', lastEventId: '9' })).toBe(false);
    expect(cursor.take({ event: 'names', lastEventId: '12' })).toBe(true);
    expect(cursor.lastEventId).toBe('12');
    // Compared as numbers, not as text.
    expect(cursor.take({ event: 'round', lastEventId: '100' })).toBe(true);
    expect(cursor.take({ event: 'round', lastEventId: '99' })).toBe(false);
    // A fresh snapshot (a server that read the feed again, a full queue) resets the position, even back.
    expect(cursor.take({ event: 'recent', lastEventId: '95' })).toBe(true);
    expect(cursor.take({ event: 'round', lastEventId: '96' })).toBe(true);
    cursor.reset();
    expect(cursor.lastEventId).toBeNull();
  });

  it('a stream opened again sends the last id as Last-Event-ID, and an event sent twice is applied once', async () => {
    const { fetch, sent } = streams(
      // The first stream: a snapshot, then two rounds, then it ends.
      `retry: 3000\n\n${sse('recent', recent('1'), 4)}${sse('round', { ...round, id: '2' }, 5)}${sse('round', { ...round, id: '3' }, 6)}`,
      // The second, resumed from 6: a server that sent round 3 again, then what was missed.
      `retry: 3000\n\n${sse('round', { ...round, id: '3' }, 6)}${sse('names', { rounds: ['2'], name: 'Ann' }, 7)}${sse('round', { ...round, id: '4' }, 8)}`,
    );
    const cursor = new LiveFeedCursor();
    const events: LiveEvent[] = [];
    let opened = 0;
    const read = () =>
      readLiveFeed({
        baseUrl: '',
        appKey: 'k',
        token: 't',
        signal: new AbortController().signal,
        cursor,
        onOpen: () => (opened += 1),
        onEvent: (event) => events.push(event),
        fetch,
      });
    expect(await read()).toEqual({ reason: 'ended' });
    expect(sent[0]).not.toHaveProperty('Last-Event-ID');
    expect(cursor.lastEventId).toBe('6');
    expect(await read()).toEqual({ reason: 'ended' });
    expect(sent[1]).toMatchObject({ 'Last-Event-ID': '6' });
    expect(opened).toBe(2);
    expect(events.map((event) => (event.type === 'names' ? `names:${event.data.rounds.join()}` : `${event.type}`))).toEqual([
      'recent',
      'round',
      'round',
      'names:2',
      'round',
    ]);
    expect(events.flatMap((event) => (event.type === 'round' ? [event.data.id] : []))).toEqual(['2', '3', '4']);
    expect(cursor.lastEventId).toBe('8');
  });

  it('a malformed event ends the stream and forgets the position: the next stream starts with a snapshot', async () => {
    const { fetch, sent } = streams(
      `${sse('recent', recent('1'), 4)}${sse('round', { ...round, stake: 'lots' }, 5)}`,
      sse('recent', recent('1'), 5),
    );
    const cursor = new LiveFeedCursor();
    const read = () =>
      readLiveFeed({ baseUrl: '', appKey: 'k', token: 't', signal: new AbortController().signal, cursor, onEvent: () => {}, fetch });
    await expect(read()).rejects.toThrow('stake');
    expect(cursor.lastEventId).toBeNull();
    await read();
    expect(sent[1]).not.toHaveProperty('Last-Event-ID');
    expect(cursor.lastEventId).toBe('5');
  });

  it('a refused stream leaves the position as it was', async () => {
    const cursor = new LiveFeedCursor();
    cursor.lastEventId = '42';
    const busy = (() => Promise.resolve(new Response('{}', { status: 503, headers: { 'retry-after': '60' } }))) as typeof globalThis.fetch;
    const end = await readLiveFeed({
      baseUrl: '',
      appKey: 'k',
      token: 't',
      signal: new AbortController().signal,
      cursor,
      onEvent: () => {},
      fetch: busy,
    });
    expect(end).toEqual({ reason: 'refused', status: 503, retryAfterSeconds: 60 });
    expect(cursor.lastEventId).toBe('42');
  });
});
