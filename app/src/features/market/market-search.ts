import type { MarketFilter } from '@arcade/api-client/market';
import { toNano } from '@arcade/api-client/money';
import { TonAmount } from '@arcade/api-client/schemas';
import { type } from 'arktype';

export const MARKET_SORTS = [
  'price-asc',
  'price-desc',
  'date-asc',
  'date-desc',
  'number-asc',
  'number-desc',
  'rarity-asc',
  'rarity-desc',
  'discount-desc',
] as const;
export type MarketSort = (typeof MARKET_SORTS)[number];

export const DEFAULT_SORT: MarketSort = 'date-desc';

/** The contract takes at most 50 names per facet. */
export const MAX_FILTER_VALUES = 50;
const MAX_NAME_LENGTH = 64;

/** Filter values travel in one parameter each, comma-separated: `backdrop=Ruby,Gold`. */
export function splitList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((value) => value.trim())
        .filter((value) => value !== ''),
    ),
  ];
}

export function joinList(values: readonly string[]): string {
  return values.join(',');
}

function isNameList(text: string): boolean {
  const values = splitList(text);
  return values.length > 0 && values.length <= MAX_FILTER_VALUES && values.every((value) => value.length <= MAX_NAME_LENGTH);
}

const NameList = type('string').narrow(
  (text, ctx) => isNameList(text) || ctx.mustBe(`1 to ${MAX_FILTER_VALUES} comma-separated names of at most ${MAX_NAME_LENGTH} characters`),
);

/** /market?sort=price-asc&backdrop=Ruby,Gold&minPrice=1: the market's search parameters (spec section 2). */
export const MarketSearch = type({
  'sort?': type.enumerated(...MARKET_SORTS),
  'collection?': NameList,
  'model?': NameList,
  'backdrop?': NameList,
  'symbol?': NameList,
  'minPrice?': TonAmount,
  'maxPrice?': TonAmount,
  '+': 'delete',
});
export type MarketSearch = typeof MarketSearch.infer;

/** The filter facets, in the order the toolbar shows them; each is a search key and a contract field. */
export const FACETS = ['collection', 'backdrop', 'symbol', 'model'] as const;
export type FacetKind = (typeof FACETS)[number];

const FILTER_FIELD = {
  collection: 'collections',
  model: 'models',
  backdrop: 'backdrops',
  symbol: 'symbols',
} as const satisfies Record<FacetKind, keyof MarketFilter>;

/** The contract filter for a validated search (a min above the max is left out: it can match nothing). */
export function toMarketFilter(search: MarketSearch): MarketFilter {
  const filter: MarketFilter = {};
  for (const kind of FACETS) {
    const text = search[kind];
    if (text !== undefined) filter[FILTER_FIELD[kind]] = splitList(text);
  }
  const { minPrice, maxPrice } = search;
  const crossed = minPrice !== undefined && maxPrice !== undefined && toNano(minPrice) > toNano(maxPrice);
  if (minPrice !== undefined && !crossed) filter.minPrice = minPrice;
  if (maxPrice !== undefined && !crossed) filter.maxPrice = maxPrice;
  return filter;
}

/** The values chosen for one facet. */
export function selectedValues(search: MarketSearch, kind: FacetKind): string[] {
  const text = search[kind];
  return text === undefined ? [] : splitList(text);
}

/** How many filters are on (each facet and the price range count once). */
export function activeFilterCount(search: MarketSearch): number {
  let count = FACETS.filter((kind) => search[kind] !== undefined).length;
  if (search.minPrice !== undefined || search.maxPrice !== undefined) count += 1;
  return count;
}

export type SearchChange = Partial<Record<keyof MarketSearch, string | readonly string[] | null>>;

/**
 * The next search string: changed keys set (a list joined, an empty list or null removes the
 * key), every other parameter kept as it was.
 */
export function nextSearch(params: URLSearchParams, change: SearchChange): string {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(change)) {
    const text = value === null || value === undefined ? '' : typeof value === 'string' ? value : joinList(value);
    if (text === '') next.delete(key);
    else next.set(key, text);
  }
  const text = next.toString();
  return text ? `?${text}` : '';
}

/** Turns a value on or off in a facet's list. */
export function toggleValue(values: readonly string[], value: string): string[] {
  return values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
}

/** A stable key for a filter and sort (query keys, atom memos). */
export function requestKey(filter: MarketFilter, sort: MarketSort): string {
  return JSON.stringify([
    sort,
    filter.collections ?? [],
    filter.models ?? [],
    filter.backdrops ?? [],
    filter.symbols ?? [],
    filter.minPrice ?? '',
    filter.maxPrice ?? '',
  ]);
}
