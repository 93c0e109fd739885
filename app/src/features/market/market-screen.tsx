import type { Gift } from '@arcade/api-client/market';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Screen } from '../../components/screen';
import { useValidatedSearch } from '../../lib/validated-search';
import { useBackButton } from '../../telegram/back-button';
import { CartBar } from './cart-bar';
import { CartButton, CartSheet } from './cart-sheet';
import { FacetSheet, PriceSheet, SortSheet } from './filter-sheets';
import { GiftDetailSheet } from './gift-detail';
import { GiftGrid } from './gift-grid';
import {
  DEFAULT_SORT,
  FACETS,
  MarketSearch,
  activeFilterCount,
  nextSearch,
  requestKey,
  selectedValues,
  toMarketFilter,
  type FacetKind,
  type MarketSort,
  type SearchChange,
} from './market-search';
import { marketFacetsQueryAtom, marketListQueryAtom, marketRequestAtom, openGiftAtom } from './market-state';
import { useMarketText } from './market-texts';
import { MarketToolbar, type ToolbarSheet } from './market-toolbar';

type OpenSheet = ToolbarSheet | 'cart' | 'gift' | null;

/** Keeps the facet counts loaded while the market is shown, so a filter sheet opens with them. */
function FacetsWarmup() {
  useAtomValue(marketFacetsQueryAtom);
  return null;
}

/** The list's total, re-rendered apart from the rest of the screen. */
function useListTotal(): number | null {
  const list = useAtomValue(marketListQueryAtom);
  return list.data?.pages[0]?.total ?? null;
}

function Toolbar(props: Omit<Parameters<typeof MarketToolbar>[0], 'total'>) {
  return <MarketToolbar {...props} total={useListTotal()} />;
}

export function Component() {
  const { mt } = useMarketText();
  const search = useValidatedSearch(MarketSearch);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const setRequest = useSetAtom(marketRequestAtom);
  const setOpenGift = useSetAtom(openGiftAtom);
  const [sheet, setSheet] = useState<OpenSheet>(null);

  const sort: MarketSort = search.sort ?? DEFAULT_SORT;
  const filter = useMemo(() => toMarketFilter(search), [search]);
  const key = requestKey(filter, sort);

  // The list and facet queries follow the URL; leaving the market forgets the request.
  useEffect(() => {
    setRequest({ filter, sort, key });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for filter and sort
  }, [key, setRequest]);
  useEffect(() => () => setRequest(null), [setRequest]);

  const change = useCallback(
    (next: SearchChange) => void navigate({ search: nextSearch(params, next) }, { replace: true, preventScrollReset: true }),
    [navigate, params],
  );

  const close = useCallback(() => setSheet(null), []);
  const openGift = useCallback(
    (gift: Gift) => {
      setOpenGift(gift);
      setSheet('gift');
    },
    [setOpenGift],
  );
  const resetFilters = useCallback(
    () => change({ collection: null, model: null, backdrop: null, symbol: null, minPrice: null, maxPrice: null }),
    [change],
  );

  // In Telegram the back button closes a sheet (on this tab root it is hidden otherwise).
  useBackButton(sheet !== null, close);

  const facetKind = sheet !== null && (FACETS as readonly string[]).includes(sheet) ? (sheet as FacetKind) : null;
  const filtered = activeFilterCount(search) > 0;

  return (
    <Screen name="market" title={mt('gifts.title')} aside={<CartButton onOpen={() => setSheet('cart')} />}>
      <FacetsWarmup />
      <Toolbar search={search} filtered={filtered} onOpen={setSheet} onReset={resetFilters} />
      <GiftGrid onOpen={openGift} filtered={filtered} onResetFilters={resetFilters} />
      <CartBar onOpen={() => setSheet('cart')} />

      <SortSheet
        open={sheet === 'sort'}
        onClose={close}
        sort={sort}
        onChange={(next) => {
          change({ sort: next === DEFAULT_SORT ? null : next });
          close();
        }}
      />
      <FacetSheet
        kind={facetKind}
        onClose={close}
        selected={facetKind ? selectedValues(search, facetKind) : []}
        onChange={(kind, values) => change({ [kind]: values })}
      />
      <PriceSheet
        open={sheet === 'price'}
        onClose={close}
        minPrice={search.minPrice}
        maxPrice={search.maxPrice}
        onApply={(minPrice, maxPrice) => change({ minPrice, maxPrice })}
      />
      <GiftDetailSheet open={sheet === 'gift'} onClose={close} />
      <CartSheet open={sheet === 'cart'} onClose={close} />
    </Screen>
  );
}
