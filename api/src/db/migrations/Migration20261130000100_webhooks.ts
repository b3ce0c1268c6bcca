import { Migration } from '@mikro-orm/migrations';

/**
 * Outgoing webhooks (api/src/modules/webhooks): endpoints admins register, one message per
 * (event, endpoint) and one row per delivery attempt. Messages are inserted in the transaction of
 * the change they report; `seq` orders an endpoint's messages of one subject (creation order, even
 * for two made in one transaction); `next_attempt_at` is full precision (the delivery job compares
 * it with the job's start time). The event list is repeated here on purpose: an event type the
 * code does not know cannot be stored.
 */
export class Migration20261130000100_webhooks extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "webhook_endpoints" (
        "id" uuid not null default gen_random_uuid(),
        "url" text not null check (char_length("url") between 8 and 2000),
        "description" text not null default '' check (char_length("description") <= 500),
        "events" text[] not null check (
          cardinality("events") between 1 and 9 and "events" <@ array[
            'order.paid', 'order.refunded', 'enrollment.created', 'enrollment.completed',
            'certificate.issued', 'resource.published', 'booking.created', 'booking.cancelled',
            'subscription.updated']::text[]
        ),
        "secret" text not null check ("secret" ~ '^whsec_[A-Za-z0-9+/]{32,88}={0,2}$'),
        "enabled" boolean not null default true,
        "disabled_at" timestamptz(3) null,
        "disabled_reason" text null check (char_length("disabled_reason") <= 500),
        "last_success_at" timestamptz(3) null,
        "created_by_id" uuid null references "users" ("id") on delete set null,
        "created_at" timestamptz(3) not null default now(),
        "updated_at" timestamptz(3) not null default now(),
        constraint "webhook_endpoints_pkey" primary key ("id"),
        constraint "webhook_endpoints_disabled_check" check (
          ("enabled" and "disabled_at" is null and "disabled_reason" is null)
          or (not "enabled" and "disabled_at" is not null and "disabled_reason" is not null)
        )
      );`,
    );
    this.addSql(`create index "webhook_endpoints_events_index" on "webhook_endpoints" using gin ("events");`);

    this.addSql(
      `create table "webhook_messages" (
        "id" text not null check ("id" ~ '^msg_[A-Za-z0-9_-]{16,64}$'),
        "seq" bigint generated always as identity,
        "endpoint_id" uuid not null references "webhook_endpoints" ("id") on delete cascade,
        "event_type" text not null check ("event_type" ~ '^[a-z]+(\\.[a-z_]+)+$'),
        "subject" text not null check (char_length("subject") between 1 and 200),
        "payload" jsonb not null check (jsonb_typeof("payload") = 'object'),
        "status" text not null default 'pending' check ("status" in ('pending', 'succeeded', 'failed')),
        "attempt_count" int not null default 0 check ("attempt_count" >= 0),
        "automatic_attempts" int not null default 0 check ("automatic_attempts" >= 0),
        "next_attempt_at" timestamptz null,
        "last_attempt_at" timestamptz(3) null,
        "created_at" timestamptz(3) not null default now(),
        "delivered_at" timestamptz(3) null,
        constraint "webhook_messages_pkey" primary key ("id"),
        constraint "webhook_messages_state_check" check (
          ("status" = 'pending' and "next_attempt_at" is not null)
          or ("status" <> 'pending' and "next_attempt_at" is null)
        ),
        constraint "webhook_messages_delivered_check" check (("status" = 'succeeded') = ("delivered_at" is not null))
      );`,
    );
    this.addSql(
      `create index "webhook_messages_endpoint_index" on "webhook_messages" ("endpoint_id", "created_at" desc, "id" desc);`,
    );
    this.addSql(
      `create index "webhook_messages_pending_index" on "webhook_messages" ("endpoint_id", "subject", "seq") where "status" = 'pending';`,
    );

    this.addSql(
      `create table "webhook_attempts" (
        "id" uuid not null default gen_random_uuid(),
        "message_id" text not null references "webhook_messages" ("id") on delete cascade,
        "trigger" text not null check ("trigger" in ('automatic', 'manual')),
        "url" text not null,
        "request_headers" jsonb not null,
        "request_body" text not null,
        "response_status" int null check ("response_status" between 100 and 599),
        "response_body" text null check (char_length("response_body") <= 2048),
        "succeeded" boolean not null,
        "error" text null check (char_length("error") <= 1000),
        "duration_ms" int not null check ("duration_ms" >= 0),
        "started_at" timestamptz(3) not null,
        "finished_at" timestamptz(3) not null,
        constraint "webhook_attempts_pkey" primary key ("id"),
        constraint "webhook_attempts_outcome_check" check (not "succeeded" or ("response_status" between 200 and 299 and "error" is null))
      );`,
    );
    this.addSql(
      `create index "webhook_attempts_message_index" on "webhook_attempts" ("message_id", "started_at");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "webhook_attempts";`);
    this.addSql(`drop table if exists "webhook_messages";`);
    this.addSql(`drop table if exists "webhook_endpoints";`);
  }
}
