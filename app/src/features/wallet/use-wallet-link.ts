import { useAtomValue } from 'jotai';
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { notify } from '../../lib/notify';
import type { TonConnectUI, Wallet } from '../../lib/ton-connect';
import { createProofPayloadKeeper, proofLedger, type ProofLedger } from './proof-payload';
import {
  explainLinkFailure,
  isSameAccount,
  linkProblemKey,
  linkRequestOf,
  proofPayloadOf,
  type LinkFailure,
  type LinkWalletRequest,
} from './wallet-link';
import { walletInfoAtom } from '../../state/wallet-info';
import { linkWalletAtom, proofPayloadFetcherAtom } from './wallet-state';

// Reached only from ton-wallet.tsx, inside the TON Connect chunk.

type LinkState =
  | { phase: 'idle' }
  | { phase: 'linking' }
  | { phase: 'linked' }
  | { phase: 'failed'; failure: Pick<LinkFailure, 'key' | 'message'>; retry: LinkWalletRequest | null };

/** What the link part of the widget shows for the connected wallet. */
export type LinkView =
  | { phase: 'linking' }
  | { phase: 'linked' }
  /** Connected without a proof (a restored session, say): linking needs a new connection. */
  | { phase: 'not-linked' }
  | { phase: 'failed'; failure: Pick<LinkFailure, 'key' | 'message'>; canRetry: boolean };

export interface WalletLink {
  /** null while disconnected. */
  view: LinkView | null;
  /** Opens the wallet list once the payload is in the connect request. */
  connect: () => void;
  /** Disconnects, asks for a new payload and opens the wallet list: the new connection carries a proof. */
  reconnect: () => void;
  /** Sends the last request again (its outcome was unknown). */
  retry: () => void;
}

/**
 * Linking with ton_proof: while no wallet is connected a fresh payload sits in TON Connect's
 * connect request; a wallet that connects with a proof of that payload is sent to the server once.
 */
export function useWalletLink(
  ui: TonConnectUI,
  wallet: Wallet | null,
  restored: boolean,
  enabled: boolean,
  ledger: ProofLedger = proofLedger,
): WalletLink {
  const fetchPayload = useAtomValue(proofPayloadFetcherAtom);
  const info = useAtomValue(walletInfoAtom);
  const { mutateAsync: link } = useAtomValue(linkWalletAtom);
  const [state, setState] = useState<LinkState>({ phase: 'idle' });

  const keeper = useMemo(
    () =>
      fetchPayload
        ? createProofPayloadKeeper({
            fetchPayload,
            apply: (request) => {
              try {
                ui.setConnectRequestParameters(request);
              } catch (error) {
                // TON Connect UI may try to connect again on an update (see `settled`); nothing to undo here.
                console.error('[wallet] could not update the connect request', error);
              }
            },
            ledger,
          })
        : null,
    [fetchPayload, ui, ledger],
  );

  // A payload is offered only while the player may connect; connecting (or leaving) clears it.
  const connected = wallet !== null;
  useEffect(() => {
    if (!enabled || !restored || connected || !keeper) return;
    keeper.start();
    return () => keeper.stop();
  }, [enabled, restored, connected, keeper]);

  const submit = async (request: LinkWalletRequest) => {
    setState({ phase: 'linking' });
    try {
      await link(request);
      setState({ phase: 'linked' });
      notify.success('wallet.toast.linked');
    } catch (error) {
      const failure = explainLinkFailure(error);
      setState({ phase: 'failed', failure, retry: failure.retryable ? request : null });
    }
  };

  const onConnected = useEffectEvent((next: Wallet | null) => {
    if (!next) {
      setState({ phase: 'idle' });
      return;
    }
    const payload = proofPayloadOf(next);
    // Only an answer to a payload offered on this page: a restored session replays an old, used proof.
    const answered = payload !== null ? ledger.claim(payload) : next.connectItems?.tonProof ? ledger.takeOffer() : false;
    if (!answered) return;
    const check = linkRequestOf(next);
    if (check.ok) void submit(check.request);
    else setState({ phase: 'failed', failure: { key: linkProblemKey(check.problem), message: '' }, retry: null });
  });

  useEffect(() => {
    if (!enabled) return;
    return ui.onStatusChange(onConnected);
  }, [enabled, ui]);

  const openWithPayload = async () => {
    keeper?.start();
    await keeper?.settled();
    await ui.openModal();
  };

  const connect = () => {
    openWithPayload().catch((error: unknown) => console.error('[wallet] could not open the wallet list', error));
  };

  const reconnect = () => {
    setState({ phase: 'idle' });
    void (async () => {
      if (ui.connected) {
        try {
          await ui.disconnect();
        } catch (error) {
          console.error('[wallet] disconnect failed', error);
        }
      }
      await openWithPayload();
    })().catch((error: unknown) => console.error('[wallet] could not reconnect', error));
  };

  const retry = () => {
    if (state.phase === 'failed' && state.retry) void submit(state.retry);
  };

  let view: LinkView | null = null;
  if (wallet) {
    if (state.phase === 'linking') view = { phase: 'linking' };
    else if (state.phase === 'failed') view = { phase: 'failed', failure: state.failure, canRetry: state.retry !== null };
    else if (state.phase === 'linked' || isSameAccount(info?.linkedWallet, wallet.account.address)) view = { phase: 'linked' };
    else view = { phase: 'not-linked' };
  }
  return { view, connect, reconnect, retry };
}
