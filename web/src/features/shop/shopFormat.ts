import type { ShopProductSort } from '../../gql/graphql';

/** An amount in the store's currency, as the graph sends it ("12.00" and "USD"). */
export interface Money {
  amount: string;
  currencyCode: string;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currencyCode: string): Intl.NumberFormat | null {
  const code = currencyCode.toUpperCase();
  let formatter = formatters.get(code);
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
    } catch {
      return null;
    }
    formatters.set(code, formatter);
  }
  return formatter;
}

/** "$12.00", "€8.50" — the store's own currency; an unknown code shows "12.00 XYZ". */
export function formatMoney(money: Money | null | undefined): string {
  if (!money) return '';
  const amount = Number(money.amount);
  if (!Number.isFinite(amount)) return '';
  const formatter = formatterFor(money.currencyCode);
  return formatter ? formatter.format(amount) : `${amount.toFixed(2)} ${money.currencyCode}`;
}

/** "$12.00", or "$12.00 – $18.00" when the variants differ in price. */
export function formatPriceRange(min: Money, max: Money): string {
  const low = formatMoney(min);
  const high = formatMoney(max);
  return Number(min.amount) === Number(max.amount) || !high ? low : `${low} – ${high}`;
}

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
    sort: SHOP_SORTS.some((s) => s.value === sort) ? (sort as ShopProductSort) : '',
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

/** How many filters (not the search or sort) are set. */
export function activeShopFilterCount(filters: ShopFilters): number {
  return [filters.danceStyle, filters.productType, filters.minPrice, filters.maxPrice].filter(Boolean).length;
}

/** The shopProducts variables for the filters (bounds typed the wrong way round are swapped). */
export function shopProductsVariables(filters: ShopFilters) {
  let minPrice = priceBound(filters.minPrice);
  let maxPrice = priceBound(filters.maxPrice);
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice)
    [minPrice, maxPrice] = [maxPrice, minPrice];
  return {
    search: filters.search || null,
    danceStyle: filters.danceStyle || null,
    productType: filters.productType || null,
    minPrice,
    maxPrice,
    sort: filters.sort || ('FEATURED' as ShopProductSort),
  };
}

/** "ballet" → "Ballet", "hip-hop" → "Hip-Hop", "jazz_funk" → "Jazz Funk". */
export function tagLabel(tag: string): string {
  return tag
    .replace(/_/g, ' ')
    .replace(/(^|[\s-])(\p{L})/gu, (_, sep: string, letter: string) => sep + letter.toUpperCase());
}

/** The product page's path for a handle. */
export function shopProductPath(handle: string): string {
  return `/shop/${encodeURIComponent(handle)}`;
}

export function itemCount(quantity: number): string {
  return quantity === 1 ? '1 item' : `${quantity} items`;
}
