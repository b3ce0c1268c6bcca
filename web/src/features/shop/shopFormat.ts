import type { ShopProductSort } from '../../gql/graphql';
import { priceBound, type ShopFilters } from './shopParams';

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

export {
  NO_SHOP_FILTERS,
  priceBound,
  SHOP_SORTS,
  type ShopFilters,
  shopFiltersFromParams,
  shopFiltersToParams,
} from './shopParams';

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
