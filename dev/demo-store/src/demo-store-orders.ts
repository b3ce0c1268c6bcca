import { randomBytes } from 'node:crypto';
import type { Db } from './demo-store-query';
import { productChanged } from './demo-store-products';
import { DEMO_SHOP } from './demo-store-seed';
import { enqueueWebhook } from './demo-store-webhooks';
import { cents, fromCents, gid, iso, money } from './demo-store-ids';

/**
 * The demo store's orders: placed from the checkout page (or the test control), paid, fulfilled,
 * refunded, cancelled. Stock is taken with a conditional update (never below 0, in the order's
 * transaction); every change sends Shopify's order webhooks after it commits.
 */

/** An order that cannot be placed as asked (sold out, unknown variant, …): shown to the buyer. */
export class OrderRefusedError extends Error {}

export interface OrderLineInput {
  variantId: number;
  quantity: number;
}

export interface PlaceOrderInput {
  email: string;
  lines: OrderLineInput[];
  paid: boolean;
  customerName?: string | null;
  shippingAddress?: Record<string, string> | null;
  cartToken?: string | null;
}

export interface OrderRow {
  id: string;
  number: number;
  status_token: string;
  cart_token: string | null;
  email: string;
  customer_name: string | null;
  shipping_address: Record<string, string> | null;
  financial_status: string;
  fulfillment_status: string | null;
  currency: string;
  total_price: string;
  fulfillments: Record<string, unknown>[];
  cancelled_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface OrderLineRow {
  id: string;
  variant_id: string;
  product_id: string;
  sku: string | null;
  title: string;
  variant_title: string | null;
  quantity: number;
  price: string;
}

export function orderName(order: { number: number }): string {
  return `#${order.number}`;
}

export function orderStatusUrl(order: { status_token: string }, publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/demo-store/orders/${order.status_token}`;
}

/** Places an order: takes the stock of every line or refuses the whole order. */
export async function placeOrder(tx: Db, input: PlaceOrderInput, publicUrl: string): Promise<OrderRow> {
  // One line per variant (quantities added), in a stable order so concurrent orders lock alike.
  const merged = new Map<number, number>();
  for (const line of input.lines)
    merged.set(line.variantId, (merged.get(line.variantId) ?? 0) + line.quantity);
  if (merged.size === 0) throw new OrderRefusedError('The order has no lines.');
  const taken: (Record<string, any> & { quantity: number })[] = [];
  for (const [variantId, quantity] of [...merged].sort((a, b) => a[0] - b[0])) {
    if (!Number.isInteger(quantity) || quantity < 1)
      throw new OrderRefusedError('Quantities must be whole numbers ≥ 1.');
    const [row] = await tx.query(
      `update demo_store.variants v
         set inventory = case when v.inventory is null then null else v.inventory - $2 end,
             updated_at = case when v.inventory is null then v.updated_at
                               else date_trunc('milliseconds', clock_timestamp()) end
       from demo_store.products p
       where v.id = $1 and p.id = v.product_id and p.status = 'ACTIVE' and (v.inventory is null or v.inventory >= $2)
       returning v.id, v.product_id, v.sku, v.title as variant_title, v.price, v.inventory, p.title`,
      [variantId, quantity],
    );
    if (!row) throw new OrderRefusedError(await refusal(tx, variantId, quantity));
    taken.push({ ...row, quantity });
  }
  const total = taken.reduce((sum, line) => sum + cents(line.price) * line.quantity, 0);
  const [order] = await tx.query<OrderRow>(
    `insert into demo_store.orders (status_token, cart_token, email, customer_name, shipping_address,
       financial_status, currency, total_price)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning *`,
    [
      randomBytes(16).toString('hex'),
      input.cartToken ?? null,
      input.email,
      input.customerName ?? null,
      input.shippingAddress ? JSON.stringify(input.shippingAddress) : null,
      input.paid ? 'paid' : 'pending',
      DEMO_SHOP.currencyCode,
      fromCents(total),
    ],
  );
  // Line items in the buyer's order (stock was taken in id order).
  const position = [...merged.keys()];
  taken.sort((a, b) => position.indexOf(Number(a.id)) - position.indexOf(Number(b.id)));
  for (const line of taken) {
    await tx.query(
      `insert into demo_store.order_lines (order_id, variant_id, product_id, sku, title, variant_title, quantity, price)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        order.id,
        line.id,
        line.product_id,
        line.sku,
        line.title,
        line.variant_title === 'Default Title' ? null : line.variant_title,
        line.quantity,
        line.price,
      ],
    );
  }
  await sendOrderWebhooks(
    tx,
    Number(order.id),
    input.paid ? ['orders/create', 'orders/paid'] : ['orders/create'],
    publicUrl,
  );
  // Stock changed: the products' updated_at moves and products/update goes out (DRX's cache follows).
  const tracked = new Set(taken.filter((l) => l.inventory !== null).map((l) => Number(l.product_id)));
  for (const productId of tracked) await productChanged(tx, productId, publicUrl);
  return order;
}

async function refusal(tx: Db, variantId: number, quantity: number): Promise<string> {
  const [v] = await tx.query(
    `select v.title as variant_title, v.inventory, p.title, p.status from demo_store.variants v
     join demo_store.products p on p.id = v.product_id where v.id = $1`,
    [variantId],
  );
  if (!v) return 'An item in this order is no longer sold.';
  const name = v.variant_title === 'Default Title' ? v.title : `${v.title} (${v.variant_title})`;
  if (v.status !== 'ACTIVE') return `${name} is no longer available.`;
  if (!v.inventory) return `${name} is sold out.`;
  return `Only ${v.inventory} of ${name} ${v.inventory === 1 ? 'is' : 'are'} left (you asked for ${quantity}).`;
}

export async function loadOrder(
  db: Db,
  id: number,
): Promise<{ order: OrderRow; lines: OrderLineRow[] } | null> {
  const [order] = await db.query<OrderRow>('select * from demo_store.orders where id = $1', [id]);
  if (!order) return null;
  const lines = await db.query<OrderLineRow>(
    'select * from demo_store.order_lines where order_id = $1 order by id',
    [id],
  );
  return { order, lines };
}

/** The REST shape of an order in orders/* webhooks (a subset of Shopify's). */
export function orderPayload(
  order: OrderRow,
  lines: OrderLineRow[],
  publicUrl: string,
): Record<string, unknown> {
  const id = Number(order.id);
  const [first, ...rest] = (order.customer_name ?? '').split(' ');
  return {
    id,
    admin_graphql_api_id: gid('Order', id),
    name: orderName(order),
    order_number: order.number,
    number: order.number - 1000,
    email: order.email,
    contact_email: order.email,
    cart_token: order.cart_token,
    created_at: iso(order.created_at),
    updated_at: iso(order.updated_at),
    processed_at: iso(order.created_at),
    cancelled_at: order.cancelled_at ? iso(order.cancelled_at) : null,
    financial_status: order.financial_status,
    fulfillment_status: order.fulfillment_status,
    currency: order.currency,
    presentment_currency: order.currency,
    total_price: money(order.total_price),
    subtotal_price: money(order.total_price),
    total_tax: '0.00',
    test: true,
    order_status_url: orderStatusUrl(order, publicUrl),
    customer: order.customer_name
      ? { email: order.email, first_name: first || null, last_name: rest.join(' ') || null }
      : null,
    shipping_address: order.shipping_address,
    line_items: lines.map((l) => ({
      id: Number(l.id),
      admin_graphql_api_id: gid('LineItem', l.id),
      variant_id: Number(l.variant_id),
      product_id: Number(l.product_id),
      sku: l.sku,
      title: l.title,
      variant_title: l.variant_title,
      name: l.variant_title ? `${l.title} - ${l.variant_title}` : l.title,
      quantity: l.quantity,
      price: money(l.price),
      fulfillment_status: order.fulfillment_status === 'fulfilled' ? 'fulfilled' : null,
    })),
    fulfillments: order.fulfillments,
    refunds: [],
  };
}

async function sendOrderWebhooks(tx: Db, id: number, topics: string[], publicUrl: string): Promise<void> {
  const loaded = await loadOrder(tx, id);
  if (!loaded) return;
  const payload = orderPayload(loaded.order, loaded.lines, publicUrl);
  for (const topic of topics) await enqueueWebhook(tx, topic, payload);
}

/** The order, locked for a change; null when unknown. */
async function lockOrder(tx: Db, id: number): Promise<OrderRow | null> {
  const [order] = await tx.query<OrderRow>('select * from demo_store.orders where id = $1 for update', [id]);
  return order ?? null;
}

const NOW = `date_trunc('milliseconds', clock_timestamp())`;

export async function payOrder(tx: Db, id: number, publicUrl: string): Promise<string | null> {
  const order = await lockOrder(tx, id);
  if (!order) return 'not found';
  if (order.financial_status !== 'pending' || order.cancelled_at)
    return `The order is ${order.cancelled_at ? 'cancelled' : order.financial_status}.`;
  await tx.query(
    `update demo_store.orders set financial_status = 'paid', updated_at = ${NOW} where id = $1`,
    [id],
  );
  await sendOrderWebhooks(tx, id, ['orders/paid', 'orders/updated'], publicUrl);
  return null;
}

export async function fulfillOrder(
  tx: Db,
  id: number,
  tracking: { trackingNumber?: string | null; trackingUrl?: string | null; trackingCompany?: string | null },
  publicUrl: string,
): Promise<string | null> {
  const order = await lockOrder(tx, id);
  if (!order) return 'not found';
  if (order.cancelled_at) return 'The order is cancelled.';
  if (order.fulfillment_status === 'fulfilled') return 'The order is fulfilled already.';
  const lines = await tx.query<OrderLineRow>(
    'select * from demo_store.order_lines where order_id = $1 order by id',
    [id],
  );
  const fulfillment = {
    id: Number(`${order.number}${order.fulfillments.length + 1}`),
    order_id: Number(order.id),
    status: 'success',
    created_at: new Date().toISOString(),
    tracking_company: tracking.trackingCompany ?? null,
    tracking_number: tracking.trackingNumber ?? null,
    tracking_numbers: tracking.trackingNumber ? [tracking.trackingNumber] : [],
    tracking_url: tracking.trackingUrl ?? null,
    tracking_urls: tracking.trackingUrl ? [tracking.trackingUrl] : [],
    line_items: lines.map((l) => ({ id: Number(l.id), quantity: l.quantity, sku: l.sku })),
  };
  await tx.query(
    `update demo_store.orders set fulfillment_status = 'fulfilled', fulfillments = fulfillments || $2::jsonb,
       updated_at = ${NOW} where id = $1`,
    [id, JSON.stringify([fulfillment])],
  );
  await sendOrderWebhooks(tx, id, ['orders/fulfilled', 'orders/updated'], publicUrl);
  return null;
}

/** Refunds every line (no restock, as Shopify's default): refunds/create, then orders/updated. */
export async function refundOrder(tx: Db, id: number, publicUrl: string): Promise<string | null> {
  const order = await lockOrder(tx, id);
  if (!order) return 'not found';
  if (order.financial_status === 'refunded') return 'The order is refunded already.';
  if (order.financial_status !== 'paid') return `The order is ${order.financial_status}: nothing to refund.`;
  const lines = await tx.query<OrderLineRow>(
    'select * from demo_store.order_lines where order_id = $1 order by id',
    [id],
  );
  const [refund] = await tx.query<{ id: string; created_at: Date }>(
    'insert into demo_store.refunds (order_id) values ($1) returning id, created_at',
    [id],
  );
  await tx.query(
    `update demo_store.orders set financial_status = 'refunded', updated_at = ${NOW} where id = $1`,
    [id],
  );
  await enqueueWebhook(tx, 'refunds/create', {
    id: Number(refund.id),
    admin_graphql_api_id: gid('Refund', refund.id),
    order_id: Number(order.id),
    created_at: iso(refund.created_at),
    processed_at: iso(refund.created_at),
    note: 'Refunded in the DRX demo store',
    restock: false,
    refund_line_items: lines.map((l, i) => ({
      id: Number(refund.id) * 100 + i + 1,
      line_item_id: Number(l.id),
      quantity: l.quantity,
      restock_type: 'no_restock',
      subtotal: (cents(l.price) * l.quantity) / 100,
      line_item: {
        id: Number(l.id),
        variant_id: Number(l.variant_id),
        sku: l.sku,
        title: l.title,
        quantity: l.quantity,
      },
    })),
    transactions: [
      { kind: 'refund', status: 'success', amount: money(order.total_price), currency: order.currency },
    ],
  });
  await sendOrderWebhooks(tx, id, ['orders/updated'], publicUrl);
  return null;
}

/** Cancels the order: stock goes back; a paid order is refunded, a pending one voided. */
export async function cancelOrder(tx: Db, id: number, publicUrl: string): Promise<string | null> {
  const order = await lockOrder(tx, id);
  if (!order) return 'not found';
  if (order.cancelled_at) return 'The order is cancelled already.';
  const status =
    order.financial_status === 'paid'
      ? 'refunded'
      : order.financial_status === 'pending'
        ? 'voided'
        : order.financial_status;
  await tx.query(
    `update demo_store.orders set cancelled_at = ${NOW}, financial_status = $2, updated_at = ${NOW} where id = $1`,
    [id, status],
  );
  const restocked = await tx.query<{ product_id: string }>(
    `update demo_store.variants v set inventory = v.inventory + l.quantity, updated_at = ${NOW}
     from demo_store.order_lines l where l.order_id = $1 and v.id = l.variant_id and v.inventory is not null
     returning v.product_id`,
    [id],
  );
  await sendOrderWebhooks(tx, id, ['orders/cancelled', 'orders/updated'], publicUrl);
  for (const productId of new Set(restocked.map((r) => Number(r.product_id)))) {
    await productChanged(tx, productId, publicUrl);
  }
  return null;
}
