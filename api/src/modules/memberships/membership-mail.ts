import type { EntityManager } from '@mikro-orm/postgresql';
import { notify } from '../notifications';
import { userContacts } from '../users';

export type MembershipMailKind =
  | 'welcome'
  | 'payment_failed'
  | 'grace_reminder'
  | 'lapsed'
  | 'payment_recovered'
  | 'cancel_requested'
  | 'ended';

let siteUrl = 'http://localhost:4000';

/** The public address used in membership mails (set at boot from PUBLIC_URL). */
export function configureMembershipMail(config: { publicUrl: string }): void {
  siteUrl = config.publicUrl.replace(/\/+$/, '');
}

interface MailRow {
  user_id: string;
  email: string | null;
  first_name: string | null;
  username: string;
  plan_name: string;
  current_period_end: Date | string;
  grace_ends_at: Date | string | null;
}

const day = (value: Date | string | null) =>
  value
    ? new Date(value).toLocaleDateString('en-US', {
        dateStyle: 'long',
        timeZone: 'UTC',
      } as Intl.DateTimeFormatOptions)
    : '';

/** Subject and text of a membership mail. */
export function membershipMailContent(
  kind: MembershipMailKind,
  row: MailRow,
): { subject: string; text: string } {
  const manage = `${siteUrl}/subscription`;
  const plan = row.plan_name;
  switch (kind) {
    case 'welcome':
      return {
        subject: `Welcome to DRX ${plan}`,
        text: `Your ${plan} membership is active. Member-only courses and your benefits are open now.\n\nManage your membership: ${manage}`,
      };
    case 'payment_failed':
      return {
        subject: 'Your DRX membership payment failed',
        text: `We could not take the payment for your ${plan} membership. Your benefits stay on until ${day(row.grace_ends_at)}: update your payment method before then to keep them.\n\nUpdate it here: ${manage}`,
      };
    case 'grace_reminder':
      return {
        subject: 'Reminder: update your payment method to keep your membership',
        text: `The payment for your ${plan} membership is still due. Your benefits end on ${day(row.grace_ends_at)} unless the payment is made.\n\nUpdate your payment method: ${manage}`,
      };
    case 'lapsed':
      return {
        subject: 'Your DRX membership benefits are paused',
        text: `The payment for your ${plan} membership was not made, so its benefits are paused. Your course progress is kept: pay the open invoice and everything comes back.\n\n${manage}`,
      };
    case 'payment_recovered':
      return {
        subject: 'Thank you — your membership payment went through',
        text: `Your ${plan} membership is active again.\n\n${manage}`,
      };
    case 'cancel_requested':
      return {
        subject: 'Your DRX membership will end',
        text: `Your ${plan} membership is cancelled and ends on ${day(row.current_period_end)}. Until then all benefits stay on, and you can resume it any time before.\n\n${manage}`,
      };
    case 'ended':
      return {
        subject: 'Your DRX membership has ended',
        text: `Your ${plan} membership has ended. Your course progress is kept and comes back when you join again.\n\n${manage}`,
      };
  }
}

/**
 * Mails the member of a subscription through `notify` (kind `memberships`) in the caller's
 * transaction; no address, or membership mails switched off: nothing.
 */
export async function sendMembershipMail(
  em: EntityManager,
  subscriptionId: string,
  kind: MembershipMailKind,
): Promise<void> {
  const rows = await em.getConnection().execute<Omit<MailRow, 'email' | 'first_name' | 'username'>[]>(
    `select s.user_id, p.name as plan_name, s.current_period_end, s.grace_ends_at
         from subscriptions s join subscription_plans p on p.id = s.plan_id
        where s.id = ?`,
    [subscriptionId],
    'all',
    em.getTransactionContext(),
  );
  const member = rows[0] && (await userContacts(em, [rows[0].user_id])).get(rows[0].user_id);
  if (!member?.email) return;
  const row: MailRow = {
    ...rows[0],
    email: member.email,
    first_name: member.first_name,
    username: member.username,
  };
  const content = membershipMailContent(kind, row);
  const hello = `Hi ${row.first_name || row.username},\n\n`;
  await notify(em, {
    userId: row.user_id,
    kind: 'memberships',
    subject: content.subject,
    text: hello + content.text,
  });
}
