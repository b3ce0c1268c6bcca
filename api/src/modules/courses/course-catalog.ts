import { invalidCursor } from '../../graphql/connection';
import { isUuid } from '../users/users.service';
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

export interface SqlPart {
  sql: string;
  params: unknown[];
}

const TS_QUERY = `websearch_to_tsquery('english', ?)`;

/** Trimmed search text (at most 200 characters), or null when there is none. */
export function searchText(search: string | null | undefined): string | null {
  const text = search?.trim().slice(0, 200);
  return text ? text : null;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
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

interface SortKey {
  /** SQL expression of the key. */
  expr: string;
  params: unknown[];
  desc: boolean;
  /** Cast of a cursor value when compared with the key. */
  cast: string;
  check: (value: unknown) => boolean;
}

const isIsoDate = (v: unknown) => typeof v === 'string' && !Number.isNaN(Date.parse(v));
const isText = (v: unknown) => typeof v === 'string';
const isInt = (v: unknown) => typeof v === 'number' && Number.isInteger(v);
const isNumber = (v: unknown) => typeof v === 'number' && Number.isFinite(v);

const CREATED: SortKey = {
  expr: 'c.created_at',
  params: [],
  desc: true,
  cast: 'timestamptz',
  check: isIsoDate,
};
const ID_DESC: SortKey = { expr: 'c.id', params: [], desc: true, cast: 'uuid', check: isUuid };
const ID_ASC: SortKey = { ...ID_DESC, desc: false };

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

interface CursorData {
  s: string;
  k: unknown[];
}

export function encodeCursor(sort: CourseSort, values: unknown[]): string {
  const data: CursorData = { s: sort, k: values };
  return Buffer.from(JSON.stringify(data)).toString('base64url');
}

/** The key values of a cursor made for this sort; anything else is refused (BAD_USER_INPUT). */
export function decodeCursor(cursor: string, sort: CourseSort, keys: SortKey[]): unknown[] {
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const value = data as Partial<CursorData> | null;
  if (
    !value ||
    typeof value !== 'object' ||
    value.s !== sort ||
    !Array.isArray(value.k) ||
    value.k.length !== keys.length ||
    !keys.every((key, i) => key.check(value.k![i]))
  ) {
    throw invalidCursor();
  }
  return value.k;
}

/** Rows after the cursor's values: (k1 op v1) or (k1 = v1 and k2 op v2) or … */
function afterClause(keys: SortKey[], values: unknown[]): SqlPart {
  const ors: string[] = [];
  const params: unknown[] = [];
  keys.forEach((key, i) => {
    const ands: string[] = [];
    for (let j = 0; j < i; j++) {
      ands.push(`${keys[j].expr} = ?::${keys[j].cast}`);
      params.push(...keys[j].params, values[j]);
    }
    ands.push(`${key.expr} ${key.desc ? '<' : '>'} ?::${key.cast}`);
    params.push(...key.params, values[i]);
    ors.push(`(${ands.join(' and ')})`);
  });
  return { sql: `(${ors.join(' or ')})`, params };
}

export interface PageQuery {
  count: SqlPart;
  page: SqlPart;
  sort: CourseSort;
  /** Turns a page row into the cursor of that row. */
  cursorOf(row: Record<string, unknown>): string;
}

/** The count and page statements of a list query (`first + 1` rows, to know whether more follow). */
export function pageQuery(query: CourseListQuery, first: number, after?: string | null): PageQuery {
  const search = searchText(query.search);
  const sort = effectiveSort(query.sort, search);
  const keys = sortKeys(sort, search);
  const where = whereClause(query);
  const conditions = [where.sql];
  const params = [...where.params];
  if (after) {
    const clause = afterClause(keys, decodeCursor(after, sort, keys));
    conditions.push(clause.sql);
    params.push(...clause.params);
  }
  const select = keys.map((k, i) => `${k.expr} as k${i}`).join(', ');
  const selectParams = keys.flatMap((k) => k.params);
  const order = keys.map((k) => `${k.expr} ${k.desc ? 'desc' : 'asc'}`).join(', ');
  const orderParams = keys.flatMap((k) => k.params);
  return {
    sort,
    count: { sql: `select count(*)::int as n from courses c where ${where.sql}`, params: where.params },
    page: {
      sql: `select c.id, ${select} from courses c where ${conditions.join(' and ')} order by ${order} limit ?`,
      params: [...selectParams, ...params, ...orderParams, first + 1],
    },
    cursorOf(row) {
      return encodeCursor(
        sort,
        keys.map((_k, i) => {
          const v = row[`k${i}`];
          return v instanceof Date
            ? v.toISOString()
            : typeof v === 'string' && keys[i].cast === 'real'
              ? Number(v)
              : v;
        }),
      );
    },
  };
}
