/**
 * Where a catalogue's filters send a visitor before the app is there (issue 30): the page's entry
 * applies a filter, sort or search by going to the same page with them in the URL, which the server
 * renders filtered (ssr/earlyFilters.ts). The URL is the one the app writes itself — each
 * catalogue's own reading and writing of its parameters (features/…/…Params.ts), so a link the
 * entry makes and a link the app makes are the same page (one page in the guests' shared cache).
 */
import {
  filtersFromParams as courseFilters,
  filtersToParams as courseParams,
} from '../features/courses/courseParams';
import {
  filtersFromParams as resourceFilters,
  filtersToParams as resourceParams,
} from '../features/resources/resourceParams';
import { shopFiltersFromParams, shopFiltersToParams } from '../features/shop/shopParams';

/** Each catalogue's parameters as its page writes them (empty ones and unknown values left out). */
const CATALOGS = {
  courses: (params: URLSearchParams) => courseParams(courseFilters(params)),
  curriculum: (params: URLSearchParams) => resourceParams(resourceFilters(params)),
  shop: (params: URLSearchParams) => shopFiltersToParams(shopFiltersFromParams(params)),
};

/** A catalogue page's name, as its page marks its filters' region (`data-catalog`). */
export type Catalog = keyof typeof CATALOGS;

export function isCatalog(name: string | null | undefined): name is Catalog {
  return !!name && Object.hasOwn(CATALOGS, name);
}

/**
 * The query string (`?…`, or '' for none) of a catalogue once `changes` are applied to its current
 * one (`search`, e.g. location.search): each change is a control's name — the URL's own parameter
 * (`style`, `q`, `sort`) — and its value, '' for none. The result is written as the page writes
 * it: a value the page would not keep is left out.
 */
export function catalogQuery(
  catalog: Catalog,
  search: string,
  changes: Iterable<readonly [string, string]>,
): string {
  const params = new URLSearchParams(search);
  for (const [name, value] of changes) {
    const kept = value.trim();
    if (kept) params.set(name, kept);
    else params.delete(name);
  }
  const query = CATALOGS[catalog](params).toString();
  return query ? `?${query}` : '';
}
