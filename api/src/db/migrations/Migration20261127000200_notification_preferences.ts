import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 13: which kinds of email a user gets (api/src/modules/notifications). One row per switched
 * (user, kind); no row means the kind is on, so existing users keep getting every mail. The kinds
 * are the `NotificationKind`s of notification-kinds.ts (checked here too).
 */
export class Migration20261127000200_notification_preferences extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "notification_preferences" (
        "user_id" uuid not null references "users" ("id") on delete cascade,
        "kind" varchar(20) not null check ("kind" in ('messages', 'bookings', 'orders', 'certificates', 'resources', 'memberships')),
        "enabled" boolean not null,
        "updated_at" timestamptz(3) not null default now(),
        constraint "notification_preferences_pkey" primary key ("user_id", "kind")
      );`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "notification_preferences";`);
  }
}
