import { describe, expect, it } from 'vitest';
import { eventStreamParser, readLiveEvent, readLiveFeed, type EventStreamMessage } from '../src/live-stream';
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
      { event: 'round', data: '{"a":\n1}' },
      { event: 'message', data: 'plain' },
      { event: 'names', data: 'x' },
    ];
    expect(parseAll([text])).toEqual(expected);
    for (let size = 1; size < 8; size++) {
      const chunks = Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size));
      expect(parseAll(chunks)).toEqual(expected);
    }
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
