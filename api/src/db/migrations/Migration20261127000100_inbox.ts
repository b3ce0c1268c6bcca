import { Migration } from '@mikro-orm/migrations';

/**
 * The staff inbox (api/src/modules/inbox, docs/contact-inbox.md): contact-form messages and
 * reports of conversation messages, one `inbox_items` row each, with the staff's notes and mailed
 * replies in `inbox_entries`. A report keeps a copy of the reported text in `body` (the message
 * may be deleted later: `message_id` is then set null). One open (new/open) report per message and
 * reporter is a partial unique index; the contact form's rate limit counts rows by ip and email
 * (the indexes below) under an advisory lock.
 */
export class Migration20261127000100_inbox extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "inbox_items" (
        "id" uuid not null default gen_random_uuid(),
        "kind" varchar(10) not null check ("kind" in ('contact', 'report')),
        "status" varchar(10) not null default 'new' check ("status" in ('new', 'open', 'answered', 'archived')),
        "assigned_to" uuid null references "users" ("id") on delete set null,
        "name" varchar(100) null,
        "email" varchar(254) null,
        "subject" varchar(200) null,
        "body" text null check ("body" is null or char_length("body") <= 5000),
        "user_id" uuid null references "users" ("id") on delete set null,
        "ip" varchar(64) null,
        "message_id" uuid null references "messages" ("id") on delete set null,
        "reporter_id" uuid null references "users" ("id") on delete set null,
        "reason" text null check ("reason" is null or char_length("reason") <= 2000),
        "created_at" timestamptz(3) not null default clock_timestamp(),
        "updated_at" timestamptz(3) not null default clock_timestamp(),
        constraint "inbox_items_pkey" primary key ("id"),
        constraint "inbox_items_contact_check" check (
          "kind" <> 'contact' or (
            "name" is not null and char_length(btrim("name")) between 1 and 100
            and "email" is not null and "email" like '%_@_%'
            and "subject" is not null and char_length(btrim("subject")) between 1 and 200
            and "body" is not null and char_length(btrim("body")) >= 1
            and "message_id" is null and "reporter_id" is null and "reason" is null
          )
        ),
        constraint "inbox_items_report_check" check (
          "kind" <> 'report' or (
            "reason" is not null and char_length(btrim("reason")) >= 1
            and "name" is null and "email" is null and "ip" is null
          )
        )
      );`,
    );
    this.addSql(
      `create index "inbox_items_created_at_index" on "inbox_items" ("created_at" desc, "id" desc);`,
    );
    this.addSql(`create index "inbox_items_status_index" on "inbox_items" ("status", "created_at" desc);`);
    this.addSql(
      `create index "inbox_items_ip_index" on "inbox_items" ("ip", "created_at") where "kind" = 'contact';`,
    );
    this.addSql(
      `create index "inbox_items_email_index" on "inbox_items" (lower("email"), "created_at") where "kind" = 'contact';`,
    );
    this.addSql(
      `create unique index "inbox_items_open_report_unique" on "inbox_items" ("message_id", "reporter_id")
         where "kind" = 'report' and "status" in ('new', 'open');`,
    );
    this.addSql(
      `create table "inbox_entries" (
        "id" uuid not null default gen_random_uuid(),
        "item_id" uuid not null references "inbox_items" ("id") on delete cascade,
        "kind" varchar(10) not null check ("kind" in ('note', 'reply')),
        "author_id" uuid null references "users" ("id") on delete set null,
        "body" text not null check (char_length(btrim("body")) between 1 and 5000),
        "mail_id" uuid null references "mail_outbox" ("id") on delete set null,
        "created_at" timestamptz(3) not null default clock_timestamp(),
        constraint "inbox_entries_pkey" primary key ("id")
      );`,
    );
    this.addSql(`create index "inbox_entries_item_index" on "inbox_entries" ("item_id", "created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "inbox_entries";`);
    this.addSql(`drop table if exists "inbox_items";`);
  }
}
