import { Migration } from '@mikro-orm/migrations';

/**
 * When a quiz shows its correct answers to a learner: never, after passing (the default, also for
 * existing quizzes) or after the last attempt. Before, every failed attempt answered the whole key.
 */
export class Migration20261124130000_quiz_show_answers extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "quizzes" add column "show_answers" varchar(20) not null default 'after_passing',
         add constraint "quizzes_show_answers_check"
           check ("show_answers" in ('never', 'after_passing', 'after_last_attempt'));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "quizzes" drop column if exists "show_answers";`);
  }
}
