import { describe, expect, it } from 'vitest';
import {
  activeShopFilterCount,
  formatMoney,
  formatPriceRange,
  shopFiltersFromParams,
  shopFiltersToParams,
  shopProductsVariables,
  tagLabel,
} from './shopFormat';

describe('shop prices', () => {
  it("formats amounts in the store's currency", () => {
    expect(formatMoney({ amount: '12.5', currencyCode: 'USD' })).toBe('$12.50');
    expect(formatMoney({ amount: '1200.00', currencyCode: 'EUR' })).toBe('€1,200.00');
    expect(formatMoney({ amount: '8', currencyCode: 'GBP' })).toBe('£8.00');
    expect(formatMoney({ amount: '8', currencyCode: 'NOPE1' })).toBe('8.00 NOPE1');
    expect(formatMoney({ amount: 'x', currencyCode: 'USD' })).toBe('');
    expect(formatMoney(null)).toBe('');
  });

  it('shows one price, or the range when variants differ', () => {
    const usd = (amount: string) => ({ amount, currencyCode: 'USD' });
    expect(formatPriceRange(usd('45.00'), usd('45'))).toBe('$45.00');
    expect(formatPriceRange(usd('45.00'), usd('60.00'))).toBe('$45.00 – $60.00');
  });
});

describe('shop filters in the URL', () => {
  it('round-trips search, filters and sort through the query string', () => {
    const params = new URLSearchParams('q=slippers&style=ballet&type=Shoes&min=10&max=80&sort=PRICE_ASC');
    const filters = shopFiltersFromParams(params);
    expect(filters).toEqual({
      search: 'slippers',
      danceStyle: 'ballet',
      productType: 'Shoes',
      minPrice: '10',
      maxPrice: '80',
      sort: 'PRICE_ASC',
    });
    expect(shopFiltersToParams(filters).toString()).toBe(params.toString());
    expect(activeShopFilterCount(filters)).toBe(4);
  });

  it('ignores a bad sort or price bound and leaves unset filters out of the URL', () => {
    const filters = shopFiltersFromParams(new URLSearchParams('sort=CHEAPEST&min=-3&max=abc'));
    expect(filters.sort).toBe('');
    expect(filters.minPrice).toBe('');
    expect(filters.maxPrice).toBe('');
    expect(shopFiltersToParams(filters).toString()).toBe('');
  });

  it('turns the filters into shopProducts variables (bounds typed the wrong way round swapped)', () => {
    const filters = shopFiltersFromParams(new URLSearchParams('min=80&max=10'));
    expect(shopProductsVariables(filters)).toEqual({
      search: null,
      danceStyle: null,
      productType: null,
      minPrice: 10,
      maxPrice: 80,
      sort: 'FEATURED',
    });
  });

  it('labels tags', () => {
    expect(tagLabel('ballet')).toBe('Ballet');
    expect(tagLabel('hip-hop')).toBe('Hip-Hop');
    expect(tagLabel('jazz_funk')).toBe('Jazz Funk');
  });
});
