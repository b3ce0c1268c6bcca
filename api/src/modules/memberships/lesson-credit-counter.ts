import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The lesson-credit counter of a membership (`subscriptions.credits_used` for the period that
 * started at `credits_period_start`; docs/memberships.md "Lesson credits"), which the bookings
 * module spends and gives back. Every change is one conditional UPDATE in the caller's
 * transaction, so concurrent bookings cannot spend more credits than the plan includes.
 */

/**
 * Counts one credit spent, or returns null (the membership gives no credits now — the
 * `membership_benefits` rule —, or none is left this period). One UPDATE: a new period (the
 * membership's current period started after `credits_period_start`) starts the count again at 1;
 * otherwise the count goes up by one only while below the plan's credits. Returns the credit's
 * period and what a credit of the plan is worth.
 */
export async function spendLessonCredit(
  em: EntityManager,
  subscriptionId: string,
): Promise<{ periodStart: Date; creditValueCents: number } | null> {
  const [row] = await em.execute<{ credits_period_start: Date | string; credit_value_cents: number }[]>(
    `update subscriptions s set
       credits_used = case when s.credits_period_start is null or s.credits_period_start < s.current_period_start
                           then 1 else s.credits_used + 1 end,
       credits_period_start = case when s.credits_period_start is null or s.credits_period_start < s.current_period_start
                                   then s.current_period_start else s.credits_period_start end,
       updated_at = now()
     where s.id = ?
       and exists (select 1 from membership_benefits b where b.subscription_id = s.id and b.lesson_credits > 0)
       and (s.credits_period_start is null or s.credits_period_start < s.current_period_start
            or s.credits_used < (select p.lesson_credits from subscription_plans p where p.id = s.plan_id))
     returning s.credits_period_start,
       (select p.credit_value_cents from subscription_plans p where p.id = s.plan_id) as credit_value_cents`,
    [subscriptionId],
  );
  if (!row) return null;
  return {
    periodStart: new Date(row.credits_period_start),
    creditValueCents: Number(row.credit_value_cents),
  };
}

/**
 * Counts a credit back, only while the membership is still counting the period the credit came
 * from (a credit of a period that has ended is gone with it). Whether it was counted back.
 */
export async function unspendLessonCredit(
  em: EntityManager,
  subscriptionId: string,
  periodStart: Date,
): Promise<boolean> {
  const rows = await em.execute<{ id: string }[]>(
    `update subscriptions set credits_used = credits_used - 1, updated_at = now()
     where id = ? and credits_period_start = ? and credits_used > 0 returning id`,
    [subscriptionId, periodStart],
  );
  return rows.length > 0;
}

/** Credits counted spent in the membership's current period (0 once a new period started). */
export async function lessonCreditsUsed(em: EntityManager, subscriptionId: string): Promise<number> {
  const [row] = await em.execute<{ used: number }[]>(
    `select case when credits_period_start is null or credits_period_start < current_period_start
                 then 0 else credits_used end as used
     from subscriptions where id = ?`,
    [subscriptionId],
  );
  return Number(row?.used ?? 0);
}
