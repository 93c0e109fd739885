import { formatPerMille, formatTon } from '../../lib/format';
import { toNano } from '@arcade/api-client/money';
import type { MarketFacets } from '@arcade/api-client/market';
import { useAtomValue } from 'jotai';
import { useState, type ReactNode } from 'react';
import { BackdropSwatch, FigureGlyph, ModelSwatch, SymbolGlyph } from './gift-art';
import { CheckIcon, TonMark } from '../../components/icons';
import { parseTonInput } from './market-format';
import { MARKET_SORTS, toggleValue, type FacetKind, type MarketSort } from './market-search';
import { marketFacetsQueryAtom, marketListQueryAtom } from './market-state';
import { useMarketText } from './market-texts';
import { Sheet } from './sheet';
import { RetryNote } from '../../components/retry-note';
import { DecimalInput } from '../../components/decimal-input';
import '../../components/skeleton.css';
import '../../components/field.css';
import './market.css';
import './filter-sheets.css';

/** One choice of a facet as the sheet lists it. */
interface FacetOption {
  value: string;
  label: string;
  count: number;
  /** What the sheet says under the name: rarity and count, each kept whole on a narrow phone. */
  detail: string[];
  visual: ReactNode;
  /** The lowest price among the listings with this value (under the other filters), null when none. */
  floor: string | null;
}

function facetOptions(kind: FacetKind, facets: MarketFacets, mt: ReturnType<typeof useMarketText>['mt'], language: string): FacetOption[] {
  const counted = (count: number) => mt('gifts.filters.forSale', { count });
  // A backdrop, a symbol or a model: its rarity beside how many are for sale.
  const rare = (item: { name: string; count: number; rarityPerMille: number; floor: string | null }, visual: ReactNode): FacetOption => ({
    value: item.name,
    label: item.name,
    count: item.count,
    detail: [formatPerMille(item.rarityPerMille, language), counted(item.count)],
    visual,
    floor: item.floor,
  });
  switch (kind) {
    case 'collection':
      return facets.collections.map((c) => ({
        value: c.id,
        label: c.name,
        count: c.count,
        detail: [c.floor === null ? mt('gifts.filters.noFloor') : counted(c.count)],
        visual: <FigureGlyph collection={c.name} className="facet-option__figure" />,
        floor: c.floor,
      }));
    case 'backdrop':
      return facets.backdrops.map((b) => rare(b, <BackdropSwatch center={b.center} edge={b.edge} className="facet-option__swatch" />));
    case 'symbol':
      return facets.symbols.map((s) => rare(s, <SymbolGlyph name={s.name} className="facet-option__glyph" />));
    case 'model':
      return facets.models.map((m) => rare(m, <ModelSwatch name={m.name} className="facet-option__swatch" />));
  }
}

interface FacetSheetProps {
  kind: FacetKind | null;
  onClose: () => void;
  selected: readonly string[];
  onChange: (kind: FacetKind, values: string[]) => void;
}

/** The values of one facet with counts, rarity (‰) and, for collections, the floor; chosen values apply at once. */
export function FacetSheet({ kind, onClose, selected, onChange }: FacetSheetProps) {
  const { mt } = useMarketText();
  return (
    <Sheet
      open={kind !== null}
      onClose={onClose}
      title={kind ? mt(`gifts.facet.${kind}`) : ''}
      testId="filter-sheet"
      footer={kind ? <FacetFooter onClose={onClose} onClear={selected.length > 0 ? () => onChange(kind, []) : null} /> : null}
    >
      {kind ? <FacetList kind={kind} selected={selected} onChange={(values) => onChange(kind, values)} /> : null}
    </Sheet>
  );
}

function FacetList({ kind, selected, onChange }: { kind: FacetKind; selected: readonly string[]; onChange: (values: string[]) => void }) {
  const { mt, language } = useMarketText();
  const facets = useAtomValue(marketFacetsQueryAtom);
  if (!facets.data) {
    return facets.isError ? (
      <RetryNote className="market-message" message={mt('gifts.loadError')} onRetry={facets.refetch} alert />
    ) : (
      <ul className="facet-list" aria-busy="true">
        {Array.from({ length: 6 }, (_, index) => (
          <li key={index} className="facet-option facet-option--skeleton">
            <span className="skeleton facet-option__swatch" />
            <span className="skeleton market-skeleton--line" />
          </li>
        ))}
      </ul>
    );
  }
  const options = facetOptions(kind, facets.data, mt, language);
  // A chosen value with nothing left under the other filters still needs a row to be turned off.
  for (const value of selected) {
    if (!options.some((option) => option.value === value)) {
      options.push({
        value,
        label: value,
        count: 0,
        detail: [mt('gifts.filters.forSale', { count: 0 })],
        visual: <span className="facet-option__swatch" />,
        floor: null,
      });
    }
  }
  if (options.length === 0) return <p className="market-message">{mt('gifts.filters.empty')}</p>;
  return (
    <ul className="facet-list" data-testid={`facet-list-${kind}`}>
      {options.map((option) => {
        const checked = selected.includes(option.value);
        return (
          <li key={option.value}>
            <button
              type="button"
              role="checkbox"
              aria-checked={checked}
              className={`facet-option${checked ? ' is-checked' : ''}${option.count === 0 && !checked ? ' is-empty' : ''}`}
              data-testid="facet-option"
              data-value={option.value}
              data-count={option.count}
              onClick={() => onChange(toggleValue(selected, option.value))}
            >
              <span className="facet-option__visual">{option.visual}</span>
              <span className="facet-option__text">
                <span className="facet-option__label">{option.label}</span>
                <span className="facet-option__detail">
                  <span className="facet-option__parts">
                    {option.detail.map((part, index) => (
                      <span key={index} className="facet-option__part">
                        {part}
                      </span>
                    ))}
                  </span>
                </span>
              </span>
              {option.floor !== null ? (
                <span className="facet-option__floor" data-testid="facet-floor" data-value={option.floor}>
                  <span className="visually-hidden">{mt('gifts.filters.floorLabel', { amount: formatTon(option.floor, language) })}</span>
                  <span aria-hidden="true">{mt('gifts.filters.floorFrom')}</span>
                  <TonMark className="facet-option__ton" />
                  <span aria-hidden="true">{formatTon(option.floor, language)}</span>
                </span>
              ) : null}
              <span className="facet-option__check" aria-hidden="true">
                {checked ? <CheckIcon width={18} height={18} /> : null}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** "Show N" closes the sheet; the number follows the filters as they change. */
function FacetFooter({ onClose, onClear }: { onClose: () => void; onClear: (() => void) | null }) {
  const { mt } = useMarketText();
  const list = useAtomValue(marketListQueryAtom);
  const total = list.data?.pages[0]?.total;
  const updating = list.isPlaceholderData || list.isPending;
  return (
    <div className="sheet-actions">
      {onClear ? (
        <button type="button" className="button button--ghost" data-testid="filter-clear" onClick={onClear}>
          {mt('gifts.filters.clear')}
        </button>
      ) : null}
      <button type="button" className="button button--primary sheet-actions__main" data-testid="filter-apply" onClick={onClose}>
        {updating || total == null ? mt('gifts.filters.showing') : mt('gifts.filters.show', { count: total })}
      </button>
    </div>
  );
}

interface SortSheetProps {
  open: boolean;
  onClose: () => void;
  sort: MarketSort;
  onChange: (sort: MarketSort) => void;
}

export function SortSheet({ open, onClose, sort, onChange }: SortSheetProps) {
  const { mt } = useMarketText();
  return (
    <Sheet open={open} onClose={onClose} title={mt('gifts.toolbar.sort')} testId="sort-sheet">
      <ul className="facet-list facet-list--sort" role="radiogroup" aria-label={mt('gifts.toolbar.sort')}>
        {MARKET_SORTS.map((option) => (
          <li key={option}>
            <button
              type="button"
              role="radio"
              aria-checked={option === sort}
              className={`facet-option facet-option--plain${option === sort ? ' is-checked' : ''}`}
              data-testid={`sort-option-${option}`}
              onClick={() => onChange(option)}
            >
              <span className="facet-option__text">
                <span className="facet-option__label">{mt(`gifts.sortOptions.${option}`)}</span>
                {option === 'discount-desc' ? (
                  <span className="facet-option__detail" data-testid="sort-help-discount">
                    {mt('gifts.sortHelp.discount-desc')}
                  </span>
                ) : null}
              </span>
              <span className="facet-option__check" aria-hidden="true">
                {option === sort ? <CheckIcon width={18} height={18} /> : null}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </Sheet>
  );
}

interface PriceSheetProps {
  open: boolean;
  onClose: () => void;
  minPrice: string | undefined;
  maxPrice: string | undefined;
  onApply: (minPrice: string | null, maxPrice: string | null) => void;
}

export function PriceSheet(props: PriceSheetProps) {
  const { mt } = useMarketText();
  return (
    <Sheet open={props.open} onClose={props.onClose} title={mt('gifts.facet.price')} testId="price-sheet">
      {props.open ? <PriceForm {...props} /> : null}
    </Sheet>
  );
}

type PriceProblem = 'invalid' | 'crossed' | null;

function PriceForm({ minPrice, maxPrice, onApply, onClose }: PriceSheetProps) {
  const { mt } = useMarketText();
  const [from, setFrom] = useState(minPrice ?? '');
  const [to, setTo] = useState(maxPrice ?? '');
  const [problem, setProblem] = useState<PriceProblem>(null);

  const apply = () => {
    const min = from.trim() === '' ? null : parseTonInput(from);
    const max = to.trim() === '' ? null : parseTonInput(to);
    if ((from.trim() !== '' && min === null) || (to.trim() !== '' && max === null)) return setProblem('invalid');
    if (min !== null && max !== null && toNano(min) > toNano(max)) return setProblem('crossed');
    onApply(min, max);
    onClose();
  };

  return (
    <form
      className="price-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <div className="price-form__fields">
        <PriceInput
          id="price-from"
          label={mt('gifts.priceFilter.from')}
          value={from}
          invalid={problem !== null}
          onChange={(value) => (setFrom(value), setProblem(null))}
        />
        <span className="price-form__dash" aria-hidden="true">
          –
        </span>
        <PriceInput
          id="price-to"
          label={mt('gifts.priceFilter.to')}
          value={to}
          invalid={problem !== null}
          onChange={(value) => (setTo(value), setProblem(null))}
        />
      </div>
      {problem ? (
        <p className="field__error" role="alert" data-testid="price-error">
          {problem === 'invalid' ? mt('gifts.priceFilter.invalid') : mt('gifts.priceFilter.crossed')}
        </p>
      ) : null}
      <div className="sheet-actions">
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            onApply(null, null);
            onClose();
          }}
        >
          {mt('gifts.filters.clear')}
        </button>
        <button type="submit" className="button button--primary sheet-actions__main" data-testid="price-apply">
          {mt('gifts.priceFilter.apply')}
        </button>
      </div>
    </form>
  );
}

export function PriceInput({
  id,
  label,
  value,
  invalid,
  onChange,
  placeholder,
  testId,
  describedBy,
}: {
  id: string;
  label: string;
  value: string;
  invalid: boolean;
  onChange: (value: string) => void;
  placeholder?: string;
  testId?: string;
  describedBy?: string;
}) {
  const { mt } = useMarketText();
  return (
    <label className="field price-input" htmlFor={id}>
      <span className="price-input__label">{label}</span>
      <span className={`field__control price-input__control${invalid ? ' is-invalid' : ''}`}>
        <DecimalInput
          id={id}
          className="price-input__field"
          placeholder={placeholder ?? mt('gifts.priceFilter.any')}
          value={value}
          invalid={invalid}
          aria-describedby={describedBy}
          testId={testId ?? id}
          onChange={onChange}
        />
        <span className="price-input__unit" aria-hidden="true">
          {mt('gifts.unit')}
        </span>
      </span>
    </label>
  );
}
