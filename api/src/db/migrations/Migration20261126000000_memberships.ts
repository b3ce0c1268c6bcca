import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 12: memberships. Plans (prices, trial, benefits), one subscription row per membership
 * (provider test | stripe | comp; its own price, so a plan's price change leaves current members'
 * price alone), invoices, the membership history (audit trail), one Stripe customer per user, app
 * settings (the grace period), and the rule that decides benefits — `membership_benefits` — with
 * `enrollment_open`, the one test every reader of enrollments uses (an enrollment made through the
 * membership opens its course only while the membership gives access; progress is never touched).
 */
export class Migration20261126000000_memberships extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "subscription_plans" (
      "id" uuid not null primary key,
      "name" varchar(100) not null,
      "description" text not null default '',
      "monthly_price_cents" int not null check ("monthly_price_cents" between 0 and 10000000),
      "yearly_price_cents" int not null check ("yearly_price_cents" between 0 and 100000000),
      "trial_days" int not null default 0 check ("trial_days" between 0 and 365),
      "active" boolean not null default true,
      "position" int not null default 0,
      "member_only_courses" boolean not null default true,
      "resource_discount_percent" int not null default 0 check ("resource_discount_percent" between 0 and 100),
      "lesson_credits" int not null default 0 check ("lesson_credits" between 0 and 100),
      "stripe_product_id" varchar(255) null,
      "stripe_monthly_price_id" varchar(255) null,
      "stripe_yearly_price_id" varchar(255) null,
      "created_at" timestamptz(3) not null default now(),
      "updated_at" timestamptz(3) not null default now(),
      constraint "subscription_plans_name_unique" unique ("name"));`);

    this.addSql(`create table "stripe_customers" (
      "user_id" uuid not null primary key references "users" ("id") on delete cascade,
      "customer_id" varchar(255) not null unique,
      "created_at" timestamptz(3) not null default now());`);

    this.addSql(`create table "subscriptions" (
      "id" uuid not null primary key,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "plan_id" uuid not null references "subscription_plans" ("id"),
      "interval" varchar(5) not null check ("interval" in ('month', 'year')),
      "price_cents" int not null check ("price_cents" >= 0),
      "provider" varchar(10) not null check ("provider" in ('test', 'stripe', 'comp')),
      "status" varchar(20) not null check ("status" in
        ('incomplete', 'trialing', 'active', 'past_due', 'unpaid', 'canceled', 'incomplete_expired')),
      "current_period_start" timestamptz(3) not null,
      "current_period_end" timestamptz(3) not null,
      "trial_end" timestamptz(3) null,
      "cancel_at_period_end" boolean not null default false,
      "cancel_requested_at" timestamptz(3) null,
      "cancel_reason" varchar(40) null,
      "cancel_comment" varchar(1000) null,
      "ended_at" timestamptz(3) null,
      "payment_failed_at" timestamptz(3) null,
      "grace_ends_at" timestamptz(3) null,
      "pending_plan_id" uuid null references "subscription_plans" ("id"),
      "pending_interval" varchar(5) null check ("pending_interval" in ('month', 'year')),
      "pending_price_cents" int null,
      "credits_period_start" timestamptz(3) null,
      "credits_used" int not null default 0 check ("credits_used" >= 0),
      "comp_reason" varchar(500) null,
      "comped_by_id" uuid null references "users" ("id") on delete set null,
      "stripe_subscription_id" varchar(255) null unique,
      "stripe_synced_at" timestamptz(3) null,
      "created_at" timestamptz(3) not null default now(),
      "updated_at" timestamptz(3) not null default now(),
      check ("current_period_end" > "current_period_start"),
      check ("status" <> 'past_due' or "grace_ends_at" is not null));`);
    // One membership at a time: a second live subscription for a user is refused by the database.
    this.addSql(`create unique index "subscriptions_one_live_per_user" on "subscriptions" ("user_id")
      where "status" in ('incomplete', 'trialing', 'active', 'past_due', 'unpaid');`);
    this.addSql(
      `create index "subscriptions_user_id_index" on "subscriptions" ("user_id", "created_at" desc);`,
    );
    this.addSql(`create index "subscriptions_plan_id_index" on "subscriptions" ("plan_id");`);

    this.addSql(`create table "subscription_invoices" (
      "id" uuid not null primary key,
      "number" varchar(40) not null unique,
      "subscription_id" uuid not null references "subscriptions" ("id") on delete cascade,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "description" varchar(300) not null,
      "amount_cents" int not null check ("amount_cents" >= 0),
      "status" varchar(10) not null check ("status" in ('open', 'paid', 'void')),
      "period_start" timestamptz(3) not null,
      "period_end" timestamptz(3) not null,
      "paid_at" timestamptz(3) null,
      "stripe_invoice_id" varchar(255) null unique,
      "hosted_invoice_url" varchar(1000) null,
      "created_at" timestamptz(3) not null default now());`);
    this.addSql(
      `create index "subscription_invoices_user_index" on "subscription_invoices" ("user_id", "created_at" desc);`,
    );
    this.addSql(`create sequence "subscription_invoice_number_seq" start 1001;`);

    this.addSql(`create table "subscription_events" (
      "id" uuid not null primary key,
      "subscription_id" uuid not null references "subscriptions" ("id") on delete cascade,
      "kind" varchar(40) not null,
      "detail" varchar(1000) not null default '',
      "actor_id" uuid null references "users" ("id") on delete set null,
      "created_at" timestamptz(3) not null default clock_timestamp());`);
    this.addSql(
      `create index "subscription_events_subscription_index" on "subscription_events" ("subscription_id", "created_at");`,
    );

    this.addSql(`create table "app_settings" (
      "key" varchar(100) not null primary key,
      "value" jsonb not null,
      "updated_at" timestamptz(3) not null default now());`);
    this.addSql(`insert into "app_settings" ("key", "value") values ('membership.graceDays', '7');`);

    // The one rule for member benefits, from stored state and the clock (now()):
    // - active or trialing: on until the period ends; a membership that renews keeps them one more
    //   day past the end while the renewal's outcome (paid → a new period, failed → past_due) arrives;
    // - past_due: on through the grace period (grace_ends_at, set when the payment failed), then off;
    // - cancelled at period end: on until current_period_end, then off; canceled, unpaid, incomplete: off.
    // `state` is what the member and admins see: trialing, active, cancelling, grace, lapsed, ended, incomplete.
    this.addSql(`create view "subscription_states" as
      select s."id" as "subscription_id", s."user_id", r."benefits_active",
             case when s."status" = 'incomplete' then 'incomplete'
                  when s."status" in ('past_due', 'unpaid') and not r."benefits_active" then 'lapsed'
                  when not r."benefits_active" then 'ended'
                  when s."status" = 'past_due' then 'grace'
                  when s."status" = 'trialing' and not s."cancel_at_period_end" then 'trialing'
                  when s."cancel_at_period_end" then 'cancelling'
                  else 'active' end as "state"
        from "subscriptions" s
        cross join lateral (select
              (s."status" in ('active', 'trialing')
               and (now() < s."current_period_end"
                    or (not s."cancel_at_period_end" and now() < s."current_period_end" + interval '1 day')))
              or (s."status" = 'past_due' and now() < s."grace_ends_at") as "benefits_active") r;`);
    this.addSql(`create view "membership_benefits" as
      select s."user_id", s."id" as "subscription_id", s."plan_id", s."status",
             s."current_period_start", s."current_period_end",
             p."member_only_courses", p."resource_discount_percent", p."lesson_credits"
        from "subscription_states" st
        join "subscriptions" s on s."id" = st."subscription_id"
        join "subscription_plans" p on p."id" = s."plan_id"
       where st."benefits_active";`);
    this.addSql(`create function "enrollment_open"(p_revoked timestamptz, p_source varchar, p_user uuid)
      returns boolean language sql stable as $$
        select p_revoked is null
           and (p_source <> 'membership'
                or exists (select 1 from membership_benefits b where b.user_id = p_user and b.member_only_courses))
      $$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop function if exists "enrollment_open"(timestamptz, varchar, uuid);`);
    this.addSql(`drop view if exists "membership_benefits";`);
    this.addSql(`drop view if exists "subscription_states";`);
    this.addSql(`drop table if exists "app_settings";`);
    this.addSql(`drop table if exists "subscription_events";`);
    this.addSql(`drop sequence if exists "subscription_invoice_number_seq";`);
    this.addSql(`drop table if exists "subscription_invoices";`);
    this.addSql(`drop table if exists "subscriptions";`);
    this.addSql(`drop table if exists "stripe_customers";`);
    this.addSql(`drop table if exists "subscription_plans";`);
  }
}
