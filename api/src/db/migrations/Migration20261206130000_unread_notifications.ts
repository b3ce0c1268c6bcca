import { Migration } from '@mikro-orm/migrations';

/**
 * The header's bell (issue 34): every signed-in page asks for the number of unread in-app
 * notifications (`unreadNotificationCount`), so the unread ones of a user are found through a
 * partial index rather than by reading all of their notifications.
 */
export class Migration20261206130000_unread_notifications extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index "in_app_notifications_unread_index" on "in_app_notifications" ("user_id") where "read_at" is null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "in_app_notifications_unread_index";`);
  }
}
