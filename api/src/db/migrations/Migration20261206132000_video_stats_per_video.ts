import { Migration } from '@mikro-orm/migrations';

/**
 * Video stats per video, not per lesson (issue 34): a lesson whose video is replaced starts its
 * stats again, and the replaced video's stay apart. `video_key` is the hosted video's id, or ''
 * for the lesson's file/HLS link. The loop and leave counters gain it; each learner's watching of
 * one video (plays, watched bitmap) gets its own row in `lesson_video_watches` — the practice state
 * stays one row per lesson (resume, settings, the "require watching" gate). Existing rows are
 * kept: they are given the lesson's current video (what they were counted for, unless it was
 * already replaced).
 *
 * Also: a READY video no longer needs a poster (processing goes on when the poster frame fails; the
 * video plays without one), so `lesson_videos_ready_check` drops `poster_key`.
 */
export class Migration20261206132000_video_stats_per_video extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table "lesson_videos" drop constraint "lesson_videos_ready_check",
        add constraint "lesson_videos_ready_check" check (
          "status" <> 'READY' or ("duration_seconds" is not null and jsonb_array_length("renditions") > 0));`);
    this.addSql(`
      alter table "lesson_video_buckets" add column "video_key" text not null default '';`);
    this.addSql(`
      update "lesson_video_buckets" b
         set "video_key" = coalesce((select v."id"::text from "lesson_videos" v
                                      where v."lesson_id" = b."lesson_id" and v."replaced_at" is null), '');`);
    this.addSql(`
      alter table "lesson_video_buckets"
        drop constraint "lesson_video_buckets_pkey",
        add primary key ("lesson_id", "video_key", "bucket");`);
    this.addSql(`
      create table "lesson_video_watches" (
        "user_id" uuid not null references "users" ("id") on update cascade on delete cascade,
        "lesson_id" uuid not null references "lessons" ("id") on update cascade on delete cascade,
        "video_key" text not null,
        "plays" int not null default 0 check ("plays" >= 0),
        "watched_bits" bit(100) not null default repeat('0', 100)::bit(100),
        "watched_seconds" double precision not null default 0 check ("watched_seconds" >= 0),
        "duration_seconds" double precision not null default 0 check ("duration_seconds" >= 0),
        "updated_at" timestamptz(3) not null default now(),
        primary key ("lesson_id", "video_key", "user_id")
      );`);
    this.addSql(`
      insert into "lesson_video_watches"
        ("user_id", "lesson_id", "video_key", "plays", "watched_bits", "watched_seconds", "duration_seconds", "updated_at")
      select s."user_id", s."lesson_id",
             coalesce((select v."id"::text from "lesson_videos" v
                        where v."lesson_id" = s."lesson_id" and v."replaced_at" is null), ''),
             s."plays", s."watched_bits", s."watched_seconds", s."duration_seconds", s."updated_at"
        from "lesson_practice_states" s
       where s."plays" > 0 or s."watched_bits" <> repeat('0', 100)::bit(100) or s."watched_seconds" > 0;`);
    this.addSql(`create index "lesson_video_watches_user_id_index" on "lesson_video_watches" ("user_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`
      alter table "lesson_videos" drop constraint "lesson_videos_ready_check",
        add constraint "lesson_videos_ready_check" check (
          "status" <> 'READY' or ("duration_seconds" is not null and "poster_key" is not null
            and jsonb_array_length("renditions") > 0)) not valid;`);
    this.addSql('drop table if exists "lesson_video_watches";');
    this
      .addSql(`delete from "lesson_video_buckets" where "video_key" <> coalesce((select v."id"::text from "lesson_videos" v
      where v."lesson_id" = "lesson_video_buckets"."lesson_id" and v."replaced_at" is null), '');`);
    this.addSql(`
      alter table "lesson_video_buckets"
        drop constraint "lesson_video_buckets_pkey",
        drop column "video_key",
        add primary key ("lesson_id", "bucket");`);
  }
}
