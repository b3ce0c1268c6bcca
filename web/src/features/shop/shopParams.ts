/**
 * The shop's search, filters and sort as they live in the URL (/shop?q=…&style=…&type=…): read and
 * written by the page (ShopPage.tsx) and by the page's entry before the app is there
 * (ssr/earlyFilters.ts), so both send a visitor to the same URL. Nothing else here: the entry
 * carries this file.
 */
import type { ShopProductSort } from '../../gql/graphql';

export const SHOP_SORTS: { value: ShopProductSort; label: string }[] = [
  { value: 'FEATURED', label: 'Featured' },
  { value: 'NEWEST', label: 'Newest' },
  { value: 'TITLE', label: 'Name (A–Z)' },
  { value: 'PRICE_ASC', label: 'Price: low to high' },
  { value: 'PRICE_DESC', label: 'Price: high to low' },
];

/** The shop's search, filters and sort as they live in the URL (/shop?q=…&style=…&type=…). */
export interface ShopFilters {
  search: string;
  danceStyle: string;
  productType: string;
  /** In the store's currency, as typed ('' for no bound). */
  minPrice: string;
  maxPrice: string;
  sort: ShopProductSort | '';
}

const PARAM: Record<keyof ShopFilters, string> = {
  search: 'q',
  danceStyle: 'style',
  productType: 'type',
  minPrice: 'min',
  maxPrice: 'max',
  sort: 'sort',
};

export const NO_SHOP_FILTERS: ShopFilters = {
  search: '',
  danceStyle: '',
  productType: '',
  minPrice: '',
  maxPrice: '',
  sort: '',
};

export function shopFiltersFromParams(params: URLSearchParams): ShopFilters {
  const get = (key: keyof ShopFilters) => (params.get(PARAM[key]) ?? '').trim();
  const sort = get('sort');
  return {
    search: get('search'),
    danceStyle: get('danceStyle'),
    productType: get('productType'),
    minPrice: priceBound(get('minPrice')) === null ? '' : get('minPrice'),
    maxPrice: priceBound(get('maxPrice')) === null ? '' : get('maxPrice'),
    // FEATURED is the default: left out of the URL, as the page's sort select leaves it.
    sort: sort !== 'FEATURED' && SHOP_SORTS.some((s) => s.value === sort) ? (sort as ShopProductSort) : '',
  };
}

export function shopFiltersToParams(filters: ShopFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(PARAM) as (keyof ShopFilters)[]) {
    const value = filters[key];
    if (value) params.set(PARAM[key], value);
  }
  return params;
}

/** A typed price bound → a number, or null when empty, negative or not a number. */
export function priceBound(value: string): number | null {
  if (!value.trim()) return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : null;
}
