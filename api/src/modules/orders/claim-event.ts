import type { EntityManager } from '@mikro-orm/postgresql';
import { claimWebhookEvent, type PaymentEvent } from '../payments';

/**
 * Claims a provider event's id inside the transaction that applies it (the payments module's
 * ledger, `claimWebhookEvent`); false when it was processed before (or by a concurrent delivery
 * that committed: the insert waits for it, then conflicts). A failed transaction leaves the event
 * unclaimed for the provider's retry.
 */
export async function claimEvent(
  em: EntityManager,
  event: PaymentEvent,
  orderId: string | null,
): Promise<boolean> {
  return claimWebhookEvent(em, event, orderId);
}
