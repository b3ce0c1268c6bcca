import { isUuid } from '../lib/ids';
import { type ConnectionShape, invalidCursor } from './connection';

/**
 * Keyset pagination for lists that MikroORM's findByCursor cannot express (ordering by a search
 * rank, computed keys). A cursor is opaque base64url JSON holding the sort it was made for and the
 * sort-key values of its row; the next page is every row after those values. A cursor made for
 * another sort, or not made by us, is refused with BAD_USER_INPUT before it reaches SQL.
 */

export interface SqlPart {
  sql: string;
  params: unknown[];
}

export interface SortKey {
  /** SQL expression of the key. */
  expr: string;
  params: unknown[];
  desc: boolean;
  /** Cast of a cursor value when compared with the key. */
  cast: string;
  check: (value: unknown) => boolean;
}

export const isIsoDate = (v: unknown) => typeof v === 'string' && !Number.isNaN(Date.parse(v));
export const isText = (v: unknown) => typeof v === 'string';
export const isInt = (v: unknown) => typeof v === 'number' && Number.isInteger(v);
export const isNumber = (v: unknown) => typeof v === 'number' && Number.isFinite(v);

/** `created_at desc` and `id` keys of a table alias: the usual tie-breakers. */
export function createdKey(alias: string): SortKey {
  return { expr: `${alias}.created_at`, params: [], desc: true, cast: 'timestamptz', check: isIsoDate };
}
export function idKey(alias: string, desc: boolean): SortKey {
  return { expr: `${alias}.id`, params: [], desc, cast: 'uuid', check: isUuid };
}

export const TS_QUERY = `websearch_to_tsquery('english', ?)`;

/** Trimmed search text (at most 200 characters), or null when there is none. */
export function searchText(search: string | null | undefined): string | null {
  const text = search?.trim().slice(0, 200);
  return text ? text : null;
}

/** Escapes LIKE wildcards so user text matches literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

interface CursorData {
  s: string;
  k: unknown[];
}

export function encodeCursor(sort: string, values: unknown[]): string {
  const data: CursorData = { s: sort, k: values };
  return Buffer.from(JSON.stringify(data)).toString('base64url');
}

/** The key values of a cursor made for this sort; anything else is refused (BAD_USER_INPUT). */
export function decodeCursor(cursor: string, sort: string, keys: SortKey[]): unknown[] {
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

/** ISO 8601 text of a timestamptz in UTC with all six fractional digits (it casts back exactly). */
function preciseTime(expr: string): string {
  return `to_char((${expr}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

export interface KeysetPage<Sort extends string> {
  count: SqlPart;
  page: SqlPart;
  sort: Sort;
  /** Turns a page row into the cursor of that row. */
  cursorOf(row: Record<string, unknown>): string;
}

/**
 * The count and page statements of a list: `select <alias>.id, <keys as k0…> from <from> where …
 * order by <keys> limit first + 1` (one more row tells whether more follow).
 */
export function keysetPage<Sort extends string>(options: {
  from: string;
  alias: string;
  where: SqlPart;
  sort: Sort;
  keys: SortKey[];
  first: number;
  after?: string | null;
}): KeysetPage<Sort> {
  const { from, alias, where, sort, keys, first, after } = options;
  const conditions = [where.sql];
  const params = [...where.params];
  if (after) {
    const clause = afterClause(keys, decodeCursor(after, sort, keys));
    conditions.push(clause.sql);
    params.push(...clause.params);
  }
  // A time key's cursor keeps the database's own value, to the microsecond (as ISO 8601 text in
  // UTC): a JS Date would round it to the millisecond, and the next page would skip or repeat rows.
  const select = keys
    .map((k, i) => (k.cast === 'timestamptz' ? `${preciseTime(k.expr)} as k${i}` : `${k.expr} as k${i}`))
    .join(', ');
  const selectParams = keys.flatMap((k) => k.params);
  const order = keys.map((k) => `${k.expr} ${k.desc ? 'desc' : 'asc'}`).join(', ');
  const orderParams = keys.flatMap((k) => k.params);
  return {
    sort,
    count: { sql: `select count(*)::int as n from ${from} where ${where.sql}`, params: where.params },
    page: {
      sql: `select ${alias}.id, ${select} from ${from} where ${conditions.join(' and ')} order by ${order} limit ?`,
      params: [...selectParams, ...params, ...orderParams, first + 1],
    },
    cursorOf(row) {
      return encodeCursor(
        sort,
        keys.map((key, i) => {
          const v = row[`k${i}`];
          if (v instanceof Date) return v.toISOString();
          // PostgreSQL returns real/numeric as strings.
          return typeof v === 'string' && (key.cast === 'real' || key.cast === 'numeric') ? Number(v) : v;
        }),
      );
    },
  };
}

/**
 * Runs a keyset page's count and page statements and builds its connection: `load` reads the
 * nodes of the page's ids (in any order; ids it does not return are left out), each edge's cursor
 * is that of its row. `newestLast` serves a list read backwards (a conversation's messages: the
 * newest page first, listed oldest to newest; `after` is then the page's `before` cursor): the
 * page is reversed, and the older rows left are on the previous side.
 */
export async function keysetConnection<T extends { id: string }>(options: {
  execute: <R extends object>(sql: string, params: unknown[]) => Promise<R[]>;
  page: KeysetPage<string>;
  first: number;
  after: string | null | undefined;
  load: (ids: string[]) => Promise<T[]>;
  newestLast?: boolean;
}): Promise<ConnectionShape<T>> {
  const { execute, page, first, after, load, newestLast = false } = options;
  const [countRows, rows] = await Promise.all([
    execute<{ n: number }>(page.count.sql, page.count.params),
    execute<Record<string, unknown>>(page.page.sql, page.page.params),
  ]);
  const pageRows = rows.slice(0, first);
  if (newestLast) pageRows.reverse();
  const byId = new Map((await load(pageRows.map((r) => String(r.id)))).map((node) => [node.id, node]));
  const edges = pageRows.flatMap((row) => {
    const node = byId.get(String(row.id));
    return node ? [{ node, cursor: page.cursorOf(row) }] : [];
  });
  const more = rows.length > first;
  return {
    nodes: edges.map((edge) => edge.node),
    edges,
    totalCount: countRows[0].n,
    pageInfo: {
      hasNextPage: newestLast ? Boolean(after) : more,
      hasPreviousPage: newestLast ? more : Boolean(after),
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}
