import type { EntityManager } from '@mikro-orm/postgresql';

/** The memberships module's part of "download my data" and of the deletion's refusals (privacy module). */
type Row = Record<string, unknown>;

/** The member's subscriptions (with the plan's name) and membership invoices. */
export async function exportMembershipsData(
  em: EntityManager,
  userId: string,
): Promise<{ memberships: Row[]; membershipInvoices: Row[] }> {
  const memberships = await em.execute<Row[]>(
    `select s.id, p.name as plan, s.interval, s.price_cents as "priceCents", s.provider, s.status,
       s.current_period_start as "currentPeriodStart", s.current_period_end as "currentPeriodEnd",
       s.cancel_at_period_end as "cancelAtPeriodEnd", s.cancel_reason as "cancelReason",
       s.cancel_comment as "cancelComment", s.ended_at as "endedAt", s.created_at as "createdAt"
     from subscriptions s left join subscription_plans p on p.id = s.plan_id
     where s.user_id = ? order by s.created_at`,
    [userId],
  );
  const membershipInvoices = await em.execute<Row[]>(
    `select number, description, amount_cents as "amountCents", status, period_start as "periodStart",
       period_end as "periodEnd", paid_at as "paidAt", created_at as "createdAt"
     from subscription_invoices where user_id = ? order by created_at`,
    [userId],
  );
  return { memberships, membershipInvoices };
}

/** Whether the person has a paid membership that still renews (a comp one does not count). */
export async function hasRenewingMembership(em: EntityManager, userId: string): Promise<boolean> {
  const [{ n }] = await em.execute<{ n: number }[]>(
    `select count(*)::int as n from subscriptions
     where user_id = ? and provider <> 'comp' and status in ('active', 'trialing', 'past_due')
       and not cancel_at_period_end`,
    [userId],
  );
  return n > 0;
}
