import type { EntityManager } from '@mikro-orm/postgresql';
import { emitWebhookEvent, payloadCents, payloadTime } from '../webhooks';

// The memberships module’s webhook events (their payloads' shape: docs/api.md, Webhooks),
// queued by the webhooks module. Each is called inside the transaction of the change it reports
// and reads what it sends there (only when an endpoint listens).

/** `subscription.updated`: any change of a membership subscription; `change` names it. */
export function emitSubscriptionUpdated(em: EntityManager, subscriptionId: string, change: string) {
  return emitWebhookEvent(em, 'subscription.updated', `subscription:${subscriptionId}`, async () => {
    const [s] = await em.execute(
      `select s.id, s.user_id, s.plan_id, p.name as plan_name, s.interval, s.price_cents, s.provider, s.status,
         s.current_period_start, s.current_period_end, s.trial_end, s.cancel_at_period_end, s.ended_at
       from subscriptions s join subscription_plans p on p.id = s.plan_id where s.id = ?`,
      [subscriptionId],
    );
    if (!s) return null;
    return {
      id: s.id,
      change,
      userId: s.user_id,
      planId: s.plan_id,
      planName: s.plan_name,
      interval: s.interval,
      priceCents: payloadCents(s.price_cents),
      currency: 'USD',
      provider: s.provider,
      status: s.status,
      currentPeriodStart: payloadTime(s.current_period_start),
      currentPeriodEnd: payloadTime(s.current_period_end),
      trialEnd: payloadTime(s.trial_end),
      cancelAtPeriodEnd: s.cancel_at_period_end,
      endedAt: payloadTime(s.ended_at),
    };
  });
}
