import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 13: member-to-member messages (docs/messaging.md). Conversations with their participants
 * (each with their own read mark and unread-mail mark), messages with private attachments, and
 * blocks between two users. Instructors choose whether members may write to them first
 * (`instructor_profiles.accepts_inquiries`). Uploads say what they are for (`uploads.purpose`): the
 * message attachments a member uploads count against a daily quota.
 *
 * The times messages are ordered and compared by (`messages.created_at`, `last_message_at`, the
 * read and mail marks) keep PostgreSQL's full microsecond precision: two messages a millisecond
 * apart stay in order, and a read mark is never rounded below the message it marks. They never
 * round-trip through a JS Date: cursors carry their text (api/src/graphql/keyset.ts) and marks are
 * copied in SQL.
 */
export class Migration20261127000000_messaging extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "conversations" ("id" uuid not null, "subject" varchar(200) not null default '',
        "context_kind" varchar(20) null, "context_id" uuid null, "created_by" uuid not null,
        "created_at" timestamptz(3) not null default now(), "last_message_at" timestamptz not null default now(),
        constraint "conversations_pkey" primary key ("id"),
        constraint "conversations_created_by_foreign" foreign key ("created_by") references "users" ("id") on update cascade on delete cascade,
        constraint "conversations_context_kind_check" check ("context_kind" in ('booking', 'resource', 'order', 'instructor')),
        constraint "conversations_context_check" check (("context_kind" is null) = ("context_id" is null)));`,
    );
    this.addSql(
      `create index "conversations_context_index" on "conversations" ("context_kind", "context_id");`,
    );
    this.addSql(
      `create table "conversation_participants" ("conversation_id" uuid not null, "user_id" uuid not null,
        "role" varchar(20) not null default 'member', "last_read_at" timestamptz null, "last_read_message_id" uuid null,
        "notified_at" timestamptz null, "archived_at" timestamptz(3) null,
        "joined_at" timestamptz(3) not null default now(),
        constraint "conversation_participants_pkey" primary key ("conversation_id", "user_id"),
        constraint "conversation_participants_conversation_id_foreign" foreign key ("conversation_id") references "conversations" ("id") on update cascade on delete cascade,
        constraint "conversation_participants_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade,
        constraint "conversation_participants_role_check" check ("role" in ('member', 'instructor', 'seller', 'buyer', 'staff')));`,
    );
    this.addSql(
      `create index "conversation_participants_user_id_index" on "conversation_participants" ("user_id", "conversation_id");`,
    );
    this.addSql(
      `create table "messages" ("id" uuid not null, "conversation_id" uuid not null, "sender_id" uuid not null,
        "body" text not null, "created_at" timestamptz not null default clock_timestamp(),
        constraint "messages_pkey" primary key ("id"),
        constraint "messages_conversation_id_foreign" foreign key ("conversation_id") references "conversations" ("id") on update cascade on delete cascade,
        constraint "messages_sender_id_foreign" foreign key ("sender_id") references "users" ("id") on update cascade on delete cascade,
        constraint "messages_body_check" check (char_length("body") between 1 and 5000));`,
    );
    this.addSql(
      `create index "messages_conversation_id_created_at_index" on "messages" ("conversation_id", "created_at" desc, "id" desc);`,
    );
    this.addSql(
      `create index "messages_sender_id_created_at_index" on "messages" ("sender_id", "created_at");`,
    );
    this.addSql(
      `alter table "conversation_participants" add constraint "conversation_participants_last_read_message_id_foreign" foreign key ("last_read_message_id") references "messages" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `create table "message_attachments" ("id" uuid not null, "message_id" uuid not null, "storage_key" varchar(300) not null,
        "file_name" varchar(255) not null, "content_type" varchar(120) not null, "size_bytes" bigint not null,
        "position" int not null default 0,
        constraint "message_attachments_pkey" primary key ("id"),
        constraint "message_attachments_message_id_foreign" foreign key ("message_id") references "messages" ("id") on update cascade on delete cascade,
        constraint "message_attachments_content_type_check" check ("content_type" in ('image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf')),
        constraint "message_attachments_size_check" check ("size_bytes" between 1 and 10485760));`,
    );
    this.addSql(
      `create index "message_attachments_message_id_index" on "message_attachments" ("message_id", "position");`,
    );
    this.addSql(
      `create table "user_blocks" ("blocker_id" uuid not null, "blocked_id" uuid not null,
        "created_at" timestamptz(3) not null default now(),
        constraint "user_blocks_pkey" primary key ("blocker_id", "blocked_id"),
        constraint "user_blocks_blocker_id_foreign" foreign key ("blocker_id") references "users" ("id") on update cascade on delete cascade,
        constraint "user_blocks_blocked_id_foreign" foreign key ("blocked_id") references "users" ("id") on update cascade on delete cascade,
        constraint "user_blocks_not_self_check" check ("blocker_id" <> "blocked_id"));`,
    );
    this.addSql(`create index "user_blocks_blocked_id_index" on "user_blocks" ("blocked_id");`);
    this.addSql(
      `alter table "instructor_profiles" add column "accepts_inquiries" boolean not null default true;`,
    );
    // What an upload is for: message attachments are counted against the uploader's daily quota.
    this.addSql(
      `alter table "uploads" add column "purpose" varchar(20) not null default 'resource',
        add constraint "uploads_purpose_check" check ("purpose" in ('resource', 'message'));`,
    );
    this.addSql(
      `create index "uploads_message_quota_index" on "uploads" ("owner_id", "created_at") where "purpose" = 'message';`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "uploads_message_quota_index";`);
    this.addSql(`alter table "uploads" drop column if exists "purpose";`);
    this.addSql(`alter table "instructor_profiles" drop column if exists "accepts_inquiries";`);
    for (const table of [
      'user_blocks',
      'message_attachments',
      'conversation_participants',
      'messages',
      'conversations',
    ]) {
      this.addSql(`drop table if exists "${table}" cascade;`);
    }
  }
}
