import { formatDecimal, formatTimes, formatTon } from '../../lib/format';
import type { HistoryItem, WalletInfo } from '@arcade/api-client/wallet';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ArrowDownIcon,
  ArrowUpIcon,
  BonusMark,
  CartIcon,
  CoinsIcon,
  DiceIcon,
  DotsIcon,
  FriendsIcon,
  GiftIcon,
  LockIcon,
  RefundIcon,
  SendIcon,
  SparkIcon,
  TagIcon,
  TonMark,
  TrophyIcon,
} from '../../components/icons';
import { isNegativeAmount } from './money-format';
import { walletInfoAtom } from '../../state/wallet-info';
import { walletHistoryQueryAtom } from './wallet-state';
import { BusyButton } from '../../components/busy-button';
import { RetryNote } from '../../components/retry-note';
import '../../components/skeleton.css';
import '../../components/spinner.css';
import './wallet.css';
import './history-list.css';

type Kind = HistoryItem['kind'];

const KIND_ICONS: Record<Kind, ReactNode> = {
  deposit: <ArrowDownIcon width={20} height={20} />,
  withdrawal: <ArrowUpIcon width={20} height={20} />,
  withdrawal_refund: <RefundIcon width={20} height={20} />,
  bet: <DiceIcon width={20} height={20} />,
  payout: <TrophyIcon width={20} height={20} />,
  reward: <GiftIcon width={20} height={20} />,
  referral: <FriendsIcon width={20} height={20} />,
  referral_claim: <CoinsIcon width={20} height={20} />,
  bonus_release: <SparkIcon width={20} height={20} />,
  play_release: <LockIcon width={20} height={20} />,
  purchase: <CartIcon width={20} height={20} />,
  sale: <TagIcon width={20} height={20} />,
  gift_withdrawal: <SendIcon width={20} height={20} />,
  other: <DotsIcon width={20} height={20} />,
};

const EXPLORERS: Record<WalletInfo['network'], string> = {
  mainnet: 'https://tonviewer.com/transaction/',
  testnet: 'https://testnet.tonviewer.com/transaction/',
};

/** The explorer page of a chain transaction on the server's network. */
export function explorerUrl(network: WalletInfo['network'], hash: string): string {
  return `${EXPLORERS[network]}${encodeURIComponent(hash)}`;
}

function formatDate(iso: string, locale: string, dayOnly = false): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const sameYear = date.getFullYear() === new Date().getFullYear();
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
    ...(dayOnly ? { timeZone: 'UTC' } : { hour: '2-digit', minute: '2-digit' }),
  }).format(date);
}

/** What the row is, in words: a bet names its game, a day of commissions its count. */
function useRowText(item: HistoryItem): { title: string; detail: string | null } {
  const { t, i18n } = useTranslation();
  const kind = t(`wallet.history.kind.${item.kind}`);
  if ((item.kind === 'bet' || item.kind === 'payout') && item.game) {
    const title = t('wallet.history.withGame', { kind, game: t(`wallet.history.game.${item.game}`) });
    const multiplier = item.multiplier ? formatTimes(item.multiplier, i18n.language) : null;
    const detail =
      item.outcome === 'won' || item.outcome === 'cashed'
        ? multiplier
          ? t(`wallet.history.outcome.${item.outcome}With`, { multiplier })
          : t(`wallet.history.outcome.${item.outcome}`)
        : item.outcome
          ? t(`wallet.history.outcome.${item.outcome}`)
          : null;
    return { title, detail };
  }
  if (item.kind === 'referral' && item.count !== undefined) {
    return { title: kind, detail: t('wallet.history.commissions', { count: item.count }) };
  }
  if (item.gift) return { title: kind, detail: t('wallet.history.gift', { name: item.gift.name, number: item.gift.number }) };
  return { title: kind, detail: item.locked ? t('wallet.history.lockedDetail') : null };
}

function HistoryRow({ item, network }: { item: HistoryItem; network: WalletInfo['network'] | null }) {
  const { t, i18n } = useTranslation();
  const negative = isNegativeAmount(item.amount);
  const unit = t(`wallet.history.currency.${item.currency}`);
  const { title, detail } = useRowText(item);
  const grouped = item.count !== undefined;
  return (
    <li
      className={`history-item history-item--${item.kind}`}
      data-testid="history-item"
      data-kind={item.kind}
      data-amount={item.amount}
      {...(item.game ? { 'data-game': item.game } : {})}
      {...(item.count !== undefined ? { 'data-count': item.count } : {})}
      {...(item.locked ? { 'data-locked': 'true' } : {})}
    >
      <span className="icon-tile history-item__icon" aria-hidden="true">
        {KIND_ICONS[item.kind]}
      </span>
      <span className="history-item__main">
        <span className="history-item__kind" data-testid="history-item-title">
          {title}
        </span>
        {detail ? (
          <span className="history-item__detail" data-testid="history-item-detail">
            {detail}
          </span>
        ) : null}
        <span className="history-item__meta">
          <time className="history-item__date" dateTime={item.createdAt}>
            {formatDate(item.createdAt, i18n.language, grouped)}
          </time>
          {item.txHash && network ? (
            <a
              className="history-item__tx"
              href={explorerUrl(network, item.txHash)}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="history-item-tx"
              aria-label={t('wallet.history.explorerLabel', { hash: item.txHash })}
            >
              {t('wallet.history.explorer')}
            </a>
          ) : null}
        </span>
      </span>
      <span className="history-item__side">
        <span className={`history-item__amount ${negative ? 'is-negative' : 'is-positive'}`}>
          {item.currency === 'bonus' ? (
            <BonusMark className="history-item__mark" />
          ) : item.currency === 'ton' ? (
            <TonMark className="history-item__mark" />
          ) : null}
          <span className="history-item__value" title={`${formatDecimal(item.amount, i18n.language)} ${unit}`}>
            {formatTon(item.amount, i18n.language, { signed: true })}
            {/* The mark says TON or bonus to the eye; the unit says it to screen readers. */}
            <span className={item.currency === 'referral' ? 'history-item__unit' : 'visually-hidden'}> {unit}</span>
          </span>
        </span>
        <span className="hint-figure history-item__after">
          {t(item.locked ? 'wallet.history.lockedAfter' : 'wallet.history.balanceAfter', {
            amount: formatTon(item.balanceAfter, i18n.language),
          })}
        </span>
      </span>
    </li>
  );
}

function HistorySkeleton({ rows }: { rows: number }) {
  return (
    <ul className="history-list" aria-hidden="true" data-testid="history-skeleton">
      {Array.from({ length: rows }, (_, index) => (
        <li key={index} className="history-item history-item--skeleton">
          <span className="skeleton skeleton--icon" />
          <span className="history-item__main">
            <span className="skeleton skeleton--line" />
            <span className="skeleton skeleton--line skeleton--short" />
          </span>
          <span className="skeleton skeleton--amount" />
        </li>
      ))}
    </ul>
  );
}

/** The ledger of the player's money, newest first, a page at a time. */
export function HistoryList() {
  const { t } = useTranslation();
  const history = useAtomValue(walletHistoryQueryAtom);
  const network = useAtomValue(walletInfoAtom)?.network ?? null;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = history;
  const sentinel = useRef<HTMLDivElement>(null);
  const items = history.data?.pages.flatMap((page) => page.items) ?? [];

  // Load the next page as the end of the list comes into view.
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || isFetchingNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  let body: ReactNode;
  if (history.isPending) body = <HistorySkeleton rows={4} />;
  else if (history.isError && items.length === 0) {
    body = <RetryNote className="history-message" message={t('wallet.history.loadError')} onRetry={history.refetch} alert />;
  } else if (items.length === 0) {
    body = (
      <p className="history-message" data-testid="history-empty">
        {t('wallet.history.empty')}
      </p>
    );
  } else {
    body = (
      <>
        <ul className="history-list" data-testid="history-list">
          {items.map((item) => (
            <HistoryRow key={item.id} item={item} network={network} />
          ))}
        </ul>
        {hasNextPage ? (
          <>
            <div ref={sentinel} className="history-sentinel" />
            <BusyButton
              className="button button--ghost button--block"
              busy={isFetchingNextPage}
              testId="history-more"
              onClick={() => void fetchNextPage()}
              spinner="default"
            >
              {t('wallet.history.loadMore')}
            </BusyButton>
          </>
        ) : null}
      </>
    );
  }

  return (
    <section className="card history" aria-labelledby="wallet-history-title">
      <h2 className="wallet-form__title" id="wallet-history-title">
        {t('wallet.history.title')}
      </h2>
      {body}
    </section>
  );
}
