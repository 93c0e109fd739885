import { describe, expect, it } from 'vitest';
import { canonicalPath } from '../src/app/route-paths';
import { RollSearch } from '../src/features/games/roll-search';
import { MarketSearch } from '../src/features/market/market-search';
import { cleanedSearch, searchLoader, validateSearch } from '../src/lib/validated-search';

const params = (text: string) => new URLSearchParams(text);

describe('search validation', () => {
  it('parses a valid market sort', () => {
    expect(validateSearch(MarketSearch, params('sort=price-asc'))).toEqual({ value: { sort: 'price-asc' }, dropped: [] });
  });

  it('drops an invalid value and keeps the valid ones', () => {
    const check = validateSearch(MarketSearch, params('sort=cheapest&collection=Plush%20Pepe'));
    expect(check.dropped).toEqual(['sort']);
    expect(check.value).toEqual({ collection: 'Plush Pepe' });
  });

  it('parses the roll target into a number and drops one out of range', () => {
    expect(validateSearch(RollSearch, params('target=50')).value).toEqual({ target: 50 });
    expect(validateSearch(RollSearch, params('target=150')).dropped).toEqual(['target']);
    expect(validateSearch(RollSearch, params('target=abc')).dropped).toEqual(['target']);
    expect(validateSearch(RollSearch, params('target=4.5')).dropped).toEqual(['target']);
  });

  it('leaves keys the schema does not know (e.g. the host start parameter) in the URL', () => {
    const search = params('tgWebAppStartParam=r_1&target=999');
    const { dropped, value } = validateSearch(RollSearch, search);
    expect(value).toEqual({});
    expect(cleanedSearch(search, dropped)).toBe('?tgWebAppStartParam=r_1');
  });

  it('cleans to an empty search, or null when nothing was dropped', () => {
    expect(cleanedSearch(params('sort=x'), ['sort'])).toBe('');
    expect(cleanedSearch(params('sort=price-asc'), [])).toBeNull();
  });

  it('redirects a route with bad values to the cleaned URL', () => {
    const loader = searchLoader(MarketSearch, canonicalPath);
    const run = (url: string) => loader({ request: new Request(url), params: {}, context: undefined } as Parameters<typeof loader>[0]);
    const redirect = run('http://app.test/market?sort=bogus&symbol=Star');
    expect(redirect).toBeInstanceOf(Response);
    expect(redirect?.status).toBe(302);
    expect(redirect?.headers.get('Location')).toBe('/market?symbol=Star');
    expect(run('http://app.test/market?sort=rarity-desc')).toBeNull();
  });
});
