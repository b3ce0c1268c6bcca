import type { EntityManager } from '@mikro-orm/postgresql';
import { sendMail } from '../mail';

/**
 * The account's own mails: links to verify an address or reset a password, and notices of security
 * changes. Transactional mails (they answer the person's own action or guard their account), so no
 * notification setting switches them off and they carry no unsubscribe link.
 */

interface Recipient {
  username: string;
  displayName: string;
}

const when = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export function mailEmailVerification(
  em: EntityManager,
  to: string,
  user: Recipient,
  link: string,
): Promise<{ id: string }> {
  return sendMail(em, {
    to,
    subject: 'Confirm your email address for DRX',
    text:
      `Hello ${user.displayName},\n\n` +
      `Please confirm that ${to} is the email address of your DRX account "${user.username}" by opening this link:\n\n` +
      `${link}\n\n` +
      `The link works for 7 days and once. Until then, purchases made in the DRX shop with this address ` +
      `are not given to your account.\n\n` +
      `If you did not ask for this, ignore this mail: nothing changes.\n`,
  });
}

export function mailPasswordReset(
  em: EntityManager,
  to: string,
  user: Recipient,
  link: string,
): Promise<{ id: string }> {
  return sendMail(em, {
    to,
    subject: 'Reset your DRX password',
    text:
      `Hello ${user.displayName},\n\n` +
      `Someone asked to reset the password of your DRX account "${user.username}". To choose a new ` +
      `password, open this link within 30 minutes (it works once):\n\n` +
      `${link}\n\n` +
      `If it was not you, ignore this mail: your password stays as it is.\n`,
  });
}

/**
 * A notice of a change to the account's security: what happened, then what to do if it was not
 * them (these mails come from an address nobody reads: the contact page, not a reply).
 */
function sendSecurityNotice(
  em: EntityManager,
  to: string,
  user: Recipient,
  subject: string,
  what: string,
  publicUrl: string,
): Promise<{ id: string }> {
  return sendMail(em, {
    to,
    subject,
    text:
      `Hello ${user.displayName},\n\n${what}\n\n` +
      `If this was not you, reset your password now at ${publicUrl}/forgot-password and tell us at ` +
      `${publicUrl}/contact.\n`,
  });
}

export function mailPasswordChanged(
  em: EntityManager,
  to: string,
  user: Recipient,
  how: 'reset' | 'change',
  publicUrl: string,
): Promise<{ id: string }> {
  const by = how === 'reset' ? 'with a reset link mailed to this address' : 'from your profile';
  const what =
    `The password of your DRX account "${user.username}" was changed ${by} on ${when(new Date())}. ` +
    `Every other session of the account was signed out.`;
  return sendSecurityNotice(em, to, user, 'Your DRX password was changed', what, publicUrl);
}

export function mailEmailChanged(
  em: EntityManager,
  oldAddress: string,
  newAddress: string,
  user: Recipient,
  publicUrl: string,
): Promise<{ id: string }> {
  const what =
    `The email address of your DRX account "${user.username}" was changed from ${oldAddress} to ` +
    `${newAddress} on ${when(new Date())}. Mail for the account now goes there.`;
  return sendSecurityNotice(
    em,
    oldAddress,
    user,
    'The email address of your DRX account was changed',
    what,
    publicUrl,
  );
}

export function mailSessionsEnded(
  em: EntityManager,
  to: string,
  user: Recipient,
  count: number,
  publicUrl: string,
): Promise<{ id: string }> {
  const what =
    `${count === 1 ? '1 other session' : `${count} other sessions`} of your DRX account "${user.username}" ` +
    `were signed out on ${when(new Date())}, from your profile's list of sessions.`;
  return sendSecurityNotice(em, to, user, 'Your other DRX sessions were signed out', what, publicUrl);
}

export function mailIdentityLinked(
  em: EntityManager,
  to: string,
  user: Recipient,
  provider: string,
  publicUrl: string,
): Promise<{ id: string }> {
  const what =
    `Signing in with ${provider} was linked to your DRX account "${user.username}" on ${when(new Date())}: ` +
    `whoever signs in there as you can now sign in to this account. You can unlink it on your profile.`;
  return sendSecurityNotice(
    em,
    to,
    user,
    `${provider} sign-in was linked to your DRX account`,
    what,
    publicUrl,
  );
}

export function mailIdentityUnlinked(
  em: EntityManager,
  to: string,
  user: Recipient,
  provider: string,
  publicUrl: string,
): Promise<{ id: string }> {
  const what =
    `Signing in with ${provider} was unlinked from your DRX account "${user.username}" on ${when(new Date())}, ` +
    `from your profile.`;
  return sendSecurityNotice(
    em,
    to,
    user,
    `${provider} sign-in was unlinked from your DRX account`,
    what,
    publicUrl,
  );
}

export function mailPasskeyChanged(
  em: EntityManager,
  to: string,
  user: Recipient,
  change: 'added' | 'removed',
  passkeyName: string,
  publicUrl: string,
): Promise<{ id: string }> {
  const what =
    change === 'added'
      ? `A passkey named "${passkeyName}" was added to your DRX account "${user.username}" on ${when(new Date())}. ` +
        `It can sign in to the account without the password.`
      : `The passkey named "${passkeyName}" was removed from your DRX account "${user.username}" on ${when(new Date())}. ` +
        `It can no longer sign in to the account.`;
  return sendSecurityNotice(
    em,
    to,
    user,
    change === 'added'
      ? 'A passkey was added to your DRX account'
      : 'A passkey was removed from your DRX account',
    what,
    publicUrl,
  );
}

/** What changed on the account's two-step sign-in (account/two-step/). */
export type TwoStepChange = 'enabled' | 'disabled' | 'recovery-codes' | 'recovery-code-used';

const TWO_STEP_NOTICES: Record<TwoStepChange, { subject: string; what: string }> = {
  enabled: {
    subject: 'Two-step sign-in is on for your DRX account',
    what: 'Two-step sign-in with an authenticator app was turned on for your DRX account',
  },
  disabled: {
    subject: 'Two-step sign-in was turned off for your DRX account',
    what: 'Two-step sign-in was turned off for your DRX account',
  },
  'recovery-codes': {
    subject: 'New recovery codes for your DRX account',
    what: 'New two-step recovery codes were made for your DRX account (the earlier ones no longer work)',
  },
  'recovery-code-used': {
    subject: 'A recovery code was used to sign in to your DRX account',
    what: 'A two-step recovery code was used to sign in to your DRX account',
  },
};

export function mailTwoStepChanged(
  em: EntityManager,
  to: string,
  user: Recipient,
  change: TwoStepChange,
  publicUrl: string,
): Promise<{ id: string }> {
  const { subject, what } = TWO_STEP_NOTICES[change];
  return sendSecurityNotice(
    em,
    to,
    user,
    subject,
    `${what} "${user.username}" on ${when(new Date())}.`,
    publicUrl,
  );
}
