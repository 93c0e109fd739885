import type { DepositTransfer } from '@arcade/api-client/wallet';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerWalletTexts } from '../src/features/wallet/wallet-texts';
import type { WalletSender } from '../src/features/wallet/widget-parts';
import { createI18n } from './i18n-helper';

// A stand-in for TON Connect UI: the widget only uses these hooks, the instance and the error classes.
const fake = vi.hoisted(() => {
  class TonConnectError extends Error {}
  class TonConnectUIError extends TonConnectError {}
  class UserRejectsError extends TonConnectError {}
  class WalletWrongNetworkError extends TonConnectError {}
  class WalletNotSupportFeatureError extends TonConnectError {}
  const state = { restored: true, address: '' };
  const ui = {
    connected: false,
    openModal: vi.fn(() => Promise.resolve()),
    disconnect: vi.fn(() => Promise.resolve()),
    sendTransaction: vi.fn((_tx: unknown, _options?: unknown): Promise<{ boc: string }> => Promise.resolve({ boc: 'te6' })),
  };
  return { state, ui, TonConnectUIError, UserRejectsError, WalletWrongNetworkError, WalletNotSupportFeatureError };
});

vi.mock('../src/lib/ton-connect', () => ({
  TonConnectScope: ({ children }: { children: ReactNode }) => children,
  useTonConnectUI: () => [fake.ui, () => undefined],
  useIsConnectionRestored: () => fake.state.restored,
  useTonAddress: () => fake.state.address,
  useTonWallet: () => null,
  TonConnectUIError: fake.TonConnectUIError,
  UserRejectsError: fake.UserRejectsError,
  WalletWrongNetworkError: fake.WalletWrongNetworkError,
  WalletNotSupportFeatureError: fake.WalletNotSupportFeatureError,
}));

const { default: TonWallet, ADDRESS_COPIED_MS } = await import('../src/features/wallet/ton-wallet');

const ADDRESS = 'UQAJdvce-cgGFbyOsPN9OMTUD4GHFYJYInb14SKPhAI-HQSQ';
const transfer: DepositTransfer = {
  validUntil: 1_900_000_000,
  network: '-3',
  messages: [{ address: 'kQDeposit', amount: '1500000000', payload: 'te6cc' }],
};

function renderWidget(onSender?: (sender: WalletSender | null) => void) {
  const i18n = createI18n('en');
  registerWalletTexts(i18n);
  return render(
    <I18nextProvider i18n={i18n}>
      <p>outside</p>
      <TonWallet onSender={onSender} />
    </I18nextProvider>,
  );
}

beforeEach(() => {
  fake.state.restored = true;
  fake.state.address = '';
  fake.ui.connected = false;
  fake.ui.openModal.mockClear();
  fake.ui.disconnect.mockClear();
  fake.ui.sendTransaction.mockReset();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('wallet connection widget', () => {
  it('shows a loading state while the connection is restored', () => {
    fake.state.restored = false;
    const onSender = vi.fn();
    renderWidget(onSender);
    expect(screen.getByTestId('wallet-widget-loading').textContent).toBe('Checking the wallet…');
    expect(onSender).toHaveBeenLastCalledWith(null);
  });

  it("says 'Connect wallet' and opens the TON Connect modal", () => {
    renderWidget();
    fireEvent.click(screen.getByRole('button', { name: 'Connect wallet' }));
    expect(fake.ui.openModal).toHaveBeenCalledTimes(1);
  });

  it('shows the address as 4+4 with a menu to copy it or disconnect; the menu closes on an outside click', async () => {
    vi.useFakeTimers();
    fake.state.address = ADDRESS;
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    renderWidget();

    const pill = screen.getByTestId('wallet-widget-address');
    expect(pill.textContent).toBe('UQAJ…HQSQ');
    fireEvent.click(pill);
    expect(screen.getByRole('menu')).toBeTruthy();

    await act(async () => {
      fireEvent.click(screen.getByRole('menuitem', { name: 'Copy address' }));
      await Promise.resolve();
    });
    expect(writeText).toHaveBeenCalledWith(ADDRESS);
    expect(screen.getByRole('menuitem', { name: 'Address copied!' })).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(ADDRESS_COPIED_MS);
    });
    expect(screen.getByRole('menuitem', { name: 'Copy address' })).toBeTruthy();

    fireEvent.pointerDown(screen.getByText('outside'));
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.click(pill);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Disconnect' }));
    expect(fake.ui.disconnect).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('hands the deposit form a sender that passes the server-built transfer as is', async () => {
    fake.state.address = ADDRESS;
    fake.ui.connected = true;
    let sender: WalletSender | null = null;
    renderWidget((next) => {
      sender = next;
    });
    const current = sender as WalletSender | null;
    expect(current?.connected).toBe(true);
    fake.ui.sendTransaction.mockResolvedValueOnce({ boc: 'te6' });
    await expect(current?.send(transfer)).resolves.toBe('sent');
    expect(fake.ui.sendTransaction.mock.calls[0]?.[0]).toBe(transfer);

    fake.ui.sendTransaction.mockRejectedValueOnce(new fake.UserRejectsError('rejected'));
    await expect(current?.send(transfer)).resolves.toBe('rejected');
    fake.ui.sendTransaction.mockRejectedValueOnce(new fake.TonConnectUIError('Transaction was not sent'));
    await expect(current?.send(transfer)).resolves.toBe('rejected');
    fake.ui.sendTransaction.mockRejectedValueOnce(new fake.WalletWrongNetworkError('wrong network'));
    await expect(current?.send(transfer)).resolves.toBe('wrong-network');

    fake.ui.connected = false;
    await expect(current?.send(transfer)).resolves.toBe('not-connected');
  });
});
