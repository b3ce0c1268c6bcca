import { Migration } from '@mikro-orm/migrations';

/**
 * What a deleted video row stored (issue 34): a lesson's deletion removes its videos by cascade, and
 * nothing then removed their renditions, posters, sprite and captions from the disk or the bucket.
 * A trigger records each deleted row's stored files here, whatever deleted it (a cascade from a
 * lesson, module or course, or the clean-up job); the clean-up job removes the files and the record.
 */
export class Migration20261208140000_lesson_video_removals extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "lesson_video_removals" (
        "video_id" uuid not null primary key,
        "storage_prefix" varchar(200) not null,
        "renditions" jsonb not null,
        "poster_candidates" int not null,
        "thumbnails" boolean not null,
        "caption_ids" text[] not null,
        "removed_at" timestamptz not null default now()
      );`);
    this.addSql(`
      create function "lesson_video_removed"() returns trigger language plpgsql as $$
      begin
        insert into "lesson_video_removals"
          ("video_id", "storage_prefix", "renditions", "poster_candidates", "thumbnails", "caption_ids")
        values (old."id", old."storage_prefix", old."renditions", old."poster_candidates", old."thumbnails",
                array(select c."id"::text from "lesson_video_captions" c where c."video_id" = old."id"))
        on conflict ("video_id") do nothing;
        return old;
      end $$;`);
    this.addSql(`
      create trigger "lesson_videos_removed" before delete on "lesson_videos"
        for each row execute function "lesson_video_removed"();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists "lesson_videos_removed" on "lesson_videos";`);
    this.addSql(`drop function if exists "lesson_video_removed"();`);
    this.addSql(`drop table if exists "lesson_video_removals";`);
  }
}
