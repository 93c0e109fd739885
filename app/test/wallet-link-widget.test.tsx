import type { WalletInfo } from '@arcade/api-client/wallet';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConnectedWalletLike } from '../src/features/wallet/wallet-link';
import { walletKeys } from '../src/features/wallet/wallet-state';
import { registerWalletTexts } from '../src/features/wallet/wallet-texts';
import { createQueryClient } from '../src/lib/query-client';
import { ok, walletInfo } from './fixtures';
import { renderSignedIn } from './signed-in';

// A stand-in for TON Connect UI with a connection that changes like the real one: hooks re-render,
// onStatusChange listeners hear connects and disconnects.
const fake = vi.hoisted(() => {
  type FakeWallet = ConnectedWalletLike & { friendly: string };
  const state = { restored: true, wallet: null as FakeWallet | null };
  const subscribers = new Set<() => void>();
  const listeners = new Set<(wallet: FakeWallet | null) => void>();
  const setWallet = (wallet: FakeWallet | null) => {
    state.wallet = wallet;
    ui.connected = wallet !== null;
    for (const listener of listeners) listener(wallet);
    for (const subscriber of subscribers) subscriber();
  };
  const ui = {
    connected: false,
    openModal: vi.fn(() => Promise.resolve()),
    disconnect: vi.fn(() => {
      setWallet(null);
      return Promise.resolve();
    }),
    sendTransaction: vi.fn(),
    setConnectRequestParameters: vi.fn(),
    onStatusChange: (listener: (wallet: FakeWallet | null) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return { state, subscribers, ui, setWallet };
});

vi.mock('../src/lib/ton-connect', async () => {
  const { useSyncExternalStore } = await import('react');
  const subscribe = (callback: () => void) => {
    fake.subscribers.add(callback);
    return () => fake.subscribers.delete(callback);
  };
  class TonConnectError extends Error {}
  return {
    TonConnectScope: ({ children }: { children: ReactNode }) => children,
    useTonConnectUI: () => [fake.ui, () => undefined],
    useIsConnectionRestored: () => fake.state.restored,
    useTonAddress: () => useSyncExternalStore(subscribe, () => fake.state.wallet?.friendly ?? ''),
    useTonWallet: () => useSyncExternalStore(subscribe, () => fake.state.wallet),
    TonConnectUIError: TonConnectError,
    UserRejectsError: TonConnectError,
    WalletWrongNetworkError: TonConnectError,
    WalletNotSupportFeatureError: TonConnectError,
  };
});

const { default: TonWallet } = await import('../src/features/wallet/ton-wallet');

const RAW = '0:0976f71ef9c80615bc8eb0f37d38c4d40f81871582582276f5e1228f84023e1d';
const FRIENDLY = 'UQAJdvce-cgGFbyOsPN9OMTUD4GHFYJYInb14SKPhAI-HQSQ';
const FRIENDLY_TESTNET = '0QAJdvce-cgGFbyOsPN9OMTUD4GHFYJYInb14SKPhAI-Hb8a';
const PUBLIC_KEY = '5c'.repeat(32);
const STATE_INIT = 'te6cckECFgEAAwQAAgE0AQIBFP8A9KQT9LzyyAsDAFEAAAAAKamjF1xcXFxcXFxcXFxcXFxcXFxcXFxcXFxcXFxcXFxcXFxcQA==';

function payloadOf(n: number): string {
  return n.toString(16).padStart(64, '0');
}

function connectedWallet(payload: string | null) {
  return {
    friendly: FRIENDLY_TESTNET,
    account: { address: RAW, chain: '-3', walletStateInit: STATE_INIT, publicKey: PUBLIC_KEY },
    ...(payload
      ? {
          connectItems: {
            tonProof: {
              name: 'ton_proof' as const,
              proof: { timestamp: 1_767_225_600, domain: { lengthBytes: 9, value: 'localhost' }, payload, signature: 'c2lnbmF0dXJl' },
            },
          },
        }
      : {}),
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

interface Setup {
  linked?: string | null;
  link?: (body: unknown) => Response;
}

function renderLinkWidget({ linked = null, link = () => json(200, ok({ linkedWallet: FRIENDLY_TESTNET }).body) }: Setup = {}) {
  let payloads = 0;
  let linkedNow = linked;
  const bodies: Record<string, unknown[]> = {};
  const fetch: typeof globalThis.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, 'http://app.test').pathname;
    const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as unknown;
    (bodies[path] ??= []).push(body);
    if (path === '/api/v3/wallet/info') return Promise.resolve(json(200, ok(walletInfo({ linkedWallet: linkedNow })).body));
    if (path === '/api/v3/wallet/proof-payload') {
      return Promise.resolve(json(200, ok({ payload: payloadOf(++payloads), expiresAt: Math.floor(Date.now() / 1000) + 900 }).body));
    }
    if (path === '/api/v3/wallet/link') {
      const reply = link(body);
      if (reply.ok) linkedNow = FRIENDLY_TESTNET;
      return Promise.resolve(reply);
    }
    return Promise.resolve(json(404, { success: false, message: 'Not found' }));
  };
  const client = createQueryClient();
  // The wallet info is read by the screen around the widget.
  void client.prefetchQuery({ queryKey: walletKeys.info('7'), queryFn: () => walletInfo({ linkedWallet: linked }) });
  renderSignedIn(<TonWallet link />, { fetch, texts: registerWalletTexts, client });
  return { bodies, client };
}

const requests = () => fake.ui.setConnectRequestParameters.mock.calls.map(([request]: unknown[]) => request);

beforeEach(() => {
  fake.state.restored = true;
  fake.state.wallet = null;
  fake.ui.connected = false;
  fake.ui.openModal.mockClear();
  fake.ui.disconnect.mockClear();
  fake.ui.setConnectRequestParameters.mockClear();
});

afterEach(cleanup);

describe('linking the wallet with ton_proof', () => {
  it('offers a payload before connecting, links the wallet that signed it, then clears the request', async () => {
    const { bodies, client } = renderLinkWidget();
    expect(screen.getByTestId('wallet-widget-connect')).toBeTruthy();
    await waitFor(() => expect(requests().at(-1)).toEqual({ state: 'ready', value: { tonProof: payloadOf(1) } }));
    expect(requests()[0]).toEqual({ state: 'loading' });

    act(() => fake.setWallet(connectedWallet(payloadOf(1))));

    await screen.findByTestId('wallet-link-linked');
    expect(bodies['/api/v3/wallet/link']).toEqual([
      {
        address: RAW,
        network: '-3',
        publicKey: PUBLIC_KEY,
        proof: {
          timestamp: 1_767_225_600,
          domain: { lengthBytes: 9, value: 'localhost' },
          payload: payloadOf(1),
          signature: 'c2lnbmF0dXJl',
          stateInit: STATE_INIT,
        },
      },
    ]);
    expect(requests().at(-1)).toBeNull();
    expect(screen.getByTestId('wallet-widget-address').textContent).toBe('0QAJ…Hb8a');
    // /withdraw offers it from now on.
    expect(client.getQueryData<WalletInfo>(walletKeys.info('7'))?.linkedWallet).toBe(FRIENDLY_TESTNET);
  });

  it("'Connect wallet' opens the wallet list once the payload is in the connect request", async () => {
    renderLinkWidget();
    fireEvent.click(screen.getByTestId('wallet-widget-connect'));
    await waitFor(() => expect(fake.ui.openModal).toHaveBeenCalledTimes(1));
    const opened = fake.ui.openModal.mock.invocationCallOrder[0] ?? 0;
    const ready = fake.ui.setConnectRequestParameters.mock.calls.findIndex(
      ([request]: unknown[]) => (request as { state?: string } | null)?.state === 'ready',
    );
    expect(ready).toBeGreaterThanOrEqual(0);
    expect(fake.ui.setConnectRequestParameters.mock.invocationCallOrder[ready]).toBeLessThan(opened);
  });

  it('shows a refusal in the player language and reconnects with a new payload', async () => {
    const { bodies } = renderLinkWidget({
      link: () => json(400, { success: false, message: 'The proof payload has expired.', code: 'link.expired' }),
    });
    await waitFor(() => expect(requests().at(-1)).toEqual({ state: 'ready', value: { tonProof: payloadOf(1) } }));
    act(() => fake.setWallet(connectedWallet(payloadOf(1))));

    const alert = await screen.findByTestId('wallet-link-error');
    expect(alert.textContent).toContain('The link request has expired. Connect the wallet again.');
    expect(screen.queryByTestId('wallet-link-retry')).toBeNull();

    fireEvent.click(screen.getByTestId('wallet-link-reconnect'));
    await waitFor(() => expect(fake.ui.openModal).toHaveBeenCalledTimes(1));
    expect(fake.ui.disconnect).toHaveBeenCalledTimes(1);
    // The new payload is in place before the wallet list opens.
    expect(requests().at(-1)).toEqual({ state: 'ready', value: { tonProof: payloadOf(2) } });
    expect(bodies['/api/v3/wallet/proof-payload']).toHaveLength(2);
    expect(screen.getByTestId('wallet-widget-connect')).toBeTruthy();
  });

  it('a link lost to the network can be sent again as it was', async () => {
    let attempts = 0;
    const { bodies } = renderLinkWidget({
      link: () =>
        ++attempts === 1 ? json(502, { success: false, message: 'Bad gateway' }) : json(200, ok({ linkedWallet: FRIENDLY_TESTNET }).body),
    });
    await waitFor(() => expect(requests().at(-1)).toMatchObject({ state: 'ready' }));
    act(() => fake.setWallet(connectedWallet(payloadOf(1))));
    expect((await screen.findByTestId('wallet-link-error')).textContent).toContain('No connection to the server. Try again.');
    fireEvent.click(screen.getByTestId('wallet-link-retry'));
    await screen.findByTestId('wallet-link-linked');
    const sent = bodies['/api/v3/wallet/link'] ?? [];
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    expect(fake.ui.disconnect).not.toHaveBeenCalled();
  });

  it('does not resend the proof of a restored session: the wallet can be linked again', async () => {
    fake.setWallet(connectedWallet('f'.repeat(64)));
    const { bodies } = renderLinkWidget();
    expect(await screen.findByTestId('wallet-link-needed')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Link this wallet' })).toBeTruthy();
    // Connected: no payload is asked for, and the old proof is not sent.
    expect(bodies['/api/v3/wallet/proof-payload']).toBeUndefined();
    expect(bodies['/api/v3/wallet/link']).toBeUndefined();

    fireEvent.click(screen.getByTestId('wallet-link-this'));
    await waitFor(() => expect(fake.ui.openModal).toHaveBeenCalledTimes(1));
    expect(fake.ui.disconnect).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(requests().at(-1)).toEqual({ state: 'ready', value: { tonProof: payloadOf(1) } }));
  });

  it('a connected wallet that is already the linked one just says so', async () => {
    fake.setWallet(connectedWallet(null));
    renderLinkWidget({ linked: FRIENDLY });
    expect(await screen.findByTestId('wallet-link-linked')).toBeTruthy();
    expect(screen.queryByTestId('wallet-link-needed')).toBeNull();
  });

  it('a wallet that declines the proof request is asked to connect again', async () => {
    renderLinkWidget();
    await waitFor(() => expect(requests().at(-1)).toMatchObject({ state: 'ready' }));
    act(() =>
      fake.setWallet({
        ...connectedWallet(null),
        connectItems: { tonProof: { name: 'ton_proof', error: { code: 400, message: 'Method not supported' } } },
      }),
    );
    expect((await screen.findByTestId('wallet-link-error')).textContent).toContain('The wallet did not confirm the link.');
  });
});
