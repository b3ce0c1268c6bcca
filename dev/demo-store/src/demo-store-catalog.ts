import type { Db } from './demo-store-query';

/** The demo store's products as read from its tables, and the Admin API's `products` listing. */

export interface DemoImage {
  /** Absolute URL, or a path below the app (`/demo-store/images/...`). */
  src: string;
  alt: string | null;
}

export interface DemoVariant {
  id: number;
  productId: number;
  position: number;
  title: string;
  sku: string | null;
  price: string;
  compareAtPrice: string | null;
  /** Null: stock not tracked. */
  inventory: number | null;
  selectedOptions: { name: string; value: string }[];
  imageUrl: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface DemoCollection {
  id: number;
  handle: string;
  title: string;
  descriptionHtml: string;
  updatedAt: Date;
}

export interface DemoProduct {
  id: number;
  handle: string;
  title: string;
  descriptionHtml: string;
  productType: string;
  vendor: string;
  tags: string[];
  status: 'ACTIVE' | 'ARCHIVED' | 'DRAFT' | 'UNLISTED';
  options: { name: string; values: string[] }[];
  images: DemoImage[];
  createdAt: Date;
  updatedAt: Date;
  variants: DemoVariant[];
  collections: DemoCollection[];
}

function toVariant(row: Record<string, any>): DemoVariant {
  return {
    id: Number(row.id),
    productId: Number(row.product_id),
    position: row.position,
    title: row.title,
    sku: row.sku,
    price: row.price,
    compareAtPrice: row.compare_at_price,
    inventory: row.inventory,
    selectedOptions: row.selected_options,
    imageUrl: row.image_url,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toCollection(row: Record<string, any>): DemoCollection {
  return {
    id: Number(row.id),
    handle: row.handle,
    title: row.title,
    descriptionHtml: row.description_html,
    updatedAt: row.updated_at,
  };
}

/** The products with these ids, in the same order (missing ones left out), with variants and collections. */
export async function loadProducts(db: Db, ids: number[]): Promise<DemoProduct[]> {
  if (ids.length === 0) return [];
  const [rows, variants, collections] = await Promise.all([
    db.query('select * from demo_store.products where id = any($1::bigint[])', [ids]),
    db.query('select * from demo_store.variants where product_id = any($1::bigint[]) order by position, id', [
      ids,
    ]),
    db.query(
      `select cp.product_id, c.* from demo_store.collection_products cp
       join demo_store.collections c on c.id = cp.collection_id
       where cp.product_id = any($1::bigint[]) order by c.title, c.id`,
      [ids],
    ),
  ]);
  const byId = new Map<number, DemoProduct>();
  for (const row of rows) {
    byId.set(Number(row.id), {
      id: Number(row.id),
      handle: row.handle,
      title: row.title,
      descriptionHtml: row.description_html,
      productType: row.product_type,
      vendor: row.vendor,
      tags: row.tags,
      status: row.status,
      options: row.options,
      images: row.images,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      variants: [],
      collections: [],
    });
  }
  for (const v of variants) byId.get(Number(v.product_id))?.variants.push(toVariant(v));
  for (const c of collections) byId.get(Number(c.product_id))?.collections.push(toCollection(c));
  return ids.map((id) => byId.get(id)).filter((p): p is DemoProduct => p !== undefined);
}

export async function loadProduct(db: Db, id: number): Promise<DemoProduct | null> {
  return (await loadProducts(db, [id]))[0] ?? null;
}

/** A variant with its product's title and status (checkout, cart lines). */
export interface VariantWithProduct extends DemoVariant {
  productTitle: string;
  productHandle: string;
  productStatus: string;
  productImage: string | null;
}

export async function loadVariants(db: Db, ids: number[]): Promise<Map<number, VariantWithProduct>> {
  const rows = ids.length
    ? await db.query(
        `select v.*, p.title as product_title, p.handle as product_handle, p.status as product_status,
                p.images->0->>'src' as product_image
         from demo_store.variants v join demo_store.products p on p.id = v.product_id
         where v.id = any($1::bigint[])`,
        [ids],
      )
    : [];
  return new Map(
    rows.map((row) => [
      Number(row.id),
      {
        ...toVariant(row),
        productTitle: row.product_title,
        productHandle: row.product_handle,
        productStatus: row.product_status,
        productImage: row.product_image,
      },
    ]),
  );
}

// ---------------------------------------------------------------------------------------------
// Search syntax (the `query` argument): a subset of Shopify's.

const TOKEN = /(?:(-)?([a-z_]+):(>=|<=|>|<)?(?:'([^']*)'|"([^"]*)"|([^\s]+)))|'([^']*)'|"([^"]*)"|([^\s]+)/gi;

/**
 * SQL conditions (aliased `p`) for Shopify's search syntax: `updated_at:>'2026-04-01T00:00:00Z'`
 * (also created_at, with >, >=, <, <=), `status:active,draft`, `product_type:Shoes`, `vendor:x`,
 * `handle:x`, `title:x` (a trailing `*` is a prefix), `tag:x`, `sku:x`, `id:>123`; other words
 * search the title, handle and tags. `-field:value` negates. Unknown fields are ignored, as
 * Shopify does. Parameters are appended to `params`.
 */
export function productSearchConditions(query: string | null | undefined, params: unknown[]): string[] {
  const conditions: string[] = [];
  if (!query) return conditions;
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  for (const m of query.matchAll(TOKEN)) {
    const [, negate, rawField, op, q1, q2, bare, free1, free2, word] = m;
    let condition: string | null = null;
    if (rawField) {
      const field = rawField.toLowerCase();
      const value = q1 ?? q2 ?? bare ?? '';
      const cmp = op ?? '=';
      if (field === 'updated_at' || field === 'created_at') {
        const at = new Date(value);
        if (!Number.isNaN(at.getTime())) condition = `p.${field} ${cmp} ${p(at.toISOString())}::timestamptz`;
      } else if (field === 'id') {
        if (/^\d+$/.test(value)) condition = `p.id ${cmp} ${p(value)}::bigint`;
      } else if (field === 'status') {
        condition = `p.status = any(${p(value.toUpperCase().split(','))}::text[])`;
      } else if (field === 'product_type' || field === 'vendor' || field === 'handle') {
        condition = `lower(p.${field}) = lower(${p(value)})`;
      } else if (field === 'title') {
        condition = value.endsWith('*')
          ? `p.title ilike ${p(`${value.slice(0, -1).replace(/[%_\\]/g, '\\$&')}%`)}`
          : `lower(p.title) = lower(${p(value)})`;
      } else if (field === 'tag') {
        condition = `exists (select 1 from unnest(p.tags) t where lower(t) = lower(${p(value)}))`;
      } else if (field === 'sku') {
        condition = `exists (select 1 from demo_store.variants sv where sv.product_id = p.id and sv.sku = ${p(value)})`;
      }
      if (condition && negate) condition = `not (${condition})`;
    } else {
      const text = free1 ?? free2 ?? word ?? '';
      if (!text || /^(and|or)$/i.test(text)) continue;
      const like = p(`%${text.replace(/[%_\\]/g, '\\$&')}%`);
      condition = `(p.title ilike ${like} or p.handle ilike ${like} or exists (select 1 from unnest(p.tags) t where t ilike ${like}))`;
    }
    if (condition) conditions.push(condition);
  }
  return conditions;
}

// ---------------------------------------------------------------------------------------------
// Cursor pagination of the top-level `products` and `collections`.

export interface PageArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
  reverse?: boolean | null;
  sortKey?: string | null;
  query?: string | null;
}

export interface Page<T> {
  items: T[];
  cursors: string[];
  hasNextPage: boolean;
  hasPreviousPage: boolean;
}

/** The sort column (aliased `p`) of each sort key; others sort by id. */
const SORT_COLUMNS: Record<string, { sql: string; kind: 'timestamp' | 'text' | 'number' }> = {
  UPDATED_AT: { sql: 'p.updated_at', kind: 'timestamp' },
  CREATED_AT: { sql: 'p.created_at', kind: 'timestamp' },
  PUBLISHED_AT: { sql: 'p.created_at', kind: 'timestamp' },
  TITLE: { sql: 'lower(p.title)', kind: 'text' },
  PRODUCT_TYPE: { sql: 'lower(p.product_type)', kind: 'text' },
  VENDOR: { sql: 'lower(p.vendor)', kind: 'text' },
};

export function encodeCursor(value: unknown, id: number): string {
  return Buffer.from(JSON.stringify({ last_id: id, last_value: value })).toString('base64url');
}

function decodeCursor(cursor: string): { value: unknown; id: number } | null {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    return typeof parsed?.last_id === 'number' ? { value: parsed.last_value, id: parsed.last_id } : null;
  } catch {
    return null;
  }
}

export class InvalidCursorError extends Error {}

/**
 * One page of rows of `table` (aliased `p`) by a keyset on (sort column, id): `first`/`after`
 * forward, `last`/`before` backward, `reverse` flips the order.
 */
export async function keysetPage(
  db: Db,
  table: 'demo_store.products' | 'demo_store.collections',
  args: PageArgs,
  conditions: string[],
  params: unknown[],
): Promise<Page<number>> {
  const sort = SORT_COLUMNS[args.sortKey ?? 'ID'] ?? { sql: 'p.id', kind: 'number' as const };
  const backward = args.last != null && args.first == null;
  const size = Math.max(0, Math.min(250, (backward ? args.last : args.first) ?? 50));
  const cursorText = backward ? args.before : args.after;
  const descending = Boolean(args.reverse) !== backward;
  const where = [...conditions];
  if (cursorText) {
    const cursor = decodeCursor(cursorText);
    if (!cursor) throw new InvalidCursorError(`Invalid cursor for current pagination sort.`);
    params.push(cursor.value, cursor.id);
    const v = `$${params.length - 1}`;
    const id = `$${params.length}`;
    const cast = sort.kind === 'timestamp' ? '::timestamptz' : sort.kind === 'number' ? '::bigint' : '::text';
    where.push(`(${sort.sql}, p.id) ${descending ? '<' : '>'} (${v}${cast}, ${id}::bigint)`);
  }
  const dir = descending ? 'desc' : 'asc';
  const rows = await db.query<{ id: string; sort_value: unknown }>(
    `select p.id, ${sort.sql} as sort_value from ${table} p
     ${where.length ? `where ${where.join(' and ')}` : ''}
     order by ${sort.sql} ${dir}, p.id ${dir} limit ${size + 1}`,
    params,
  );
  const hasMore = rows.length > size;
  const pageRows = rows.slice(0, size);
  if (backward) pageRows.reverse();
  return {
    items: pageRows.map((r) => Number(r.id)),
    cursors: pageRows.map((r) =>
      encodeCursor(r.sort_value instanceof Date ? r.sort_value.toISOString() : r.sort_value, Number(r.id)),
    ),
    hasNextPage: backward ? Boolean(args.before) : hasMore,
    hasPreviousPage: backward ? hasMore : Boolean(args.after),
  };
}
