import type { ReactNode } from 'react';
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

/** A way to move money (/deposit, /withdraw): its icon, what it does and a word on how. */
function WalletAction({ to, icon, title, hint }: { to: '/deposit' | '/withdraw'; icon: ReactNode; title: string; hint: string }) {
  const kind = to.slice(1);
  return (
    <PrefetchLink to={to} prefetch="render" className={`wallet-action wallet-action--${kind}`} data-testid={`link-${kind}`}>
      <span className="wallet-action__icon" aria-hidden="true">
        {icon}
      </span>
      <span className="wallet-action__text">
        <span className="wallet-action__title">{title}</span>
        <span className="wallet-action__hint">{hint}</span>
      </span>
    </PrefetchLink>
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
        <WalletAction to="/deposit" icon={<ArrowDownIcon />} title={t('wallet.deposit')} hint={t('wallet.depositHint')} />
        <WalletAction to="/withdraw" icon={<ArrowUpIcon />} title={t('wallet.withdraw')} hint={t('wallet.withdrawHint')} />
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
