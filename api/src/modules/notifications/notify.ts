import type { EntityManager } from '@mikro-orm/postgresql';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Config } from '../../config';
import { sendMail, type MailAttachment } from '../mail';
import { NOTIFICATION_KIND_TEXT, type NotificationKind } from './notification-kinds';
import { createUnsubscribeToken } from './unsubscribe-token';
import { escapeHtml } from '../mail';
import { userEmail } from '../users';

/**
 * `notify`: the one way the app mails a user about something they can switch off. It reads the
 * user's address and preference in the caller's transaction, and sends (sendMail: outbox row, or
 * SMTP job) with a footer carrying the one-click unsubscribe link and the RFC 8058 headers
 * `List-Unsubscribe` / `List-Unsubscribe-Post`.
 */

export interface NotifyMessage {
  userId: string;
  kind: NotificationKind;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

interface NotifySettings {
  publicUrl: string;
  sessionSecret: string;
}

let settings: NotifySettings | null = null;

/** Sets the public address and the token secret (the app's boot). */
export function configureNotifications(config: Pick<Config, 'publicUrl' | 'sessionSecret'>): void {
  settings = { publicUrl: config.publicUrl.replace(/\/+$/, ''), sessionSecret: config.sessionSecret };
}

function currentSettings(): NotifySettings {
  if (!settings) throw new Error('notify: configureNotifications() was not called');
  return settings;
}

/** The site's public address without a trailing slash, for links in notification mails. */
export function publicSiteUrl(): string {
  return currentSettings().publicUrl;
}

const quiet = new AsyncLocalStorage<true>();

/** Whether `notify` sends nothing here (inside withoutNotifications): senders may skip their reads. */
export function notificationsSuppressed(): boolean {
  return quiet.getStore() === true;
}

/**
 * Runs `fn` with `notify` sending nothing (it returns null): the demo seed fulfils orders and
 * issues things before the app starts, and demo data mails nobody.
 */
export function withoutNotifications<T>(fn: () => Promise<T>): Promise<T> {
  return quiet.run(true, fn);
}

/** The web page a person opens from a mail (a button there unsubscribes). */
export function unsubscribePageUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** The RFC 8058 one-click address (a POST there unsubscribes, no session needed). */
export function unsubscribeApiUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** The footer of a `kind` mail, as text and HTML. */
export function notificationFooter(
  kind: NotificationKind,
  pageUrl: string,
  settingsUrl: string,
): { text: string; html: string } {
  const label = NOTIFICATION_KIND_TEXT[kind].label;
  const text =
    `\n\n--\nYou get this email because "${label}" emails are on in your DRX settings.\n` +
    `Unsubscribe from "${label}" emails: ${pageUrl}\n` +
    `Choose which emails you get: ${settingsUrl}\n`;
  const html =
    `<hr><p style="font-size:12px;color:#555">You get this email because “${escapeHtml(label)}” emails are on in your DRX settings. ` +
    `<a href="${escapeHtml(pageUrl)}">Unsubscribe from “${escapeHtml(label)}” emails</a> · ` +
    `<a href="${escapeHtml(settingsUrl)}">Choose which emails you get</a></p>`;
  return { text, html };
}

/** `html` with `footer` before its `</body>` when it is a whole document, else at its end. */
function withHtmlFooter(html: string, footer: string): string {
  const end = html.search(/<\/body>/i);
  return end === -1 ? html + footer : html.slice(0, end) + footer + html.slice(end);
}

/**
 * Mails `message` to its user unless they switched `kind` off (no preference row = on) or have no
 * address; returns the outbox row's id, or null when nothing was sent. Runs on the caller's
 * EntityManager: call it inside the transaction of the event, so a rolled-back change mails nothing.
 */
export async function notify(em: EntityManager, message: NotifyMessage): Promise<{ id: string } | null> {
  if (notificationsSuppressed()) return null;
  const { publicUrl, sessionSecret } = currentSettings();
  const user = await userEmail(em, message.userId);
  if (!user?.email?.trim()) return null;
  const preference: { enabled: boolean }[] = await em
    .getConnection()
    .execute(
      `select "enabled" from "notification_preferences" where "user_id" = ? and "kind" = ?`,
      [message.userId, message.kind],
      'all',
      em.getTransactionContext(),
    );
  if (preference[0] && !preference[0].enabled) return null;
  const row = { email: user.email };
  const token = createUnsubscribeToken(message.userId, message.kind, sessionSecret);
  const footer = notificationFooter(
    message.kind,
    unsubscribePageUrl(publicUrl, token),
    `${publicUrl}/profile/edit`,
  );
  return sendMail(em, {
    to: row.email,
    subject: message.subject,
    text: message.text + footer.text,
    html: message.html === undefined ? undefined : withHtmlFooter(message.html, footer.html),
    attachments: message.attachments,
    headers: {
      'List-Unsubscribe': `<${unsubscribeApiUrl(publicUrl, token)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });
}
