import { Migration } from '@mikro-orm/migrations';

/**
 * The practice player (issue 34): step markers per lesson, each learner's practice state per lesson
 * (position, watched, settings), and a course's `require_watching`. The bounds the API checks are
 * constraints too.
 */
export class Migration20261206030000_practice extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "lesson_step_markers" (
        "id" uuid not null primary key,
        "lesson_id" uuid not null references "lessons" ("id") on update cascade on delete cascade,
        "label" varchar(80) not null check (length(btrim("label")) between 1 and 80),
        "at_seconds" double precision not null check ("at_seconds" >= 0 and "at_seconds" <= 86400),
        "position" int not null check ("position" >= 0),
        constraint "lesson_step_markers_lesson_id_position_unique" unique ("lesson_id", "position")
      );`);
    this.addSql(`
      create table "lesson_practice_states" (
        "id" uuid not null primary key,
        "user_id" uuid not null references "users" ("id") on update cascade on delete cascade,
        "lesson_id" uuid not null references "lessons" ("id") on update cascade on delete cascade,
        "position_seconds" double precision not null default 0 check ("position_seconds" >= 0),
        "furthest_seconds" double precision not null default 0 check ("furthest_seconds" >= 0),
        "watched_seconds" double precision not null default 0 check ("watched_seconds" >= 0),
        "duration_seconds" double precision not null default 0 check ("duration_seconds" >= 0),
        "watched_at" timestamptz null,
        "mirror" boolean not null default false,
        "speed" double precision not null default 1 check ("speed" between 0.25 and 2),
        "loop_a" double precision null check ("loop_a" >= 0),
        "loop_b" double precision null,
        "count_in" boolean not null default false,
        "count_in_bpm" int not null default 120 check ("count_in_bpm" between 40 and 240),
        "updated_at" timestamptz not null default now(),
        constraint "lesson_practice_states_loop_check"
          check (("loop_a" is null and "loop_b" is null) or ("loop_a" is not null and "loop_b" > "loop_a")),
        constraint "lesson_practice_states_user_id_lesson_id_unique" unique ("user_id", "lesson_id")
      );`);
    this.addSql(
      `create index "lesson_practice_states_lesson_id_index" on "lesson_practice_states" ("lesson_id");`,
    );
    this.addSql(`
      create table "course_practice_settings" (
        "course_id" uuid not null primary key references "courses" ("id") on update cascade on delete cascade,
        "require_watching" boolean not null default false
      );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "course_practice_settings";');
    this.addSql('drop table if exists "lesson_practice_states";');
    this.addSql('drop table if exists "lesson_step_markers";');
  }
}
