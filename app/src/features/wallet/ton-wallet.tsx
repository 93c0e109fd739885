import type { DepositTransfer } from '@arcade/api-client/wallet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon, ChevronDownIcon, CopyIcon, LogoutIcon, WalletIcon } from '../../components/icons';
import { copyText } from '../../lib/clipboard';
import { notify } from '../../lib/notify';
import {
  TonConnectScope,
  TonConnectUIError,
  UserRejectsError,
  useIsConnectionRestored,
  useTonAddress,
  useTonConnectUI,
  useTonWallet,
  WalletNotSupportFeatureError,
  WalletWrongNetworkError,
  type TonConnectUI,
} from '../../lib/ton-connect';
import { shortAddress } from './money-format';
import { useWalletLink, type WalletLink } from './use-wallet-link';
import { WidgetRestoring, type SendOutcome, type TonWalletProps, type WalletSender } from './widget-parts';
import '../../components/spinner.css';
import './ton-wallet.css';

// This module is reached only through a dynamic import (wallet-widget.tsx), so TON Connect UI
// stays in its own chunk.

/** Spec section 9: 'Address copied!' shows for 1000 ms. */
export const ADDRESS_COPIED_MS = 1000;

function failureOf(error: unknown): SendOutcome {
  if (error instanceof UserRejectsError) return 'rejected';
  if (error instanceof WalletWrongNetworkError) return 'wrong-network';
  // The library has already opened its "feature not supported" modal.
  if (error instanceof WalletNotSupportFeatureError) return 'unsupported';
  if (error instanceof TonConnectUIError) {
    // The player closed the confirmation modal, or the wallet went away meanwhile.
    if (/not sent/i.test(error.message)) return 'rejected';
    if (/connect wallet/i.test(error.message)) return 'not-connected';
  }
  console.error('[wallet] sendTransaction failed', error);
  return 'failed';
}

function createSender(ui: TonConnectUI, address: string): WalletSender {
  return {
    connected: address !== '',
    address,
    connect: () => void ui.openModal(),
    send: async (transfer: DepositTransfer) => {
      if (!ui.connected) return 'not-connected';
      try {
        // The server built the whole request (address, amount, memo payload, network): sent as is.
        // Our own toasts tell how it ended, so the library shows only its 'before' modal.
        await ui.sendTransaction(transfer, { modals: ['before'], notifications: [] });
        return 'sent';
      } catch (error) {
        return failureOf(error);
      }
    },
  };
}

function ConnectedWallet({ ui, address }: { ui: TonConnectUI; address: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && root.current?.contains(event.target)) return;
      setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), ADDRESS_COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    if (await copyText(address)) setCopied(true);
    else notify.error('wallet.toast.copyFailed');
  };

  const disconnect = () => {
    setOpen(false);
    ui.disconnect().catch((error: unknown) => console.error('[wallet] disconnect failed', error));
  };

  return (
    <div className="ton-wallet" ref={root}>
      <button
        type="button"
        className="ton-wallet__button ton-wallet__button--connected"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t('wallet.widget.menu', { address })}
        title={address}
        data-testid="wallet-widget-address"
        onClick={() => setOpen((value) => !value)}
      >
        <span className="ton-wallet__dot" aria-hidden="true" />
        <span className="ton-wallet__address">{shortAddress(address)}</span>
        <ChevronDownIcon className={`ton-wallet__chevron${open ? ' is-open' : ''}`} width={18} height={18} />
      </button>
      {open ? (
        <div className="ton-wallet__menu" role="menu" data-testid="wallet-widget-menu">
          <button type="button" role="menuitem" className="ton-wallet__item" onClick={() => void copy()}>
            {copied ? <CheckIcon width={20} height={20} /> : <CopyIcon width={20} height={20} />}
            <span aria-live="polite">{copied ? t('wallet.widget.copied') : t('wallet.widget.copy')}</span>
          </button>
          <button type="button" role="menuitem" className="ton-wallet__item ton-wallet__item--danger" onClick={disconnect}>
            <LogoutIcon width={20} height={20} />
            <span>{t('wallet.widget.disconnect')}</span>
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** Under the connected wallet: linked, linking, or what to do to link it. */
function LinkStatus({ link }: { link: WalletLink }) {
  const { t } = useTranslation();
  const { view } = link;
  if (!view) return null;
  switch (view.phase) {
    case 'linked':
      return (
        <span className="wallet-link__badge is-linked" data-testid="wallet-link-linked">
          <CheckIcon width={16} height={16} aria-hidden="true" />
          {t('wallet.link.linked')}
        </span>
      );
    case 'linking':
      return (
        <span className="wallet-link__badge" role="status" data-testid="wallet-link-linking">
          <span className="spinner spinner--small" aria-hidden="true" />
          {t('wallet.link.linking')}
        </span>
      );
    case 'not-linked':
      return (
        <div className="wallet-link__note" data-testid="wallet-link-needed">
          <p>{t('wallet.link.notLinkedText')}</p>
          <button type="button" className="button button--primary" data-testid="wallet-link-this" onClick={link.reconnect}>
            {t('wallet.link.linkThis')}
          </button>
        </div>
      );
    case 'failed': {
      const { key, message } = view.failure;
      return (
        <div className="wallet-link__note wallet-link__note--error" role="alert" data-testid="wallet-link-error">
          <p>{key ? t(key) : message || t('toast.somethingWentWrong')}</p>
          <div className="wallet-link__actions">
            {view.canRetry ? (
              <button type="button" className="button button--ghost" data-testid="wallet-link-retry" onClick={link.retry}>
                {t('wallet.link.retry')}
              </button>
            ) : null}
            <button type="button" className="button button--primary" data-testid="wallet-link-reconnect" onClick={link.reconnect}>
              {t('wallet.link.reconnect')}
            </button>
          </div>
        </div>
      );
    }
  }
}

function Widget({ onSender, link: linkMode = false }: TonWalletProps) {
  const { t } = useTranslation();
  const [ui] = useTonConnectUI();
  const restored = useIsConnectionRestored();
  // Non-bounceable user-friendly form (UQ…, 0Q… on testnet); '' while disconnected.
  const address = useTonAddress();
  const wallet = useTonWallet();
  const link = useWalletLink(ui, wallet, restored, linkMode);
  const sender = useMemo(() => (restored ? createSender(ui, address) : null), [ui, restored, address]);

  useEffect(() => {
    if (!onSender) return;
    onSender(sender);
    return () => onSender(null);
  }, [onSender, sender]);

  if (!restored) return <WidgetRestoring />;
  if (!address) {
    return (
      <button
        type="button"
        className="ton-wallet__button ton-wallet__button--connect"
        data-testid="wallet-widget-connect"
        onClick={linkMode ? link.connect : () => void ui.openModal()}
      >
        <WalletIcon width={20} height={20} />
        <span>{t('wallet.widget.connect')}</span>
      </button>
    );
  }
  if (!linkMode) return <ConnectedWallet ui={ui} address={address} />;
  return (
    <div className="wallet-link" data-testid="wallet-link">
      <ConnectedWallet ui={ui} address={address} />
      <LinkStatus link={link} />
    </div>
  );
}

/**
 * The wallet connection widget: restoring, 'Connect wallet', or the address with its menu; with
 * `link`, connecting also links the wallet to the account with ton_proof.
 */
export default function TonWallet(props: TonWalletProps) {
  return (
    <TonConnectScope>
      <Widget {...props} />
    </TonConnectScope>
  );
}
