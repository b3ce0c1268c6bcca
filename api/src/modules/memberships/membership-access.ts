import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * What a membership gives its member now. The rule lives in one place, the `membership_benefits`
 * view (Migration20261126000000_memberships): stored state and the clock decide it, and every reader
 * asks it — course access (`enrollment_open`), cart and checkout pricing, booking credits.
 */
export interface MemberBenefits {
  subscriptionId: string;
  planId: string;
  status: string;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  memberOnlyCourses: boolean;
  resourceDiscountPercent: number;
  lessonCredits: number;
}

interface BenefitsRow {
  subscription_id: string;
  plan_id: string;
  status: string;
  current_period_start: Date | string;
  current_period_end: Date | string;
  member_only_courses: boolean;
  resource_discount_percent: number;
  lesson_credits: number;
}

/** The benefits a user's membership gives now, or null (no membership, or none that gives access). */
export async function memberBenefits(em: EntityManager, userId: string): Promise<MemberBenefits | null> {
  const rows = await em.getConnection().execute<BenefitsRow[]>(
    `select subscription_id, plan_id, status, current_period_start, current_period_end, member_only_courses,
              resource_discount_percent, lesson_credits
         from membership_benefits where user_id = ? limit 1`,
    [userId],
    'all',
    em.getTransactionContext(),
  );
  const row = rows[0];
  if (!row) return null;
  return {
    subscriptionId: row.subscription_id,
    planId: row.plan_id,
    status: row.status,
    currentPeriodStart: new Date(row.current_period_start),
    currentPeriodEnd: new Date(row.current_period_end),
    memberOnlyCourses: row.member_only_courses,
    resourceDiscountPercent: Number(row.resource_discount_percent),
    lessonCredits: Number(row.lesson_credits),
  };
}

/** Whether the user's membership opens member-only courses now. */
export async function hasMemberCourseAccess(em: EntityManager, userId: string): Promise<boolean> {
  return !!(await memberBenefits(em, userId))?.memberOnlyCourses;
}

/**
 * SQL: does enrollment row `alias` open its course now? A refunded purchase's does not
 * (`access_revoked_at`); one made through the membership (`source = 'membership'`) only while the
 * membership opens member-only courses. Use it wherever enrollments are read for access.
 */
export const enrollmentOpenSql = (alias: string): string =>
  `enrollment_open(${alias}.access_revoked_at, ${alias}.source, ${alias}.user_id)`;
