import { Migration } from '@mikro-orm/migrations';

/**
 * Lesson video extras (issue 34): candidate poster frames and the instructor's choice, the
 * scrubbing thumbnail sprite, and WebVTT captions per language.
 */
export class Migration20261206110000_lesson_video_extras extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table "lesson_videos"
        add column "poster_candidates" int not null default 0 check ("poster_candidates" between 0 and 8),
        add column "poster_choice" int null check ("poster_choice" >= 0),
        add column "thumbnails" boolean not null default false,
        add constraint "lesson_videos_poster_choice_in_range"
          check ("poster_choice" is null or "poster_choice" < "poster_candidates");`);
    this.addSql(`
      create table "lesson_video_captions" (
        "id" uuid not null primary key,
        "video_id" uuid not null references "lesson_videos" ("id") on update cascade on delete cascade,
        "srclang" varchar(35) not null check ("srclang" ~ '^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{1,8})*$'),
        "label" varchar(80) not null check (length(btrim("label")) between 1 and 80),
        "size_bytes" int not null check ("size_bytes" between 1 and 1048576),
        "created_at" timestamptz not null default now(),
        constraint "lesson_video_captions_video_id_srclang_unique" unique ("video_id", "srclang")
      );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "lesson_video_captions";`);
    this.addSql(`
      alter table "lesson_videos"
        drop constraint if exists "lesson_videos_poster_choice_in_range",
        drop column if exists "poster_candidates",
        drop column if exists "poster_choice",
        drop column if exists "thumbnails";`);
  }
}
