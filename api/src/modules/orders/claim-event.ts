import type { EntityManager } from '@mikro-orm/postgresql';
import type { PaymentEvent } from '../payments';

/**
 * Claims a provider event's id inside the transaction that applies it; false when it was processed
 * before (or by a concurrent delivery that committed: the insert waits for it, then conflicts).
 * A failed transaction leaves the event unclaimed for the provider's retry.
 */
export async function claimEvent(
  em: EntityManager,
  event: PaymentEvent,
  orderId: string | null,
): Promise<boolean> {
  const rows = await em.execute<{ id: string }[]>(
    `insert into processed_webhook_events (id, type, order_id) values (?, ?, ?)
     on conflict (id) do nothing returning id`,
    [event.id, event.type, orderId],
  );
  return rows.length > 0;
}
