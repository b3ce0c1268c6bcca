import { invalidCursor } from '../../graphql/connection';
import { isUuid } from '../users/users.service';
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

export interface SqlPart {
  sql: string;
  params: unknown[];
}

const TS_QUERY = `websearch_to_tsquery('english', ?)`;

export function searchText(search: string | null | undefined): string | null {
  const text = search?.trim().slice(0, 200);
  return text ? text : null;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

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

interface SortKey {
  expr: string;
  params: unknown[];
  desc: boolean;
  cast: string;
  check: (value: unknown) => boolean;
}

const isIsoDate = (v: unknown) => typeof v === 'string' && !Number.isNaN(Date.parse(v));
const isInt = (v: unknown) => typeof v === 'number' && Number.isInteger(v);
const isNumber = (v: unknown) => typeof v === 'number' && Number.isFinite(v);

const CREATED: SortKey = {
  expr: 'r.created_at',
  params: [],
  desc: true,
  cast: 'timestamptz',
  check: isIsoDate,
};
const ID_DESC: SortKey = { expr: 'r.id', params: [], desc: true, cast: 'uuid', check: isUuid };
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
      return [intKey('r.download_count', true), CREATED, ID_DESC];
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

interface CursorData {
  s: string;
  k: unknown[];
}

function encodeCursor(sort: ResourceSort, values: unknown[]): string {
  const data: CursorData = { s: sort, k: values };
  return Buffer.from(JSON.stringify(data)).toString('base64url');
}

function decodeCursor(cursor: string, sort: ResourceSort, keys: SortKey[]): unknown[] {
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
  sort: ResourceSort;
  cursorOf(row: Record<string, unknown>): string;
}

/** The count and page statements of a list query (`first + 1` rows, to know whether more follow). */
export function pageQuery(query: ResourceListQuery, first: number, after?: string | null): PageQuery {
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
    count: { sql: `select count(*)::int as n from resources r where ${where.sql}`, params: where.params },
    page: {
      sql: `select r.id, ${select} from resources r where ${conditions.join(' and ')} order by ${order} limit ?`,
      params: [...selectParams, ...params, ...orderParams, first + 1],
    },
    cursorOf(row) {
      return encodeCursor(
        sort,
        keys.map((key, i) => {
          const v = row[`k${i}`];
          if (v instanceof Date) return v.toISOString();
          if (typeof v === 'string' && (key.cast === 'real' || key.cast === 'numeric')) return Number(v);
          return v;
        }),
      );
    },
  };
}
