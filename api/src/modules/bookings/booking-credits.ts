import type { EntityManager } from '@mikro-orm/postgresql';
import { memberBenefits } from '../memberships';

/**
 * Lesson credits of a membership (issue 12; docs/memberships.md "Lesson credits"). Each billing
 * period a plan's `lesson_credits` pay private lessons and consultations that have a price (never
 * group classes). The counter is `subscriptions.credits_used` for the period that started at
 * `subscriptions.credits_period_start`; every change is one conditional UPDATE in the caller's
 * transaction, so concurrent bookings cannot spend more credits than the plan includes.
 */

/** Can a session type be paid with a credit? Paid, and not a group class. */
export function isCreditEligible(type: { kind: string; price_cents?: number; priceCents?: number }): boolean {
  const price = type.price_cents ?? type.priceCents ?? 0;
  return price > 0 && type.kind !== 'group';
}

export interface TakenCredit {
  subscriptionId: string;
  /** The credit period the credit was taken from (subscriptions.credits_period_start). */
  periodStart: Date;
  /** What a credit of the plan is worth (subscription_plans.credit_value_cents): what the instructor earns. */
  creditValueCents: number;
}

/**
 * Takes one credit of the member's membership, or returns null (no membership giving benefits —
 * the `membership_benefits` rule —, a plan without credits, a trial of a plan whose trial gives
 * none (the view's `lesson_credits` is 0 then), none left this period). One UPDATE:
 * a new period (the membership's current period started after `credits_period_start`) starts the
 * count again at 1; otherwise the count goes up by one only while below the plan's credits.
 */
export async function takeLessonCredit(em: EntityManager, userId: string): Promise<TakenCredit | null> {
  const benefits = await memberBenefits(em, userId);
  if (!benefits || benefits.lessonCredits <= 0) return null;
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
    [benefits.subscriptionId],
  );
  if (!row) return null;
  return {
    subscriptionId: benefits.subscriptionId,
    periodStart: new Date(row.credits_period_start),
    creditValueCents: Number(row.credit_value_cents),
  };
}

/**
 * Gives a booking's credit back, at most once: the booking's `credit_returned_at` is set by a
 * conditional UPDATE (a second cancel, or two racing, match nothing), and the membership's count
 * goes down only while it is still counting the period the credit came from (a credit of a period
 * that has ended is gone with it). Returns whether a credit was given back to the count.
 */
export async function returnLessonCredit(em: EntityManager, bookingId: string): Promise<boolean> {
  const [booking] = await em.execute<{ credit_subscription_id: string; credit_period_start: Date }[]>(
    `update bookings set credit_returned_at = now()
     where id = ? and credit_subscription_id is not null and credit_returned_at is null
     returning credit_subscription_id, credit_period_start`,
    [bookingId],
  );
  if (!booking) return false;
  const rows = await em.execute<{ id: string }[]>(
    `update subscriptions set credits_used = credits_used - 1, updated_at = now()
     where id = ? and credits_period_start = ? and credits_used > 0 returning id`,
    [booking.credit_subscription_id, booking.credit_period_start],
  );
  return rows.length > 0;
}

/** Credits a member has left now (0 without a membership giving benefits). */
export async function lessonCreditsLeft(em: EntityManager, userId: string): Promise<number> {
  const benefits = await memberBenefits(em, userId);
  if (!benefits || benefits.lessonCredits <= 0) return 0;
  const [row] = await em.execute<{ used: number }[]>(
    `select case when credits_period_start is null or credits_period_start < current_period_start
                 then 0 else credits_used end as used
     from subscriptions where id = ?`,
    [benefits.subscriptionId],
  );
  return Math.max(0, benefits.lessonCredits - Number(row?.used ?? 0));
}
