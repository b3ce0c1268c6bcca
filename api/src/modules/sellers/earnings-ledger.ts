import type { EntityManager } from '@mikro-orm/postgresql';
import { resourceIdOrNullSql } from '../resources';
import { splitSale } from './fee-math';
import { readFeePercent } from './platform-settings.service';
import { takeBackTransferred } from './transfer-reversals';

/**
 * The sellers' earnings ledger as the orders module uses it: pure database work on the caller's
 * EntityManager, so it commits or rolls back with the caller's transaction (the order's payment).
 */

export interface SaleLine {
  /** Unique per order line: recording the same line twice adds nothing. */
  orderLineId: string;
  /** The sold resource (kept as a reference; null when it is later deleted). */
  resourceId: string | null;
  /** The seller's user id. */
  sellerId: string;
  /** What the buyer paid for the line, in cents (after any discount). */
  amountCents: number;
}

export interface SaleEarnings {
  orderId: string;
  orderNumber: string;
  lines: SaleLine[];
}

/** Days an earning stays pending before it counts as available for payout (refund window). */
export const EARNINGS_HOLD_DAYS = 7;

/**
 * Writes one ledger row per line with the current platform fee (rounded half-up to the cent;
 * net = amount − fee). Idempotent per `orderLineId`: a repeated call (a webhook and a confirm
 * racing, a retry) records nothing new. Returns how many rows were added.
 */
export async function recordSaleEarnings(em: EntityManager, sale: SaleEarnings): Promise<number> {
  if (!sale.lines.length) return 0;
  const feePercent = await readFeePercent(em);
  let added = 0;
  for (const line of sale.lines) {
    const { feeCents, netCents } = splitSale(line.amountCents, feePercent);
    const rows = await em.execute<{ id: string }[]>(
      `insert into seller_earnings (id, seller_id, order_id, order_number, order_line_id, resource_id,
         gross_cents, fee_percent, fee_cents, net_cents, status, created_at)
       values (gen_random_uuid(), ?, ?, ?, ?, ${resourceIdOrNullSql('?::uuid')}, ?, ?, ?, ?, 'pending', now())
       on conflict (order_line_id) do nothing
       returning id`,
      [
        line.sellerId,
        sale.orderId,
        sale.orderNumber,
        line.orderLineId,
        line.resourceId,
        line.amountCents,
        feePercent,
        feeCents,
        netCents,
      ],
    );
    added += rows.length;
  }
  return added;
}

/**
 * Marks the earnings of an order reversed (a refund): all of them, or those of some of its lines
 * (a partial refund, a dispute). Idempotent; returns how many changed. What was already
 * transferred of them is taken back (transfer-reversals.ts), in the same transaction.
 */
export async function reverseSaleEarnings(
  em: EntityManager,
  orderId: string,
  lineIds?: readonly string[],
): Promise<number> {
  if (lineIds && !lineIds.length) return 0;
  const rows = await em.execute<{ id: string; net_cents: number; order_number: string }[]>(
    `update seller_earnings set status = 'reversed', reversed_at = now()
     where order_id = ? and status <> 'reversed'
       ${lineIds ? `and order_line_id in (${lineIds.map(() => '?').join(', ')})` : ''}
     returning id, net_cents, order_number`,
    [orderId, ...(lineIds ?? [])],
  );
  if (rows.length) {
    await takeBackTransferred(
      em,
      rows.map((r) => ({ earningId: r.id, cents: Number(r.net_cents) })),
      `Refund of ${rows[0].order_number} after its transfer`,
    );
  }
  return rows.length;
}

/**
 * A won dispute: the earnings of the lines it had suspended stand again (pending; they become
 * available by the usual hold from their sale). Only rows reversed since the dispute opened, so an
 * earning a refund had reversed before stays reversed. A row already transferred (and taken back
 * when the dispute opened) is owed a new transfer: its next round (seller-transfers.ts).
 * Idempotent; returns how many changed.
 */
export async function restoreSaleEarnings(
  em: EntityManager,
  orderId: string,
  lineIds: readonly string[],
  reversedSince: Date,
): Promise<number> {
  if (!lineIds.length) return 0;
  const rows = await em.execute<{ id: string }[]>(
    `update seller_earnings e set status = 'pending', reversed_at = null,
       transfer_round = e.transfer_round + case when exists (
         select 1 from seller_transfers t where t.earning_id = e.id and t.round = e.transfer_round
       ) then 1 else 0 end
     where order_id = ? and status = 'reversed' and reversed_at >= ?
       and order_line_id in (${lineIds.map(() => '?').join(', ')}) returning id`,
    [orderId, reversedSince, ...lineIds],
  );
  return rows.length;
}

/** Pending earnings older than the hold period become available (one seller, or all). */
export async function releaseMaturedEarnings(em: EntityManager, sellerId?: string): Promise<number> {
  const rows = await em.execute<{ id: string }[]>(
    `update seller_earnings set status = 'available'
     where status = 'pending' and created_at < now() - make_interval(days => ?)
     ${sellerId ? 'and seller_id = ?' : ''} returning id`,
    sellerId ? [EARNINGS_HOLD_DAYS, sellerId] : [EARNINGS_HOLD_DAYS],
  );
  return rows.length;
}

/**
 * After a (partial) refund of a booking order: the earnings of the order now stand for what the
 * buyer still paid, `keptCents` (a late-cancellation fee kept). 0 → every earning is reversed;
 * otherwise the order's earning becomes gross = keptCents with its fee recomputed at the percent
 * it was recorded with (net = gross − fee). Idempotent: the same keptCents changes nothing again.
 */
export async function adjustEarningsAfterRefund(
  em: EntityManager,
  orderId: string,
  keptCents: number,
): Promise<number> {
  if (keptCents <= 0) return reverseSaleEarnings(em, orderId);
  const rows = await em.execute<
    { id: string; fee_percent: string | number; net_cents: number; order_number: string }[]
  >(
    `select id, fee_percent, net_cents, order_number from seller_earnings
     where order_id = ? and status <> 'reversed' for update`,
    [orderId],
  );
  const reductions: { earningId: string; cents: number }[] = [];
  for (const row of rows) {
    const { feeCents, netCents } = splitSale(keptCents, Number(row.fee_percent));
    await em.execute(
      `update seller_earnings set gross_cents = ?, fee_cents = ?, net_cents = ? where id = ?`,
      [keptCents, feeCents, netCents, row.id],
    );
    if (Number(row.net_cents) > netCents) {
      reductions.push({ earningId: row.id, cents: Number(row.net_cents) - netCents });
    }
  }
  // What was already transferred of the refunded part is taken back (transfer-reversals.ts).
  if (reductions.length) {
    await takeBackTransferred(em, reductions, `Partial refund of ${rows[0].order_number} after its transfer`);
  }
  return rows.length;
}
