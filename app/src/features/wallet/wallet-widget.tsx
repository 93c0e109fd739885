import type { DepositTransfer } from '@arcade/api-client/wallet';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import './wallet-texts';

/** How sending a deposit through the connected wallet ended. */
export type SendOutcome = 'sent' | 'rejected' | 'not-connected' | 'wrong-network' | 'unsupported' | 'failed';

/** What the deposit form may do with the connected wallet, handed up by the widget. */
export interface WalletSender {
  connected: boolean;
  /** User-friendly address, '' while disconnected. */
  address: string;
  /** Opens the TON Connect modal. */
  connect(): void;
  send(transfer: DepositTransfer): Promise<SendOutcome>;
}

export interface TonWalletProps {
  /** Called with the sender once the connection is known (null while restoring or unmounted). */
  onSender?: (sender: WalletSender | null) => void;
  /** Connecting also proves the wallet is the player's (ton_proof) and links it for withdrawals. */
  link?: boolean;
}

// TON Connect UI is large: the widget and everything it needs load in their own chunk.
const TonWallet = lazy(() => import('./ton-wallet'));

/** The loading state, while the chunk loads and while the saved connection is restored. */
export function WidgetRestoring() {
  const { t } = useTranslation();
  return (
    <button type="button" className="ton-wallet__button" disabled aria-busy="true" data-testid="wallet-widget-loading">
      <span className="spinner spinner--small" aria-hidden="true" />
      <span>{t('wallet.widget.restoring')}</span>
    </button>
  );
}

export function WalletWidget(props: TonWalletProps) {
  return (
    <Suspense fallback={<WidgetRestoring />}>
      <TonWallet {...props} />
    </Suspense>
  );
}
