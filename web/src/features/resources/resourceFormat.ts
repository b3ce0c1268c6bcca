import type { ResourceFilter, ResourceSort } from '../../gql/graphql';
import { formatCents } from '../../lib/currency';
import type { StoreFilters } from './resourceParams';

export { filtersFromParams, filtersToParams, RESOURCE_SORTS, type StoreFilters } from './resourceParams';

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
  return priceCents === 0 ? 'Free' : formatCents(priceCents);
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
