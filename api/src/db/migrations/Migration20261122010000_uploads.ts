import { Migration } from '@mikro-orm/migrations';

/** Files received by POST /api/upload, waiting to be attached to a resource (or attached). */
export class Migration20261122010000_uploads extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "uploads" ("id" uuid not null, "owner_id" uuid not null, "storage_key" varchar(300) not null, "file_name" varchar(255) not null, "size_bytes" bigint not null, "content_type" varchar(120) not null, "kind" varchar(20) not null, "public" boolean not null default false, "created_at" timestamptz(3) not null default now(), "consumed_at" timestamptz(3) null, constraint "uploads_pkey" primary key ("id"), constraint "uploads_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on update cascade on delete cascade, constraint "uploads_kind_check" check ("kind" in ('document', 'audio', 'video', 'image', 'text', 'spreadsheet', 'other')), constraint "uploads_size_bytes_check" check ("size_bytes" >= 0));`,
    );
    this.addSql(`create index "uploads_owner_id_created_at_index" on "uploads" ("owner_id", "created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "uploads" cascade;`);
  }
}
