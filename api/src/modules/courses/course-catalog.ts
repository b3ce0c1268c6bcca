import {
  createdKey,
  escapeLike,
  idKey,
  isInt,
  isNumber,
  isText,
  keysetPage,
  type KeysetPage,
  searchText,
  type SortKey,
  type SqlPart,
  TS_QUERY,
} from '../../graphql/keyset';
import { isUuid } from '../../lib/ids';
import { CoursePrice, CourseSort } from './courses.types';

/**
 * The SQL of course lists: filters, full-text search and keyset pagination with an opaque cursor
 * (MikroORM's findByCursor cannot order by a search rank). A cursor holds the sort it was made
 * for and the sort-key values of its row; the next page is every row after those values.
 */

export interface CourseListQuery {
  /** true: published only (the catalogue); false: drafts only; null: every course (staff). */
  published: boolean | null;
  danceStyleId?: string | null;
  skillLevel?: string | null;
  ageGroup?: string | null;
  categoryId?: string | null;
  price?: CoursePrice | null;
  search?: string | null;
  /** Restrict to one instructor's courses. */
  instructorId?: string | null;
  sort?: CourseSort | null;
}

/** RELEVANCE needs a search; without one it is NEWEST. With a search the default is RELEVANCE. */
export function effectiveSort(sort: CourseSort | null | undefined, search: string | null): CourseSort {
  if (!sort) return search ? CourseSort.RELEVANCE : CourseSort.NEWEST;
  if (sort === CourseSort.RELEVANCE && !search) return CourseSort.NEWEST;
  return sort;
}

/** The WHERE clause (alias `c` for courses). */
export function whereClause(query: CourseListQuery): SqlPart {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (query.published !== null) {
    parts.push(`c.published = ?`);
    params.push(query.published);
  }
  const byId = (column: string, value: string | null | undefined) => {
    if (value === null || value === undefined || value === '') return;
    if (!isUuid(value)) {
      parts.push('false');
      return;
    }
    parts.push(`c.${column} = ?`);
    params.push(value);
  };
  byId('dance_style_id', query.danceStyleId);
  byId('category_id', query.categoryId);
  byId('instructor_id', query.instructorId);
  if (query.skillLevel) {
    parts.push(`c.skill_level = ?`);
    params.push(query.skillLevel);
  }
  if (query.ageGroup) {
    parts.push(`c.age_group = ?`);
    params.push(query.ageGroup);
  }
  if (query.price === CoursePrice.FREE) parts.push(`c.price_cents = 0`);
  if (query.price === CoursePrice.PAID) parts.push(`c.price_cents > 0`);
  const search = searchText(query.search);
  if (search) {
    // Full-text match; a title containing the text also matches (partial words such as "choreo").
    parts.push(`(c.search_vector @@ ${TS_QUERY} or c.title ilike ?)`);
    params.push(search, `%${escapeLike(search)}%`);
  }
  return { sql: parts.length ? parts.join(' and ') : 'true', params };
}

const CREATED = createdKey('c');
const ID_DESC = idKey('c', true);
const ID_ASC = idKey('c', false);

function sortKeys(sort: CourseSort, search: string | null): SortKey[] {
  switch (sort) {
    case CourseSort.TITLE:
      return [{ expr: 'lower(c.title)', params: [], desc: false, cast: 'text', check: isText }, ID_ASC];
    case CourseSort.PRICE_ASC:
      return [
        { expr: 'c.price_cents', params: [], desc: false, cast: 'int', check: isInt },
        CREATED,
        ID_DESC,
      ];
    case CourseSort.PRICE_DESC:
      return [{ expr: 'c.price_cents', params: [], desc: true, cast: 'int', check: isInt }, CREATED, ID_DESC];
    case CourseSort.RELEVANCE:
      return [
        {
          expr: `ts_rank(c.search_vector, ${TS_QUERY})`,
          params: [search],
          desc: true,
          cast: 'real',
          check: isNumber,
        },
        CREATED,
        ID_DESC,
      ];
    case CourseSort.NEWEST:
    default:
      return [CREATED, ID_DESC];
  }
}

export type PageQuery = KeysetPage<CourseSort>;

/** The count and page statements of a course list (alias `c`). */
export function pageQuery(query: CourseListQuery, first: number, after?: string | null): PageQuery {
  const search = searchText(query.search);
  const sort = effectiveSort(query.sort, search);
  return keysetPage({
    from: 'courses c',
    alias: 'c',
    where: whereClause(query),
    sort,
    keys: sortKeys(sort, search),
    first,
    after,
  });
}
