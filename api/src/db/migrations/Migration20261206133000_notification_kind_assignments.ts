import { Migration } from '@mikro-orm/migrations';

/**
 * The `assignments` kind of mail (issue 34, the review and due-date mails) was added to
 * notification-kinds.ts but not to the table's check, so a member switching it off got a server
 * error. The check lists every `NotificationKind` again.
 */
export class Migration20261206133000_notification_kind_assignments extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table "notification_preferences"
        drop constraint if exists "notification_preferences_kind_check",
        add constraint "notification_preferences_kind_check" check ("kind" in
          ('messages', 'bookings', 'orders', 'certificates', 'resources', 'memberships', 'assignments'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "notification_preferences" where "kind" = 'assignments';`);
    this.addSql(`
      alter table "notification_preferences"
        drop constraint if exists "notification_preferences_kind_check",
        add constraint "notification_preferences_kind_check" check ("kind" in
          ('messages', 'bookings', 'orders', 'certificates', 'resources', 'memberships'));`);
  }
}
