import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  MarketSearch,
  nextSearch,
  requestKey,
  selectedValues,
  splitList,
  toggleValue,
  toMarketFilter,
} from '../src/features/market/market-search';
import { validateSearch } from '../src/lib/validated-search';

const check = (text: string) => validateSearch(MarketSearch, new URLSearchParams(text));

describe('market search parameters', () => {
  it('keeps every valid filter and the sort', () => {
    const { value, dropped } = check(
      'sort=price-asc&collection=plush-pepe,lol-pop&backdrop=Ruby&symbol=Star&model=Golden&minPrice=0.5&maxPrice=10',
    );
    expect(dropped).toEqual([]);
    expect(value).toEqual({
      sort: 'price-asc',
      collection: 'plush-pepe,lol-pop',
      backdrop: 'Ruby',
      symbol: 'Star',
      model: 'Golden',
      minPrice: '0.5',
      maxPrice: '10',
    });
    expect(toMarketFilter(value)).toEqual({
      collections: ['plush-pepe', 'lol-pop'],
      backdrops: ['Ruby'],
      symbols: ['Star'],
      models: ['Golden'],
      minPrice: '0.5',
      maxPrice: '10',
    });
  });

  it('drops an unknown sort, bad prices and empty or oversized lists, keeping the rest', () => {
    const { value, dropped } = check(`sort=cheapest&minPrice=-1&maxPrice=1.0000000001&backdrop=,,&symbol=${'x'.repeat(65)}&model=Ruby`);
    expect(dropped.sort()).toEqual(['backdrop', 'maxPrice', 'minPrice', 'sort', 'symbol']);
    expect(value).toEqual({ model: 'Ruby' });
    const many = Array.from({ length: 51 }, (_, index) => `m${index}`).join(',');
    expect(check(`model=${many}`).dropped).toEqual(['model']);
  });

  it('ignores parameters it does not know', () => {
    expect(check('utm=tg&sort=rarity-asc').value).toEqual({ sort: 'rarity-asc' });
  });

  it('leaves out a price range whose bounds are crossed', () => {
    const { value } = check('minPrice=5&maxPrice=1');
    expect(toMarketFilter(value)).toEqual({});
    expect(toMarketFilter(check('minPrice=1&maxPrice=1').value)).toEqual({ minPrice: '1', maxPrice: '1' });
  });

  it('reads comma lists without blanks or repeats', () => {
    expect(splitList(' Ruby , Gold,,Ruby ')).toEqual(['Ruby', 'Gold']);
    expect(selectedValues(check('backdrop=Ruby,Gold').value, 'backdrop')).toEqual(['Ruby', 'Gold']);
    expect(selectedValues(check('').value, 'backdrop')).toEqual([]);
  });

  it('counts each facet and the price range once', () => {
    expect(activeFilterCount(check('backdrop=Ruby,Gold&symbol=Star&minPrice=1&maxPrice=2&sort=price-asc').value)).toBe(3);
    expect(activeFilterCount(check('sort=price-asc').value)).toBe(0);
  });

  it('changes one parameter and keeps the others', () => {
    const params = new URLSearchParams('sort=price-asc&backdrop=Ruby&utm=tg');
    expect(nextSearch(params, { backdrop: ['Ruby', 'Gold'] })).toBe('?sort=price-asc&backdrop=Ruby%2CGold&utm=tg');
    expect(nextSearch(params, { backdrop: [] })).toBe('?sort=price-asc&utm=tg');
    expect(nextSearch(params, { sort: null, backdrop: null, utm: null } as never)).toBe('');
    expect(toggleValue(['Ruby'], 'Gold')).toEqual(['Ruby', 'Gold']);
    expect(toggleValue(['Ruby', 'Gold'], 'Ruby')).toEqual(['Gold']);
  });

  it('keys a request by its filter and sort', () => {
    const a = requestKey(toMarketFilter(check('backdrop=Ruby').value), 'price-asc');
    expect(a).toBe(requestKey({ backdrops: ['Ruby'] }, 'price-asc'));
    expect(a).not.toBe(requestKey({ backdrops: ['Ruby'] }, 'price-desc'));
  });
});
