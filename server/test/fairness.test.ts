import { describe, expect, it } from 'vitest';
import { hashServerSeed } from '@arcade/api-client/fair';
import type { BetResult, RevealedPage, RevealedPair, SeedsInfo } from '@arcade/api-client/games';
import { callApi, databases, fund, logIn, newUserId, suiteServer } from './helpers';

describe.each(databases())('fairness on $name', (database) => {
  let keys = 0;

  const suite = suiteServer(database);

  const call = <T>(token: string, path: string, body: unknown = {}) => callApi<T>(suite.app, `/api/v3/${path}`, body, token);
  const pairsOf = async (userId: bigint) =>
    (
      await suite.db.query<{ id: bigint; client_seed: string; active: boolean }>(
        'SELECT id, client_seed, active FROM seed_pairs WHERE user_id = $1 ORDER BY id',
        [userId],
      )
    ).rows;

  it("the first pair is made when the seeds are first asked for, with the browser's client seed, and the first bet uses it", async () => {
    const id = newUserId();
    const userId = BigInt(id);
    const token = await logIn(suite.app, { id });
    await fund(suite.db, userId, '5');
    expect(await pairsOf(userId)).toEqual([]);

    const first = await call<SeedsInfo>(token, 'fairness/seeds', { clientSeed: 'made-in-the-browser' });
    expect(first.success).toBe(true);
    expect(first.data).toMatchObject({ clientSeed: 'made-in-the-browser', nonce: 0, revealed: [], revealedNext: null });
    const made = await pairsOf(userId);
    expect(made).toHaveLength(1);

    // Asked again (another screen, another page load with another browser seed): the pair stays.
    const again = await call<SeedsInfo>(token, 'fairness/seeds', { clientSeed: 'another-browser-seed' });
    expect(again.data).toMatchObject({ serverSeedHash: first.data.serverSeedHash, clientSeed: 'made-in-the-browser' });

    // No bet makes a pair: the first one plays on the pair whose hash was shown.
    const bet = await call<BetResult>(token, 'games/flip', {
      stake: '1',
      currency: 'ton',
      side: 'heads',
      idempotencyKey: `fair-${id}-${++keys}`,
    });
    expect(bet.success, bet.message).toBe(true);
    expect(bet.data.round.fairness).toMatchObject({
      serverSeedHash: first.data.serverSeedHash,
      clientSeed: 'made-in-the-browser',
      nonce: 0,
    });
    expect(await pairsOf(userId)).toEqual(made);
  });

  it('a client seed that breaks the rules is refused and makes no pair', async () => {
    const id = newUserId();
    const token = await logIn(suite.app, { id });
    for (const clientSeed of ['', 'has spaces', 'x'.repeat(65), 7]) {
      const reply = await call(token, 'fairness/seeds', { clientSeed });
      expect(reply.status, String(clientSeed)).toBe(400);
      expect(reply.success).toBe(false);
    }
    expect(await pairsOf(BigInt(id))).toEqual([]);
  });

  it('revealed pairs page past 50 with a before cursor, newest first, none twice, none missing', async () => {
    const id = newUserId();
    const userId = BigInt(id);
    const token = await logIn(suite.app, { id });
    const hashes: string[] = [];
    let seeds = (await call<SeedsInfo>(token, 'fairness/seeds', { clientSeed: 'seed-0' })).data;
    const rotations = 57;
    for (let i = 1; i <= rotations; i++) {
      hashes.push(seeds.serverSeedHash);
      seeds = (await call<SeedsInfo>(token, 'fairness/rotate', { clientSeed: `seed-${i}` })).data;
    }
    // The seeds answer carries the newest 20 and where the rest start.
    expect(seeds.revealed).toHaveLength(20);
    expect(seeds.revealedNext).toBe(seeds.revealed[19]!.id);

    const listed: RevealedPair[] = [];
    let before: string | null | undefined;
    let pages = 0;
    do {
      const page = await call<RevealedPage>(token, 'fairness/revealed', { limit: 25, ...(before ? { before } : {}) });
      expect(page.success, page.message).toBe(true);
      expect(page.data.items.length).toBeLessThanOrEqual(25);
      listed.push(...page.data.items);
      before = page.data.next;
      pages++;
    } while (before);
    expect(pages).toBe(3);
    expect(listed.map((pair) => pair.serverSeedHash)).toEqual([...hashes].reverse());
    expect(listed.map((pair) => pair.clientSeed)).toEqual(Array.from({ length: rotations }, (_, i) => `seed-${rotations - 1 - i}`));
    for (const pair of listed) expect(hashServerSeed(pair.serverSeed)).toBe(pair.serverSeedHash);
    expect(listed.slice(0, 20)).toEqual(seeds.revealed);

    // Another player's pairs never show; a bad cursor is refused.
    const other = await logIn(suite.app, { id: newUserId() });
    expect((await call<RevealedPage>(other, 'fairness/revealed', {})).data).toEqual({ items: [], next: null });
    for (const body of [{ before: 'abc' }, { limit: 0 }, { limit: 101 }]) {
      expect((await call(token, 'fairness/revealed', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await pairsOf(userId)).filter((pair) => pair.active)).toHaveLength(1);
  });
});
