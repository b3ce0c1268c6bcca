import type { EntityManager } from '@mikro-orm/postgresql';
import { emitWebhookEvent, payloadCents } from '../webhooks';

// The resources module’s webhook events (their payloads' shape: docs/api.md, Webhooks),
// queued by the webhooks module. Each is called inside the transaction of the change it reports
// and reads what it sends there (only when an endpoint listens).

/** `resource.published` (its seller published it, or staff approved it). */
export function emitResourcePublished(em: EntityManager, resourceId: string) {
  return emitWebhookEvent(em, 'resource.published', `resource:${resourceId}`, async () => {
    const [r] = await em.execute(
      `select id, title, seller_id, price_cents, type from resources where id = ?`,
      [resourceId],
    );
    if (!r) return null;
    return {
      id: r.id,
      title: r.title,
      sellerId: r.seller_id,
      type: r.type,
      priceCents: payloadCents(r.price_cents),
      currency: 'USD',
      publishedAt: new Date().toISOString(),
    };
  });
}
