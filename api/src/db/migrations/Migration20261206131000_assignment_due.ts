import { Migration } from '@mikro-orm/migrations';

/**
 * Due dates that mean something (issue 34): a submission made after the learner's due moment
 * (their enrolment + the assignment's `due_days_after_enrollment` days) is accepted but recorded as
 * late, by the insert itself (submission-upload.ts); and the one reminder per learner and assignment
 * a day before the due moment (a row here is the guard: inserted once, the mail sent with it).
 */
export class Migration20261206131000_assignment_due extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "assignment_submissions" add column "late" boolean not null default false;`);
    this.addSql(`
      create table "assignment_due_reminders" (
        "assignment_id" uuid not null references "assignments" ("id") on update cascade on delete cascade,
        "learner_id" uuid not null references "users" ("id") on update cascade on delete cascade,
        "sent_at" timestamptz not null default now(),
        primary key ("assignment_id", "learner_id")
      );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "assignment_due_reminders";`);
    this.addSql(`alter table "assignment_submissions" drop column "late";`);
  }
}
