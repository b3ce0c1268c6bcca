import { Migration } from '@mikro-orm/migrations';

/**
 * Mail (api/src/modules/mail): every mail the app sends is a row of `mail_outbox`. Without SMTP_URL
 * the row is the delivery (admins read it at /admin/outbox); with SMTP_URL it is the log, `sent_at`
 * or `error` set by the delivery. `raw` is the RFC 822 message nodemailer built (what SMTP sends);
 * `attachments` lists filename, content type and base64 content.
 */
export class Migration20261125000100_mail_outbox extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "mail_outbox" (
        "id" uuid not null default gen_random_uuid(),
        "from" text not null,
        "to" text not null,
        "subject" text not null,
        "text" text not null,
        "html" text null,
        "attachments" jsonb not null default '[]',
        "raw" text not null,
        "message_id" text null,
        "transport" text not null check ("transport" in ('outbox', 'smtp')),
        "created_at" timestamptz(3) not null default now(),
        "sent_at" timestamptz(3) null,
        "attempts" int not null default 0,
        "error" text null,
        constraint "mail_outbox_pkey" primary key ("id")
      );`,
    );
    this.addSql(
      `create index "mail_outbox_created_at_index" on "mail_outbox" ("created_at" desc, "id" desc);`,
    );
    this.addSql(
      `create index "mail_outbox_unsent_index" on "mail_outbox" ("created_at") where "transport" = 'smtp' and "sent_at" is null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "mail_outbox";`);
  }
}
