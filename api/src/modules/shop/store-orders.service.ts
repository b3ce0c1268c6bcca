import type { EntityManager } from '@mikro-orm/postgresql';
import type { ConnectionShape } from '../../graphql/connection';
import { type SortKey, isIsoDate, isText, keysetConnection, keysetPage } from '../../graphql/keyset';
import { recordStorePayment } from '../orders';
import { verifiedAccountByEmailSql } from '../users';
import { parseDrxSku, type StoreOrderData, type StoreRefundData } from './store-order-payload';
import type { StoreOrder, StoreOrderLine } from './store-orders.types';

/**
 * The store's orders as its webhooks report them (store_orders). The store is the system of record;
 * DRX keeps the newest state it was told: an order webhook with an older `updated_at` than the row
 * never overwrites it (conditional upsert), whatever order the deliveries arrive in. The order
 * belongs to the member who checked out its store cart while signed in (shop-checkout.service.ts),
 * else to the DRX account that verified the buyer's email (any letter case; one account at most may
 * verify an address), kept once matched while the order's email stays the same. An account that
 * only typed the address at registration gets nothing until it proves the address is its own.
 */

/** The account a buyer's email names: the one that verified that email, in any letter case. */
export const ACCOUNT_BY_EMAIL_SQL = verifiedAccountByEmailSql('?::text');

/**
 * The account an order belongs to when it is first seen: the member who checked out the store cart
 * it came from (shop_checkout_carts, written by the shop's checkout for a signed-in member), else the
 * one that verified the buyer's email. Parameters: the cart token, then the email.
 */
const ORDER_ACCOUNT_SQL = `coalesce((select c.user_id from shop_checkout_carts c where c.cart_token = ?::text),
  ${ACCOUNT_BY_EMAIL_SQL})`;

export interface StoredOrderRow {
  id: string;
  user_id: string | null;
  email: string | null;
  financial_status: string | null;
  cancelled_at: Date | string | null;
  lines: StoredLine[];
  refunds: Record<string, Record<string, number>>;
}

/** A line as kept in store_orders.lines. */
export interface StoredLine {
  id: string;
  title: string;
  variantTitle: string | null;
  quantity: number;
  price: string;
  sku: string | null;
  variantId: string | null;
  productId: string | null;
}

export interface UpsertOutcome {
  /** False when the row holds a newer state than the payload (nothing was written). */
  applied: boolean;
  /** True when the order was new to DRX. */
  inserted: boolean;
  userId: string | null;
}

/**
 * Inserts or updates the order from a payload, inside the caller's transaction. The row is locked
 * until it commits (the upsert takes the lock even when the payload is stale), so every webhook of
 * one order is handled one after the other. On the first sight of an order of a known member, the
 * variants it bought leave that member's shop bag.
 */
export async function upsertStoreOrder(em: EntityManager, order: StoreOrderData): Promise<UpsertOutcome> {
  const lines: StoredLine[] = order.lines.map((l) => ({
    id: l.id,
    title: l.title,
    variantTitle: l.variantTitle,
    quantity: l.quantity,
    price: l.price,
    sku: l.sku,
    variantId: l.variantId,
    productId: l.productId,
  }));
  const rows = await em.execute<{ inserted: boolean; user_id: string | null }[]>(
    `insert into store_orders as o (id, name, email, user_id, financial_status, fulfillment_status, cancelled_at,
       currency_code, total_price, lines, tracking_number, tracking_url, tracking_company, status_url, customer_name,
       store_created_at, store_updated_at, updated_at)
     values (?, ?, ?, ${ORDER_ACCOUNT_SQL}, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?, ?, now())
     on conflict (id) do update set
       name = excluded.name,
       email = excluded.email,
       user_id = case when lower(excluded.email) is not distinct from lower(o.email)
         then coalesce(o.user_id, excluded.user_id) else excluded.user_id end,
       financial_status = excluded.financial_status,
       fulfillment_status = excluded.fulfillment_status,
       cancelled_at = excluded.cancelled_at,
       currency_code = excluded.currency_code,
       total_price = excluded.total_price,
       lines = excluded.lines,
       tracking_number = excluded.tracking_number,
       tracking_url = excluded.tracking_url,
       tracking_company = excluded.tracking_company,
       status_url = excluded.status_url,
       customer_name = excluded.customer_name,
       store_updated_at = excluded.store_updated_at,
       updated_at = now()
     where o.store_updated_at <= excluded.store_updated_at
     returning (xmax = 0) as inserted, user_id`,
    [
      order.id,
      order.name,
      order.email,
      order.cartToken,
      order.email,
      order.financialStatus,
      order.fulfillmentStatus,
      order.cancelledAt,
      order.currencyCode,
      order.totalPrice,
      JSON.stringify(lines),
      order.trackingNumber,
      order.trackingUrl,
      order.trackingCompany,
      order.statusUrl,
      order.customerName,
      order.createdAt,
      order.updatedAt,
    ],
  );
  const row = rows[0];
  if (!row) return { applied: false, inserted: false, userId: null };
  await syncStoreOrderMirrors(em, [order.id]);
  if (row.inserted && row.user_id) {
    const variantIds = lines.flatMap((l) => (l.variantId ? [l.variantId] : []));
    if (variantIds.length) {
      await em.execute(
        `delete from shop_bag_items where user_id = ? and variant_id in (${variantIds.map(() => '?').join(', ')})`,
        [row.user_id, ...variantIds],
      );
    }
  }
  return { applied: true, inserted: row.inserted, userId: row.user_id };
}

/**
 * Records a refund's lines on its order (refunds/create), keyed by the refund's id so the same
 * refund told twice counts once. Returns the order's row after it, or null when DRX does not know
 * the order yet.
 */
export async function recordStoreRefund(
  em: EntityManager,
  refund: StoreRefundData,
): Promise<StoredOrderRow | null> {
  const quantities: Record<string, number> = {};
  for (const line of refund.lines) quantities[line.lineId] = (quantities[line.lineId] ?? 0) + line.quantity;
  const rows = await em.execute<{ id: string }[]>(
    `update store_orders set refunds = refunds || jsonb_build_object(?::text, ?::jsonb), updated_at = now()
     where id = ? returning id`,
    [refund.id, JSON.stringify(quantities), refund.orderId],
  );
  if (!rows.length) return null;
  await syncStoreOrderMirrors(em, [refund.orderId]);
  return storedOrder(em, refund.orderId);
}

/** The order's row as the entitlement rules read it (in the caller's transaction). */
export async function storedOrder(em: EntityManager, orderId: string): Promise<StoredOrderRow | null> {
  const [row] = await em.execute<StoredOrderRow[]>(
    `select id, user_id, email, financial_status, cancelled_at, lines, refunds from store_orders where id = ?`,
    [orderId],
  );
  return row ?? null;
}

/** How much of each line the order's refunds gave back. */
export function refundedQuantities(
  refunds: StoredOrderRow['refunds'] | null | undefined,
): Map<string, number> {
  const out = new Map<string, number>();
  for (const lines of Object.values(refunds ?? {})) {
    for (const [lineId, quantity] of Object.entries(lines ?? {})) {
      out.set(lineId, (out.get(lineId) ?? 0) + Number(quantity || 0));
    }
  }
  return out;
}

/**
 * Gives an account the store orders placed with its email that nobody holds, once the email is
 * proven its own (registration with the invitation, storeClaimInvite or the verification, in
 * its transaction).
 */
export async function claimStoreOrders(em: EntityManager, userId: string, email: string): Promise<void> {
  const claimed = await em.execute<{ id: string }[]>(
    `update store_orders set user_id = ? where user_id is null and lower(email) = lower(?::text) returning id`,
    [userId, email],
  );
  await syncStoreOrderMirrors(
    em,
    claimed.map((r) => r.id),
  );
}

/** What the store's refunds gave back of an order, its hundredths: every line's price × quantity refunded. */
function refundedCentsOf(lines: StoredLine[], refunds: StoredOrderRow['refunds']): number {
  const refunded = refundedQuantities(refunds);
  return lines.reduce(
    (sum, line) =>
      sum + Math.round(Number(line.price) * 100) * Math.min(line.quantity, refunded.get(line.id) ?? 0),
    0,
  );
}

/**
 * Each store order that belongs to an account is an order of kind `store` of the one order
 * lifecycle (issue 32, goal 3), placed and moved by the orders module (orders/mirrored-orders.ts)
 * to the state the store last told, in the caller's transaction (the store order's row locked):
 * paid (`paid`), refunded as far as its refunds go (`refunded`, `partially_refunded`), canceled
 * (`voided`, or cancelled before any payment), else pending. The row keeps its order's id.
 */
export async function syncStoreOrderMirrors(
  em: EntityManager,
  storeOrderIds: readonly string[],
): Promise<void> {
  if (!storeOrderIds.length) return;
  const rows = await em.execute<
    (Omit<StoredOrderRow, 'email'> & {
      order_id: string | null;
      currency_code: string;
      total_price: string;
      store_created_at: Date | string;
    })[]
  >(
    `select id, user_id, order_id, financial_status, cancelled_at, currency_code, total_price, lines, refunds,
       store_created_at
     from store_orders where id in (${storeOrderIds.map(() => '?').join(', ')}) and user_id is not null
     order by id for update`,
    [...storeOrderIds],
  );
  for (const row of rows) {
    const totalCents = Math.round(Number(row.total_price) * 100);
    const financial = row.financial_status;
    const refundedCents =
      financial === 'refunded'
        ? totalCents
        : financial === 'partially_refunded'
          ? Math.min(totalCents, refundedCentsOf(row.lines ?? [], row.refunds))
          : 0;
    const status =
      financial === 'refunded' || financial === 'partially_refunded'
        ? 'refunded'
        : financial === 'paid'
          ? 'paid'
          : financial === 'voided' || row.cancelled_at
            ? 'canceled'
            : 'pending';
    const orderId = await recordStorePayment(em, {
      storeOrderId: row.id,
      userId: row.user_id!,
      currency: row.currency_code,
      totalCents,
      status,
      refundedCents,
      paidAt: new Date(row.store_created_at),
      orderId: row.order_id,
    });
    if (!row.order_id)
      await em.execute(`update store_orders set order_id = ? where id = ?`, [orderId, row.id]);
  }
}

// ---------------------------------------------------------------- reading

/** The human status of an order, as members read it. */
export function storeOrderStatus(row: {
  cancelled_at: Date | string | null;
  financial_status: string | null;
  fulfillment_status: string | null;
}): string {
  if (row.cancelled_at) return 'Cancelled';
  switch (row.financial_status) {
    case 'refunded':
      return 'Refunded';
    case 'voided':
      return 'Voided';
    case 'partially_refunded':
      return 'Partially refunded';
  }
  if (row.fulfillment_status === 'fulfilled') return 'Fulfilled';
  if (row.fulfillment_status === 'partial') return 'Partially fulfilled';
  if (row.financial_status === 'paid') return 'Paid';
  if (row.financial_status === 'partially_paid') return 'Partially paid';
  return 'Pending';
}

interface OrderRow {
  id: string;
  name: string;
  email: string | null;
  financial_status: string | null;
  fulfillment_status: string | null;
  cancelled_at: Date | string | null;
  currency_code: string;
  total_price: string;
  lines: StoredLine[];
  refunds: StoredOrderRow['refunds'];
  tracking_number: string | null;
  tracking_url: string | null;
  tracking_company: string | null;
  status_url: string | null;
  customer_name: string | null;
  store_created_at: Date | string;
}

function toStoreOrder(row: OrderRow): StoreOrder {
  const refunded = refundedQuantities(row.refunds);
  const currencyCode = row.currency_code;
  const lines: StoreOrderLine[] = (row.lines ?? []).map((line) => {
    const item = parseDrxSku(line.sku);
    return {
      title: line.title,
      variantTitle: line.variantTitle ?? null,
      quantity: line.quantity,
      refundedQuantity: Math.min(line.quantity, refunded.get(line.id) ?? 0),
      price: { amount: Number(line.price).toFixed(2), currencyCode },
      sku: line.sku ?? null,
      drxItemType: item?.itemType ?? null,
      drxItemId: item?.itemId ?? null,
    };
  });
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    // Raw statements return timestamps as text.
    createdAt: new Date(row.store_created_at),
    financialStatus: row.financial_status,
    fulfillmentStatus: row.fulfillment_status,
    cancelledAt: row.cancelled_at === null ? null : new Date(row.cancelled_at),
    status: storeOrderStatus(row),
    total: { amount: Number(row.total_price).toFixed(2), currencyCode },
    lines,
    trackingNumber: row.tracking_number,
    trackingUrl: row.tracking_url,
    trackingCompany: row.tracking_company,
    statusUrl: row.status_url,
    customerName: row.customer_name,
  };
}

const ORDER_KEYS: SortKey[] = [
  { expr: 'o.store_created_at', params: [], desc: true, cast: 'timestamptz', check: isIsoDate },
  { expr: 'o.id', params: [], desc: true, cast: 'text', check: isText },
];

/**
 * Store orders, newest first: the member's own (`userId`), or every order (`userId` null — the
 * resolver lets only admins ask for that).
 */
export async function listStoreOrders(
  em: EntityManager,
  userId: string | null,
  first: number,
  after: string | null | undefined,
): Promise<ConnectionShape<StoreOrder>> {
  const page = keysetPage({
    from: 'store_orders o',
    alias: 'o',
    where: userId ? { sql: 'o.user_id = ?', params: [userId] } : { sql: 'true', params: [] },
    sort: userId ? 'store-orders-own' : 'store-orders-all',
    keys: ORDER_KEYS,
    first,
    after,
  });
  return keysetConnection<StoreOrder>({
    execute: (sql, params) => em.execute(sql, params),
    page,
    first,
    after,
    load: async (ids) => {
      if (!ids.length) return [];
      const rows = await em.execute<OrderRow[]>(
        `select id, name, email, financial_status, fulfillment_status, cancelled_at, currency_code, total_price,
           lines, refunds, tracking_number, tracking_url, tracking_company, status_url, customer_name, store_created_at
         from store_orders where id in (${ids.map(() => '?').join(', ')})`,
        ids,
      );
      return rows.map(toStoreOrder);
    },
  });
}
