import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Each membership invoice is an order of kind `membership` (issue 32, goal 3: one order lifecycle):
 * the first payment, each renewal, a renewal that failed (open), one given up (void), a proration.
 * The orders module places and moves it (orders/mirrored-orders.ts, through order-lifecycle.ts);
 * the invoice keeps its order's id (`subscription_invoices.order_id`). The orders module already
 * asks this one about invoices (member discounts, a refunded invoice's charge), so this module may
 * not import it back (no import cycles): its definition (module.ts) hands the lifecycle's function
 * over when the module list loads it — the app, the workers and every test that builds the app.
 */
export interface InvoicePayment {
  invoiceId: string;
  number: string;
  userId: string;
  amountCents: number;
  provider: string;
  status: 'open' | 'paid' | 'void';
  paidAt: Date | null;
  orderId: string | null;
}

export interface InvoiceOrderLifecycle {
  /** Places (once) and moves the invoice's order to the invoice's state; the order's id. */
  record(em: EntityManager, invoice: InvoicePayment): Promise<string>;
}

let lifecycle: InvoiceOrderLifecycle | null = null;

/** The order lifecycle that places and moves invoices' orders (memberships' module.ts sets it once). */
export function useInvoiceOrderLifecycle(orders: InvoiceOrderLifecycle): void {
  lifecycle = orders;
}

const exec = <T = unknown>(em: EntityManager, sql: string, params: unknown[]) =>
  em.getConnection().execute<T[]>(sql, params, 'all', em.getTransactionContext());

interface InvoiceRow {
  id: string;
  number: string;
  user_id: string;
  amount_cents: number;
  status: 'open' | 'paid' | 'void';
  paid_at: Date | string | null;
  order_id: string | null;
  provider: string;
}

/**
 * The orders of these invoices placed and moved to each invoice's state, in the caller's
 * transaction, after it changed them (each invoice's row is locked by this call until it commits,
 * so two callers syncing one invoice do it one after the other).
 */
export async function syncInvoiceOrders(em: EntityManager, invoiceIds: readonly string[]): Promise<void> {
  if (!invoiceIds.length) return;
  if (!lifecycle) {
    throw new Error(
      'No order lifecycle for membership invoices: load memberships/module.ts (the module list)',
    );
  }
  const rows = await exec<InvoiceRow>(
    em,
    `select i.id, i.number, i.user_id, i.amount_cents, i.status, i.paid_at, i.order_id, s.provider
       from subscription_invoices i join subscriptions s on s.id = i.subscription_id
      where i.id in (${invoiceIds.map(() => '?').join(', ')}) order by i.id for update of i`,
    [...invoiceIds],
  );
  for (const row of rows) {
    const orderId = await lifecycle.record(em, {
      invoiceId: row.id,
      number: row.number,
      userId: row.user_id,
      amountCents: Number(row.amount_cents),
      provider: row.provider,
      status: row.status,
      paidAt: row.paid_at === null ? null : new Date(row.paid_at),
      orderId: row.order_id,
    });
    if (!row.order_id) {
      await exec(em, `update subscription_invoices set order_id = ? where id = ?`, [orderId, row.id]);
    }
  }
}
