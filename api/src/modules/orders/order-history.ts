import type { EntityManager } from '@mikro-orm/postgresql';

/** What happened to an order on the provider's side, in words (`order_history`, read by staff). */
export type OrderHistoryEvent =
  'provider_refund' | 'provider_partial_refund' | 'dispute_opened' | 'dispute_won' | 'dispute_lost';

export interface OrderHistoryEntry {
  event: OrderHistoryEvent;
  note: string;
  amountCents?: number | null;
  providerEventId?: string | null;
}

/** Adds a line to the order's history, in the caller's transaction. */
export async function recordOrderHistory(
  em: EntityManager,
  orderId: string,
  entry: OrderHistoryEntry,
): Promise<void> {
  await em.execute(
    `insert into order_history (order_id, event, note, amount_cents, provider_event_id) values (?, ?, ?, ?, ?)`,
    [
      orderId,
      entry.event,
      entry.note.slice(0, 1000),
      entry.amountCents ?? null,
      entry.providerEventId ?? null,
    ],
  );
}

/** The order's history, oldest first. */
export async function orderHistory(
  em: EntityManager,
  orderId: string,
): Promise<(OrderHistoryEntry & { createdAt: Date })[]> {
  const rows = await em.execute<
    {
      event: OrderHistoryEvent;
      note: string;
      amount_cents: string | null;
      provider_event_id: string | null;
      created_at: Date;
    }[]
  >(
    `select event, note, amount_cents, provider_event_id, created_at from order_history
     where order_id = ? order by created_at, id`,
    [orderId],
  );
  return rows.map((r) => ({
    event: r.event,
    note: r.note,
    amountCents: r.amount_cents === null ? null : Number(r.amount_cents),
    providerEventId: r.provider_event_id,
    createdAt: new Date(r.created_at),
  }));
}
