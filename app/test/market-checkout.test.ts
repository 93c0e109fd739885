import type { CheckoutResult } from '@arcade/api-client/market';
import { QueryClient } from '@tanstack/query-core';
import { createStore } from 'jotai';
import { queryClientAtom } from 'jotai-tanstack-query';
import { describe, expect, it } from 'vitest';
import { applyCheckout, boughtTotalNano, checkoutFingerprint, checkoutLines } from '../src/features/market/checkout';
import { checkoutAtom, marketKeys } from '../src/features/market/market-state';
import { createAppApi } from '../src/lib/api';
import { cartAtom, storedCartAtom } from '../src/features/market/cart';
import { profileKeys } from '../src/state/profile';
import { apiAtom, sessionAtom } from '../src/state/session';
import { fail, fullProfile, lightProfile, ok, stubServer } from './fixtures';
import { cartItem, gift } from './market-fixtures';

const reply = (items: CheckoutResult['items'], spent: string, ton = '10'): CheckoutResult => ({
  items,
  spent,
  balance: { ton, bonusTon: '0' },
});

describe('checkout lines', () => {
  it('sends the selected gifts that can still be bought, each at its buy price', () => {
    const items = [
      cartItem(1, '1'),
      cartItem(2, '2', { selected: false }),
      cartItem(3, '3', { status: 'gone' }),
      cartItem(4, '4.5', { status: 'unaffordable' }),
    ];
    expect(checkoutLines(items)).toEqual([
      { giftId: '1', price: '1' },
      { giftId: '4', price: '4.5' },
    ]);
  });

  it('fingerprints the same lines the same way whatever their order', () => {
    const a = [
      { giftId: '1', price: '1' },
      { giftId: '2', price: '2' },
    ];
    expect(checkoutFingerprint(a)).toBe(checkoutFingerprint([...a].reverse()));
    expect(checkoutFingerprint(a)).not.toBe(checkoutFingerprint([{ giftId: '1', price: '1.1' }, a[1]!]));
  });
});

describe('checkout results', () => {
  const cart = [
    cartItem(1, '1'),
    cartItem(2, '2'),
    cartItem(3, '3'),
    cartItem(4, '4'),
    cartItem(5, '5'),
    cartItem(6, '6', { selected: false }),
  ];
  const outcome = applyCheckout(
    cart,
    reply(
      [
        { giftId: '1', result: 'bought', price: '1' },
        { giftId: '2', result: 'gone' },
        { giftId: '3', result: 'repriced', price: '3.3' },
        { giftId: '4', result: 'unaffordable', price: '4' },
        { giftId: '5', result: 'own', price: '5' },
      ],
      '1',
    ),
  );

  it('a bought gift leaves the cart and is reported as the player’s own', () => {
    expect(outcome.items.map((item) => item.gift.id)).toEqual(['2', '3', '4', '6']);
    expect(outcome.bought).toEqual([{ gift: { ...gift(1, { price: '1' }), mine: true, price: null, listedAt: null }, price: '1' }]);
    expect(boughtTotalNano(outcome)).toBe(1_000_000_000n);
    expect(outcome.spent).toBe('1');
  });

  it('a gone gift stays, marked sold and unselected, so it is never charged', () => {
    expect(outcome.items[0]).toMatchObject({ status: 'gone', selected: false, price: '2' });
    expect(outcome.gone).toEqual(['2']);
    expect(checkoutLines(outcome.items).map((line) => line.giftId)).not.toContain('2');
  });

  it('a repriced gift takes the new price and waits for the player to confirm it', () => {
    expect(outcome.items[1]).toMatchObject({ status: 'repriced', price: '3.3', previousPrice: '3', selected: true });
    expect(outcome.items[1]?.gift.price).toBe('3.3');
    expect(outcome.repriced).toEqual([{ giftId: '3', from: '3', to: '3.3' }]);
  });

  it('remembers the price the player agreed to across two reprices in a row', () => {
    const again = applyCheckout(outcome.items, reply([{ giftId: '3', result: 'repriced', price: '3.6' }], '0'));
    expect(again.items.find((item) => item.gift.id === '3')).toMatchObject({ price: '3.6', previousPrice: '3' });
    expect(again.repriced).toEqual([{ giftId: '3', from: '3', to: '3.6' }]);
  });

  it('an unaffordable gift stays selected for after a top-up; an own gift leaves the cart', () => {
    expect(outcome.items[2]).toMatchObject({ status: 'unaffordable', selected: true });
    expect(outcome.unaffordable).toEqual(['4']);
    expect(outcome.own).toEqual(['5']);
  });

  it('a gift the reply does not mention is left as it was', () => {
    expect(outcome.items[3]).toEqual(cart[5]);
  });

  it('a later purchase clears an earlier mark', () => {
    const next = applyCheckout([cartItem(4, '4', { status: 'unaffordable' })], reply([{ giftId: '4', result: 'bought', price: '4' }], '4'));
    expect(next.items).toEqual([]);
    expect(next.bought[0]?.gift.mine).toBe(true);
  });
});

describe('checkout call', () => {
  function setup(handler: Parameters<typeof stubServer>[0][string]) {
    const server = stubServer({ '/api/v3/market/checkout': handler });
    const api = createAppApi({ appKey: 'k', baseUrl: 'http://app.test', fetch: server.fetch });
    const client = new QueryClient();
    client.setQueryData(profileKeys.light('7'), lightProfile({ balance: { ton: '10', bonusTon: '3' } }));
    client.setQueryData(profileKeys.full('7'), fullProfile({ balance: { ton: '10', bonusTon: '3' } }));
    client.setQueryData(marketKeys.inventory('7'), { items: [] });
    const store = createStore();
    store.set(queryClientAtom, client);
    store.set(apiAtom, api);
    store.set(sessionAtom, { userId: '7', expiresAt: 0 });
    store.set(storedCartAtom, { owner: '7', items: [cartItem(1, '1'), cartItem(2, '2'), cartItem(3, '3', { selected: false })] });
    return { store, client, server };
  }

  it('buys the selected gifts, updates the cart, the balances everyone shows and the inventory', async () => {
    const bodies: unknown[] = [];
    const { store, client } = setup((body) => {
      bodies.push(body);
      return ok(
        reply(
          [
            { giftId: '1', result: 'bought', price: '1' },
            { giftId: '2', result: 'gone' },
          ],
          '1',
          '9',
        ),
      );
    });
    const outcome = await store.set(checkoutAtom);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({
      items: [
        { giftId: '1', price: '1' },
        { giftId: '2', price: '2' },
      ],
    });
    expect(outcome?.bought.map((line) => line.gift.id)).toEqual(['1']);
    expect(store.get(cartAtom).map((item) => [item.gift.id, item.status ?? null])).toEqual([
      ['2', 'gone'],
      ['3', null],
    ]);
    expect(client.getQueryData<{ balance: unknown }>(profileKeys.light('7'))?.balance).toEqual({ ton: '9', bonusTon: '0' });
    expect(client.getQueryData<{ balance: unknown }>(profileKeys.full('7'))?.balance).toEqual({ ton: '9', bonusTon: '0' });
    expect(client.getQueryData<{ items: Array<{ id: string }> }>(marketKeys.inventory('7'))?.items.map((item) => item.id)).toEqual(['1']);
  });

  it('a retry after a lost reply sends the same idempotency key; a new cart gets a new one', async () => {
    const keys: string[] = [];
    let calls = 0;
    const { store } = setup((body) => {
      keys.push((body as { idempotencyKey: string }).idempotencyKey);
      calls += 1;
      return calls === 1
        ? fail(502, 'Bad gateway')
        : ok(
            reply(
              [
                { giftId: '1', result: 'bought', price: '1' },
                { giftId: '2', result: 'bought', price: '2' },
              ],
              '3',
            ),
          );
    });
    await expect(store.set(checkoutAtom)).rejects.toMatchObject({ kind: 'request' });
    expect(store.get(cartAtom)).toHaveLength(3);
    await store.set(checkoutAtom);
    expect(keys[0]).toBe(keys[1]);
    store.set(storedCartAtom, { owner: '7', items: [cartItem(8, '1')] });
    await store.set(checkoutAtom).catch(() => undefined);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('does nothing with nothing selected', async () => {
    const { store, server } = setup(() => ok(reply([], '0')));
    store.set(storedCartAtom, { owner: '7', items: [cartItem(1, '1', { selected: false })] });
    expect(await store.set(checkoutAtom)).toBeNull();
    expect(server.calls).toEqual([]);
  });
});
