import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { BalancesCard } from '../../components/balances-card';
import { ArrowDownIcon, ArrowUpIcon } from '../../components/icons';
import { PrefetchLink } from '../../components/prefetch-link';
import { Screen } from '../../components/screen';
import { balancesAtom } from '../../state/balances';
import { CopyButton } from './copy-button';
import { HistoryList } from './history-list';
import { shortAddress } from './money-format';
import { NetworkBadge } from './wallet-parts';
import { walletInfoAtom } from '../../state/wallet-info';
import { WalletWidget } from './wallet-widget';
import { InFlightWithdrawals } from './withdrawals-in-flight';
import './wallet-texts';
import './wallet.css';
import './wallet-screen.css';

/** The wallet linked with ton_proof: withdrawals are offered to it. */
function LinkedWallet({ address }: { address: string }) {
  const { t } = useTranslation();
  return (
    <div className="copy-row linked-wallet" data-testid="linked-wallet">
      <span className="copy-row__text">
        <span className="copy-row__label">{t('wallet.link.linkedLabel')}</span>
        <span className="copy-row__value linked-wallet__address" title={address} data-testid="linked-wallet-address">
          {shortAddress(address)}
        </span>
      </span>
      <CopyButton text={address} label={t('wallet.link.copyLinked')} testId="linked-wallet-copy" />
    </div>
  );
}

export function Component() {
  const { t } = useTranslation();
  const info = useAtomValue(walletInfoAtom);
  const profileBalances = useAtomValue(balancesAtom);
  // The wallet info is read fresh on this screen; the profile's copy shows until it arrives.
  const balances = info?.balance ?? profileBalances;
  return (
    <Screen
      name="wallet"
      title={t('wallet.screens.wallet.title')}
      description={t('wallet.screens.wallet.description')}
      aside={<NetworkBadge network={info?.network} />}
    >
      <BalancesCard balances={balances} />
      <div className="wallet-actions">
        <PrefetchLink to="/deposit" prefetch="render" className="wallet-action wallet-action--deposit" data-testid="link-deposit">
          <span className="wallet-action__icon" aria-hidden="true">
            <ArrowDownIcon />
          </span>
          <span className="wallet-action__text">
            <span className="wallet-action__title">{t('wallet.deposit')}</span>
            <span className="wallet-action__hint">{t('wallet.depositHint')}</span>
          </span>
        </PrefetchLink>
        <PrefetchLink to="/withdraw" prefetch="render" className="wallet-action wallet-action--withdraw" data-testid="link-withdraw">
          <span className="wallet-action__icon" aria-hidden="true">
            <ArrowUpIcon />
          </span>
          <span className="wallet-action__text">
            <span className="wallet-action__title">{t('wallet.withdraw')}</span>
            <span className="wallet-action__hint">{t('wallet.withdrawHint')}</span>
          </span>
        </PrefetchLink>
      </div>
      <InFlightWithdrawals />
      <section className="card wallet-connect" aria-labelledby="wallet-connect-title">
        <h2 className="wallet-form__title" id="wallet-connect-title">
          {t('wallet.connectTitle')}
        </h2>
        <p className="wallet-form__text">{t('wallet.connectDescription')}</p>
        {info?.linkedWallet ? <LinkedWallet address={info.linkedWallet} /> : null}
        <WalletWidget link />
      </section>
      <HistoryList />
    </Screen>
  );
}
