import { Migration } from '@mikro-orm/migrations';

/**
 * Hosted lesson videos (issue 34): one row per upload, its processing state and stored files. One
 * current video per lesson: a partial unique index on `lesson_id` where `replaced_at` is null.
 */
export class Migration20261206020000_lesson_videos extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "lesson_videos" (
        "id" uuid not null primary key,
        "lesson_id" uuid not null references "lessons" ("id") on delete cascade,
        "status" text not null default 'UPLOADING'
          check ("status" in ('UPLOADING', 'PROCESSING', 'READY', 'FAILED')),
        "failure_reason" text null,
        "duration_seconds" double precision null check ("duration_seconds" is null or "duration_seconds" > 0),
        "width" int null,
        "height" int null,
        "source_name" varchar(255) not null default '',
        "source_size" bigint not null default 0 check ("source_size" >= 0),
        "storage_prefix" varchar(200) not null,
        "renditions" jsonb not null default '[]',
        "poster_key" varchar(300) null,
        "free_preview" boolean not null default false,
        "attempt" int not null default 0 check ("attempt" >= 0),
        "created_by_id" uuid null references "users" ("id") on delete set null,
        "created_at" timestamptz not null default now(),
        "updated_at" timestamptz not null default now(),
        "replaced_at" timestamptz null,
        constraint "lesson_videos_ready_check" check (
          "status" <> 'READY' or ("duration_seconds" is not null and "poster_key" is not null
            and jsonb_array_length("renditions") > 0)),
        constraint "lesson_videos_failed_check" check ("status" <> 'FAILED' or "failure_reason" is not null)
      );`);
    this.addSql(`
      create unique index "lesson_videos_current_unique" on "lesson_videos" ("lesson_id")
        where "replaced_at" is null;`);
    this.addSql(`create index "lesson_videos_lesson_id_index" on "lesson_videos" ("lesson_id");`);
    this.addSql(`
      create index "lesson_videos_cleanup_index" on "lesson_videos" ("status", "updated_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "lesson_videos";`);
  }
}
