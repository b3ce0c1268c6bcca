import { GraphQLError } from 'graphql';
import type { DemoStoreDb } from './demo-store-db';
import {
  type DemoCollection,
  type DemoProduct,
  type DemoVariant,
  keysetPage,
  loadProduct,
  loadProducts,
  productSearchConditions,
  toCollection,
  InvalidCursorError,
  type PageArgs,
} from './demo-store-catalog';
import { DEMO_STORE_DOMAIN } from './demo-store-constants';
import { absoluteUrl, productSet, productUpdate } from './demo-store-products';
import { DEMO_SHOP } from './demo-store-seed';
import { decimal, gid, iso, money, parseId } from './demo-store-ids';
import { IMAGE_SIZE } from './demo-store-images';

/**
 * The Admin API's resolvers: a root value for graphql's `execute` over admin-schema.graphql
 * (objects are plain values; fields with arguments are functions of them).
 */

export interface AdminContext {
  db: DemoStoreDb;
  publicUrl: string;
  apiVersion: string;
  /** Sends the webhooks a committed change wrote. */
  afterCommit(): void;
}

type Args = Record<string, any>;

/** An in-memory connection (nested lists: variants, media, a product's collections). */
function listConnection<T>(items: T[], args: Args, keyOf: (item: T) => string | number) {
  const cursorOf = (item: T) => Buffer.from(JSON.stringify({ last_id: keyOf(item) })).toString('base64url');
  let list = args.reverse ? [...items].reverse() : items;
  const indexOf = (cursor: string) => list.findIndex((item) => cursorOf(item) === cursor);
  if (args.after) list = list.slice(indexOf(args.after) + 1);
  if (args.before) {
    const at = indexOf(args.before);
    if (at >= 0) list = list.slice(0, at);
  }
  let hasNextPage = false;
  let hasPreviousPage = Boolean(args.after);
  if (args.first != null && list.length > args.first) {
    list = list.slice(0, Math.max(0, args.first));
    hasNextPage = true;
  }
  if (args.last != null && list.length > args.last) {
    list = list.slice(list.length - args.last);
    hasPreviousPage = true;
  }
  const cursors = list.map(cursorOf);
  return {
    nodes: list,
    edges: list.map((node, i) => ({ node, cursor: cursors[i] })),
    pageInfo: {
      hasNextPage,
      hasPreviousPage,
      startCursor: cursors[0] ?? null,
      endCursor: cursors[cursors.length - 1] ?? null,
    },
  };
}

function pageConnection<T>(
  items: T[],
  page: { cursors: string[]; hasNextPage: boolean; hasPreviousPage: boolean },
) {
  return {
    nodes: items,
    edges: items.map((node, i) => ({ node, cursor: page.cursors[i] })),
    pageInfo: {
      hasNextPage: page.hasNextPage,
      hasPreviousPage: page.hasPreviousPage,
      startCursor: page.cursors[0] ?? null,
      endCursor: page.cursors[page.cursors.length - 1] ?? null,
    },
  };
}

function stripHtml(html: string, truncateAt?: number | null): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return truncateAt && text.length > truncateAt ? `${text.slice(0, truncateAt - 1)}…` : text;
}

function mediaImage(productId: number, index: number, src: string, alt: string | null, ctx: AdminContext) {
  const generated = src.startsWith('/demo-store/images/');
  return {
    __typename: 'MediaImage',
    id: gid('MediaImage', `${productId}${String(index + 1).padStart(2, '0')}`),
    alt: alt ?? '',
    mediaContentType: 'IMAGE',
    mimeType: generated ? 'image/svg+xml' : null,
    status: 'READY',
    image: {
      id: gid('ImageSource', `${productId}${String(index + 1).padStart(2, '0')}`),
      url: absoluteUrl(src, ctx.publicUrl),
      altText: alt,
      width: generated ? IMAGE_SIZE : null,
      height: generated ? IMAGE_SIZE : null,
    },
  };
}

function adminCollection(c: DemoCollection, ctx: AdminContext) {
  return {
    __typename: 'Collection',
    id: gid('Collection', c.id),
    handle: c.handle,
    title: c.title,
    descriptionHtml: c.descriptionHtml,
    description: (args: Args) => stripHtml(c.descriptionHtml, args.truncateAt),
    updatedAt: iso(c.updatedAt),
    products: async (args: Args) => {
      const rows = await ctx.db.query<{ product_id: string }>(
        'select product_id from demo_store.collection_products where collection_id = $1 order by position, product_id',
        [c.id],
      );
      const products = await loadProducts(
        ctx.db,
        rows.map((r) => Number(r.product_id)),
      );
      return listConnection(
        products.map((p) => adminProduct(p, ctx)),
        args,
        (p) => p.legacyResourceId,
      );
    },
    productsCount: async () => {
      const [row] = await ctx.db.query<{ n: number }>(
        'select count(*)::int as n from demo_store.collection_products where collection_id = $1',
        [c.id],
      );
      return { count: row.n };
    },
  };
}

function adminVariant(v: DemoVariant, p: DemoProduct, ctx: AdminContext) {
  const imageIndex = v.imageUrl ? p.images.findIndex((img) => img.src === v.imageUrl) : -1;
  const media = v.imageUrl
    ? [
        mediaImage(
          p.id,
          imageIndex >= 0 ? imageIndex : 99,
          v.imageUrl,
          p.images[imageIndex]?.alt ?? null,
          ctx,
        ),
      ]
    : [];
  return {
    __typename: 'ProductVariant',
    id: gid('ProductVariant', v.id),
    legacyResourceId: String(v.id),
    title: v.title,
    displayName: `${p.title} - ${v.title}`,
    sku: v.sku,
    price: money(v.price),
    compareAtPrice: v.compareAtPrice === null ? null : money(v.compareAtPrice),
    availableForSale: p.status === 'ACTIVE' && (v.inventory === null || v.inventory > 0),
    // Null when the stock is not tracked (Shopify answers the untracked count, usually 0).
    inventoryQuantity: v.inventory,
    position: v.position,
    selectedOptions: v.selectedOptions,
    createdAt: iso(v.createdAt),
    updatedAt: iso(v.updatedAt),
    media: (args: Args) => listConnection(media, args, (m) => m.id),
    product: () => adminProduct(p, ctx),
  };
}

export function adminProduct(p: DemoProduct, ctx: AdminContext) {
  const media = p.images.map((img, i) => mediaImage(p.id, i, img.src, img.alt, ctx));
  const prices = p.variants.map((v) => Number(v.price));
  const moneyV2 = (amount: number) => ({ amount: decimal(amount), currencyCode: DEMO_SHOP.currencyCode });
  return {
    __typename: 'Product',
    id: gid('Product', p.id),
    legacyResourceId: String(p.id),
    handle: p.handle,
    title: p.title,
    descriptionHtml: p.descriptionHtml,
    description: (args: Args) => stripHtml(p.descriptionHtml, args.truncateAt),
    productType: p.productType,
    vendor: p.vendor,
    tags: p.tags,
    status: p.status,
    createdAt: iso(p.createdAt),
    updatedAt: iso(p.updatedAt),
    publishedAt: p.status === 'ACTIVE' ? iso(p.createdAt) : null,
    onlineStoreUrl: null,
    totalInventory: p.variants.reduce((sum, v) => sum + (v.inventory ?? 0), 0),
    tracksInventory: p.variants.some((v) => v.inventory !== null),
    featuredMedia: media[0] ?? null,
    media: (args: Args) => listConnection(media, args, (m) => m.id),
    options: (args: Args) =>
      p.options.slice(0, args.first ?? undefined).map((o, i) => ({
        id: gid('ProductOption', `${p.id}${i + 1}`),
        name: o.name,
        position: i + 1,
        optionValues: o.values.map((value, j) => ({
          id: gid('ProductOptionValue', `${p.id}${i + 1}${String(j + 1).padStart(2, '0')}`),
          name: value,
          hasVariants: p.variants.some((v) => v.selectedOptions[i]?.value === value),
        })),
      })),
    priceRangeV2: {
      minVariantPrice: moneyV2(prices.length ? Math.min(...prices) : 0),
      maxVariantPrice: moneyV2(prices.length ? Math.max(...prices) : 0),
    },
    variants: (args: Args) =>
      listConnection(
        p.variants.map((v) => adminVariant(v, p, ctx)),
        args,
        (v) => v.legacyResourceId,
      ),
    variantsCount: { count: p.variants.length },
    collections: (args: Args) =>
      listConnection(
        p.collections.map((c) => adminCollection(c, ctx)),
        args,
        (c) => c.id,
      ),
  };
}

function adminShop() {
  return {
    id: gid('Shop', 1),
    name: DEMO_SHOP.name,
    email: DEMO_SHOP.email,
    currencyCode: DEMO_SHOP.currencyCode,
    myshopifyDomain: DEMO_STORE_DOMAIN,
    primaryDomain: { id: gid('Domain', 1), host: DEMO_STORE_DOMAIN, url: `https://${DEMO_STORE_DOMAIN}` },
    ianaTimezone: DEMO_SHOP.timezone,
    url: `https://${DEMO_STORE_DOMAIN}`,
  };
}

function webhookSubscription(row: Record<string, any>) {
  return {
    __typename: 'WebhookSubscription',
    id: gid('WebhookSubscription', row.id),
    legacyResourceId: String(row.id),
    topic: row.topic,
    uri: row.uri,
    format: row.format,
    filter: null,
    includeFields: [],
    metafieldNamespaces: [],
    apiVersion: { handle: row.api_version, displayName: row.api_version, supported: true },
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

function pageArgsChecked(args: Args): PageArgs {
  if (args.first != null && args.last != null) {
    throw new GraphQLError('you must provide one of first or last, not both');
  }
  for (const key of ['first', 'last'] as const) {
    if (args[key] != null && (args[key] < 0 || args[key] > 250)) {
      throw new GraphQLError(`The ${key} argument must be between 0 and 250.`);
    }
  }
  return args;
}

async function withCursorErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof InvalidCursorError) throw new GraphQLError(error.message);
    throw error;
  }
}

/** The root value: Query and Mutation fields of admin-schema.graphql. */
export function adminRoot(ctx: AdminContext): Record<string, unknown> {
  const productById = async (id: number | null) => {
    const p = id ? await loadProduct(ctx.db, id) : null;
    return p ? adminProduct(p, ctx) : null;
  };
  return {
    shop: adminShop,

    products: (args: Args) =>
      withCursorErrors(async () => {
        const params: unknown[] = [];
        const conditions = productSearchConditions(args.query, params);
        const page = await keysetPage(
          ctx.db,
          'demo_store.products',
          pageArgsChecked(args),
          conditions,
          params,
        );
        const products = await loadProducts(ctx.db, page.items);
        return pageConnection(
          products.map((p) => adminProduct(p, ctx)),
          page,
        );
      }),

    product: (args: Args) => productById(parseId(args.id, 'Product')),

    productVariant: async (args: Args) => {
      const id = parseId(args.id, 'ProductVariant');
      const [row] = id
        ? await ctx.db.query('select product_id from demo_store.variants where id = $1', [id])
        : [];
      const p = row ? await loadProduct(ctx.db, Number(row.product_id)) : null;
      const v = p?.variants.find((x) => x.id === id);
      return p && v ? adminVariant(v, p, ctx) : null;
    },

    collections: (args: Args) =>
      withCursorErrors(async () => {
        const params: unknown[] = [];
        const conditions: string[] = [];
        if (args.query) {
          params.push(
            `%${String(args.query)
              .replace(/^title:/, '')
              .replace(/[%_\\]/g, '\\$&')}%`,
          );
          conditions.push(`p.title ilike $${params.length}`);
        }
        const page = await keysetPage(
          ctx.db,
          'demo_store.collections',
          pageArgsChecked(args),
          conditions,
          params,
        );
        const rows = page.items.length
          ? await ctx.db.query('select * from demo_store.collections where id = any($1::bigint[])', [
              page.items,
            ])
          : [];
        const byId = new Map(rows.map((r) => [Number(r.id), toCollection(r)]));
        return pageConnection(
          page.items.map((id) => adminCollection(byId.get(id)!, ctx)),
          page,
        );
      }),

    collection: async (args: Args) => {
      const id = parseId(args.id, 'Collection');
      const [row] = id ? await ctx.db.query('select * from demo_store.collections where id = $1', [id]) : [];
      return row ? adminCollection(toCollection(row), ctx) : null;
    },

    webhookSubscriptions: async (args: Args) => {
      const params: unknown[] = [];
      const where: string[] = [];
      if (args.topics?.length) {
        params.push(args.topics);
        where.push(`topic = any($${params.length}::text[])`);
      }
      if (args.uri) {
        params.push(args.uri);
        where.push(`uri = $${params.length}`);
      }
      if (args.format) {
        params.push(args.format);
        where.push(`format = $${params.length}`);
      }
      const rows = await ctx.db.query(
        `select * from demo_store.webhook_subscriptions ${where.length ? `where ${where.join(' and ')}` : ''}
         order by ${args.sortKey === 'ID' ? 'id' : 'created_at, id'}`,
        params,
      );
      return listConnection(rows.map(webhookSubscription), pageArgsChecked(args), (w) => w.legacyResourceId);
    },

    productSet: async (args: Args) => {
      const result = await ctx.db.transaction((tx) =>
        productSet(tx, args.input, args.identifier, ctx.publicUrl),
      );
      ctx.afterCommit();
      return {
        product: result.productId ? await productById(result.productId) : null,
        productSetOperation: null,
        userErrors: result.userErrors,
      };
    },

    productUpdate: async (args: Args) => {
      const result = await ctx.db.transaction((tx) => productUpdate(tx, args.product, ctx.publicUrl));
      ctx.afterCommit();
      return {
        product: result.productId ? await productById(result.productId) : null,
        userErrors: result.userErrors.map(({ field, message }) => ({ field, message })),
      };
    },

    webhookSubscriptionCreate: async (args: Args) => {
      const uri = String(args.webhookSubscription?.uri ?? '').trim();
      let valid = false;
      try {
        valid = ['http:', 'https:'].includes(new URL(uri).protocol);
      } catch {
        valid = false;
      }
      if (!valid) {
        return {
          webhookSubscription: null,
          userErrors: [{ field: ['webhookSubscription', 'uri'], message: 'Address is invalid' }],
        };
      }
      // Idempotent per (topic, uri): the existing subscription comes back.
      const [row] = await ctx.db.query(
        `insert into demo_store.webhook_subscriptions (topic, uri, format, api_version) values ($1, $2, $3, $4)
         on conflict (topic, uri) do update set updated_at = demo_store.webhook_subscriptions.updated_at
         returning *`,
        [args.topic, uri, args.webhookSubscription?.format ?? 'JSON', ctx.apiVersion],
      );
      return { webhookSubscription: webhookSubscription(row), userErrors: [] };
    },

    webhookSubscriptionDelete: async (args: Args) => {
      const id = parseId(args.id, 'WebhookSubscription');
      const rows = id
        ? await ctx.db.query('delete from demo_store.webhook_subscriptions where id = $1 returning id', [id])
        : [];
      return rows.length
        ? { deletedWebhookSubscriptionId: gid('WebhookSubscription', id!), userErrors: [] }
        : {
            deletedWebhookSubscriptionId: null,
            userErrors: [{ field: ['id'], message: 'Webhook subscription does not exist' }],
          };
    },
  };
}
