import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { Profiler } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { GiftCard } from '../src/features/market/gift-card';
import { registerMarketTexts } from '../src/features/market/market-texts';
import { createI18n } from './i18n-helper';
import { addToCartAtom, cartAtom, removeFromCartAtom, storedCartAtom, EMPTY_CART } from '../src/features/market/cart';
import { gift } from './market-fixtures';

afterEach(cleanup);

const gifts = [gift(1, { price: '0.5' }), gift(2, { price: '1.25' }), gift(3, { price: '2', mine: true })];

function renderCards() {
  const store = createStore();
  store.set(storedCartAtom, EMPTY_CART);
  const i18n = createI18n('en');
  registerMarketTexts(i18n);
  const commits = new Map<string, number>();
  const onOpen = () => undefined;
  render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        {gifts.map((item) => (
          <Profiler key={item.id} id={item.id} onRender={(id) => commits.set(id, (commits.get(id) ?? 0) + 1)}>
            <GiftCard gift={item} onOpen={onOpen} />
          </Profiler>
        ))}
      </I18nextProvider>
    </Provider>,
  );
  return { store, commits };
}

describe('gift cards', () => {
  it('show the price and toggle the gift in and out of the cart', () => {
    const { store } = renderCards();
    const [first] = screen.getAllByTestId('gift-card-cart');
    expect(first).toHaveProperty('textContent', expect.stringContaining('0.5'));
    fireEvent.click(first!);
    expect(store.get(cartAtom).map((item) => [item.gift.id, item.price])).toEqual([['1', '0.5']]);
    expect(first?.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(first!);
    expect(store.get(cartAtom)).toEqual([]);
  });

  it('offer no cart button for the player’s own gift', () => {
    renderCards();
    expect(screen.getAllByTestId('gift-card-cart')).toHaveLength(2);
    expect(screen.getByText('Yours')).toBeTruthy();
  });

  it('re-render only the card whose gift joins or leaves the cart', () => {
    const { store, commits } = renderCards();
    const before = new Map(commits);
    act(() => {
      store.set(addToCartAtom, gifts[1]!);
    });
    expect(commits.get('1')).toBe(before.get('1'));
    expect(commits.get('3')).toBe(before.get('3'));
    expect(commits.get('2')).toBe((before.get('2') ?? 0) + 1);
    act(() => {
      store.set(removeFromCartAtom, '2');
    });
    expect(commits.get('1')).toBe(before.get('1'));
    expect(commits.get('3')).toBe(before.get('3'));
  });
});
