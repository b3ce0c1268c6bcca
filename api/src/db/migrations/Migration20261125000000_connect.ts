import { Migration } from '@mikro-orm/migrations';

/**
 * Instructor Connect (issue 11): instructor profiles, session types, weekly hours and date
 * overrides, bookings, group-class seats, reviews, sent notifications and calendar feeds.
 *
 * - No double booking is the database's job: `bookings_no_overlap` is an exclusion constraint
 *   (btree_gist) over the instructor and the booking's `blocked` range (start − buffer before,
 *   end + buffer after) for private lessons and consultations that are held, requested or
 *   confirmed. `blocked` is stored (an expression over timestamptz − interval is not immutable).
 * - A group class's seats are one row per occurrence in `class_occurrences`; a seat is taken by
 *   one guarded statement (`seats_taken < capacity`) and the check constraint backs it.
 * - Booking orders are orders of kind `booking`: one line of item type `booking`. A member's one
 *   open checkout (the partial unique index) is about cart orders only, so paying a lesson never
 *   replaces a cart checkout. `refunded_cents` records partial refunds (a late-cancel fee kept).
 */
export class Migration20261125000000_connect extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create extension if not exists btree_gist;`);

    this.addSql(
      `create table "instructor_profiles" (
        "user_id" uuid not null,
        "status" varchar(20) not null default 'pending',
        "status_reason" varchar(500) null,
        "featured" boolean not null default false,
        "headline" varchar(120) not null default '',
        "bio" text not null default '',
        "styles" text[] not null default '{}',
        "levels" text[] not null default '{}',
        "age_groups" text[] not null default '{}',
        "languages" text[] not null default '{}',
        "teaches_online" boolean not null default true,
        "teaches_in_person" boolean not null default false,
        "city" varchar(100) null,
        "state" varchar(100) null,
        "zip" varchar(10) null,
        "latitude" double precision null,
        "longitude" double precision null,
        "intro_video_url" varchar(500) null,
        "time_zone" varchar(64) not null default 'America/New_York',
        "buffer_before_minutes" int not null default 0,
        "buffer_after_minutes" int not null default 0,
        "min_notice_minutes" int not null default 240,
        "horizon_days" int not null default 60,
        "cancel_free_hours" int not null default 24,
        "late_cancel_fee_percent" int not null default 50,
        "approved_at" timestamptz(3) null,
        "created_at" timestamptz(3) not null default now(),
        "updated_at" timestamptz(3) not null default now(),
        constraint "instructor_profiles_pkey" primary key ("user_id"),
        constraint "instructor_profiles_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade,
        constraint "instructor_profiles_status_check" check ("status" in ('pending', 'approved', 'suspended')),
        constraint "instructor_profiles_minutes_check" check ("buffer_before_minutes" between 0 and 240 and "buffer_after_minutes" between 0 and 240 and "min_notice_minutes" between 0 and 43200 and "horizon_days" between 1 and 365),
        constraint "instructor_profiles_policy_check" check ("cancel_free_hours" between 0 and 720 and "late_cancel_fee_percent" between 0 and 100)
      );`,
    );
    this.addSql(
      `create index "instructor_profiles_status_index" on "instructor_profiles" ("status", "featured");`,
    );

    this.addSql(
      `create table "session_types" (
        "id" uuid not null,
        "instructor_id" uuid not null,
        "kind" varchar(20) not null,
        "title" varchar(120) not null,
        "description" text not null default '',
        "duration_minutes" int not null,
        "price_cents" int not null default 0,
        "capacity" int not null default 1,
        "buffer_before_minutes" int not null default 0,
        "buffer_after_minutes" int not null default 0,
        "min_notice_minutes" int not null default 240,
        "horizon_days" int not null default 60,
        "max_per_day" int null,
        "requires_approval" boolean not null default false,
        "recurrence_rule" varchar(500) null,
        "location_mode" varchar(20) not null default 'online',
        "cancel_free_hours" int not null default 24,
        "late_cancel_fee_percent" int not null default 50,
        "active" boolean not null default true,
        "created_at" timestamptz(3) not null default now(),
        "updated_at" timestamptz(3) not null default now(),
        constraint "session_types_pkey" primary key ("id"),
        constraint "session_types_instructor_id_foreign" foreign key ("instructor_id") references "users" ("id") on update cascade on delete cascade,
        constraint "session_types_kind_check" check ("kind" in ('private', 'group', 'consultation')),
        constraint "session_types_location_mode_check" check ("location_mode" in ('online', 'in_person')),
        constraint "session_types_price_check" check ("price_cents" between 0 and 10000000 and ("kind" <> 'consultation' or "price_cents" = 0)),
        constraint "session_types_capacity_check" check ("capacity" between 1 and 500 and ("kind" = 'group' or "capacity" = 1)),
        constraint "session_types_recurrence_check" check ("kind" <> 'group' or "recurrence_rule" is not null),
        constraint "session_types_minutes_check" check ("duration_minutes" between 10 and 480 and "buffer_before_minutes" between 0 and 240 and "buffer_after_minutes" between 0 and 240 and "min_notice_minutes" between 0 and 43200 and "horizon_days" between 1 and 365 and ("max_per_day" is null or "max_per_day" between 1 and 100)),
        constraint "session_types_policy_check" check ("cancel_free_hours" between 0 and 720 and "late_cancel_fee_percent" between 0 and 100)
      );`,
    );
    this.addSql(
      `create index "session_types_instructor_id_index" on "session_types" ("instructor_id", "active");`,
    );

    this.addSql(
      `create table "availability_rules" (
        "id" uuid not null,
        "instructor_id" uuid not null,
        "weekday" smallint not null,
        "start_time" time not null,
        "end_time" time not null,
        constraint "availability_rules_pkey" primary key ("id"),
        constraint "availability_rules_instructor_id_foreign" foreign key ("instructor_id") references "users" ("id") on update cascade on delete cascade,
        constraint "availability_rules_weekday_check" check ("weekday" between 1 and 7),
        constraint "availability_rules_times_check" check ("start_time" < "end_time")
      );`,
    );
    this.addSql(
      `create index "availability_rules_instructor_id_index" on "availability_rules" ("instructor_id", "weekday");`,
    );

    this.addSql(
      `create table "availability_overrides" (
        "id" uuid not null,
        "instructor_id" uuid not null,
        "date" date not null,
        "kind" varchar(10) not null,
        "start_time" time null,
        "end_time" time null,
        "note" varchar(200) not null default '',
        "created_at" timestamptz(3) not null default now(),
        constraint "availability_overrides_pkey" primary key ("id"),
        constraint "availability_overrides_instructor_id_foreign" foreign key ("instructor_id") references "users" ("id") on update cascade on delete cascade,
        constraint "availability_overrides_kind_check" check ("kind" in ('extra', 'off')),
        constraint "availability_overrides_times_check" check (("start_time" is null and "end_time" is null and "kind" = 'off') or ("start_time" is not null and "end_time" is not null and "start_time" < "end_time"))
      );`,
    );
    this.addSql(
      `create index "availability_overrides_instructor_id_date_index" on "availability_overrides" ("instructor_id", "date");`,
    );

    this.addSql(
      `create table "bookings" (
        "id" uuid not null,
        "session_type_id" uuid not null,
        "instructor_id" uuid not null,
        "client_id" uuid not null,
        "kind" varchar(20) not null,
        "title" varchar(120) not null,
        "starts_at" timestamptz(3) not null,
        "ends_at" timestamptz(3) not null,
        "blocked" tstzrange not null,
        "time_zone" varchar(64) not null,
        "client_time_zone" varchar(64) not null,
        "status" varchar(20) not null,
        "hold_expires_at" timestamptz(3) null,
        "price_cents" int not null,
        "order_id" uuid null,
        "refunded_cents" int not null default 0,
        "fee_cents" int not null default 0,
        "cancel_free_hours" int not null,
        "late_cancel_fee_percent" int not null,
        "note" varchar(1000) not null default '',
        "canceled_by" varchar(20) null,
        "cancel_reason" varchar(500) null,
        "canceled_at" timestamptz(3) null,
        "reschedule_count" int not null default 0,
        "completed_at" timestamptz(3) null,
        "created_at" timestamptz(3) not null default now(),
        "updated_at" timestamptz(3) not null default now(),
        constraint "bookings_pkey" primary key ("id"),
        constraint "bookings_session_type_id_foreign" foreign key ("session_type_id") references "session_types" ("id") on update cascade,
        constraint "bookings_instructor_id_foreign" foreign key ("instructor_id") references "users" ("id") on update cascade,
        constraint "bookings_client_id_foreign" foreign key ("client_id") references "users" ("id") on update cascade on delete cascade,
        constraint "bookings_order_id_foreign" foreign key ("order_id") references "orders" ("id") on update cascade on delete set null,
        constraint "bookings_kind_check" check ("kind" in ('private', 'group', 'consultation')),
        constraint "bookings_status_check" check ("status" in ('held', 'requested', 'confirmed', 'declined', 'canceled', 'expired', 'completed', 'no_show')),
        constraint "bookings_times_check" check ("starts_at" < "ends_at" and lower("blocked") <= "starts_at" and upper("blocked") >= "ends_at"),
        constraint "bookings_hold_check" check ("status" <> 'held' or "hold_expires_at" is not null),
        constraint "bookings_amounts_check" check ("price_cents" >= 0 and "refunded_cents" between 0 and "price_cents" and "fee_cents" between 0 and "price_cents"),
        constraint "bookings_no_overlap" exclude using gist ("instructor_id" with =, "blocked" with &&) where ("kind" <> 'group' and "status" in ('held', 'requested', 'confirmed'))
      );`,
    );
    this.addSql(
      `create index "bookings_client_id_starts_at_index" on "bookings" ("client_id", "starts_at" desc, "id" desc);`,
    );
    this.addSql(
      `create index "bookings_instructor_id_starts_at_index" on "bookings" ("instructor_id", "starts_at" desc, "id" desc);`,
    );
    this.addSql(`create index "bookings_starts_at_index" on "bookings" ("starts_at" desc, "id" desc);`);
    this.addSql(
      `create index "bookings_held_index" on "bookings" ("hold_expires_at") where "status" = 'held';`,
    );
    this.addSql(`create index "bookings_order_id_index" on "bookings" ("order_id");`);
    // One live seat per member per class occurrence.
    this.addSql(
      `create unique index "bookings_one_seat_unique" on "bookings" ("session_type_id", "starts_at", "client_id") where "kind" = 'group' and "status" in ('held', 'requested', 'confirmed');`,
    );

    this.addSql(
      `create table "class_occurrences" (
        "session_type_id" uuid not null,
        "starts_at" timestamptz(3) not null,
        "capacity" int not null,
        "seats_taken" int not null default 0,
        constraint "class_occurrences_pkey" primary key ("session_type_id", "starts_at"),
        constraint "class_occurrences_session_type_id_foreign" foreign key ("session_type_id") references "session_types" ("id") on update cascade on delete cascade,
        constraint "class_occurrences_seats_check" check ("seats_taken" between 0 and "capacity")
      );`,
    );

    this.addSql(
      `create table "instructor_reviews" (
        "id" uuid not null,
        "booking_id" uuid not null,
        "instructor_id" uuid not null,
        "client_id" uuid not null,
        "rating" smallint not null,
        "comment" varchar(2000) not null default '',
        "created_at" timestamptz(3) not null default now(),
        constraint "instructor_reviews_pkey" primary key ("id"),
        constraint "instructor_reviews_booking_id_unique" unique ("booking_id"),
        constraint "instructor_reviews_booking_id_foreign" foreign key ("booking_id") references "bookings" ("id") on update cascade on delete cascade,
        constraint "instructor_reviews_instructor_id_foreign" foreign key ("instructor_id") references "users" ("id") on update cascade on delete cascade,
        constraint "instructor_reviews_client_id_foreign" foreign key ("client_id") references "users" ("id") on update cascade on delete cascade,
        constraint "instructor_reviews_rating_check" check ("rating" between 1 and 5)
      );`,
    );
    this.addSql(
      `create index "instructor_reviews_instructor_id_index" on "instructor_reviews" ("instructor_id", "created_at" desc, "id" desc);`,
    );

    // Each notification of a booking once: (booking, kind, start) — a reminder for a rescheduled
    // time is a new row; two workers racing insert one.
    this.addSql(
      `create table "booking_notifications" (
        "booking_id" uuid not null,
        "kind" varchar(30) not null,
        "starts_at" timestamptz(3) not null,
        "sent_at" timestamptz(3) not null default now(),
        constraint "booking_notifications_pkey" primary key ("booking_id", "kind", "starts_at"),
        constraint "booking_notifications_booking_id_foreign" foreign key ("booking_id") references "bookings" ("id") on update cascade on delete cascade
      );`,
    );

    this.addSql(
      `create table "calendar_feeds" (
        "user_id" uuid not null,
        "token_hash" varchar(64) not null,
        "created_at" timestamptz(3) not null default now(),
        constraint "calendar_feeds_pkey" primary key ("user_id"),
        constraint "calendar_feeds_token_hash_unique" unique ("token_hash"),
        constraint "calendar_feeds_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade
      );`,
    );

    // Booking orders: their own kind, outside the one-open-cart-checkout rule; partial refunds.
    this.addSql(`alter table "orders" add column "kind" varchar(20) not null default 'cart';`);
    this.addSql(
      `alter table "orders" add constraint "orders_kind_check" check ("kind" in ('cart', 'booking'));`,
    );
    this.addSql(`alter table "orders" add column "refunded_cents" int not null default 0;`);
    this.addSql(`update "orders" set "refunded_cents" = "total_cents" where "status" = 'refunded';`);
    this.addSql(
      `alter table "orders" add constraint "orders_refunded_cents_check" check ("refunded_cents" between 0 and "total_cents");`,
    );
    this.addSql(`drop index "orders_user_id_pending_unique";`);
    this.addSql(
      `create unique index "orders_user_id_pending_unique" on "orders" ("user_id") where "status" = 'pending' and "kind" = 'cart';`,
    );
    this.addSql(`alter table "order_lines" drop constraint "order_lines_item_type_check";`);
    this.addSql(
      `alter table "order_lines" add constraint "order_lines_item_type_check" check ("item_type" in ('course', 'resource', 'booking'));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "order_lines" drop constraint "order_lines_item_type_check";`);
    this.addSql(`delete from "orders" where "kind" = 'booking';`);
    this.addSql(
      `alter table "order_lines" add constraint "order_lines_item_type_check" check ("item_type" in ('course', 'resource'));`,
    );
    this.addSql(`drop index "orders_user_id_pending_unique";`);
    this.addSql(
      `create unique index "orders_user_id_pending_unique" on "orders" ("user_id") where "status" = 'pending';`,
    );
    this.addSql(`alter table "orders" drop column "refunded_cents", drop column "kind";`);
    this.addSql(`drop table if exists "calendar_feeds" cascade;`);
    this.addSql(`drop table if exists "booking_notifications" cascade;`);
    this.addSql(`drop table if exists "instructor_reviews" cascade;`);
    this.addSql(`drop table if exists "class_occurrences" cascade;`);
    this.addSql(`drop table if exists "bookings" cascade;`);
    this.addSql(`drop table if exists "availability_overrides" cascade;`);
    this.addSql(`drop table if exists "availability_rules" cascade;`);
    this.addSql(`drop table if exists "session_types" cascade;`);
    this.addSql(`drop table if exists "instructor_profiles" cascade;`);
  }
}
