import type { EntityManager } from '@mikro-orm/postgresql';
import nodemailer, { type Transporter } from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import type { Config } from '../../config';
import { defineJob, jobs } from '../../jobs';

/**
 * The app's mail. Every mail is a row of `mail_outbox`, inserted through the caller's
 * EntityManager (so inside its transaction: no mail for a rolled-back change). nodemailer builds
 * the message (its stream transport: the exact RFC 822 text SMTP would send, kept in `raw`).
 *
 * - Without SMTP_URL the row is the delivery: admins read it at /admin/outbox.
 * - With SMTP_URL a `mail.deliver` job is queued in the same transaction; after commit a worker
 *   sends `raw` over SMTP and sets `sent_at` (or `error`; pg-boss retries).
 */

export interface MailAttachment {
  filename: string;
  content: string | Buffer;
  contentType: string;
}

export interface MailMessage {
  /** One address, or several separated by commas. */
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** Extra header lines, e.g. `List-Unsubscribe` (notifications/notify.ts); kept in `raw`. */
  headers?: Record<string, string>;
}

/** An attachment as stored in `mail_outbox.attachments`. */
export interface StoredAttachment {
  filename: string;
  contentType: string;
  /** base64 */
  content: string;
  size: number;
}

export const MAIL_DELIVER_JOB = 'mail.deliver';

interface MailSettings {
  from: string;
  smtpUrl: string | undefined;
}

let settings: MailSettings = { from: 'DRX <no-reply@drx.local>', smtpUrl: undefined };

/** Reads MAIL_FROM and SMTP_URL (the app's boot). */
export function configureMail(config: Pick<Config, 'mailFrom' | 'smtpUrl'>): void {
  settings = { from: config.mailFrom, smtpUrl: config.smtpUrl };
}

const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

/** The RFC 822 message nodemailer makes of `message`, and its Message-ID. */
async function buildMessage(message: MailMessage, from: string): Promise<{ raw: string; messageId: string }> {
  const info = await builder.sendMail({
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    attachments: (message.attachments ?? []).map((a) => ({
      filename: a.filename,
      content: a.content,
      contentType: a.contentType,
    })),
    headers: message.headers,
  });
  return { raw: (info.message as Buffer).toString('utf8'), messageId: info.messageId };
}

/**
 * Sends (SMTP) or keeps (outbox) `message`. Call it with the EntityManager of the transaction the
 * mail belongs to; nothing goes out unless that transaction commits. Returns the outbox row's id.
 */
export async function sendMail(em: EntityManager, message: MailMessage): Promise<{ id: string }> {
  if (!message.to.trim()) throw new Error('sendMail: no recipient');
  const { raw, messageId } = await buildMessage(message, settings.from);
  const attachments: StoredAttachment[] = (message.attachments ?? []).map((a) => {
    const buffer = typeof a.content === 'string' ? Buffer.from(a.content, 'utf8') : a.content;
    return {
      filename: a.filename,
      contentType: a.contentType,
      content: buffer.toString('base64'),
      size: buffer.length,
    };
  });
  const transport = settings.smtpUrl ? 'smtp' : 'outbox';
  const rows: { id: string }[] = await em.getConnection().execute(
    `insert into "mail_outbox" ("from", "to", "subject", "text", "html", "attachments", "raw", "message_id", "transport")
       values (?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?) returning "id"`,
    [
      settings.from,
      message.to,
      message.subject,
      message.text,
      message.html ?? null,
      JSON.stringify(attachments),
      raw,
      messageId,
      transport,
    ],
    'all',
    em.getTransactionContext(),
  );
  const id = rows[0].id;
  if (transport === 'smtp') {
    await jobs.send(MAIL_DELIVER_JOB, { id }, { singletonKey: id, em });
  }
  return { id };
}

let smtp: { url: string; transport: Transporter } | null = null;

function smtpTransport(url: string): Transporter {
  if (smtp?.url !== url) smtp = { url, transport: nodemailer.createTransport(url) };
  return smtp.transport;
}

/** The plain addresses of a header value such as `Ann <ann@example.com>, bob@example.com`. */
function addressesOf(value: string): string[] {
  const out: string[] = [];
  const walk = (list: ReturnType<typeof addressparser>) => {
    for (const entry of list) {
      if ('group' in entry && entry.group) walk(entry.group);
      else if ('address' in entry && entry.address) out.push(entry.address);
    }
  };
  walk(addressparser(value));
  return out;
}

/** Sends the stored mail `id` over SMTP unless it was sent already (the `mail.deliver` job). */
export async function deliverMail(em: EntityManager, id: string, smtpUrl: string): Promise<void> {
  try {
    await em.transactional(async (tx) => {
      const ctx = tx.getTransactionContext();
      const rows: { from: string; to: string; raw: string; sent_at: Date | null }[] = await tx
        .getConnection()
        .execute(
          `select "from", "to", "raw", "sent_at" from "mail_outbox" where "id" = ? for update skip locked`,
          [id],
          'all',
          ctx,
        );
      const row = rows[0];
      if (!row || row.sent_at) return; // gone, being sent by another worker, or sent
      await smtpTransport(smtpUrl).sendMail({
        envelope: { from: addressesOf(row.from)[0], to: addressesOf(row.to) },
        raw: row.raw,
      });
      await tx
        .getConnection()
        .execute(
          `update "mail_outbox" set "attempts" = "attempts" + 1, "sent_at" = now(), "error" = null where "id" = ?`,
          [id],
          'all',
          ctx,
        );
    });
  } catch (error) {
    await em
      .fork()
      .getConnection()
      .execute(`update "mail_outbox" set "attempts" = "attempts" + 1, "error" = ? where "id" = ?`, [
        String((error as Error)?.message ?? error),
        id,
      ]);
    throw error;
  }
}

defineJob<{ id: string }>(MAIL_DELIVER_JOB, async ({ id }, { em, config }) => {
  if (!config.smtpUrl) return; // SMTP_URL was removed: the row stays in the outbox
  await deliverMail(em, id, config.smtpUrl);
});
