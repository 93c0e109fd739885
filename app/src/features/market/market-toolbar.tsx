import { formatTon } from '../../lib/format';
import { useMarketText } from './market-texts';
import { SortIcon } from '../../components/icons';
import { DEFAULT_SORT, FACETS, selectedValues, type FacetKind, type MarketSearch } from './market-search';
import '../../components/chip.css';
import './market-toolbar.css';

export type ToolbarSheet = 'sort' | 'price' | FacetKind;

interface MarketToolbarProps {
  search: MarketSearch;
  total: number | null;
  filtered: boolean;
  onOpen: (sheet: ToolbarSheet) => void;
  onReset: () => void;
}

/** Sort and filter chips; each opens its sheet. A chip with a choice shows it. */
export function MarketToolbar({ search, total, filtered, onOpen, onReset }: MarketToolbarProps) {
  const { mt, language } = useMarketText();
  const sort = search.sort ?? DEFAULT_SORT;
  const priceText = priceLabel(search, language);
  return (
    <section className="market-toolbar" aria-label={mt('gifts.toolbar.label')}>
      <div className="market-toolbar__chips">
        <button type="button" className="chip chip--sort" data-testid="sort-chip" data-sort={sort} onClick={() => onOpen('sort')}>
          <SortIcon className="chip__icon" width={18} height={18} />
          <span className="visually-hidden">{mt('gifts.toolbar.sort')}: </span>
          <span className="chip__label">{mt(`gifts.sortShort.${sort}`)}</span>
        </button>
        {FACETS.map((kind) => {
          const count = selectedValues(search, kind).length;
          return (
            <button
              key={kind}
              type="button"
              className={`chip${count > 0 ? ' is-active' : ''}`}
              data-testid={`filter-chip-${kind}`}
              aria-haspopup="dialog"
              onClick={() => onOpen(kind)}
            >
              <span className="chip__label">{mt(`gifts.facet.${kind}`)}</span>
              {count > 0 ? (
                <span className="chip__count" aria-label={mt('gifts.toolbar.selected', { count })}>
                  {count}
                </span>
              ) : null}
            </button>
          );
        })}
        <button
          type="button"
          className={`chip${priceText ? ' is-active' : ''}`}
          data-testid="filter-chip-price"
          aria-haspopup="dialog"
          onClick={() => onOpen('price')}
        >
          <span className="chip__label">{priceText ?? mt('gifts.facet.price')}</span>
        </button>
      </div>
      <div className="ends-row market-toolbar__summary">
        <span className="market-toolbar__total" data-testid="market-total" data-value={total ?? ''}>
          {total === null ? '\u00a0' : mt('gifts.total', { count: total })}
        </span>
        {filtered ? (
          <button type="button" className="text-button market-toolbar__reset" data-testid="filters-reset" onClick={onReset}>
            {mt('gifts.toolbar.reset')}
          </button>
        ) : null}
      </div>
    </section>
  );
}

function priceLabel(search: MarketSearch, language: string): string | null {
  const { minPrice, maxPrice } = search;
  if (minPrice === undefined && maxPrice === undefined) return null;
  const from = minPrice === undefined ? '0' : formatTon(minPrice, language);
  const to = maxPrice === undefined ? '∞' : formatTon(maxPrice, language);
  return `${from}–${to} TON`;
}
