import type { EntityManager } from '@mikro-orm/postgresql';

/** Fixed ids of the demo membership plans (tests and the e2e suite name them). */
export const DEMO_PLAN_IDS = {
  member: '9a000000-0000-4000-8000-000000000001',
  studioPro: '9a000000-0000-4000-8000-000000000002',
} as const;

/**
 * The two demo plans, Stripe price ids empty (made at the first Stripe checkout). A Studio Pro credit
 * is worth $24.50 to the instructor (its monthly price over its two credits); its trial gives none.
 */
export async function seedDemoPlans(em: EntityManager): Promise<void> {
  await em.getConnection().execute(
    `insert into subscription_plans (id, name, description, monthly_price_cents, yearly_price_cents, trial_days,
            active, position, member_only_courses, resource_discount_percent, lesson_credits, credit_value_cents,
            trial_grants_credits)
     values (?, 'Member', 'Every member-only course and 10% off the curriculum store.', 1900, 19000, 0, true, 1, true, 10, 0, 0, false),
            (?, 'Studio Pro', 'For teachers and studios: member-only courses, 20% off the curriculum store and two private lessons every billing period.', 4900, 49000, 14, true, 2, true, 20, 2, 2450, false)
     on conflict (id) do nothing`,
    [DEMO_PLAN_IDS.member, DEMO_PLAN_IDS.studioPro],
  );
}
