import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../graphql/errors';
import { validateEmail } from '../auth';
import { claimStoreForVerifiedEmail } from '../shop';
import { markEmailVerified, setUnverifiedEmail, User, userEmail } from '../users';
import { mailEmailChanged, mailEmailVerification } from './account-mail';
import { issueAccountToken, useAccountToken } from './account-tokens';
import { admitHourly } from './hourly-throttle';
import { passkeyHooks } from './passkey-hooks';
import { type EventOrigin, recordSecurityEvent } from './security-events';

/** Verification mails one account may ask for in an hour ("Send again"). */
export const VERIFICATION_MAILS_PER_HOUR = 5;
/** Email changes (with their password check) one account may try in an hour. */
export const EMAIL_CHANGES_PER_HOUR = 10;

export const VERIFY_LINK_INVALID =
  'This confirmation link is invalid or has expired. Sign in and send a new one from your profile.';
export const VERIFY_EMAIL_TAKEN =
  'This email address is already confirmed on another DRX account. Change your account’s email on your profile.';
export const VERIFY_EMAIL_CHANGED =
  'This link was for an address your account no longer uses. Send a new link from your profile.';
export const VERIFICATION_THROTTLED =
  'Too many confirmation mails were sent for your account in the last hour. Please try again later.';
export const EMAIL_CHANGES_THROTTLED =
  'Too many attempts to change your email in the last hour. Please try again later.';

/** The link a verification mail carries. */
export const verifyEmailUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/verify-email?token=${encodeURIComponent(token)}`;

/**
 * Mails a link proving `user.email` is the account's, inside the caller's transaction (registration,
 * an email change, "Send again"). Each new link replaces the earlier ones.
 */
export async function sendEmailVerification(
  em: EntityManager,
  user: { id: string; email?: string | null; username: string; displayName: string },
  publicUrl: string,
): Promise<void> {
  if (!user.email) return;
  const token = await issueAccountToken(em, user.id, 'verify_email', user.email);
  await mailEmailVerification(em, user.email, user, verifyEmailUrl(publicUrl, token));
}

/** "Send again": a new link for the signed-in account's unverified email, throttled per account. */
export async function resendEmailVerification(
  em: EntityManager,
  user: User,
  publicUrl: string,
): Promise<void> {
  if (!user.email) throw new DomainError('INVALID_INPUT', 'Your account has no email address to confirm.');
  if (user.emailVerifiedAt) throw new DomainError('CONFLICT', 'Your email address is already confirmed.');
  if (!(await admitHourly(em, `verify-mail:user:${user.id}`, VERIFICATION_MAILS_PER_HOUR))) {
    throw new DomainError('TOO_MANY_ATTEMPTS', VERIFICATION_THROTTLED);
  }
  await em.transactional((tem) => sendEmailVerification(tem, user, publicUrl));
}

/**
 * Opens a verification link: marks the address verified if it is still the account's and no other
 * account verified it, and gives the account what the store sold to that address and nobody holds
 * (store-entitlements.ts) — all in one transaction, so a failure uses no link. Returns the account.
 */
export async function verifyEmail(em: EntityManager, token: string, origin: EventOrigin): Promise<User> {
  const userId = await em.transactional(async (tem) => {
    const used = await useAccountToken(tem, 'verify_email', token);
    if (!used?.email) throw new DomainError('INVALID_INPUT', VERIFY_LINK_INVALID, 'token');
    const current = await userEmail(tem, used.userId);
    if (current?.email?.toLowerCase() !== used.email.toLowerCase()) {
      throw new DomainError('INVALID_INPUT', VERIFY_EMAIL_CHANGED, 'token');
    }
    if (!(await markEmailVerified(tem, used.userId, used.email))) {
      throw new DomainError('CONFLICT', VERIFY_EMAIL_TAKEN, 'token');
    }
    await recordSecurityEvent(tem, used.userId, 'email_verified', origin, used.email);
    await claimStoreForVerifiedEmail(tem, used.userId, used.email);
    return used.userId;
  });
  return em.findOneOrFail(User, userId, { refresh: true });
}

/**
 * Changes the signed-in account's email: the current password (or one of its passkeys) proves it is them; the new address
 * is unverified until its link is opened (mailed there), and the old address is told. Store orders
 * already held stay held.
 */
export async function changeEmail(
  em: EntityManager,
  user: User,
  input: { password?: string | null; passkeyResponse?: string | null; newEmail: string },
  sessionId: string,
  publicUrl: string,
  origin: EventOrigin,
): Promise<User> {
  const newEmail = validateEmail(input.newEmail, 'newEmail');
  if (!newEmail) throw new DomainError('INVALID_INPUT', 'Email is required', 'newEmail');
  if (newEmail === user.email?.toLowerCase()) {
    throw new DomainError('INVALID_INPUT', 'This is already your email address', 'newEmail');
  }
  if (!(await admitHourly(em, `email-change:user:${user.id}`, EMAIL_CHANGES_PER_HOUR))) {
    throw new DomainError('TOO_MANY_ATTEMPTS', EMAIL_CHANGES_THROTTLED);
  }
  const withHash = await passkeyHooks().provenAccount(em, { userId: user.id, sessionId }, input, publicUrl);
  const oldEmail = withHash.email ?? null;
  await em.transactional(async (tem) => {
    await setUnverifiedEmail(tem, user.id, newEmail);
    const named = { username: withHash.username, displayName: withHash.displayName };
    await sendEmailVerification(tem, { id: user.id, email: newEmail, ...named }, publicUrl);
    await recordSecurityEvent(tem, user.id, 'email_changed', origin, `${oldEmail ?? '(none)'} → ${newEmail}`);
    if (oldEmail) await mailEmailChanged(tem, oldEmail, newEmail, withHash, publicUrl);
  });
  return em.findOneOrFail(User, user.id, { refresh: true });
}
