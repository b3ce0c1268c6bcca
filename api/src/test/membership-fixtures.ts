// Test helpers only: memberships made with SQL (a plan and a live subscription of the test
// provider), as the membership_benefits view reads them.
import { randomUUID } from 'node:crypto';
import type { TestApp } from './test-app';

export interface PlanBenefits {
  resourceDiscountPercent?: number;
  lessonCredits?: number;
  /** What a credit is worth (cents); default 5000 with credits, else 0. */
  creditValueCents?: number;
  trialGrantsCredits?: boolean;
  memberOnlyCourses?: boolean;
}

/** A plan with these benefits (a unique name); returns its id. */
export async function makePlan(t: TestApp, benefits: PlanBenefits): Promise<string> {
  const id = randomUUID();
  await t.orm.em
    .fork()
    .getConnection()
    .execute(
      `insert into subscription_plans (id, name, monthly_price_cents, yearly_price_cents, member_only_courses,
         resource_discount_percent, lesson_credits, credit_value_cents, trial_grants_credits)
       values (?, ?, 1500, 15000, ?, ?, ?, ?, ?)`,
      [
        id,
        `Test plan ${id.slice(0, 8)}`,
        benefits.memberOnlyCourses ?? true,
        benefits.resourceDiscountPercent ?? 0,
        benefits.lessonCredits ?? 0,
        benefits.creditValueCents ?? (benefits.lessonCredits ? 5000 : 0),
        benefits.trialGrantsCredits ?? false,
      ],
    );
  return id;
}

/**
 * Makes `userId` a member: an active monthly subscription (provider test) whose period started a
 * day ago and ends in 29 days. Any live subscription of theirs is ended first. Returns its id.
 */
export async function makeMember(t: TestApp, userId: string, benefits: PlanBenefits): Promise<string> {
  const conn = t.orm.em.fork().getConnection();
  await endMembership(t, userId);
  const planId = await makePlan(t, benefits);
  const id = randomUUID();
  await conn.execute(
    `insert into subscriptions (id, user_id, plan_id, interval, price_cents, provider, status,
       current_period_start, current_period_end)
     values (?, ?, ?, 'month', 1500, 'test', 'active', now() - interval '1 day', now() + interval '29 days')`,
    [id, userId, planId],
  );
  return id;
}

/** Ends the user's live memberships at once (status canceled, ended now): benefits off. */
export async function endMembership(t: TestApp, userId: string): Promise<void> {
  await t.orm.em
    .fork()
    .getConnection()
    .execute(
      `update subscriptions set status = 'canceled', ended_at = now(),
         current_period_end = greatest(current_period_start + interval '1 second', now() - interval '2 days')
       where user_id = ? and status in ('incomplete', 'trialing', 'active', 'past_due', 'unpaid')`,
      [userId],
    );
}

/**
 * A lapsed membership: past_due whose grace period ended yesterday (the membership_benefits rule
 * gives nothing). Returns its id.
 */
export async function makeLapsedMember(t: TestApp, userId: string, benefits: PlanBenefits): Promise<string> {
  const id = await makeMember(t, userId, benefits);
  await t.orm.em
    .fork()
    .getConnection()
    .execute(
      `update subscriptions set status = 'past_due', payment_failed_at = now() - interval '8 days',
         grace_ends_at = now() - interval '1 day' where id = ?`,
      [id],
    );
  return id;
}
