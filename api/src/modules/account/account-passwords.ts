import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../graphql/errors';
import { jobs } from '../../jobs';
import { validateNewPassword } from '../auth';
import { hashPassword, verifyPassword } from '../auth';
import { markEmailVerified, setPasswordHash, User } from '../users';
import { mailPasswordChanged, mailPasswordReset } from './account-mail';
import { accountTokenUsable, issueAccountToken, useAccountToken } from './account-tokens';
import { admitHourly } from './hourly-throttle';
import { type EventOrigin, recordSecurityEvent } from './security-events';
import { endSessions } from './sessions';

/** Reset requests one client address may make in an hour (whatever they name). */
export const RESET_REQUESTS_PER_ADDRESS = 10;
/** Reset mails one account receives in an hour at most (more requests are answered the same, silently). */
export const RESET_MAILS_PER_ACCOUNT = 3;
/** Password changes (with their current-password check) one account may try in an hour. */
export const PASSWORD_CHANGES_PER_HOUR = 10;

export const RESET_REQUEST_ANSWER =
  'If an account matches, we have sent a link to choose a new password to its email address. It works for 30 minutes.';
export const RESET_REQUESTS_THROTTLED =
  'Too many password resets were asked for from your address in the last hour. Please try again later.';
export const RESET_LINK_INVALID =
  'This password reset link is invalid, has expired or was already used. Ask for a new one.';
export const WRONG_CURRENT_PASSWORD = 'Your current password is not correct';
export const PASSWORD_CHANGES_THROTTLED =
  'Too many attempts to change your password in the last hour. Please try again later.';

export const resetPasswordUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;

/** The job that looks up who a reset request names and mails them (never the request itself). */
export const PASSWORD_RESET_MAIL_JOB = 'account.password-reset-mail';

/**
 * "Forgot password?": `login` is a username or an email address. The request only counts against
 * its address's limit and queues a job with what was typed: the same work whether or not an
 * account matches, so neither the answer nor its time tells (OWASP's Forgot Password cheat sheet).
 * The job (`sendPasswordResetMails`) mails each account it names.
 */
export async function requestPasswordReset(em: EntityManager, login: string, ip: string): Promise<void> {
  const name = (login ?? '').trim().toLowerCase();
  if (!name) throw new DomainError('INVALID_INPUT', 'Enter your username or email address', 'login');
  if (name.length > 254)
    throw new DomainError('INVALID_INPUT', 'This is longer than any username or email', 'login');
  if (!(await admitHourly(em, `reset:ip:${ip.slice(0, 100)}`, RESET_REQUESTS_PER_ADDRESS))) {
    throw new DomainError('TOO_MANY_ATTEMPTS', RESET_REQUESTS_THROTTLED);
  }
  await jobs.send(PASSWORD_RESET_MAIL_JOB, { login: name });
}

/**
 * The reset request's job: every account `login` names that has an email gets a single-use link
 * valid 30 minutes — at most RESET_MAILS_PER_ACCOUNT an hour (more are dropped silently).
 */
export async function sendPasswordResetMails(
  em: EntityManager,
  login: string,
  publicUrl: string,
): Promise<void> {
  const accounts = await em.find(
    User,
    // Addresses are kept in lower case (auth.validation.ts), as are username keys.
    login.includes('@') ? { email: login } : { usernameKey: login },
    { orderBy: { createdAt: 'asc' } },
  );
  for (const account of accounts) {
    if (!account.email) continue;
    if (!(await admitHourly(em, `reset-mail:user:${account.id}`, RESET_MAILS_PER_ACCOUNT))) continue;
    await em.transactional(async (tem) => {
      const token = await issueAccountToken(tem, account.id, 'reset_password', account.email);
      await mailPasswordReset(tem, account.email!, account, resetPasswordUrl(publicUrl, token));
    });
  }
}

/**
 * Sets a new password with a reset link: the link is used once (a conditional update), every
 * session of the account ends, and the account's email is told. Opening a link mailed to the
 * address also proves the address (verified, if it is still the account's). Returns the account;
 * the caller signs this browser in.
 */
export async function resetPassword(
  em: EntityManager,
  input: { token: string; newPassword: string },
  publicUrl: string,
  origin: EventOrigin,
): Promise<User> {
  // A dead link is said first (a better password would not help), without using a live one.
  if (!(await accountTokenUsable(em, 'reset_password', input.token))) {
    throw new DomainError('INVALID_INPUT', RESET_LINK_INVALID, 'token');
  }
  const password = validateNewPassword(input.newPassword, 'newPassword');
  const passwordHash = await hashPassword(password);
  const userId = await em.transactional(async (tem) => {
    const used = await useAccountToken(tem, 'reset_password', input.token);
    if (!used) throw new DomainError('INVALID_INPUT', RESET_LINK_INVALID, 'token');
    await setPasswordHash(tem, used.userId, passwordHash);
    await endSessions(tem, used.userId, null);
    await recordSecurityEvent(tem, used.userId, 'password_reset', origin);
    if (used.email) await markEmailVerified(tem, used.userId, used.email);
    const user = await tem.findOneOrFail(User, used.userId);
    if (user.email) await mailPasswordChanged(tem, user.email, user, 'reset', publicUrl);
    return used.userId;
  });
  return em.findOneOrFail(User, userId, { refresh: true });
}

/**
 * The signed-in account changes its password: the current one proves it is them (counted per
 * account and hour), every other session ends (this one stays), and the email is told.
 */
export async function changePassword(
  em: EntityManager,
  user: User,
  input: { currentPassword: string; newPassword: string },
  sessionId: string | null,
  publicUrl: string,
  origin: EventOrigin,
): Promise<void> {
  const password = validateNewPassword(input.newPassword, 'newPassword');
  if (!(await admitHourly(em, `password-change:user:${user.id}`, PASSWORD_CHANGES_PER_HOUR))) {
    throw new DomainError('TOO_MANY_ATTEMPTS', PASSWORD_CHANGES_THROTTLED);
  }
  const withHash = await provenByPassword(em, user.id, input.currentPassword, 'currentPassword');
  if (password === input.currentPassword) {
    throw new DomainError(
      'INVALID_INPUT',
      'The new password must differ from the current one',
      'newPassword',
    );
  }
  const passwordHash = await hashPassword(password);
  await em.transactional(async (tem) => {
    await setPasswordHash(tem, user.id, passwordHash);
    await endSessions(tem, user.id, sessionId);
    await recordSecurityEvent(tem, user.id, 'password_changed', origin);
    if (withHash.email) await mailPasswordChanged(tem, withHash.email, withHash, 'change', publicUrl);
  });
}

/**
 * The account, read again, once `password` is its current one (changing a credential needs it);
 * else INVALID_INPUT naming `field`.
 */
export async function provenByPassword(
  em: EntityManager,
  userId: string,
  password: string | null | undefined,
  field: string,
): Promise<User> {
  const account = await em.findOneOrFail(User, userId, { populate: ['passwordHash'], refresh: true });
  if (!(await verifyPassword(account.passwordHash, password ?? ''))) {
    throw new DomainError('INVALID_INPUT', WRONG_CURRENT_PASSWORD, field);
  }
  return account;
}
