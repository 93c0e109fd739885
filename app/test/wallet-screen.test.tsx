import type { Withdrawal } from '@arcade/api-client/wallet';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as WalletScreen } from '../src/features/wallet/wallet-screen';
import { registerWalletTexts } from '../src/features/wallet/wallet-texts';
import { lightProfile, ok, walletInfo } from './fixtures';
import { renderSignedIn } from './signed-in';

vi.mock('../src/lib/ton-connect', () => import('./ton-connect-stub'));

afterEach(cleanup);

const ADDRESS = 'UQAJdvce-cgGFbyOsPN9OMTUD4GHFYJYInb14SKPhAI-HQSQ';

function withdrawal(id: string, status: Withdrawal['status']): Withdrawal {
  return { id, status, address: ADDRESS, amount: '0.5', fee: '0.05', total: '0.55', createdAt: '2026-01-01T00:00:00Z', txHash: null };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function renderWallet(replies: Record<string, (body: Record<string, unknown>) => unknown>) {
  const calls: string[] = [];
  const fetch: typeof globalThis.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, 'http://app.test').pathname;
    calls.push(path);
    const reply = replies[path];
    const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>;
    return Promise.resolve(reply ? json(ok(reply(body)).body) : json({ success: false, message: 'Not found' }, 404));
  };
  renderSignedIn(<WalletScreen />, { fetch, texts: registerWalletTexts });
  return { calls };
}

const base = {
  '/api/v3/profile/light': () => lightProfile(),
  '/api/v3/wallet/history': () => ({ items: [], nextCursor: null }),
  '/api/v3/wallet/proof-payload': () => ({ payload: 'ab'.repeat(32), expiresAt: Math.floor(Date.now() / 1000) + 900 }),
};

describe('wallet screen', () => {
  it('lists the withdrawals still on their way and follows them until final', async () => {
    let polls = 0;
    renderWallet({
      ...base,
      '/api/v3/wallet/info': () => walletInfo(),
      '/api/v3/wallet/withdrawals': () => ({
        items: [withdrawal('53', 'review'), withdrawal('52', 'sent'), withdrawal('41', 'done'), withdrawal('40', 'refunded')],
      }),
      '/api/v3/wallet/withdrawal': (body) =>
        body.id === '52' ? withdrawal('52', ++polls === 1 ? 'sent' : 'done') : withdrawal('53', 'review'),
    });
    const section = await screen.findByTestId('wallet-withdrawals');
    expect(within(section).getByText('Withdrawals in progress')).toBeTruthy();
    const cards = () => within(section).getAllByTestId('withdraw-status');
    expect(cards().map((card) => card.getAttribute('data-withdrawal-id'))).toEqual(['53', '52']);
    expect(cards().map((card) => card.getAttribute('data-status'))).toEqual(['review', 'sent']);

    // Finished here: it stays with its final status until hidden.
    await waitFor(() => expect(cards()[1]?.getAttribute('data-status')).toBe('done'), { timeout: 4000 });
    fireEvent.click(within(section).getByTestId('withdraw-status-hide'));
    expect(cards().map((card) => card.getAttribute('data-withdrawal-id'))).toEqual(['53']);
  }, 10_000);

  it('shows nothing of the kind with no withdrawal in flight, and the linked wallet short with a copy button', async () => {
    renderWallet({
      ...base,
      '/api/v3/wallet/info': () => walletInfo({ linkedWallet: ADDRESS }),
      '/api/v3/wallet/withdrawals': () => ({ items: [withdrawal('41', 'done')] }),
    });
    const linked = await screen.findByTestId('linked-wallet');
    expect(within(linked).getByText('Linked for withdrawals')).toBeTruthy();
    expect(screen.getByTestId('linked-wallet-address').textContent).toBe('UQAJ…HQSQ');
    expect(screen.getByTestId('linked-wallet-address').getAttribute('title')).toBe(ADDRESS);
    expect(screen.getByRole('button', { name: 'Copy the linked wallet address' })).toBeTruthy();
    expect(screen.queryByTestId('wallet-withdrawals')).toBeNull();
  });

  it('tells TON on the locked balance apart in the history, and names its release', async () => {
    const row = (id: string, kind: string, amount: string, balanceAfter: string, extra: Record<string, unknown> = {}) => ({
      id,
      kind,
      currency: 'ton',
      amount,
      balanceAfter,
      createdAt: '2026-11-20T10:00:00Z',
      ...extra,
    });
    renderWallet({
      ...base,
      '/api/v3/wallet/info': () => walletInfo(),
      '/api/v3/wallet/withdrawals': () => ({ items: [] }),
      '/api/v3/wallet/history': () => ({
        items: [
          row('9', 'play_release', '0.45', '2.45'),
          row('8', 'deposit', '3', '3', { locked: true, txHash: 'ab'.repeat(32) }),
          row('7', 'deposit', '2', '2', { txHash: 'cd'.repeat(32) }),
        ],
        nextCursor: null,
      }),
    });
    await screen.findAllByTestId('history-item');
    const items = screen.getAllByTestId('history-item');
    expect(items.map((item) => item.getAttribute('data-locked'))).toEqual([null, 'true', null]);
    const [release, locked, plain] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(release).getByTestId('history-item-title').textContent).toBe('Unlocked for play');
    expect(release.textContent).toContain('Balance 2.45');
    expect(within(locked).getByTestId('history-item-detail').textContent).toBe('Locked for play, can be withdrawn');
    expect(locked.textContent).toContain('Locked 3');
    expect(locked.textContent).not.toContain('Balance');
    expect(within(plain).queryByTestId('history-item-detail')).toBeNull();
    expect(plain.textContent).toContain('Balance 2');
  });
});
