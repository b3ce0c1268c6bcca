import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 33 (holds and credits).
 *
 * Holds: `bookings.hold_started_at` marks a booking that began as a paid hold (the hourly limit of
 * holds a member may start counts these; the demo seed's bookings have none). The limits themselves
 * are platform settings (`bookingHoldsMax`, `bookingHoldsPerHour`; defaults 3 and 10 in code).
 *
 * Credits: a plan's lesson credit is worth `subscription_plans.credit_value_cents` (0–$100,000;
 * more than 0 when the plan has credits), which is what the instructor earns for a credit-paid
 * booking (never more than the session's price); `bookings.credit_value_cents` keeps what that
 * booking's credit earned. A trial gives credits only when the plan's `trial_grants_credits` says
 * so: `membership_benefits.lesson_credits` is 0 for a trialing membership otherwise. Plans that
 * already give credits get the plan's monthly price shared among its credits (at least 1 cent).
 */
export class Migration20261205190000_holds_and_credit_value extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "bookings" add column "hold_started_at" timestamptz(3) null,
      add column "credit_value_cents" int null,
      add constraint "bookings_credit_value_check" check ("credit_value_cents" between 0 and 10000000);`);
    this.addSql(
      `create index "bookings_hold_started_index" on "bookings" ("client_id", "hold_started_at") where "hold_started_at" is not null;`,
    );
    this.addSql(`alter table "subscription_plans"
      add column "credit_value_cents" int not null default 0,
      add column "trial_grants_credits" boolean not null default false;`);
    this.addSql(`update "subscription_plans"
      set "credit_value_cents" = least(10000000, greatest(1, "monthly_price_cents" / "lesson_credits"))
      where "lesson_credits" > 0;`);
    this.addSql(`alter table "subscription_plans"
      add constraint "subscription_plans_credit_value_check"
        check ("credit_value_cents" between 0 and 10000000 and ("lesson_credits" = 0 or "credit_value_cents" > 0));`);
    this.addSql(`create or replace view "membership_benefits" as
      select s."user_id", s."id" as "subscription_id", s."plan_id", s."status",
             s."current_period_start", s."current_period_end",
             p."member_only_courses", p."resource_discount_percent",
             case when s."status" = 'trialing' and not p."trial_grants_credits" then 0
                  else p."lesson_credits" end as "lesson_credits",
             p."credit_value_cents"
        from "subscription_states" st
        join "subscriptions" s on s."id" = st."subscription_id"
        join "subscription_plans" p on p."id" = s."plan_id"
       where st."benefits_active";`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop view "membership_benefits";`);
    this.addSql(`create view "membership_benefits" as
      select s."user_id", s."id" as "subscription_id", s."plan_id", s."status",
             s."current_period_start", s."current_period_end",
             p."member_only_courses", p."resource_discount_percent", p."lesson_credits"
        from "subscription_states" st
        join "subscriptions" s on s."id" = st."subscription_id"
        join "subscription_plans" p on p."id" = s."plan_id"
       where st."benefits_active";`);
    this.addSql(`alter table "subscription_plans" drop constraint "subscription_plans_credit_value_check",
      drop column "trial_grants_credits", drop column "credit_value_cents";`);
    this.addSql(`drop index if exists "bookings_hold_started_index";`);
    this.addSql(`alter table "bookings" drop constraint "bookings_credit_value_check",
      drop column "credit_value_cents", drop column "hold_started_at";`);
  }
}
