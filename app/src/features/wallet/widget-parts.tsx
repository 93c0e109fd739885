import type { DepositTransfer } from '@arcade/api-client/wallet';
import { useTranslation } from 'react-i18next';
import './wallet-texts';
import '../../components/spinner.css';
import './ton-wallet.css';

// What the wallet widget (wallet-widget.tsx) and the TON Connect part it loads lazily
// (ton-wallet.tsx) both need: here, so neither imports the other statically.

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
