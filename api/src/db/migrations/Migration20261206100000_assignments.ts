import { Migration } from '@mikro-orm/migrations';

/**
 * Video assignments (issue 34): an assignment of a course module, learners' submissions (one video
 * each, processed by the videos pipeline: a `lesson_videos` row owned by the learner instead of a
 * lesson), the instructor's time-coded comments, and a course's rule that its assignments be passed
 * before its certificate is issued. In-app notifications (a small feed of the notifications module).
 */
export class Migration20261206100000_assignments extends Migration {
  override async up(): Promise<void> {
    // A hosted video is a lesson's, or a learner's private video in a course (a submission).
    this.addSql(`alter table "lesson_videos" alter column "lesson_id" drop not null;`);
    this.addSql(`
      alter table "lesson_videos"
        add column "course_id" uuid null references "courses" ("id") on update cascade on delete cascade,
        add column "owner_id" uuid null references "users" ("id") on update cascade on delete cascade,
        add constraint "lesson_videos_lesson_or_owner" check (
          ("lesson_id" is not null and "owner_id" is null and "course_id" is null)
          or ("lesson_id" is null and "owner_id" is not null and "course_id" is not null));`);
    this.addSql(`
      create table "assignments" (
        "id" uuid not null primary key,
        "module_id" uuid not null references "course_modules" ("id") on update cascade on delete cascade,
        "title" varchar(200) not null check (length(btrim("title")) between 1 and 200),
        "instructions" text not null default '' check (length("instructions") <= 5000),
        "due_days_after_enrollment" int null check ("due_days_after_enrollment" between 1 and 3650),
        "created_at" timestamptz not null default now(),
        "updated_at" timestamptz not null default now()
      );`);
    this.addSql(`create index "assignments_module_id_index" on "assignments" ("module_id");`);
    this.addSql(`
      create table "assignment_submissions" (
        "id" uuid not null primary key,
        "assignment_id" uuid not null references "assignments" ("id") on update cascade on delete cascade,
        "learner_id" uuid not null references "users" ("id") on update cascade on delete cascade,
        "attempt" int not null check ("attempt" >= 1),
        "video_id" uuid null references "lesson_videos" ("id") on update cascade on delete set null,
        "status" text not null default 'WAITING' check ("status" in ('WAITING', 'PASSED', 'RESUBMIT')),
        "review_note" text null check (length("review_note") <= 2000),
        "reviewer_id" uuid null references "users" ("id") on update cascade on delete set null,
        "reviewed_at" timestamptz null,
        "superseded_at" timestamptz null,
        "created_at" timestamptz not null default now(),
        constraint "assignment_submissions_attempt_unique" unique ("assignment_id", "learner_id", "attempt")
      );`);
    // One current (not superseded) submission per learner and assignment.
    this.addSql(`
      create unique index "assignment_submissions_current_unique"
        on "assignment_submissions" ("assignment_id", "learner_id") where "superseded_at" is null;`);
    this.addSql(`
      create index "assignment_submissions_waiting_index"
        on "assignment_submissions" ("assignment_id") where "status" = 'WAITING' and "superseded_at" is null;`);
    this.addSql(`
      create table "assignment_comments" (
        "id" uuid not null primary key,
        "submission_id" uuid not null references "assignment_submissions" ("id") on update cascade on delete cascade,
        "author_id" uuid null references "users" ("id") on update cascade on delete set null,
        "at_seconds" double precision not null check ("at_seconds" >= 0 and "at_seconds" <= 86400),
        "body" text not null check (length(btrim("body")) between 1 and 1000),
        "created_at" timestamptz not null default now()
      );`);
    this.addSql(
      `create index "assignment_comments_submission_id_index" on "assignment_comments" ("submission_id");`,
    );
    this.addSql(`
      create table "course_assignment_rules" (
        "course_id" uuid not null primary key references "courses" ("id") on update cascade on delete cascade,
        "require_passed" boolean not null default false
      );`);
    this.addSql(`
      create table "in_app_notifications" (
        "id" uuid not null primary key,
        "user_id" uuid not null references "users" ("id") on update cascade on delete cascade,
        "title" varchar(200) not null,
        "body" text not null default '',
        "link" varchar(500) null,
        "read_at" timestamptz null,
        "created_at" timestamptz not null default now()
      );`);
    this.addSql(
      `create index "in_app_notifications_user_id_created_at_index" on "in_app_notifications" ("user_id", "created_at" desc);`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "in_app_notifications";`);
    this.addSql(`drop table if exists "course_assignment_rules";`);
    this.addSql(`drop table if exists "assignment_comments";`);
    this.addSql(`drop table if exists "assignment_submissions";`);
    this.addSql(`drop table if exists "assignments";`);
    this.addSql(`delete from "lesson_videos" where "lesson_id" is null;`);
    this.addSql(`
      alter table "lesson_videos" drop constraint "lesson_videos_lesson_or_owner",
        drop column "course_id", drop column "owner_id", alter column "lesson_id" set not null;`);
  }
}
