import type { EntityManager } from '@mikro-orm/postgresql';

/** A seller's earnings of some orders, summed by status. */
export interface EarningsSummaryRow {
  bookings: number;
  gross: number;
  net: number;
  pending: number;
  reversed: number;
  reversed_gross: number;
}

/**
 * Sums a seller's earnings of the orders a subquery names (`ordersSql`, another module's
 * `select order_id from …`, with its `params`): how many and what they are worth, not reversed;
 * what is still pending; how many were reversed and what they were worth.
 */
export async function earningsSummaryOfOrders(
  em: EntityManager,
  sellerId: string,
  ordersSql: string,
  params: readonly unknown[],
): Promise<EarningsSummaryRow> {
  const [e] = await em.execute<Record<keyof EarningsSummaryRow, string | number>[]>(
    `select count(*) filter (where status <> 'reversed')::int as bookings,
         coalesce(sum(gross_cents) filter (where status <> 'reversed'), 0)::int as gross,
         coalesce(sum(net_cents) filter (where status <> 'reversed'), 0)::int as net,
         coalesce(sum(net_cents) filter (where status = 'pending'), 0)::int as pending,
         count(*) filter (where status = 'reversed')::int as reversed,
         coalesce(sum(gross_cents) filter (where status = 'reversed'), 0)::int as reversed_gross
       from seller_earnings
       where seller_id = ? and order_id in (${ordersSql})`,
    [sellerId, ...params],
  );
  return {
    bookings: Number(e.bookings),
    gross: Number(e.gross),
    net: Number(e.net),
    pending: Number(e.pending),
    reversed: Number(e.reversed),
    reversed_gross: Number(e.reversed_gross),
  };
}
