import { describe, expect, it } from 'vitest';
import {
  resourceDownloadUrl,
  dollarsToCents,
  effectiveSort,
  filtersFromParams,
  filtersToParams,
  formatBytes,
  resourcePriceLabel,
  toResourceFilter,
} from './resourceFormat';

describe('store filters in the URL', () => {
  it('round-trip through the query string, dropping empty ones', () => {
    const params = new URLSearchParams('q=ballet&type=audio&min=5&sort=RATING&junk=1');
    const filters = filtersFromParams(params);
    expect(filters).toMatchObject({ search: 'ballet', type: 'audio', minPrice: '5', sort: 'RATING' });
    expect(filtersToParams(filters).toString()).toBe('q=ballet&type=audio&min=5&sort=RATING');
  });

  it('ignores an unknown sort and uses RELEVANCE only with a search', () => {
    expect(filtersFromParams(new URLSearchParams('sort=CHEAP')).sort).toBe('');
    expect(effectiveSort(filtersFromParams(new URLSearchParams('sort=RELEVANCE')))).toBe('NEWEST');
    expect(effectiveSort(filtersFromParams(new URLSearchParams('q=tap')))).toBe('RELEVANCE');
  });

  it('turns dollar bounds into cents', () => {
    expect(dollarsToCents('12.5')).toBe(1250);
    expect(dollarsToCents('')).toBeNull();
    expect(dollarsToCents('abc')).toBeNull();
    expect(toResourceFilter(filtersFromParams(new URLSearchParams('max=10')))).toMatchObject({
      maxPriceCents: 1000,
      minPriceCents: null,
      type: null,
    });
  });
});

describe('labels', () => {
  it('formats prices and sizes', () => {
    expect(resourcePriceLabel(0)).toBe('Free');
    expect(resourcePriceLabel(1250)).toBe('$12.50');
    expect(formatBytes(87)).toBe('87 B');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
  });
});

describe('download links', () => {
  it('point at the curriculum download route with the file id', () => {
    expect(resourceDownloadUrl('r-1', 'f 2')).toBe('/api/curriculum/r-1/download?fileId=f%202');
  });
});
