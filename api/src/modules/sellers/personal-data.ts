import type { EntityManager } from '@mikro-orm/postgresql';

/** The sellers module's part of "download my data" and of the deletion's refusals (privacy module). */
type Row = Record<string, unknown>;

/** The seller's earnings ledger. */
export async function exportSellersData(
  em: EntityManager,
  userId: string,
): Promise<{ sellerEarnings: Row[] }> {
  const sellerEarnings = await em.execute<Row[]>(
    `select order_number as "orderNumber", gross_cents as "grossCents", fee_cents as "feeCents",
       net_cents as "netCents", status, created_at as "createdAt"
     from seller_earnings where seller_id = ? order by created_at`,
    [userId],
  );
  return { sellerEarnings };
}

/** The balance the seller dashboard shows: pending + available net earnings, in cents. */
export async function unpaidEarningsCents(em: EntityManager, sellerId: string): Promise<number> {
  const [row] = await em.execute<{ n: number }[]>(
    `select coalesce(sum(net_cents), 0)::int as n from seller_earnings
     where seller_id = ? and status in ('pending', 'available')`,
    [sellerId],
  );
  return row?.n ?? 0;
}
