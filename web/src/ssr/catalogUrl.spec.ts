import { describe, expect, it } from 'vitest';
import { filtersFromParams, filtersToParams } from '../features/courses/courseParams';
import { shopFiltersFromParams } from '../features/shop/shopParams';
import { catalogQuery, isCatalog } from './catalogUrl';

describe('catalogQuery', () => {
  it('adds a chosen filter to the filters already in the URL', () => {
    expect(catalogQuery('courses', '?level=Beginner', [['style', 'ds-1']])).toBe(
      '?style=ds-1&level=Beginner',
    );
  });

  it('writes a course sort as the page does (the parameter, not the select’s value)', () => {
    expect(catalogQuery('courses', '', [['sort', 'PRICE_ASC']])).toBe('?sort=price-asc');
    expect(catalogQuery('courses', '?sort=price-asc', [['sort', 'TITLE']])).toBe('?sort=title');
  });

  it('takes a filter off when its empty choice is made, and gives no query for no filters', () => {
    expect(catalogQuery('curriculum', '?type=audio&style=ds-1', [['type', '']])).toBe('?style=ds-1');
    expect(catalogQuery('curriculum', '?type=audio', [['type', '']])).toBe('');
  });

  it('trims a search and leaves an empty one out', () => {
    expect(catalogQuery('curriculum', '?q=old', [['q', '  tap poster ']])).toBe('?q=tap+poster');
    expect(catalogQuery('curriculum', '?q=old&type=audio', [['q', '   ']])).toBe('?type=audio');
  });

  it('applies every change (a typed search kept with a filter chosen after it)', () => {
    expect(
      catalogQuery('shop', '', [
        ['q', 'slippers'],
        ['style', 'ballet'],
        ['min', '10'],
      ]),
    ).toBe('?q=slippers&style=ballet&min=10');
  });

  it('leaves out what the page would not keep: the shop’s default sort, a bad price, unknown parameters', () => {
    expect(catalogQuery('shop', '?sort=PRICE_ASC', [['sort', 'FEATURED']])).toBe('');
    expect(catalogQuery('shop', '', [['max', 'abc']])).toBe('');
    expect(catalogQuery('courses', '?utm_source=mail', [['price', 'free']])).toBe('?price=free');
  });

  it('knows the catalogues', () => {
    expect(isCatalog('courses')).toBe(true);
    expect(isCatalog('shop')).toBe(true);
    expect(isCatalog('toString')).toBe(false);
    expect(isCatalog(undefined)).toBe(false);
  });
});

describe('the catalogues’ parameters, as a form without a script sends them', () => {
  it('reads a course sort given as the select’s value', () => {
    const filters = filtersFromParams(new URLSearchParams('q=&style=ds-1&level=&sort=PRICE_DESC'));
    expect(filters).toMatchObject({ search: '', danceStyleId: 'ds-1', sort: 'PRICE_DESC' });
    expect(filtersToParams(filters).toString()).toBe('style=ds-1&sort=price-desc');
  });

  it('reads the shop’s FEATURED sort as the default', () => {
    expect(shopFiltersFromParams(new URLSearchParams('sort=FEATURED')).sort).toBe('');
  });
});
