import type { EntityManager } from '@mikro-orm/postgresql';
import { lessonCreditsUsed, memberBenefits, spendLessonCredit, unspendLessonCredit } from '../memberships';

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
  const row = await spendLessonCredit(em, benefits.subscriptionId);
  if (!row) return null;
  return {
    subscriptionId: benefits.subscriptionId,
    periodStart: row.periodStart,
    creditValueCents: row.creditValueCents,
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
  return unspendLessonCredit(em, booking.credit_subscription_id, booking.credit_period_start);
}

/** Credits a member has left now (0 without a membership giving benefits). */
export async function lessonCreditsLeft(em: EntityManager, userId: string): Promise<number> {
  const benefits = await memberBenefits(em, userId);
  if (!benefits || benefits.lessonCredits <= 0) return 0;
  return Math.max(0, benefits.lessonCredits - (await lessonCreditsUsed(em, benefits.subscriptionId)));
}
