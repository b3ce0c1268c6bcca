import { Migration } from '@mikro-orm/migrations';

/**
 * Certification courses: dance styles (seeded with the spec's list), categories, courses with
 * full-text search, modules, lessons, quizzes and questions, enrollments, lesson progress, quiz
 * attempts, certificate templates and certificates.
 */
export class Migration20261121020000_courses extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "certificate_templates" ("id" uuid not null, "name" varchar(120) not null, "heading" varchar(200) not null, "body" text not null, "signatory_name" varchar(120) not null, "signatory_title" varchar(120) not null, "accent_color" varchar(7) not null default '#6b46c1', "is_default" boolean not null default false, "created_at" timestamptz(3) not null default now(), constraint "certificate_templates_pkey" primary key ("id"));`,
    );
    this.addSql(
      `create table "course_categories" ("id" uuid not null, "name" varchar(80) not null, "slug" varchar(100) not null, "description" text null, constraint "course_categories_pkey" primary key ("id"));`,
    );
    this.addSql(
      `alter table "course_categories" add constraint "course_categories_name_unique" unique ("name");`,
    );
    this.addSql(
      `alter table "course_categories" add constraint "course_categories_slug_unique" unique ("slug");`,
    );
    this.addSql(
      `create table "dance_styles" ("id" uuid not null, "name" varchar(60) not null, "position" int not null default 0, constraint "dance_styles_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "dance_styles" add constraint "dance_styles_name_unique" unique ("name");`);
    this.addSql(
      `create table "courses" ("id" uuid not null, "title" varchar(200) not null, "slug" varchar(220) not null, "summary" varchar(500) not null default '', "description" text not null default '', "price_cents" int not null default 0, "dance_style_id" uuid null, "skill_level" varchar(40) null, "age_group" varchar(40) null, "category_id" uuid null, "cover_image_url" varchar(500) null, "certificate_template_id" uuid null, "instructor_id" uuid not null, "published" boolean not null default false, "member_only" boolean not null default false, "created_at" timestamptz(3) not null default now(), "updated_at" timestamptz(3) not null default now(), constraint "courses_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "courses" add constraint "courses_slug_unique" unique ("slug");`);
    this.addSql(
      `create index "courses_published_created_at_index" on "courses" ("published", "created_at");`,
    );
    this.addSql(
      `create table "enrollments" ("id" uuid not null, "user_id" uuid not null, "course_id" uuid not null, "source" varchar(20) not null, "created_at" timestamptz(3) not null default now(), "completed_at" timestamptz(3) null, constraint "enrollments_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "enrollments_course_id_index" on "enrollments" ("course_id");`);
    this.addSql(
      `alter table "enrollments" add constraint "enrollments_user_id_course_id_unique" unique ("user_id", "course_id");`,
    );
    this.addSql(
      `create table "course_modules" ("id" uuid not null, "course_id" uuid not null, "title" varchar(200) not null, "position" int not null default 0, constraint "course_modules_pkey" primary key ("id"));`,
    );
    this.addSql(
      `create table "lessons" ("id" uuid not null, "module_id" uuid not null, "title" varchar(200) not null, "position" int not null default 0, "video_url" varchar(500) null, "body" text not null default '', "duration_minutes" int not null default 0, constraint "lessons_pkey" primary key ("id"));`,
    );
    this.addSql(
      `create table "quizzes" ("id" uuid not null, "module_id" uuid not null, "lesson_id" uuid null, "title" varchar(200) not null, "position" int not null default 0, "pass_mark_percent" int not null default 70, "attempts_allowed" int not null default 3, constraint "quizzes_pkey" primary key ("id"));`,
    );
    this.addSql(
      `create table "quiz_questions" ("id" uuid not null, "quiz_id" uuid not null, "prompt" text not null, "kind" varchar(20) not null, "options" jsonb not null, "correct_option_ids" jsonb not null, "explanation" text null, "position" int not null default 0, constraint "quiz_questions_pkey" primary key ("id"));`,
    );
    this.addSql(
      `create table "quiz_attempts" ("id" uuid not null, "quiz_id" uuid not null, "user_id" uuid not null, "answers" jsonb not null, "score_percent" int not null, "passed" boolean not null, "created_at" timestamptz(3) not null default now(), constraint "quiz_attempts_pkey" primary key ("id"));`,
    );
    this.addSql(
      `create index "quiz_attempts_quiz_id_user_id_index" on "quiz_attempts" ("quiz_id", "user_id");`,
    );
    this.addSql(
      `create table "lesson_progress" ("id" uuid not null, "user_id" uuid not null, "lesson_id" uuid not null, "completed_at" timestamptz(3) not null default now(), constraint "lesson_progress_pkey" primary key ("id"));`,
    );
    this.addSql(
      `alter table "lesson_progress" add constraint "lesson_progress_user_id_lesson_id_unique" unique ("user_id", "lesson_id");`,
    );
    this.addSql(
      `create table "certificates" ("id" uuid not null, "number" varchar(40) not null, "user_id" uuid not null, "course_id" uuid not null, "template_id" uuid not null, "issued_at" timestamptz(3) not null default now(), "revoked_at" timestamptz(3) null, "revoke_reason" varchar(500) null, constraint "certificates_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "certificates" add constraint "certificates_number_unique" unique ("number");`);
    this.addSql(
      `alter table "certificates" add constraint "certificates_user_id_course_id_unique" unique ("user_id", "course_id");`,
    );
    this.addSql(
      `alter table "courses" add constraint "courses_dance_style_id_foreign" foreign key ("dance_style_id") references "dance_styles" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "courses" add constraint "courses_category_id_foreign" foreign key ("category_id") references "course_categories" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "courses" add constraint "courses_certificate_template_id_foreign" foreign key ("certificate_template_id") references "certificate_templates" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "courses" add constraint "courses_instructor_id_foreign" foreign key ("instructor_id") references "users" ("id") on update cascade;`,
    );
    this.addSql(
      `alter table "enrollments" add constraint "enrollments_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "enrollments" add constraint "enrollments_course_id_foreign" foreign key ("course_id") references "courses" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "course_modules" add constraint "course_modules_course_id_foreign" foreign key ("course_id") references "courses" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "lessons" add constraint "lessons_module_id_foreign" foreign key ("module_id") references "course_modules" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "quizzes" add constraint "quizzes_module_id_foreign" foreign key ("module_id") references "course_modules" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "quizzes" add constraint "quizzes_lesson_id_foreign" foreign key ("lesson_id") references "lessons" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "quiz_questions" add constraint "quiz_questions_quiz_id_foreign" foreign key ("quiz_id") references "quizzes" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "quiz_attempts" add constraint "quiz_attempts_quiz_id_foreign" foreign key ("quiz_id") references "quizzes" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "quiz_attempts" add constraint "quiz_attempts_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "lesson_progress" add constraint "lesson_progress_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "lesson_progress" add constraint "lesson_progress_lesson_id_foreign" foreign key ("lesson_id") references "lessons" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "certificates" add constraint "certificates_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "certificates" add constraint "certificates_course_id_foreign" foreign key ("course_id") references "courses" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "certificates" add constraint "certificates_template_id_foreign" foreign key ("template_id") references "certificate_templates" ("id") on update cascade;`,
    );
    this.addSql(`create index "courses_instructor_id_index" on "courses" ("instructor_id");`);
    this.addSql(
      `create index "course_modules_course_id_index" on "course_modules" ("course_id", "position");`,
    );
    this.addSql(`create index "lessons_module_id_index" on "lessons" ("module_id", "position");`);
    this.addSql(`create index "quizzes_module_id_index" on "quizzes" ("module_id", "position");`);
    this.addSql(`create index "quiz_questions_quiz_id_index" on "quiz_questions" ("quiz_id", "position");`);
    this.addSql(`create index "certificates_course_id_index" on "certificates" ("course_id");`);
    this.addSql(
      `alter table "courses" add column "search_vector" tsvector generated always as (setweight(to_tsvector('english', coalesce("title", '')), 'A') || setweight(to_tsvector('english', coalesce("summary", '')), 'B') || setweight(to_tsvector('english', coalesce("description", '')), 'C')) stored;`,
    );
    this.addSql(`create index "courses_search_vector_index" on "courses" using gin ("search_vector");`);
    this.addSql(
      `insert into "dance_styles" ("id", "name", "position") values (gen_random_uuid(), 'Ballet', 0), (gen_random_uuid(), 'Contemporary', 1), (gen_random_uuid(), 'Hip Hop', 2), (gen_random_uuid(), 'Jazz', 3), (gen_random_uuid(), 'Tap', 4), (gen_random_uuid(), 'Ballroom', 5), (gen_random_uuid(), 'Latin', 6), (gen_random_uuid(), 'Folk', 7), (gen_random_uuid(), 'Modern', 8), (gen_random_uuid(), 'Swing', 9), (gen_random_uuid(), 'Breakdance', 10), (gen_random_uuid(), 'Other', 11);`,
    );
  }

  override async down(): Promise<void> {
    for (const table of [
      'certificates',
      'quiz_attempts',
      'lesson_progress',
      'enrollments',
      'quiz_questions',
      'quizzes',
      'lessons',
      'course_modules',
      'courses',
      'certificate_templates',
      'course_categories',
      'dance_styles',
    ]) {
      this.addSql(`drop table if exists "${table}" cascade;`);
    }
  }
}
