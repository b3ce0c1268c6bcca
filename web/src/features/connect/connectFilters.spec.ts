import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  EMPTY_FILTERS,
  filtersFromParams,
  filtersToParams,
  formatDistance,
  formatPriceFrom,
  toInstructorsVariables,
} from './connectFilters';

describe('Connect filters in the URL', () => {
  it('reads every filter from the query string', () => {
    const filters = filtersFromParams(
      new URLSearchParams(
        'q=salsa&style=Ballet&level=Beginner&age=Adult+(18%2B)&mode=in_person&city=Austin&min=20&max=80.5&week=1',
      ),
    );
    expect(filters).toEqual({
      search: 'salsa',
      style: 'Ballet',
      level: 'Beginner',
      ageGroup: 'Adult (18+)',
      mode: 'in_person',
      city: 'Austin',
      minPrice: '20',
      maxPrice: '80.5',
      thisWeek: true,
      near: '',
      radius: '',
    });
  });

  it('writes only the filters that are set, and reads them back the same', () => {
    const filters = { ...EMPTY_FILTERS, style: 'Hip Hop', mode: 'online' as const, thisWeek: true };
    const params = filtersToParams(filters);
    expect(params.toString()).toBe('style=Hip+Hop&mode=online&week=1');
    expect(filtersFromParams(params)).toEqual(filters);
    expect(filtersToParams(EMPTY_FILTERS).toString()).toBe('');
  });

  it('drops values it cannot use', () => {
    const filters = filtersFromParams(new URLSearchParams('mode=moon&min=abc&max=-3&week=yes'));
    expect(filters).toEqual(EMPTY_FILTERS);
  });

  it('counts the filters and turns them into query variables (dollars to cents)', () => {
    const filters = { ...EMPTY_FILTERS, search: 'tap', minPrice: '19.99', city: 'Leeds' };
    expect(activeFilterCount(filters)).toBe(2);
    expect(toInstructorsVariables({ ...filters, mode: 'in_person' }).mode).toBe('IN_PERSON');
    expect(toInstructorsVariables(filters)).toEqual({
      search: 'tap',
      style: null,
      level: null,
      ageGroup: null,
      mode: null,
      city: 'Leeds',
      minPriceCents: 1999,
      maxPriceCents: null,
      availableThisWeek: null,
      near: null,
      radiusMiles: null,
    });
  });

  it('keeps "In person near" a ZIP code and radius in the URL (25 miles when none is chosen)', () => {
    const filters = filtersFromParams(new URLSearchParams('near=10001&radius=10'));
    expect(filters).toEqual({ ...EMPTY_FILTERS, near: '10001', radius: '10' });
    expect(filtersToParams(filters).toString()).toBe('near=10001&radius=10');
    expect(activeFilterCount(filters)).toBe(1);
    expect(toInstructorsVariables(filters)).toMatchObject({ near: '10001', radiusMiles: 10 });
    expect(toInstructorsVariables({ ...filters, radius: '' })).toMatchObject({
      near: '10001',
      radiusMiles: 25,
    });
    expect(filtersFromParams(new URLSearchParams('near=1000&radius=15'))).toEqual(EMPTY_FILTERS);
    expect(toInstructorsVariables({ ...EMPTY_FILTERS, radius: '50' })).toMatchObject({
      near: null,
      radiusMiles: null,
    });
  });

  it('writes the distance on a card', () => {
    expect(formatDistance(3.14)).toBe('3.1 mi away');
    expect(formatDistance(12)).toBe('12.0 mi away');
    expect(formatDistance(0)).toBe('Less than 0.1 mi away');
    expect(formatDistance(null)).toBeNull();
  });

  it('shows the lowest price', () => {
    expect(formatPriceFrom(4500)).toBe('From $45');
    expect(formatPriceFrom(4550)).toBe('From $45.50');
    expect(formatPriceFrom(0)).toBe('Free');
    expect(formatPriceFrom(null)).toBeNull();
  });
});
