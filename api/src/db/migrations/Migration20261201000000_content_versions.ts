import { Migration } from '@mikro-orm/migrations';

/**
 * What guests' public pages show, versioned for the shared page cache (http/guest-page-cache.ts):
 * one row whose token changes when a transaction that changed a table whose rows a public page
 * shows commits. The cache keeps a page with the token it read before rendering and renders again
 * once the token differs — in every process and on every machine sharing the database.
 *
 * The triggers are deferred constraint triggers: the token changes at commit, once per
 * transaction (a transaction-local setting remembers it did), so its row lock is held only while
 * the transaction commits — writers never wait on each other for it, and with one row there is
 * no lock order to deadlock on. TRUNCATE (no constraint trigger) changes it at once.
 */
export const CONTENT_TABLES = [
  'courses',
  'course_categories',
  'dance_styles',
  'course_modules',
  'lessons',
  'quizzes',
  'reviews',
  'certificate_templates',
  'resources',
  'resource_categories',
  'resource_files',
  'seller_profiles',
  'instructor_profiles',
  'instructor_reviews',
  'session_types',
  'availability_rules',
  'availability_overrides',
  'class_occurrences',
  'store_connection',
  'store_products',
  'store_product_variants',
  'platform_settings',
] as const;

/** The columns of users that public pages show (names and pictures of instructors and sellers). */
const USER_COLUMNS = ['username', 'first_name', 'last_name', 'profile_image_url', 'role', 'roles'];

const BUMP = 'bump_content_version';

export class Migration20261201000000_content_versions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "content_version" (
        "id" smallint primary key check ("id" = 1),
        "token" uuid not null,
        "changes" bigint not null default 0,
        "changed_at" timestamptz(3) not null default now()
      );`);
    this.addSql(`insert into "content_version" ("id", "token") values (1, gen_random_uuid());`);
    this.addSql(`
      create function "${BUMP}"() returns trigger language plpgsql as $$
      begin
        if current_setting('drx.content_bumped', true) = txid_current()::text then
          return null;
        end if;
        perform set_config('drx.content_bumped', txid_current()::text, true);
        insert into "content_version" ("id", "token") values (1, gen_random_uuid())
          on conflict ("id") do update
          set "token" = excluded."token", "changes" = "content_version"."changes" + 1, "changed_at" = now();
        return null;
      end $$;`);
    const triggers = (table: string, events: string) => {
      this.addSql(`
        create constraint trigger "${table}_content_version" after ${events} on "${table}"
          deferrable initially deferred for each row execute function "${BUMP}"();`);
      this.addSql(`
        create trigger "${table}_content_version_truncate" after truncate on "${table}"
          for each statement execute function "${BUMP}"();`);
    };
    for (const table of CONTENT_TABLES) triggers(table, 'insert or update or delete');
    triggers('users', `update of ${USER_COLUMNS.map((c) => `"${c}"`).join(', ')} or delete`);
  }

  override async down(): Promise<void> {
    for (const table of [...CONTENT_TABLES, 'users']) {
      this.addSql(`drop trigger if exists "${table}_content_version" on "${table}";`);
      this.addSql(`drop trigger if exists "${table}_content_version_truncate" on "${table}";`);
    }
    this.addSql(`drop function if exists "${BUMP}"();`);
    this.addSql(`drop table if exists "content_version";`);
  }
}
