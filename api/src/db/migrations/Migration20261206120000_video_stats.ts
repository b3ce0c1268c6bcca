import { Migration } from '@mikro-orm/migrations';

/**
 * Video stats and watching summed across devices (issue 34): each learner's watched share of a
 * lesson's video as a 100-bucket bitmap (OR-ed by every save, so two devices' ranges add up), the
 * plays they started, and per lesson and bucket the A–B loops set and the leaves (drop-off).
 */
export class Migration20261206120000_video_stats extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table "lesson_practice_states"
        add column "watched_bits" bit(100) not null default repeat('0', 100)::bit(100),
        add column "plays" int not null default 0 check ("plays" >= 0);`);
    this.addSql(`
      create table "lesson_video_buckets" (
        "lesson_id" uuid not null references "lessons" ("id") on update cascade on delete cascade,
        "bucket" smallint not null check ("bucket" between 0 and 99),
        "loops" int not null default 0 check ("loops" >= 0),
        "leaves" int not null default 0 check ("leaves" >= 0),
        primary key ("lesson_id", "bucket")
      );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "lesson_video_buckets";');
    this.addSql('alter table "lesson_practice_states" drop column "watched_bits", drop column "plays";');
  }
}
