import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The order lifecycle: the one place an order is placed and moves between its states. Cart
 * checkout, paid bookings, lesson-credit bookings, membership payments and the connected store's
 * orders all place and move their orders through these functions (the last two through
 * mirrored-orders.ts); each move is one conditional UPDATE (`where status in (…)`), so two
 * concurrent moves of one order cannot both happen — the loser gets nothing back and says so
 * (issue 32, goal 3).
 */
export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'canceled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Where an order may go from each status. `pending` has its payment started when a payment
 * reference is recorded (`recordPaymentStarted`: still pending); a failed payment may still be
 * followed by a late success; a refund may come in parts (a booking refunded again later).
 */
export const ORDER_TRANSITIONS = {
  pending: ['paid', 'failed', 'canceled', 'refunded'],
  failed: ['paid', 'canceled', 'refunded'],
  paid: ['refunded'],
  refunded: ['refunded'],
  // A payment that arrives after its checkout was canceled is refunded at once (payment-events.ts).
  canceled: ['refunded'],
} as const satisfies Record<OrderStatus, readonly OrderStatus[]>;

/** The statuses an order may move to `To` from, by the table above. */
export type FromStatus<To extends OrderStatus> = {
  [F in OrderStatus]: To extends (typeof ORDER_TRANSITIONS)[F][number] ? F : never;
}[OrderStatus];

/**
 * What an order is of: `cart` and `booking` are sold by DRX (checkout, bookings) and are the orders
 * the API lists (`orders`, `adminOrders`, `order`, receipts); `membership` is one payment of a
 * membership (an invoice) and `store` one order of the connected store (its system of record is
 * the store), both placed and moved by mirrored-orders.ts.
 */
export const ORDER_KINDS = ['cart', 'booking', 'membership', 'store'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];
/** The kinds DRX sells itself: the orders of the orders API. */
export const SOLD_ORDER_KINDS = ['cart', 'booking'] as const satisfies readonly OrderKind[];
export type SoldOrderKind = (typeof SOLD_ORDER_KINDS)[number];

const placeholders = (values: readonly unknown[]) => values.map(() => '?').join(', ');

/** A new order (US dollars unless said). A credit-paid order is placed paid and fulfilled at once. */
export interface OrderDraft {
  id: string;
  userId: string;
  kind: OrderKind;
  /** The number people see; the next DRX-000123 when not given. */
  number?: string;
  /** ISO 4217; USD when not given (a store order is in its store's currency). */
  currency?: string;
  status: 'pending' | 'paid';
  subtotalCents: number;
  memberDiscountPercent?: number;
  memberDiscountCents?: number;
  discountCents?: number;
  creditCents?: number;
  totalCents: number;
  paymentProvider: string;
  /** Unique per member: a second order with the same key is not placed (`placeOrder` answers false). */
  idempotencyKey: string;
  coupon?: { id: string; code: string } | null;
}

/** Places an order; false when the member already has one with its idempotency key (or another open checkout). */
export async function placeOrder(em: EntityManager, draft: OrderDraft): Promise<boolean> {
  const paid = draft.status === 'paid';
  const rows = await em.execute<{ id: string }[]>(
    // Without a number given, the column's default numbers it (the next DRX-000123).
    `insert into orders (id, ${draft.number ? 'number, ' : ''}user_id, kind, status, currency, subtotal_cents,
       member_discount_percent, member_discount_cents, discount_cents, credit_cents, total_cents, payment_provider,
       idempotency_key, coupon_id, coupon_code, created_at, updated_at, paid_at, fulfilled_at)
     values (?, ${draft.number ? '?, ' : ''}?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, clock_timestamp(),
       clock_timestamp(), case when ? then clock_timestamp() end, case when ? then clock_timestamp() end)
     on conflict do nothing returning id`,
    [
      draft.id,
      ...(draft.number ? [draft.number] : []),
      draft.userId,
      draft.kind,
      draft.status,
      draft.currency ?? 'USD',
      draft.subtotalCents,
      draft.memberDiscountPercent ?? 0,
      draft.memberDiscountCents ?? 0,
      draft.discountCents ?? 0,
      draft.creditCents ?? 0,
      draft.totalCents,
      draft.paymentProvider,
      draft.idempotencyKey,
      draft.coupon?.id ?? null,
      draft.coupon?.code ?? null,
      paid,
      paid,
    ],
  );
  return rows.length > 0;
}

/** Records the payment started for a pending order that has none yet; false when it had one or moved on. */
export async function recordPaymentStarted(
  em: EntityManager,
  orderId: string,
  reference: string,
): Promise<boolean> {
  const rows = await em.execute<{ id: string }[]>(
    `update orders set payment_reference = ?, updated_at = now()
     where id = ? and status = 'pending' and payment_reference is null returning id`,
    [reference, orderId],
  );
  return rows.length > 0;
}

export interface PaidOrder {
  id: string;
  number: string;
  user_id: string;
}

/** pending/failed → paid (the payment's reference kept if the order had none); undefined when it was not unpaid. */
export async function markPaid(
  em: EntityManager,
  orderId: string,
  options: { paidAt: Date; paymentReference?: string | null },
): Promise<PaidOrder | undefined> {
  const from: FromStatus<'paid'>[] = ['pending', 'failed'];
  const [order] = await em.execute<PaidOrder[]>(
    `update orders set status = 'paid', paid_at = ?, fulfilled_at = ?, updated_at = now(),
       payment_reference = coalesce(payment_reference, ?)
     where id = ? and status in (${placeholders(from)})
     returning id, number, user_id`,
    [options.paidAt, options.paidAt, options.paymentReference ?? null, orderId, ...from],
  );
  return order;
}

/** pending → failed (never a paid order); false when it was not pending. */
export async function markFailed(em: EntityManager, orderId: string): Promise<boolean> {
  const from: FromStatus<'failed'>[] = ['pending'];
  const rows = await em.execute<{ id: string }[]>(
    `update orders set status = 'failed', failed_at = now(), updated_at = now()
     where id = ? and status in (${placeholders(from)}) returning id`,
    [orderId, ...from],
  );
  return rows.length > 0;
}

/** pending/failed → canceled; false when it was not unpaid any more. */
export async function markCanceled(em: EntityManager, orderId: string): Promise<boolean> {
  const from: FromStatus<'canceled'>[] = ['pending', 'failed'];
  const rows = await em.execute<{ id: string }[]>(
    `update orders set status = 'canceled', canceled_at = now(), updated_at = now()
     where id = ? and status in (${placeholders(from)}) returning id`,
    [orderId, ...from],
  );
  return rows.length > 0;
}

/** paid → refunded in whole, by an admin (the provider's refund reference, if any); the row or undefined. */
export async function markRefunded(
  em: EntityManager,
  orderId: string,
  options: { reason: string; refundReference: string | null },
): Promise<{ id: string; user_id: string } | undefined> {
  const from: FromStatus<'refunded'>[] = ['paid'];
  const [row] = await em.execute<{ id: string; user_id: string }[]>(
    `update orders set status = 'refunded', refunded_cents = total_cents, refunded_at = now(), refund_reason = ?,
       refund_reference = ?, updated_at = now()
     where id = ? and status in (${placeholders(from)}) returning id, user_id`,
    [options.reason, options.refundReference, orderId, ...from],
  );
  if (row) await markLinesRefunded(em, orderId);
  return row;
}

/**
 * Every line of an order refunded in whole is taken back (`order_lines.refunded_at`): a line gives
 * access only while its order is paid or refunded in part and the line itself is not refunded or
 * suspended by a dispute (refund-takeback.ts). Returns the ids of the lines this call stamped.
 */
export async function markLinesRefunded(
  em: EntityManager,
  orderId: string,
  lineIds?: readonly string[],
): Promise<string[]> {
  if (lineIds && !lineIds.length) return [];
  const rows = await em.execute<{ id: string }[]>(
    `update order_lines set refunded_at = now(), suspended_at = null
     where order_id = ? and refunded_at is null ${lineIds ? `and id in (${placeholders(lineIds)})` : ''}
     returning id`,
    [orderId, ...(lineIds ?? [])],
  );
  return rows.map((r) => r.id);
}

/**
 * Refunds made on the provider's side (Stripe's dashboard): `providerRefundedCents` is what they
 * gave back so far (the payment's refunds not made by DRX). The order, paid/refunded → refunded,
 * counts the difference with what it had counted of them in `refunded_cents` too. Only when it
 * grows: a replayed event, or the echo of a refund DRX made itself (not a provider refund), matches
 * nothing. The row after the change, with the amount before, or undefined.
 */
export async function markRefundedByProvider(
  em: EntityManager,
  orderId: string,
  options: { providerRefundedCents: number; reason: string },
): Promise<ProviderRefundedOrder | undefined> {
  const from: FromStatus<'refunded'>[] = ['paid', 'refunded'];
  // The row's lock first, so the amount before the change is the one this update replaces.
  const [before] = await em.execute<{ refunded_cents: number }[]>(
    'select refunded_cents from orders where id = ? for update',
    [orderId],
  );
  if (!before) return undefined;
  const [row] = await em.execute<Omit<ProviderRefundedOrder, 'before_cents'>[]>(
    `update orders set status = 'refunded',
       refunded_cents = least(total_cents, refunded_cents + (? - provider_refunded_cents)),
       provider_refunded_cents = ?, refunded_at = now(), refund_reason = ?, updated_at = now()
     where id = ? and status in (${placeholders(from)}) and provider_refunded_cents < ?
     returning id, user_id, kind, total_cents::int as total_cents, refunded_cents::int as refunded_cents`,
    [
      options.providerRefundedCents,
      options.providerRefundedCents,
      options.reason,
      orderId,
      ...from,
      options.providerRefundedCents,
    ],
  );
  return row && { ...row, before_cents: Number(before.refunded_cents) };
}

/** A chargeback lost: the order counts as refunded in whole (paid/refunded → refunded); false when it was already. */
export async function markChargebackLost(
  em: EntityManager,
  orderId: string,
  reason: string,
): Promise<boolean> {
  const from: FromStatus<'refunded'>[] = ['paid', 'refunded'];
  const rows = await em.execute<{ id: string }[]>(
    `update orders set status = 'refunded', refunded_cents = total_cents, refunded_at = now(), refund_reason = ?,
       updated_at = now()
     where id = ? and status in (${placeholders(from)}) and (status = 'paid' or refunded_cents < total_cents)
     returning id`,
    [reason, orderId, ...from],
  );
  return rows.length > 0;
}

export interface ProviderRefundedOrder {
  id: string;
  user_id: string;
  kind: OrderKind;
  total_cents: number;
  refunded_cents: number;
  before_cents: number;
}

/**
 * An order paid for what can no longer be delivered → refunded in whole, automatically: the refund
 * falls due at once (`refund_due_at`, none for a free order), sent by automatic-refund.ts.
 */
export async function markRefundDue(
  em: EntityManager,
  orderId: string,
  from: readonly FromStatus<'refunded'>[],
  options: { paidAt: Date; reason: string; paymentReference: string | null },
): Promise<boolean> {
  const rows = await em.execute<{ id: string }[]>(
    `update orders set status = 'refunded', refunded_cents = total_cents, paid_at = coalesce(paid_at, ?), refunded_at = now(),
       refund_reason = ?, refund_due_at = case when payment_provider = 'free' then null else now() end,
       payment_reference = coalesce(payment_reference, ?), updated_at = now()
     where id = ? and status in (${placeholders(from)}) returning id`,
    [options.paidAt, options.reason, options.paymentReference, orderId, ...from],
  );
  if (rows.length) await markLinesRefunded(em, orderId);
  return rows.length > 0;
}

/** A due automatic refund was sent: its reference kept, no longer due. */
export async function recordRefundSent(em: EntityManager, orderId: string, reference: string): Promise<void> {
  await em.execute(
    `update orders set refund_reference = coalesce(refund_reference, ?), refund_due_at = null, updated_at = now()
     where id = ? and refund_due_at is not null`,
    [reference, orderId],
  );
}

/** paid/refunded → refunded by a part more (a booking canceled with a partial refund). */
export async function markPartlyRefunded(
  em: EntityManager,
  orderId: string,
  options: { cents: number; reason: string; refundReference: string | null },
): Promise<void> {
  const from: FromStatus<'refunded'>[] = ['paid', 'refunded'];
  await em.execute(
    `update orders set status = 'refunded', refunded_cents = refunded_cents + ?, refunded_at = now(),
       refund_reason = ?, refund_reference = coalesce(?, refund_reference), updated_at = now()
     where id = ? and status in (${placeholders(from)})`,
    [options.cents, options.reason, options.refundReference, orderId, ...from],
  );
}

/** A lesson-credit order, paid → refunded (the credit came back); false when it was not a paid credit order. */
export async function markCreditOrderRefunded(
  em: EntityManager,
  orderId: string,
  reason: string,
): Promise<boolean> {
  const from: FromStatus<'refunded'>[] = ['paid'];
  const rows = await em.execute<{ id: string }[]>(
    `update orders set status = 'refunded', refunded_at = now(), refund_reason = ?, updated_at = now()
     where id = ? and payment_provider = 'credit' and status in (${placeholders(from)}) returning id`,
    [reason, orderId, ...from],
  );
  if (rows.length) await markLinesRefunded(em, orderId);
  return rows.length > 0;
}
