import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 33 (membership invoices refunded or disputed in Stripe; memberships/invoice-refunds.ts).
 *
 * `subscription_invoices.refunded_cents` (what Stripe's refunds gave back of the invoice's charge),
 * `dispute_status` (open, won, lost) and `access_taken_back_at`: set when a refund in full, an open
 * dispute or a lost one takes back the membership the invoice paid for; cleared when the dispute is
 * won. The `membership_benefits` view — the one place membership access is decided (course access,
 * member prices, lesson credits) — gives nothing while an invoice of the membership whose period
 * has not ended yet has its access taken back: the member-only courses close and the credits not
 * yet used cannot be used. A later period paid by another invoice gives access again.
 */
export class Migration20261206010000_membership_invoice_refunds extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "subscription_invoices"
      add column "refunded_cents" int not null default 0,
      add column "dispute_status" varchar(10) null,
      add column "access_taken_back_at" timestamptz(3) null,
      add constraint "subscription_invoices_refunded_check" check ("refunded_cents" between 0 and "amount_cents"),
      add constraint "subscription_invoices_dispute_status_check"
        check ("dispute_status" is null or "dispute_status" in ('open', 'won', 'lost'));`);
    this.addSql(
      `create index "subscription_invoices_taken_back_index" on "subscription_invoices" ("subscription_id", "period_end") where "access_taken_back_at" is not null;`,
    );
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
       where st."benefits_active"
         and not exists (select 1 from "subscription_invoices" i
                          where i."subscription_id" = s."id" and i."access_taken_back_at" is not null
                            and i."period_end" > now());`);
  }

  override async down(): Promise<void> {
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
    this.addSql(`drop index if exists "subscription_invoices_taken_back_index";`);
    this
      .addSql(`alter table "subscription_invoices" drop constraint "subscription_invoices_dispute_status_check",
      drop constraint "subscription_invoices_refunded_check",
      drop column "access_taken_back_at", drop column "dispute_status", drop column "refunded_cents";`);
  }
}
