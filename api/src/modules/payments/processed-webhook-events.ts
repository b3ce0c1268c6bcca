import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Claims a provider event's id inside the caller's transaction that applies it
 * (`processed_webhook_events`, the ledger of provider events applied once); false when it was
 * processed before (or by a concurrent delivery that committed: the insert waits for it, then
 * conflicts). A failed transaction leaves the event unclaimed for the provider's retry.
 */
export async function claimWebhookEvent(
  em: EntityManager,
  event: { id: string; type: string },
  orderId: string | null,
): Promise<boolean> {
  const rows = await em.execute<{ id: string }[]>(
    `insert into processed_webhook_events (id, type, order_id) values (?, ?, ?)
     on conflict (id) do nothing returning id`,
    [event.id, event.type, orderId],
  );
  return rows.length > 0;
}

/** Whether a provider event was claimed already (a cheap early answer; the claim is the guard). */
export async function webhookEventProcessed(em: EntityManager, eventId: string): Promise<boolean> {
  const rows = await em.execute<{ id: string }[]>(`select id from processed_webhook_events where id = ?`, [
    eventId,
  ]);
  return rows.length > 0;
}
