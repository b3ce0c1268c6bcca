import type { EntityManager } from '@mikro-orm/postgresql';
import { generateSecret, generateURI, verify } from 'otplib';
import { DomainError } from '../../../graphql/errors';
import { qrSvgPath } from '../../certificates';
import { hasAnyRole, type HasRoles, STAFF_ROLES } from '../../users';
import { User } from '../../users';
import { mailTwoStepChanged, type TwoStepChange } from '../account-mail';
import { passkeyHooks } from '../passkey-hooks';
import { type EventOrigin, recordSecurityEvent, type SecurityEventKind } from '../security-events';
import {
  looksLikeRecoveryCode,
  looksLikeTotpCode,
  newRecoveryCode,
  openSecret,
  recoveryCodeHash,
  sealSecret,
} from './two-step-crypto';

/** How many recovery codes an account gets (each works once). */
export const RECOVERY_CODE_COUNT = 10;
/** Wrong codes an account may send in an hour (sign-in, set-up, turning off together). */
export const WRONG_CODES_PER_HOUR = 10;
/** A code is accepted in its 30-second step and one step either side (RFC 6238 section 5.2). */
const TOLERANCE_SECONDS = 30;
const ISSUER = 'DRX';

export const WRONG_CODE = 'This code is not correct. Enter the current code from your authenticator app.';
export const REPLAYED_CODE =
  'This code was already used. Wait for the next code from your authenticator app.';
export const WRONG_CODES_THROTTLED =
  'Too many wrong codes in the last hour. Please try again later, or use a recovery code later.';
export const USE_YOUR_PASSKEY =
  'This account confirms its sign-ins with a passkey, not an authenticator app: choose “Use a passkey”.';
export const TWO_STEP_REQUIRED_MESSAGE =
  'Set up two-step sign-in first (Profile → Two-step sign-in): it is required for admins and curriculum officers.';
export const TWO_STEP_FOR_PAYOUTS_MESSAGE =
  'Set up two-step sign-in first (Profile → Two-step sign-in): it is required before changing payout details.';

/**
 * Whether the account has a second factor: two-step sign-in with an authenticator app, or a passkey
 * (a strong credential of its own). What the staff and payout requirements ask.
 */
export async function hasSecondFactor(em: EntityManager, userId: string): Promise<boolean> {
  return (await twoStepEnabled(em, userId)) || (await passkeyHooks().userHasPasskey(em, userId));
}

/**
 * Whether a sign-in by password (or a reset link, or an identity provider) owes a second step: when
 * two-step sign-in is on — or, for an account the requirement applies to (staff, sellers,
 * instructors), when it has a passkey: the passkey that satisfies the requirement is then the second
 * step, so a password alone never opens such an account.
 */
export async function secondStepOwed(em: EntityManager, user: User, required: boolean): Promise<boolean> {
  if (await twoStepEnabled(em, user.id)) return true;
  return (
    required && twoStepRequirementOf(user) !== null && (await passkeyHooks().userHasPasskey(em, user.id))
  );
}

/** Whether the account's sign-ins by password owe a code from the authenticator app. */
export async function twoStepEnabled(em: EntityManager, userId: string): Promise<boolean> {
  const rows = await em
    .getConnection()
    .execute<{ one: number }[]>(
      `select 1 as one from two_step_secrets where user_id = ? and enabled_at is not null`,
      [userId],
    );
  return rows.length > 0;
}

/** Why this account must have a second factor: staff always; sellers and instructors for payouts. */
export function twoStepRequirementOf(user: HasRoles): 'staff' | 'payouts' | null {
  if (hasAnyRole(user, STAFF_ROLES)) return 'staff';
  if (hasAnyRole(user, ['seller', 'instructor'])) return 'payouts';
  return null;
}

export interface TwoStepState {
  enabled: boolean;
  enabledAt: Date | null;
  recoveryCodesLeft: number;
}

export async function twoStepState(em: EntityManager, userId: string): Promise<TwoStepState> {
  const [row] = await em.getConnection().execute<{ enabled_at: Date | null; left: number }[]>(
    `select s.enabled_at,
            (select count(*)::int from two_step_recovery_codes c where c.user_id = ? and c.used_at is null) as left
       from (select 1) one left join two_step_secrets s on s.user_id = ?`,
    [userId, userId],
  );
  const enabledAt = row?.enabled_at ? new Date(row.enabled_at) : null;
  return { enabled: !!enabledAt, enabledAt, recoveryCodesLeft: enabledAt ? (row?.left ?? 0) : 0 };
}

export interface TwoStepSetup {
  key: string;
  uri: string;
  qr: { size: number; path: string };
}

/**
 * Begins setting up: a new secret, kept (sealed) until confirmed with a code; what the app needs
 * (the key as text, an otpauth:// URI and its QR code) is returned now and never again. Starting
 * over replaces an unconfirmed secret. CONFLICT while two-step sign-in is on.
 */
export async function startTwoStepSetup(
  em: EntityManager,
  user: User,
  sessionSecret: string,
): Promise<TwoStepSetup> {
  const key = generateSecret();
  const rows = await em.getConnection().execute<{ user_id: string }[]>(
    `insert into two_step_secrets (user_id, secret) values (?, ?)
       on conflict (user_id) do update set secret = excluded.secret, last_time_step = null, created_at = now()
       where two_step_secrets.enabled_at is null
     returning user_id`,
    [user.id, sealSecret(key, sessionSecret)],
  );
  if (!rows.length) throw new DomainError('CONFLICT', 'Two-step sign-in is already on for your account.');
  const uri = generateURI({ issuer: ISSUER, label: user.username, secret: key });
  return { key, uri, qr: qrSvgPath(uri) };
}

/**
 * Confirms the set-up with a current code: two-step sign-in is on (a conditional update: once),
 * ten recovery codes are made (returned once, stored hashed), and the change is recorded and mailed.
 */
export async function confirmTwoStepSetup(
  em: EntityManager,
  user: User,
  code: string,
  ctx: { sessionSecret: string; publicUrl: string; origin: EventOrigin },
): Promise<string[]> {
  await checkAuthenticatorCode(em, user.id, code, ctx.sessionSecret, { pending: true });
  return em.transactional(async (tem) => {
    const rows = await tem.execute<{ user_id: string }[]>(
      `update two_step_secrets set enabled_at = now() where user_id = ? and enabled_at is null returning user_id`,
      [user.id],
    );
    if (!rows.length) throw new DomainError('CONFLICT', 'Two-step sign-in is already on for your account.');
    const codes = await replaceRecoveryCodes(tem, user.id);
    await securityChange(tem, user, 'two_step_enabled', 'enabled', ctx);
    return codes;
  });
}

/** Turns two-step sign-in off: needs a current code from the app (or a recovery code); recorded and mailed. */
export async function disableTwoStep(
  em: EntityManager,
  user: User,
  code: string,
  ctx: { sessionSecret: string; publicUrl: string; origin: EventOrigin },
): Promise<void> {
  await checkSecondStepCode(em, user, code, ctx, { recovery: true });
  await em.transactional(async (tem) => {
    const rows = await tem.execute<{ user_id: string }[]>(
      `delete from two_step_secrets where user_id = ? and enabled_at is not null returning user_id`,
      [user.id],
    );
    if (!rows.length) throw new DomainError('CONFLICT', 'Two-step sign-in is already off for your account.');
    await tem.execute(`delete from two_step_recovery_codes where user_id = ?`, [user.id]);
    await securityChange(tem, user, 'two_step_disabled', 'disabled', ctx);
  });
}

/** New recovery codes (the old ones stop working): needs a current code from the app. */
export async function regenerateRecoveryCodes(
  em: EntityManager,
  user: User,
  code: string,
  ctx: { sessionSecret: string; publicUrl: string; origin: EventOrigin },
): Promise<string[]> {
  await checkAuthenticatorCode(em, user.id, code, ctx.sessionSecret, { pending: false });
  return em.transactional(async (tem) => {
    const codes = await replaceRecoveryCodes(tem, user.id);
    await securityChange(tem, user, 'recovery_codes_regenerated', 'recovery-codes', ctx);
    return codes;
  });
}

/**
 * The second step of a sign-in: a current code from the app, or one unused recovery code (used up
 * now, recorded and mailed). Throws INVALID_INPUT (wrong, replayed or used code) or
 * TOO_MANY_ATTEMPTS; returns which kind of code it was.
 */
export async function checkSecondStepCode(
  em: EntityManager,
  user: User,
  code: string,
  ctx: { sessionSecret: string; publicUrl: string; origin: EventOrigin },
  options: { recovery: boolean },
): Promise<'app' | 'recovery'> {
  const typed = (code ?? '').trim();
  if (!typed) throw new DomainError('INVALID_INPUT', 'Enter the code from your authenticator app.', 'code');
  if (!(await twoStepEnabled(em, user.id))) throw new DomainError('INVALID_INPUT', USE_YOUR_PASSKEY, 'code');
  if (looksLikeTotpCode(typed) || !options.recovery) {
    await checkAuthenticatorCode(em, user.id, typed, ctx.sessionSecret, { pending: false });
    return 'app';
  }
  await withWrongCodeThrottle(em, user.id, async (tem) => {
    if (!looksLikeRecoveryCode(typed)) return WRONG_CODE;
    const used = await tem.execute<{ id: string }[]>(
      `update two_step_recovery_codes set used_at = now()
        where user_id = ? and code_hash = ? and used_at is null
          and exists (select 1 from two_step_secrets s where s.user_id = ? and s.enabled_at is not null)
        returning id`,
      [user.id, recoveryCodeHash(typed), user.id],
    );
    return used.length ? null : 'This recovery code is not correct or was already used.';
  });
  await em.transactional((tem) => securityChange(tem, user, 'recovery_code_used', 'recovery-code-used', ctx));
  return 'recovery';
}

/**
 * Checks a code of the account's authenticator app (its confirmed secret, or with `pending` the one
 * being set up): within one 30-second step either side of now, and in a later step than any code
 * accepted before (a conditional update of `last_time_step`: a code is never accepted twice, even
 * by two requests at once). Wrong codes count against WRONG_CODES_PER_HOUR.
 */
export async function checkAuthenticatorCode(
  em: EntityManager,
  userId: string,
  code: string,
  sessionSecret: string,
  options: { pending: boolean },
): Promise<void> {
  const token = (code ?? '').replace(/\s/g, '');
  if (!token) throw new DomainError('INVALID_INPUT', 'Enter the code from your authenticator app.', 'code');
  await withWrongCodeThrottle(em, userId, async (tem) => {
    const [row] = await tem.execute<{ secret: string; last_time_step: string | null }[]>(
      `select secret, last_time_step from two_step_secrets
        where user_id = ? and enabled_at is ${options.pending ? '' : 'not '}null`,
      [userId],
    );
    if (!row) {
      throw new DomainError(
        'INVALID_INPUT',
        options.pending
          ? 'Start the set-up again: it was not begun or has finished.'
          : 'Two-step sign-in is not on for this account.',
        'code',
      );
    }
    const secret = openSecret(row.secret, sessionSecret);
    if (!secret || !/^\d{6}$/.test(token)) return WRONG_CODE;
    const result = await verify({ secret, token, epochTolerance: TOLERANCE_SECONDS });
    // TOTP's result names the 30-second step the code belongs to (otplib 13).
    const step = result.valid ? (result as { timeStep?: number }).timeStep : undefined;
    if (step === undefined) return WRONG_CODE;
    const advanced = await tem.execute<{ user_id: string }[]>(
      `update two_step_secrets set last_time_step = ?
        where user_id = ? and (last_time_step is null or last_time_step < ?) returning user_id`,
      [step, userId, step],
    );
    return advanced.length ? null : REPLAYED_CODE;
  });
}

/**
 * Runs `check` under the account's wrong-code throttle: in one transaction holding an advisory lock
 * per account, so of parallel guesses no more than the limit are ever tried. A failed check (it
 * returns why) is counted (account_throttle_events) and answered INVALID_INPUT; once the hour's limit is reached
 * nothing is checked (TOO_MANY_ATTEMPTS), even the right code.
 */
async function withWrongCodeThrottle(
  em: EntityManager,
  userId: string,
  check: (tem: EntityManager) => Promise<string | null>,
): Promise<void> {
  const key = `two-step-wrong:user:${userId}`;
  const failure = await em.transactional(async (tem) => {
    await tem.execute('select pg_advisory_xact_lock(hashtext(?))', [`account-throttle:${key}`]);
    const [{ n }] = await tem.execute<{ n: number }[]>(
      `select count(*)::int as n from account_throttle_events where key = ? and created_at > now() - interval '1 hour'`,
      [key],
    );
    if (n >= WRONG_CODES_PER_HOUR) throw new DomainError('TOO_MANY_ATTEMPTS', WRONG_CODES_THROTTLED, 'code');
    const why = await check(tem);
    // A replayed code came from the right secret (no guess): refused, not counted.
    if (why && why !== REPLAYED_CODE)
      await tem.execute('insert into account_throttle_events (key) values (?)', [key]);
    return why;
  });
  if (failure) throw new DomainError('INVALID_INPUT', failure, 'code');
}

async function replaceRecoveryCodes(tem: EntityManager, userId: string): Promise<string[]> {
  await tem.execute(`delete from two_step_recovery_codes where user_id = ?`, [userId]);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  for (const code of codes) {
    await tem.execute(`insert into two_step_recovery_codes (user_id, code_hash) values (?, ?)`, [
      userId,
      recoveryCodeHash(code),
    ]);
  }
  return codes;
}

async function securityChange(
  tem: EntityManager,
  user: User,
  kind: SecurityEventKind,
  change: TwoStepChange,
  ctx: { publicUrl: string; origin: EventOrigin },
): Promise<void> {
  await recordSecurityEvent(tem, user.id, kind, ctx.origin);
  const account = await tem.findOneOrFail(User, user.id);
  if (account.email) await mailTwoStepChanged(tem, account.email, account, change, ctx.publicUrl);
}
