import type { Db } from './demo-store-query';
import { type DemoProduct, loadProduct } from './demo-store-catalog';
import { DEMO_SHOP } from './demo-store-seed';
import { enqueueWebhook } from './demo-store-webhooks';
import { gid, handleize, iso, money, parseId } from './demo-store-ids';

/** Changes to the demo store's products: the Admin API's productSet/productUpdate and the test controls. */

export interface ProductUserError {
  code?: string;
  field: string[] | null;
  message: string;
}

/** A path below the app (`/demo-store/...`) made absolute with the app's public URL. */
export function absoluteUrl(src: string, publicUrl: string): string {
  return src.startsWith('/') ? `${publicUrl.replace(/\/+$/, '')}${src}` : src;
}

/** The REST shape of a product in products/* webhooks (a subset). */
export function productPayload(p: DemoProduct, publicUrl: string): Record<string, unknown> {
  return {
    id: p.id,
    admin_graphql_api_id: gid('Product', p.id),
    title: p.title,
    handle: p.handle,
    body_html: p.descriptionHtml,
    product_type: p.productType,
    vendor: p.vendor,
    status: p.status.toLowerCase(),
    tags: p.tags.join(', '),
    created_at: iso(p.createdAt),
    updated_at: iso(p.updatedAt),
    published_at: p.status === 'ACTIVE' ? iso(p.createdAt) : null,
    options: p.options.map((o, i) => ({ name: o.name, position: i + 1, values: o.values })),
    images: p.images.map((img, i) => ({
      position: i + 1,
      src: absoluteUrl(img.src, publicUrl),
      alt: img.alt,
    })),
    variants: p.variants.map((v) => ({
      id: v.id,
      admin_graphql_api_id: gid('ProductVariant', v.id),
      product_id: p.id,
      title: v.title,
      sku: v.sku,
      price: money(v.price),
      compare_at_price: v.compareAtPrice === null ? null : money(v.compareAtPrice),
      position: v.position,
      inventory_quantity: v.inventory ?? 0,
      inventory_management: v.inventory === null ? null : 'shopify',
      option1: v.selectedOptions[0]?.value ?? null,
      option2: v.selectedOptions[1]?.value ?? null,
      option3: v.selectedOptions[2]?.value ?? null,
      updated_at: iso(v.updatedAt),
    })),
  };
}

/** A new updated_at for the product, later than every product's (so `updated_at:>` never ties). */
async function touchProduct(tx: Db, id: number): Promise<void> {
  await tx.query(
    `update demo_store.products set updated_at = greatest(date_trunc('milliseconds', clock_timestamp()),
       (select max(updated_at) from demo_store.products) + interval '1 millisecond') where id = $1`,
    [id],
  );
}

/** Bumps updated_at and sends products/update (or /create) with the product as it is now. */
export async function productChanged(
  tx: Db,
  id: number,
  publicUrl: string,
  topic: 'products/update' | 'products/create' = 'products/update',
): Promise<void> {
  await touchProduct(tx, id);
  const product = await loadProduct(tx, id);
  if (product) await enqueueWebhook(tx, topic, productPayload(product, publicUrl));
}

function isDecimal(value: unknown): value is string | number {
  return (
    (typeof value === 'string' || typeof value === 'number') && /^\d{1,9}(\.\d{1,2})?$/.test(String(value))
  );
}

async function uniqueHandle(tx: Db, wanted: string, exceptId: number | null): Promise<string> {
  for (let n = 0; n < 100; n++) {
    const candidate = n === 0 ? wanted : `${wanted}-${n}`;
    const [taken] = await tx.query('select id from demo_store.products where handle = $1 and id <> $2', [
      candidate,
      exceptId ?? 0,
    ]);
    if (!taken) return candidate;
  }
  return `${wanted}-${Date.now()}`;
}

interface VariantPlan {
  id: number | null;
  title: string;
  selectedOptions: { name: string; value: string }[];
  price: string;
  compareAtPrice: string | null;
  sku: string | null;
  inventory: number | null;
  imageUrl: string | null;
}

/**
 * productSet: creates the product, or updates the one named by `identifier.id`/`identifier.handle`
 * or `input.id`. List fields given (variants, files, collections, productOptions) replace what was
 * there; variants match by id, then by option values; others are created. Returns the product id
 * or userErrors.
 */
export async function productSet(
  tx: Db,
  input: Record<string, any>,
  identifier: Record<string, any> | null | undefined,
  publicUrl: string,
): Promise<{ productId: number | null; userErrors: ProductUserError[] }> {
  const errors: ProductUserError[] = [];
  let existing: DemoProduct | null = null;
  const rawId = identifier?.id ?? input.id;
  if (rawId != null) {
    const id = parseId(rawId, 'Product');
    const [row] = id
      ? await tx.query('select id from demo_store.products where id = $1 for update', [id])
      : [];
    if (!row) {
      return {
        productId: null,
        userErrors: [
          {
            code: 'PRODUCT_DOES_NOT_EXIST',
            field: identifier?.id != null ? ['identifier', 'id'] : ['input', 'id'],
            message: 'Product does not exist',
          },
        ],
      };
    }
    existing = await loadProduct(tx, Number(row.id));
  } else if (identifier?.handle) {
    const [row] = await tx.query('select id from demo_store.products where handle = $1 for update', [
      identifier.handle,
    ]);
    if (row) existing = await loadProduct(tx, Number(row.id));
  }

  const title = input.title ?? existing?.title;
  if (!title || !String(title).trim()) {
    errors.push({ code: 'BLANK', field: ['input', 'title'], message: "Title can't be blank" });
  }
  // Options: given, else from the variants' option values, else kept, else Shopify's default.
  let options: { name: string; values: string[] }[] | undefined;
  if (Array.isArray(input.productOptions)) {
    options = input.productOptions.map((o: any) => ({
      name: String(o.name ?? ''),
      values: (o.values ?? []).map((v: any) => String(v.name ?? '')),
    }));
  }
  const variantInputs: any[] | undefined = Array.isArray(input.variants) ? input.variants : undefined;
  if (!options && variantInputs) {
    const derived: { name: string; values: string[] }[] = [];
    for (const v of variantInputs) {
      for (const [i, ov] of (v.optionValues ?? []).entries()) {
        const name = String(ov.optionName ?? derived[i]?.name ?? `Option ${i + 1}`);
        const option =
          derived.find((o) => o.name === name) ??
          (derived.push({ name, values: [] }), derived[derived.length - 1]);
        if (ov.name != null && !option.values.includes(String(ov.name))) option.values.push(String(ov.name));
      }
    }
    if (derived.length) options = derived;
  }
  options ??= existing?.options ?? [{ name: 'Title', values: ['Default Title'] }];

  let plans: VariantPlan[] | undefined;
  if (variantInputs) {
    plans = [];
    for (const [i, v] of variantInputs.entries()) {
      const selectedOptions = (v.optionValues ?? []).map((ov: any, j: number) => ({
        name: String(ov.optionName ?? options[j]?.name ?? `Option ${j + 1}`),
        value: String(ov.name ?? ''),
      }));
      let match = null as DemoProduct['variants'][number] | null;
      if (v.id != null) {
        const vid = parseId(v.id, 'ProductVariant');
        match = existing?.variants.find((x) => x.id === vid) ?? null;
        if (!match) {
          errors.push({
            code: 'PRODUCT_VARIANT_DOES_NOT_EXIST',
            field: ['input', 'variants', String(i), 'id'],
            message: 'Product variant does not exist',
          });
          continue;
        }
      } else {
        const key = JSON.stringify(selectedOptions.map((o: { value: string }) => o.value.toLowerCase()));
        match =
          existing?.variants.find(
            (x) =>
              JSON.stringify(x.selectedOptions.map((o) => o.value.toLowerCase())) === key &&
              !plans!.some((pl) => pl.id === x.id),
          ) ?? null;
      }
      if (v.price != null && !isDecimal(v.price)) {
        errors.push({
          code: 'INVALID',
          field: ['input', 'variants', String(i), 'price'],
          message: 'Price is invalid',
        });
        continue;
      }
      if (v.compareAtPrice != null && !isDecimal(v.compareAtPrice)) {
        errors.push({
          code: 'INVALID',
          field: ['input', 'variants', String(i), 'compareAtPrice'],
          message: 'Compare at price is invalid',
        });
        continue;
      }
      const tracked = v.inventoryItem?.tracked;
      const quantities: any[] | undefined = v.inventoryQuantities;
      const inventory = Array.isArray(quantities)
        ? Math.max(
            0,
            quantities.reduce((sum, q) => sum + Number(q.quantity ?? 0), 0),
          )
        : tracked === false
          ? null
          : tracked === true
            ? (match?.inventory ?? 0)
            : (match?.inventory ?? null);
      plans.push({
        id: match?.id ?? null,
        title: selectedOptions.map((o: { value: string }) => o.value).join(' / ') || 'Default Title',
        selectedOptions: selectedOptions.length
          ? selectedOptions
          : [{ name: 'Title', value: 'Default Title' }],
        price: v.price != null ? money(v.price) : (match?.price ?? '0.00'),
        compareAtPrice:
          v.compareAtPrice !== undefined
            ? v.compareAtPrice === null
              ? null
              : money(v.compareAtPrice)
            : (match?.compareAtPrice ?? null),
        sku: v.sku ?? v.inventoryItem?.sku ?? match?.sku ?? null,
        inventory,
        imageUrl: v.file?.originalSource ?? match?.imageUrl ?? null,
      });
    }
  }
  let collectionIds: number[] | undefined;
  if (Array.isArray(input.collections)) {
    collectionIds = [];
    for (const [i, c] of input.collections.entries()) {
      const cid = parseId(c, 'Collection');
      const [row] = cid ? await tx.query('select id from demo_store.collections where id = $1', [cid]) : [];
      if (!row)
        errors.push({
          code: 'INVALID',
          field: ['input', 'collections', String(i)],
          message: 'Collection does not exist',
        });
      else collectionIds.push(cid!);
    }
  }
  if (input.status != null && !['ACTIVE', 'ARCHIVED', 'DRAFT', 'UNLISTED'].includes(input.status)) {
    errors.push({ code: 'INVALID', field: ['input', 'status'], message: 'Status is invalid' });
  }
  let handle = existing?.handle;
  if (input.handle != null) {
    const wanted = handleize(String(input.handle));
    const [taken] = await tx.query('select id from demo_store.products where handle = $1 and id <> $2', [
      wanted,
      existing?.id ?? 0,
    ]);
    if (taken) {
      errors.push({
        code: 'HANDLE_NOT_UNIQUE',
        field: ['input', 'handle'],
        message: `Handle '${wanted}' already in use. Please provide a new handle.`,
      });
    }
    handle = wanted;
  }
  if (errors.length) return { productId: null, userErrors: errors };
  handle ??= await uniqueHandle(tx, handleize(String(title)), existing?.id ?? null);

  const images =
    Array.isArray(input.files) && input.files.length >= 0
      ? input.files
          .filter((f: any) => typeof f.originalSource === 'string' && f.originalSource)
          .map((f: any) => ({ src: f.originalSource, alt: f.alt ?? null }))
      : undefined;
  const fields = {
    handle,
    title: String(title).trim(),
    description_html: input.descriptionHtml ?? existing?.descriptionHtml ?? '',
    product_type: input.productType ?? existing?.productType ?? '',
    vendor: input.vendor ?? existing?.vendor ?? DEMO_SHOP.vendor,
    tags: input.tags ?? existing?.tags ?? [],
    status: input.status ?? existing?.status ?? 'ACTIVE',
    options: JSON.stringify(options),
    images: JSON.stringify(images ?? existing?.images ?? []),
  };
  let productId: number;
  if (existing) {
    productId = existing.id;
    await tx.query(
      `update demo_store.products set handle = $2, title = $3, description_html = $4, product_type = $5, vendor = $6,
         tags = $7, status = $8, options = $9, images = $10 where id = $1`,
      [productId, ...Object.values(fields)],
    );
  } else {
    const [row] = await tx.query<{ id: string }>(
      `insert into demo_store.products (handle, title, description_html, product_type, vendor, tags, status, options, images)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
      Object.values(fields),
    );
    productId = Number(row.id);
    plans ??= [
      {
        id: null,
        title: 'Default Title',
        selectedOptions: [{ name: 'Title', value: 'Default Title' }],
        price: '0.00',
        compareAtPrice: null,
        sku: null,
        inventory: null,
        imageUrl: null,
      },
    ];
  }
  if (plans) {
    const keep = plans.map((pl) => pl.id).filter((id): id is number => id !== null);
    await tx.query('delete from demo_store.variants where product_id = $1 and not (id = any($2::bigint[]))', [
      productId,
      keep,
    ]);
    for (const [i, pl] of plans.entries()) {
      const values = [
        i + 1,
        pl.title,
        pl.sku,
        pl.price,
        pl.compareAtPrice,
        pl.inventory,
        JSON.stringify(pl.selectedOptions),
        pl.imageUrl,
      ];
      if (pl.id) {
        await tx.query(
          `update demo_store.variants set position = $2, title = $3, sku = $4, price = $5, compare_at_price = $6,
             inventory = $7, selected_options = $8, image_url = $9,
             updated_at = date_trunc('milliseconds', clock_timestamp()) where id = $1`,
          [pl.id, ...values],
        );
      } else {
        await tx.query(
          `insert into demo_store.variants (product_id, position, title, sku, price, compare_at_price, inventory,
             selected_options, image_url) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [productId, ...values],
        );
      }
    }
  }
  if (collectionIds) {
    await tx.query('delete from demo_store.collection_products where product_id = $1', [productId]);
    for (const cid of collectionIds) {
      await tx.query(
        'insert into demo_store.collection_products (collection_id, product_id) values ($1, $2) on conflict do nothing',
        [cid, productId],
      );
    }
  }
  await productChanged(tx, productId, publicUrl, existing ? 'products/update' : 'products/create');
  return { productId, userErrors: [] };
}

/** productUpdate(product: ProductUpdateInput): the fields given; collectionsToJoin/Leave. */
export async function productUpdate(
  tx: Db,
  input: Record<string, any> | null | undefined,
  publicUrl: string,
): Promise<{ productId: number | null; userErrors: ProductUserError[] }> {
  const id = parseId(input?.id, 'Product');
  const [row] = id ? await tx.query('select id from demo_store.products where id = $1 for update', [id]) : [];
  if (!input || !row)
    return { productId: null, userErrors: [{ field: ['id'], message: 'Product does not exist' }] };
  const sets: string[] = [];
  const params: unknown[] = [id];
  const set = (column: string, value: unknown) => {
    params.push(value);
    sets.push(`${column} = $${params.length}`);
  };
  if (input.title != null) {
    if (!String(input.title).trim())
      return { productId: null, userErrors: [{ field: ['title'], message: "Title can't be blank" }] };
    set('title', String(input.title).trim());
  }
  if (input.descriptionHtml != null) set('description_html', input.descriptionHtml);
  if (input.productType != null) set('product_type', input.productType);
  if (input.vendor != null) set('vendor', input.vendor);
  if (input.tags != null) set('tags', input.tags);
  if (input.status != null) set('status', input.status);
  if (input.handle != null) {
    const handle = handleize(String(input.handle));
    const [taken] = await tx.query('select id from demo_store.products where handle = $1 and id <> $2', [
      handle,
      id,
    ]);
    if (taken)
      return {
        productId: null,
        userErrors: [{ field: ['handle'], message: `Handle '${handle}' already in use` }],
      };
    set('handle', handle);
  }
  if (sets.length) await tx.query(`update demo_store.products set ${sets.join(', ')} where id = $1`, params);
  for (const c of input.collectionsToJoin ?? []) {
    const cid = parseId(c, 'Collection');
    if (cid) {
      await tx.query(
        `insert into demo_store.collection_products (collection_id, product_id)
         select $1, $2 where exists (select 1 from demo_store.collections where id = $1) on conflict do nothing`,
        [cid, id],
      );
    }
  }
  for (const c of input.collectionsToLeave ?? []) {
    const cid = parseId(c, 'Collection');
    if (cid)
      await tx.query(
        'delete from demo_store.collection_products where collection_id = $1 and product_id = $2',
        [cid, id],
      );
  }
  await productChanged(tx, id!, publicUrl);
  return { productId: id, userErrors: [] };
}

/**
 * The control endpoint's change: title, price (every variant, or `variantId`'s) and stock
 * (`inventory`, every tracked-or-not variant, or `variantId`'s). Sends products/update.
 */
export async function controlUpdateProduct(
  tx: Db,
  id: number,
  body: { title?: unknown; price?: unknown; inventory?: unknown; variantId?: unknown; status?: unknown },
  publicUrl: string,
): Promise<{ error?: string; notFound?: boolean }> {
  const [row] = await tx.query('select id from demo_store.products where id = $1 for update', [id]);
  if (!row) return { notFound: true };
  const variantId = body.variantId == null ? null : parseId(body.variantId, 'ProductVariant');
  if (body.variantId != null && !variantId) return { error: 'variantId is not a variant id' };
  if (body.title !== undefined) {
    if (typeof body.title !== 'string' || !body.title.trim())
      return { error: 'title must be a non-empty string' };
    await tx.query('update demo_store.products set title = $2 where id = $1', [id, body.title.trim()]);
  }
  if (body.status !== undefined) {
    if (!['ACTIVE', 'ARCHIVED', 'DRAFT'].includes(String(body.status)))
      return { error: 'status must be ACTIVE, ARCHIVED or DRAFT' };
    await tx.query('update demo_store.products set status = $2 where id = $1', [id, body.status]);
  }
  const scope = variantId ? 'product_id = $1 and id = $3' : 'product_id = $1';
  if (body.price !== undefined) {
    if (!isDecimal(body.price)) return { error: 'price must be a decimal such as "12.50"' };
    await tx.query(
      `update demo_store.variants set price = $2, updated_at = date_trunc('milliseconds', clock_timestamp()) where ${scope}`,
      variantId ? [id, money(body.price), variantId] : [id, money(body.price)],
    );
  }
  if (body.inventory !== undefined) {
    const inventory = body.inventory;
    if (inventory !== null && !(Number.isInteger(inventory) && (inventory as number) >= 0)) {
      return { error: 'inventory must be a whole number ≥ 0 (or null: not tracked)' };
    }
    await tx.query(
      `update demo_store.variants set inventory = $2, updated_at = date_trunc('milliseconds', clock_timestamp()) where ${scope}`,
      variantId ? [id, inventory, variantId] : [id, inventory],
    );
  }
  await productChanged(tx, id, publicUrl);
  return {};
}

/** Deletes a product (its variants and collection memberships); sends products/delete `{ id }`. */
export async function deleteProduct(tx: Db, id: number): Promise<boolean> {
  const deleted = await tx.query('delete from demo_store.products where id = $1 returning id', [id]);
  if (!deleted.length) return false;
  await enqueueWebhook(tx, 'products/delete', { id });
  return true;
}
