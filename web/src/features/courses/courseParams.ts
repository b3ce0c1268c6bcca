/**
 * The course catalogue's filters as they live in the URL (`/courses?style=…&level=…&q=…`): read and
 * written by the page (CoursesPage.tsx) and by the page's entry before the app is there
 * (ssr/earlyFilters.ts), so both send a visitor to the same URL. Nothing else here: the entry
 * carries this file.
 */
export const COURSE_SORTS = [
  { value: 'NEWEST', param: 'newest', label: 'Newest' },
  { value: 'RELEVANCE', param: 'relevance', label: 'Best match' },
  { value: 'TITLE', param: 'title', label: 'Title (A–Z)' },
  { value: 'PRICE_ASC', param: 'price-asc', label: 'Price: low to high' },
  { value: 'PRICE_DESC', param: 'price-desc', label: 'Price: high to low' },
] as const;

export type CourseSortValue = (typeof COURSE_SORTS)[number]['value'];
export type PriceFilter = '' | 'free' | 'paid';

/** The catalogue's filters as kept in the URL (`/courses?style=…&level=…&q=…`). */
export interface CatalogFilters {
  search: string;
  danceStyleId: string;
  skillLevel: string;
  ageGroup: string;
  categoryId: string;
  price: PriceFilter;
  /** Empty: the server's default (best match with a search, else newest). */
  sort: CourseSortValue | '';
}

const PARAM = {
  search: 'q',
  danceStyleId: 'style',
  skillLevel: 'level',
  ageGroup: 'age',
  categoryId: 'category',
  price: 'price',
  sort: 'sort',
} as const satisfies Record<keyof CatalogFilters, string>;

export function filtersFromParams(params: URLSearchParams): CatalogFilters {
  const get = (key: keyof CatalogFilters) => params.get(PARAM[key])?.trim() ?? '';
  const price = get('price').toLowerCase();
  const sortParam = get('sort').toLowerCase();
  return {
    search: get('search'),
    danceStyleId: get('danceStyleId'),
    skillLevel: get('skillLevel'),
    ageGroup: get('ageGroup'),
    categoryId: get('categoryId'),
    price: price === 'free' || price === 'paid' ? price : '',
    // The sort's value (`PRICE_ASC`) is taken too: what a form sent without a script carries.
    sort: COURSE_SORTS.find((s) => s.param === sortParam || s.value.toLowerCase() === sortParam)?.value ?? '',
  };
}

/** The URL parameters of a set of filters (empty ones left out). */
export function filtersToParams(filters: CatalogFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(PARAM) as (keyof CatalogFilters)[]) {
    const value = key === 'sort' ? COURSE_SORTS.find((s) => s.value === filters.sort)?.param : filters[key];
    if (value) params.set(PARAM[key], value);
  }
  return params;
}
