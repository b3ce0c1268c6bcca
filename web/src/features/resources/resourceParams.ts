/**
 * The curriculum store's filters as they live in the URL (/curriculum?type=audio&style=…&q=…): read
 * and written by the page (CurriculumPage.tsx) and by the page's entry before the app is there
 * (ssr/earlyFilters.ts), so both send a visitor to the same URL. Nothing else here: the entry
 * carries this file.
 */
import type { ResourceSort } from '../../gql/graphql';

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
