import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { emitSubscriptionUpdated } from './subscription-webhook-events';

/** What happened to a membership (the audit trail shown to the member and to admins). */
export type SubscriptionEventKind =
  | 'started'
  | 'trial_started'
  | 'renewed'
  | 'payment_failed'
  | 'payment_recovered'
  | 'grace_reminder'
  | 'lapsed'
  | 'cancel_requested'
  | 'resumed'
  | 'plan_changed'
  | 'plan_change_scheduled'
  | 'plan_change_canceled'
  | 'ended'
  | 'comped'
  | 'synced';

/**
 * Records an event of subscription `subscriptionId` in the caller's transaction — the one place
 * every change of a membership passes, so it also reports `subscription.updated` to webhook
 * endpoints (`data.change` is the kind; a grace reminder changes nothing and is not reported).
 */
export async function recordSubscriptionEvent(
  em: EntityManager,
  subscriptionId: string,
  kind: SubscriptionEventKind,
  detail = '',
  actorId: string | null = null,
): Promise<void> {
  await em
    .getConnection()
    .execute(
      `insert into subscription_events (id, subscription_id, kind, detail, actor_id) values (?, ?, ?, ?, ?)`,
      [randomUUID(), subscriptionId, kind, detail.slice(0, 1000), actorId],
      'run',
      em.getTransactionContext(),
    );
  if (kind !== 'grace_reminder') await emitSubscriptionUpdated(em, subscriptionId, kind);
}
