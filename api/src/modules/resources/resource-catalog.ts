import {
  createdKey,
  escapeLike,
  idKey,
  isInt,
  isNumber,
  keysetPage,
  type KeysetPage,
  searchText,
  type SortKey,
  type SqlPart,
  TS_QUERY,
} from '../../graphql/keyset';
import { isUuid } from '../../lib/ids';
import { ResourceSort } from './resources.types';

/**
 * The SQL of resource lists (modelled on course-catalog.ts): filters, full-text search and keyset
 * pagination with an opaque cursor holding the sort and the sort-key values of its row.
 */

export interface ResourceListQuery {
  search?: string | null;
  type?: string | null;
  danceStyleId?: string | null;
  ageGroup?: string | null;
  skillLevel?: string | null;
  categoryId?: string | null;
  minPriceCents?: number | null;
  maxPriceCents?: number | null;
  sellerId?: string | null;
  featured?: boolean | null;
  sort?: ResourceSort | null;
}

/** RELEVANCE needs a search; without one it is NEWEST. With a search the default is RELEVANCE. */
export function effectiveSort(sort: ResourceSort | null | undefined, search: string | null): ResourceSort {
  if (!sort) return search ? ResourceSort.RELEVANCE : ResourceSort.NEWEST;
  if (sort === ResourceSort.RELEVANCE && !search) return ResourceSort.NEWEST;
  return sort;
}

/** The WHERE clause (alias `r`): published resources of sellers who are not suspended. */
export function whereClause(query: ResourceListQuery): SqlPart {
  const parts: string[] = [
    `r.status = 'published'`,
    `not exists (select 1 from seller_profiles sp where sp.user_id = r.seller_id and sp.suspended)`,
  ];
  const params: unknown[] = [];
  const byId = (column: string, value: string | null | undefined) => {
    if (value === null || value === undefined || value === '') return;
    if (!isUuid(value)) {
      parts.push('false');
      return;
    }
    parts.push(`r.${column} = ?`);
    params.push(value);
  };
  byId('dance_style_id', query.danceStyleId);
  byId('category_id', query.categoryId);
  byId('seller_id', query.sellerId);
  for (const [column, value] of [
    ['type', query.type],
    ['skill_level', query.skillLevel],
    ['age_group', query.ageGroup],
  ] as const) {
    if (value) {
      parts.push(`r.${column} = ?`);
      params.push(value);
    }
  }
  if (typeof query.minPriceCents === 'number') {
    parts.push(`r.price_cents >= ?`);
    params.push(query.minPriceCents);
  }
  if (typeof query.maxPriceCents === 'number') {
    parts.push(`r.price_cents <= ?`);
    params.push(query.maxPriceCents);
  }
  if (query.featured === true || query.featured === false) {
    parts.push(`r.featured = ?`);
    params.push(query.featured);
  }
  const search = searchText(query.search);
  if (search) {
    parts.push(`(r.search_vector @@ ${TS_QUERY} or r.title ilike ?)`);
    params.push(search, `%${escapeLike(search)}%`);
  }
  return { sql: parts.join(' and '), params };
}

const CREATED = createdKey('r');
const ID_DESC = idKey('r', true);
const intKey = (expr: string, desc: boolean): SortKey => ({
  expr,
  params: [],
  desc,
  cast: 'int',
  check: isInt,
});

function sortKeys(sort: ResourceSort, search: string | null): SortKey[] {
  switch (sort) {
    case ResourceSort.PRICE_ASC:
      return [intKey('r.price_cents', false), CREATED, ID_DESC];
    case ResourceSort.PRICE_DESC:
      return [intKey('r.price_cents', true), CREATED, ID_DESC];
    case ResourceSort.RATING:
      return [
        { expr: 'r.rating_average', params: [], desc: true, cast: 'numeric', check: isNumber },
        intKey('r.rating_count', true),
        CREATED,
        ID_DESC,
      ];
    case ResourceSort.POPULARITY:
      // Distinct buyers who downloaded it, not downloads (the seller's and staff's never count).
      return [intKey('r.downloader_count', true), CREATED, ID_DESC];
    case ResourceSort.RELEVANCE:
      return [
        {
          expr: `ts_rank(r.search_vector, ${TS_QUERY})`,
          params: [search],
          desc: true,
          cast: 'real',
          check: isNumber,
        },
        CREATED,
        ID_DESC,
      ];
    case ResourceSort.NEWEST:
    default:
      return [CREATED, ID_DESC];
  }
}

export type PageQuery = KeysetPage<ResourceSort>;

/** The count and page statements of a resource list (alias `r`). */
export function pageQuery(query: ResourceListQuery, first: number, after?: string | null): PageQuery {
  const search = searchText(query.search);
  const sort = effectiveSort(query.sort, search);
  return keysetPage({
    from: 'resources r',
    alias: 'r',
    where: whereClause(query),
    sort,
    keys: sortKeys(sort, search),
    first,
    after,
  });
}
