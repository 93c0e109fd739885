import type { Gift } from '@arcade/api-client/market';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useRef } from 'react';
import { GiftIcon, WarningIcon } from '../../components/icons';
import { GiftCard, GiftCardSkeleton } from './gift-card';
import { marketListQueryAtom } from './market-state';
import { useMarketText } from './market-texts';
import { RetryNote } from '../../components/retry-note';
import './market.css';
import './gift-grid.css';

/** How long the end of the list stays in reach before the next page is asked for. */
const NEXT_PAGE_DELAY_MS = 150;

interface GiftGridProps {
  onOpen: (gift: Gift) => void;
  filtered: boolean;
  onResetFilters: () => void;
}

function Skeletons({ count }: { count: number }) {
  return Array.from({ length: count }, (_, index) => (
    <li key={`skeleton-${index}`} className="gift-grid__item">
      <GiftCardSkeleton />
    </li>
  ));
}

/** The gifts for sale, a page at a time as the end of the list comes into view. */
export function GiftGrid({ onOpen, filtered, onResetFilters }: GiftGridProps) {
  const { mt } = useMarketText();
  const list = useAtomValue(marketListQueryAtom);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isPlaceholderData } = list;
  const sentinel = useRef<HTMLDivElement>(null);
  const pages = list.data?.pages;
  const gifts = useMemo(() => pages?.flatMap((page) => page.items) ?? [], [pages]);

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || isFetchingNextPage || isPlaceholderData || typeof IntersectionObserver === 'undefined') return;
    let timer: number | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        window.clearTimeout(timer);
        // Only once the end has stayed near for a moment: a fling past it loads nothing.
        if (entries.some((entry) => entry.isIntersecting)) timer = window.setTimeout(() => void fetchNextPage(), NEXT_PAGE_DELAY_MS);
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [hasNextPage, isFetchingNextPage, isPlaceholderData, fetchNextPage]);

  if (list.isPending) {
    return (
      <ul className="gift-grid" aria-busy="true" data-testid="market-loading">
        <Skeletons count={6} />
      </ul>
    );
  }

  if (list.isError && gifts.length === 0) {
    return (
      <RetryNote
        className="market-message"
        message={mt('gifts.loadError')}
        onRetry={list.refetch}
        alert
        testId="market-error"
        icon={<WarningIcon className="market-message__icon" />}
      />
    );
  }

  if (gifts.length === 0) {
    return (
      <div className="market-message" data-testid="market-empty">
        <GiftIcon className="market-message__icon" />
        <p>{filtered ? mt('gifts.grid.empty') : mt('gifts.grid.emptyAll')}</p>
        {filtered ? (
          <button type="button" className="button button--ghost" onClick={onResetFilters}>
            {mt('gifts.toolbar.reset')}
          </button>
        ) : null}
      </div>
    );
  }

  return (
    <>
      <ul
        className={`gift-grid${isPlaceholderData ? ' is-updating' : ''}`}
        aria-label={mt('gifts.grid.label')}
        aria-busy={isPlaceholderData}
        data-testid="market-grid"
      >
        {gifts.map((gift) => (
          <li key={gift.id} className="gift-grid__item">
            <GiftCard gift={gift} onOpen={onOpen} />
          </li>
        ))}
        {/* Kept while more pages exist, so the page does not jump when loading starts. */}
        {hasNextPage ? <Skeletons count={2} /> : null}
      </ul>
      <div ref={sentinel} className="gift-grid__sentinel" aria-hidden="true" />
      {isFetchingNextPage ? (
        <p className="visually-hidden" role="status">
          {mt('gifts.grid.loadingMore')}
        </p>
      ) : null}
      {!hasNextPage && !isPlaceholderData ? <p className="gift-grid__end">{mt('gifts.grid.end')}</p> : null}
    </>
  );
}
