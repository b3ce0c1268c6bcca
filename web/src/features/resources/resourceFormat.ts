import type { ResourceFilter, ResourceSort } from '../../gql/graphql';
import { formatCurrency } from '../../lib/currency';

/** The store's filters as they live in the URL (/curriculum?type=audio&style=…&q=…). */
export interface StoreFilters {
  search: string;
  type: string;
  danceStyleId: string;
  ageGroup: string;
  skillLevel: string;
  categoryId: string;
  /** Whole dollars, as typed ('' for no bound). */
  minPrice: string;
  maxPrice: string;
  sort: ResourceSort | '';
}

export const RESOURCE_SORTS: { value: ResourceSort; label: string }[] = [
  { value: 'RELEVANCE' as ResourceSort, label: 'Best match' },
  { value: 'NEWEST' as ResourceSort, label: 'Newest' },
  { value: 'PRICE_ASC' as ResourceSort, label: 'Price: low to high' },
  { value: 'PRICE_DESC' as ResourceSort, label: 'Price: high to low' },
  { value: 'RATING' as ResourceSort, label: 'Top rated' },
  { value: 'POPULARITY' as ResourceSort, label: 'Most popular' },
];

const PARAM: Record<keyof StoreFilters, string> = {
  search: 'q',
  type: 'type',
  danceStyleId: 'style',
  ageGroup: 'age',
  skillLevel: 'level',
  categoryId: 'category',
  minPrice: 'min',
  maxPrice: 'max',
  sort: 'sort',
};

export function filtersFromParams(params: URLSearchParams): StoreFilters {
  const get = (key: keyof StoreFilters) => params.get(PARAM[key]) ?? '';
  const sort = get('sort');
  return {
    search: get('search'),
    type: get('type'),
    danceStyleId: get('danceStyleId'),
    ageGroup: get('ageGroup'),
    skillLevel: get('skillLevel'),
    categoryId: get('categoryId'),
    minPrice: get('minPrice'),
    maxPrice: get('maxPrice'),
    sort: RESOURCE_SORTS.some((s) => s.value === sort) ? (sort as ResourceSort) : '',
  };
}

export function filtersToParams(filters: StoreFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(PARAM) as (keyof StoreFilters)[]) {
    const value = filters[key];
    if (value) params.set(PARAM[key], value);
  }
  return params;
}

/** Dollars typed in a box → cents, or null when empty or not a number. */
export function dollarsToCents(value: string): number | null {
  if (!value.trim()) return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? Math.round(n * 100) : null;
}

export function toResourceFilter(filters: StoreFilters): ResourceFilter {
  return {
    search: filters.search || null,
    type: filters.type || null,
    danceStyleId: filters.danceStyleId || null,
    ageGroup: filters.ageGroup || null,
    skillLevel: filters.skillLevel || null,
    categoryId: filters.categoryId || null,
    minPriceCents: dollarsToCents(filters.minPrice),
    maxPriceCents: dollarsToCents(filters.maxPrice),
  };
}

/** RELEVANCE only with a search; the default is RELEVANCE with one, else NEWEST. */
export function effectiveSort(filters: StoreFilters): ResourceSort {
  if (filters.sort && (filters.sort !== 'RELEVANCE' || filters.search)) return filters.sort;
  return (filters.search ? 'RELEVANCE' : 'NEWEST') as ResourceSort;
}

export function activeFilterCount(filters: StoreFilters): number {
  return [
    filters.type,
    filters.danceStyleId,
    filters.ageGroup,
    filters.skillLevel,
    filters.categoryId,
    filters.minPrice,
    filters.maxPrice,
  ].filter(Boolean).length;
}

export function resourcePriceLabel(priceCents: number): string {
  return priceCents === 0 ? 'Free' : formatCurrency(priceCents / 100);
}

const TYPE_LABELS: Record<string, string> = {
  document: 'Document',
  audio: 'Audio',
  video: 'Video',
  image: 'Image',
  text: 'Text',
  spreadsheet: 'Spreadsheet',
  other: 'Other',
};

export function resourceTypeLabel(type: string): string {
  return TYPE_LABELS[type] ?? type.charAt(0).toUpperCase() + type.slice(1);
}

/** "1.2 MB", "532 KB", "87 B". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${(bytes / (1024 * 1024 * 1024)).toFixed(1)} GB`;
}

export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** The download route of a resource file (the server checks the entitlement). */
export function resourceDownloadUrl(resourceId: string, fileId: string): string {
  return `/api/curriculum/${encodeURIComponent(resourceId)}/download?fileId=${encodeURIComponent(fileId)}`;
}
