import type { Withdrawal } from '@arcade/api-client/wallet';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { queryClientAtom } from 'jotai-tanstack-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerWalletTexts } from '../src/features/wallet/wallet-texts';
import { ACTIVE_WITHDRAWAL_STORAGE_KEY, activeWithdrawalIdAtom, withdrawalToResume } from '../src/features/wallet/wallet-state';
import { Component as WithdrawScreen } from '../src/features/wallet/withdraw-screen';
import { lightProfile, ok, walletInfo } from './fixtures';
import { renderSignedIn } from './signed-in';

// The link offer's widget, without TON Connect: restored, nothing connected.
vi.mock('../src/lib/ton-connect', () => import('./ton-connect-stub'));

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const ADDRESS = 'UQAJdvce-cgGFbyOsPN9OMTUD4GHFYJYInb14SKPhAI-HQSQ';

function withdrawal(status: Withdrawal['status'], id = '41'): Withdrawal {
  return {
    id,
    status,
    address: ADDRESS,
    amount: '0.5',
    fee: '0.05',
    total: '0.55',
    createdAt: '2026-01-01T00:00:00Z',
    txHash: status === 'done' ? 'f'.repeat(64) : null,
  };
}

type Handler = (body: Record<string, unknown>) => Response | Promise<Response> | 'network-down';

/** A fetch answering API paths from handlers; 'network-down' makes the request fail like a dropped connection. */
function stubFetch(handlers: Record<string, Handler>) {
  const bodies: Record<string, Array<Record<string, unknown>>> = {};
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, 'http://app.test').pathname;
    const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>;
    (bodies[path] ??= []).push(body);
    const handler = handlers[path];
    if (!handler) return json(404, { success: false, message: 'Not found' });
    const reply = await handler(body);
    if (reply === 'network-down') throw new TypeError('Failed to fetch');
    return reply;
  };
  return { fetch, bodies };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const success = (data: unknown) => json(200, ok(data).body);

function renderWithdraw(handlers: Record<string, Handler>) {
  const server = stubFetch({
    '/api/v3/profile/light': () => success(lightProfile()),
    '/api/v3/wallet/proof-payload': () => success({ payload: 'ab'.repeat(32), expiresAt: Math.floor(Date.now() / 1000) + 900 }),
    ...handlers,
  });
  const store = renderSignedIn(<WithdrawScreen />, { fetch: server.fetch, texts: registerWalletTexts });
  return { server, store };
}

async function fillAndConfirm(address: string, amount: string) {
  fireEvent.change(await screen.findByTestId('withdraw-address'), { target: { value: address } });
  fireEvent.change(screen.getByTestId('withdraw-amount'), { target: { value: amount } });
  fireEvent.click(screen.getByTestId('withdraw-submit'));
  fireEvent.click(await screen.findByTestId('withdraw-confirm'));
}

describe('withdraw screen', () => {
  it('shows the live summary in exact TON and the obvious errors next to their fields', async () => {
    const { server } = renderWithdraw({ '/api/v3/wallet/info': () => success(walletInfo()) });
    fireEvent.change(await screen.findByTestId('withdraw-amount'), { target: { value: '0.3' } });
    expect(screen.getByTestId('withdraw-fee').textContent).toBe('0.05 TON');
    expect(screen.getByTestId('withdraw-arrives').textContent).toBe('0.3 TON');
    expect(screen.getByTestId('withdraw-total').textContent).toBe('0.35 TON');

    fireEvent.change(screen.getByTestId('withdraw-amount'), { target: { value: 'abc' } });
    expect(screen.getByTestId('withdraw-amount-error').textContent).toBe('Enter a number, for example 1.5.');
    fireEvent.click(screen.getByTestId('withdraw-max'));
    expect(screen.getByTestId<HTMLInputElement>('withdraw-amount').value).toBe('1.95');
    expect(screen.queryByTestId('withdraw-amount-error')).toBeNull();
    fireEvent.change(screen.getByTestId('withdraw-amount'), { target: { value: '1.96' } });
    expect(screen.getByTestId('withdraw-amount-error').textContent).toContain('up to 1.95 TON');

    fireEvent.click(screen.getByTestId('withdraw-submit'));
    expect(screen.getByTestId('withdraw-address-error').textContent).toBe('Enter the address of your TON wallet.');
    expect(screen.queryByTestId('withdraw-confirm')).toBeNull();
    expect(server.bodies['/api/v3/wallet/withdraw']).toBeUndefined();
  });

  it('offers the linked wallet as the address', async () => {
    renderWithdraw({ '/api/v3/wallet/info': () => success(walletInfo({ linkedWallet: ADDRESS })) });
    expect((await screen.findByTestId<HTMLInputElement>('withdraw-address')).value).toBe(ADDRESS);
    expect(screen.getByText('Your linked wallet')).toBeTruthy();
    expect(screen.queryByTestId('withdraw-link-offer')).toBeNull();
  });

  it('offers to link a wallet when none is linked', async () => {
    renderWithdraw({ '/api/v3/wallet/info': () => success(walletInfo()) });
    const offer = await screen.findByTestId('withdraw-link-offer');
    expect(offer.textContent).toContain('Link your wallet');
    expect(await screen.findByTestId('wallet-widget-connect')).toBeTruthy();
  });

  it('puts a server refusal of the address next to the address field', async () => {
    renderWithdraw({
      '/api/v3/wallet/info': () => success(walletInfo()),
      '/api/v3/wallet/withdraw': () =>
        json(400, { success: false, message: 'This is not a valid TON address.', code: 'withdraw.address.invalid' }),
    });
    await fillAndConfirm(ADDRESS.replace('HQSQ', 'HQSA'), '0.5');
    expect((await screen.findByTestId('withdraw-address-error')).textContent).toBe(
      'This is not a valid TON address. Check it for typos or copy it again.',
    );
    expect(screen.queryByTestId('withdraw-amount-error')).toBeNull();
    expect(screen.queryByTestId('withdraw-status')).toBeNull();
  });

  it('retries a withdrawal lost to the network with the same key, then follows it to done', async () => {
    let attempts = 0;
    let polls = 0;
    const { server, store } = renderWithdraw({
      '/api/v3/wallet/info': () => success(walletInfo()),
      '/api/v3/wallet/withdraw': () => (++attempts === 1 ? 'network-down' : success(withdrawal('queued'))),
      '/api/v3/wallet/withdrawal': () => success(withdrawal(++polls === 1 ? 'sent' : 'done')),
    });
    await fillAndConfirm(ADDRESS, '0.5');
    // The first attempt is lost; the confirm step stays, ready to be pressed again.
    await waitFor(() => {
      expect(attempts).toBe(1);
      expect(store.get(queryClientAtom).isMutating()).toBe(0);
      expect(screen.getByTestId<HTMLButtonElement>('withdraw-confirm').disabled).toBe(false);
    });
    fireEvent.click(screen.getByTestId('withdraw-confirm'));

    const status = await screen.findByTestId('withdraw-status');
    const sent = server.bodies['/api/v3/wallet/withdraw'] ?? [];
    expect(sent).toHaveLength(2);
    expect(sent[0]?.idempotencyKey).toBe(sent[1]?.idempotencyKey);
    expect(sent[1]).toMatchObject({ address: ADDRESS, amount: '0.5' });
    expect(store.get(activeWithdrawalIdAtom)).toBe('41');

    await waitFor(() => expect(status.getAttribute('data-status')).toBe('sent'), { timeout: 4000 });
    await waitFor(() => expect(screen.getByTestId('withdraw-status').getAttribute('data-status')).toBe('done'), { timeout: 4000 });
    expect(screen.getByTestId('withdraw-status-title').textContent).toBe('Done');
    const pollsAtDone = polls;
    await new Promise((resolve) => setTimeout(resolve, 1800));
    expect(polls).toBe(pollsAtDone);
  }, 15_000);
});

describe('a withdrawal in flight after a reload', () => {
  it('the newest one still on its way comes back from the server list', () => {
    const list = [withdrawal('review', '53'), withdrawal('sent', '52'), withdrawal('done', '41')];
    expect(withdrawalToResume(null, list)).toBe('53');
    expect(withdrawalToResume(null, [withdrawal('done', '52'), withdrawal('queued', '41')])).toBe('41');
    expect(withdrawalToResume(null, [withdrawal('done', '52'), withdrawal('refunded', '41'), withdrawal('rejected', '40')])).toBeNull();
    expect(withdrawalToResume(null, undefined)).toBeNull();
    // The one this tab was watching wins, even if it has finished since.
    expect(withdrawalToResume('41', list)).toBe('41');
  });

  it('/withdraw shows its status card again and follows it to done', async () => {
    let polls = 0;
    const { store } = renderWithdraw({
      '/api/v3/wallet/info': () => success(walletInfo()),
      '/api/v3/wallet/withdrawals': () => success({ items: [withdrawal('sent', '52'), withdrawal('done', '41')] }),
      '/api/v3/wallet/withdrawal': (body) => success(withdrawal(++polls === 1 ? 'sent' : 'done', String(body.id))),
    });
    const status = await screen.findByTestId('withdraw-status');
    expect(status.getAttribute('data-withdrawal-id')).toBe('52');
    expect(status.getAttribute('data-status')).toBe('sent');
    expect(screen.queryByTestId('withdraw-address')).toBeNull();
    expect(store.get(activeWithdrawalIdAtom)).toBe('52');
    await waitFor(() => expect(screen.getByTestId('withdraw-status').getAttribute('data-status')).toBe('done'), { timeout: 4000 });
    fireEvent.click(screen.getByRole('button', { name: 'New withdrawal' }));
    expect(await screen.findByTestId('withdraw-address')).toBeTruthy();
    expect(sessionStorage.getItem(ACTIVE_WITHDRAWAL_STORAGE_KEY)).toBeNull();
  }, 10_000);

  it('the withdrawal this tab was watching is shown again even when it has finished meanwhile', async () => {
    sessionStorage.setItem(ACTIVE_WITHDRAWAL_STORAGE_KEY, JSON.stringify({ userId: '7', id: '41' }));
    renderWithdraw({
      '/api/v3/wallet/info': () => success(walletInfo()),
      '/api/v3/wallet/withdrawals': () => success({ items: [withdrawal('done', '41')] }),
      '/api/v3/wallet/withdrawal': () => success(withdrawal('done', '41')),
    });
    const status = await screen.findByTestId('withdraw-status');
    expect(status.getAttribute('data-withdrawal-id')).toBe('41');
    await waitFor(() => expect(screen.getByTestId('withdraw-status').getAttribute('data-status')).toBe('done'));
  });

  it("another player's remembered withdrawal is ignored, and with nothing in flight the form shows", async () => {
    sessionStorage.setItem(ACTIVE_WITHDRAWAL_STORAGE_KEY, JSON.stringify({ userId: '8', id: '99' }));
    renderWithdraw({
      '/api/v3/wallet/info': () => success(walletInfo()),
      '/api/v3/wallet/withdrawals': () => success({ items: [withdrawal('done', '41')] }),
    });
    expect(await screen.findByTestId('withdraw-address')).toBeTruthy();
    expect(screen.queryByTestId('withdraw-status')).toBeNull();
  });

  it('a withdrawal under review does not hold up the form', async () => {
    renderWithdraw({
      '/api/v3/wallet/info': () => success(walletInfo()),
      '/api/v3/wallet/withdrawals': () => success({ items: [withdrawal('review', '53')] }),
      '/api/v3/wallet/withdrawal': () => success(withdrawal('review', '53')),
    });
    expect((await screen.findByTestId('withdraw-status')).getAttribute('data-status')).toBe('review');
    fireEvent.click(screen.getByTestId('withdraw-status-new'));
    expect(await screen.findByTestId('withdraw-address')).toBeTruthy();
  });

  it('a new withdrawal is remembered for this tab until it is done and left', async () => {
    const { store } = renderWithdraw({
      '/api/v3/wallet/info': () => success(walletInfo()),
      '/api/v3/wallet/withdrawals': () => success({ items: [] }),
      '/api/v3/wallet/withdraw': () => success(withdrawal('queued', '60')),
      '/api/v3/wallet/withdrawal': () => success(withdrawal('queued', '60')),
    });
    await fillAndConfirm(ADDRESS, '0.5');
    await screen.findByTestId('withdraw-status');
    expect(store.get(activeWithdrawalIdAtom)).toBe('60');
    expect(JSON.parse(sessionStorage.getItem(ACTIVE_WITHDRAWAL_STORAGE_KEY) ?? 'null')).toEqual({ userId: '7', id: '60' });
  });
});
