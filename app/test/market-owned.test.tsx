import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OwnedGifts } from '../src/features/market/owned-gifts';
import { registerMarketTexts } from '../src/features/market/market-texts';
import { ok, stubServer, type StubReply } from './fixtures';
import { renderSignedIn } from './signed-in';
import { gift } from './market-fixtures';

afterEach(cleanup);

const refusal = (code: string, message: string): StubReply => ({ status: 409, body: { success: false, message, code } });

function renderOwned(lang: 'en' | 'ru', withdraw: () => StubReply) {
  const locked = gift(1, { mine: true, price: '2', lockedUntil: '2999-01-02T03:04:00.000Z' });
  const free = gift(2, { mine: true, price: null, listedAt: null });
  const server = stubServer({
    '/api/v3/gifts/inventory': () => ok({ items: [locked, free] }),
    '/api/v3/gifts/withdraw': withdraw,
  });
  renderSignedIn(<OwnedGifts />, { fetch: server.fetch, texts: registerMarketTexts, lang });
  return server;
}

const row = async (id: string) => {
  const rows = await screen.findAllByTestId('owned-gift');
  const found = rows.find((element) => element.getAttribute('data-gift-id') === id);
  if (!found) throw new Error(`no row for gift ${id}`);
  return found;
};

describe('owned gifts', () => {
  it('show the trade lock and keep a locked gift from being sent', async () => {
    renderOwned('en', () => ok({}));
    const locked = await row('1');
    expect(within(locked).getByTestId('owned-gift-lock').textContent).toMatch(/^Locked until /);
    expect(within(locked).getByTestId('owned-gift-state').textContent).toContain('On sale · 2 TON');
    fireEvent.click(within(locked).getByTestId('owned-gift-withdraw'));
    const sheet = screen.getByTestId('withdraw-gift-sheet');
    expect(within(sheet).getByTestId('withdraw-gift-locked').textContent).toContain('Telegram holds this gift until');
    expect(within(sheet).getByTestId('withdraw-gift-fee').textContent).toBe('0.1 TON from your TON balance');
    expect(within(sheet).getByTestId<HTMLButtonElement>('withdraw-gift-confirm').disabled).toBe(true);
  });

  it('explain a refused transfer in the player’s language', async () => {
    const server = renderOwned('ru', () => refusal('market.gift.balance', 'Your TON balance is not enough for the withdrawal fee'));
    fireEvent.click(within(await row('2')).getByTestId('owned-gift-withdraw'));
    fireEvent.click(within(screen.getByTestId('withdraw-gift-sheet')).getByTestId('withdraw-gift-confirm'));
    expect((await screen.findByTestId('withdraw-gift-error')).textContent).toBe('На балансе TON не хватает на комиссию 0,1 TON.');
    expect(server.calls.filter((path) => path === '/api/v3/gifts/withdraw')).toHaveLength(1);
  });
});
