import type { EntityManager } from '@mikro-orm/postgresql';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { DomainError } from '../../graphql/errors';
import { log } from '../../observability/logger';
import {
  mailPasskeyChanged,
  provenByPassword,
  admitHourly,
  type EventOrigin,
  recordSecurityEvent,
} from '../account';
import { isKnownFor, type KnownDevice, sessionStartedAt } from '../auth';
import { LoginThrottle, THROTTLE_MESSAGE } from '../auth';
import { hasPasswordSql, lockAccountRow, User } from '../users';
import { linkedSignInSql } from './ways-in-sql';
import { assertionVerified, storedPasskey, userHandleOf } from './passkey-assertions';
import {
  challengeOf,
  consumeChallenge,
  storeChallenge,
  type ChallengeOwner,
  type ChallengePurpose,
} from './passkey-challenges';
import { cleanPasskeyName, defaultPasskeyName, MAX_PASSKEY_NAME_LENGTH } from './passkey-names';
import { isUuid } from '../../lib/ids';

/** Where passkeys are used: the relying party's id (the site's host name) and origin, from PUBLIC_URL. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin, name: 'DRX' };
}

/** How long the browser's prompt waits (the challenge lives a little longer: CHALLENGE_TTL_MS). */
const TIMEOUT_MS = 4 * 60 * 1000;
/** A session this young may add a passkey without the password again (ASVS 3.7.1: re-authentication). */
export const RECENT_SIGN_IN_MS = 10 * 60 * 1000;
/** Password re-entries to add a passkey one account may try in an hour. */
const REAUTH_PER_HOUR = 10;
/** Passkeys one account may hold. */
export const MAX_PASSKEYS = 20;

export const PASSKEY_TEXT = {
  passwordNeeded: 'Enter your password to add a passkey: you signed in more than 10 minutes ago.',
  reauthThrottled: 'Too many attempts in the last hour. Please try again later.',
  requestExpired: 'This passkey request has expired or was already used. Please try again.',
  notVerified: 'The passkey could not be verified. Please try again.',
  alreadyAdded: 'This passkey is already registered.',
  tooMany: `You have ${MAX_PASSKEYS} passkeys, the most an account can hold. Remove one first.`,
  nameInvalid: `Give the passkey a name of 1 to ${MAX_PASSKEY_NAME_LENGTH} characters.`,
  notFound: 'This passkey does not exist (it may have been removed already).',
  lastWayIn:
    'This passkey is the only way to sign in to your account. Set a password first (“Forgot password?” on the sign-in page mails a link), then remove it.',
  unknownPasskey:
    'This passkey is not registered with DRX (it may have been removed). Sign in with your password instead.',
  signInFailed: 'Signing in with this passkey failed. Please try again.',
  responseInvalid: 'The passkey’s answer could not be read. Please try again.',
} as const;

/** A passkey as its owner sees it. */
export interface PasskeyRow {
  id: string;
  name: string;
  deviceType: string | null;
  backedUp: boolean;
  transports: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
}

const COLUMNS = `id, name, device_type as "deviceType", backed_up as "backedUp", transports,
  created_at as "createdAt", last_used_at as "lastUsedAt"`;

/** A row as read (timestamps come back as text from raw SQL). */
function passkeyOf(row: PasskeyRow): PasskeyRow {
  return {
    ...row,
    createdAt: new Date(row.createdAt),
    lastUsedAt: row.lastUsedAt ? new Date(row.lastUsedAt) : null,
  };
}

/** Whether the account has at least one passkey (a passkey satisfies the two-step requirement). */
export async function userHasPasskey(em: EntityManager, userId: string): Promise<boolean> {
  const rows = await em.execute<unknown[]>(`select 1 from passkeys where user_id = ? limit 1`, [userId]);
  return rows.length > 0;
}

/** The account's passkeys, the newest first. */
export async function listPasskeys(em: EntityManager, userId: string): Promise<PasskeyRow[]> {
  const rows = await em.execute<PasskeyRow[]>(
    `select ${COLUMNS} from passkeys where user_id = ? order by created_at desc, id`,
    [userId],
  );
  return rows.map(passkeyOf);
}

export function parseResponse<T>(json: string): T {
  try {
    const value = JSON.parse(json) as unknown;
    if (value && typeof value === 'object' && 'response' in value && 'id' in value) return value as T;
  } catch {
    // falls through
  }
  throw new DomainError('INVALID_INPUT', PASSKEY_TEXT.responseInvalid, 'response');
}

/**
 * Step 1 of adding a passkey: the options for the browser's `navigator.credentials.create`, with a
 * challenge kept for this account and session for 5 minutes. Adding a credential needs a fresh
 * proof: a session begun in the last 10 minutes, or the password given again.
 */
export async function passkeyRegistrationOptions(
  em: EntityManager,
  user: User,
  sessionId: string,
  currentPassword: string | null | undefined,
  rp: RelyingParty,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  if (currentPassword) {
    if (!(await admitHourly(em, `passkey-reauth:user:${user.id}`, REAUTH_PER_HOUR))) {
      throw new DomainError('TOO_MANY_ATTEMPTS', PASSKEY_TEXT.reauthThrottled);
    }
    await provenByPassword(em, user.id, currentPassword, 'currentPassword');
  } else {
    const started = await sessionStartedAt(em, sessionId);
    if (started === null || Date.now() - started > RECENT_SIGN_IN_MS) {
      throw new DomainError('UNAUTHORIZED', PASSKEY_TEXT.passwordNeeded, 'currentPassword');
    }
  }
  const existing = await em.execute<{ credentialId: string; transports: string[] }[]>(
    `select credential_id as "credentialId", transports from passkeys where user_id = ?`,
    [user.id],
  );
  if (existing.length >= MAX_PASSKEYS) throw new DomainError('CONFLICT', PASSKEY_TEXT.tooMany);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userID: userHandleOf(user.id),
    userName: user.username,
    userDisplayName: user.displayName || user.username,
    timeout: TIMEOUT_MS,
    attestationType: 'none',
    // The same authenticator twice is refused by the browser itself.
    excludeCredentials: existing.map((c) => ({
      id: c.credentialId,
      transports: c.transports as AuthenticatorTransportFuture[],
    })),
    // A discoverable credential (sign in without typing a name), unlocked by the person (a strong sign-in).
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await storeChallenge(em, 'register', options.challenge, { userId: user.id, sessionId });
  return options;
}

/**
 * Step 2 of adding a passkey: the browser's answer, checked against the challenge of step 1 (used
 * up whatever follows), this site's origin and rpID. Stored with its name (given, else from the
 * authenticator or browser); recorded as a security event and mailed to the account.
 */
export async function passkeyAdd(
  em: EntityManager,
  user: User,
  sessionId: string,
  input: { response: string; name?: string | null },
  rp: RelyingParty,
  origin: EventOrigin,
  publicUrl: string,
): Promise<PasskeyRow> {
  const response = parseResponse<RegistrationResponseJSON>(input.response);
  const givenName = input.name?.trim() ? cleanPasskeyName(input.name) : null;
  if (input.name?.trim() && !givenName)
    throw new DomainError('INVALID_INPUT', PASSKEY_TEXT.nameInvalid, 'name');
  const challenge = challengeOf(response.response?.clientDataJSON);
  const owner: ChallengeOwner = { userId: user.id, sessionId };
  if (!challenge || !(await consumeChallenge(em, 'register', challenge, owner))) {
    throw new DomainError('INVALID_INPUT', PASSKEY_TEXT.requestExpired, 'response');
  }
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch (error) {
    log().info({ err: (error as Error).message, userId: user.id }, 'passkey registration refused');
    throw new DomainError('INVALID_INPUT', PASSKEY_TEXT.notVerified, 'response');
  }
  if (!verification.verified) throw new DomainError('INVALID_INPUT', PASSKEY_TEXT.notVerified, 'response');
  const info = verification.registrationInfo;
  const name = givenName ?? defaultPasskeyName(info.aaguid, origin.userAgent);
  const transports = info.credential.transports ?? response.response.transports ?? [];
  return em.transactional(async (tem) => {
    // At most MAX_PASSKEYS per account; a credential belongs to one account (the unique index).
    const [row] = await tem.execute<PasskeyRow[]>(
      `insert into passkeys (user_id, credential_id, public_key, counter, transports, device_type, backed_up, name)
       select ?, ?, ?, ?, array(select jsonb_array_elements_text(?::jsonb)), ?, ?, ?
        where (select count(*) from passkeys where user_id = ?) < ?
       on conflict (credential_id) do nothing
       returning ${COLUMNS}`,
      [
        user.id,
        info.credential.id,
        Buffer.from(info.credential.publicKey),
        info.credential.counter,
        JSON.stringify(transports),
        info.credentialDeviceType,
        info.credentialBackedUp,
        name,
        user.id,
        MAX_PASSKEYS,
      ],
    );
    if (!row) {
      const taken = await tem.execute(`select 1 from passkeys where credential_id = ?`, [info.credential.id]);
      throw taken.length
        ? new DomainError('CONFLICT', PASSKEY_TEXT.alreadyAdded, 'response')
        : new DomainError('CONFLICT', PASSKEY_TEXT.tooMany);
    }
    await recordSecurityEvent(tem, user.id, 'passkey_added', origin, name);
    if (user.email) await mailPasskeyChanged(tem, user.email, user, 'added', name, publicUrl);
    return passkeyOf(row);
  });
}

/** An id that cannot be a passkey's is no passkey of mine (and never reaches SQL as a uuid). */
function passkeyId(id: string): string {
  if (!isUuid(id)) throw new DomainError('NOT_FOUND', PASSKEY_TEXT.notFound, 'id');
  return id;
}

/** Renames one of the account's passkeys. */
export async function passkeyRename(
  em: EntityManager,
  userId: string,
  input: { id: string; name: string },
): Promise<PasskeyRow> {
  const name = cleanPasskeyName(input.name);
  if (!name) throw new DomainError('INVALID_INPUT', PASSKEY_TEXT.nameInvalid, 'name');
  const [row] = await em.execute<PasskeyRow[]>(
    `update passkeys set name = ? where id = ? and user_id = ? returning ${COLUMNS}`,
    [name, passkeyId(input.id), userId],
  );
  if (!row) throw new DomainError('NOT_FOUND', PASSKEY_TEXT.notFound, 'id');
  return passkeyOf(row);
}

/**
 * Removes one of the account's passkeys — only while the account keeps a way in (a password, another
 * passkey or a linked provider); recorded as a security event and mailed.
 */
export async function passkeyRemove(
  em: EntityManager,
  user: User,
  id: string,
  origin: EventOrigin,
  publicUrl: string,
): Promise<string> {
  return em.transactional(async (tem) => {
    // The account row is locked first: this and an identity's unlink cannot both take the last way in.
    await lockAccountRow(tem, user.id);
    const [row] = await tem.execute<{ id: string; name: string }[]>(
      `delete from passkeys k where k.id = ? and k.user_id = ?
         and (${hasPasswordSql('k.user_id')}
              or exists (select 1 from passkeys o where o.user_id = k.user_id and o.id <> k.id)
              or ${linkedSignInSql('k.user_id')})
       returning id, name`,
      [passkeyId(id), user.id],
    );
    if (!row) {
      const [mine] = await tem.execute(`select 1 from passkeys where id = ? and user_id = ?`, [id, user.id]);
      throw mine
        ? new DomainError('INVALID_INPUT', PASSKEY_TEXT.lastWayIn, 'id')
        : new DomainError('NOT_FOUND', PASSKEY_TEXT.notFound, 'id');
    }
    await recordSecurityEvent(tem, user.id, 'passkey_removed', origin, row.name);
    if (user.email) await mailPasskeyChanged(tem, user.email, user, 'removed', row.name, publicUrl);
    return row.id;
  });
}

/**
 * Step 1 of signing in with a passkey: the options for `navigator.credentials.get` (no account
 * named: the browser offers the site's discoverable passkeys), with a challenge kept 5 minutes.
 */
export function passkeySignInOptions(
  em: EntityManager,
  rp: RelyingParty,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return authenticationOptions(em, rp, 'authenticate', null);
}

/**
 * The options for `navigator.credentials.get` (user verification required), with their challenge
 * kept for `purpose` and `owner`; `allow` names the passkeys that may answer (all the site's when
 * absent).
 */
export async function authenticationOptions(
  em: EntityManager,
  rp: RelyingParty,
  purpose: ChallengePurpose,
  owner: ChallengeOwner | null,
  allow?: { credentialId: string; transports: string[] }[],
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    timeout: TIMEOUT_MS,
    allowCredentials: allow?.map((c) => ({
      id: c.credentialId,
      transports: c.transports as AuthenticatorTransportFuture[],
    })),
  });
  await storeChallenge(em, purpose, options.challenge, owner);
  return options;
}

/**
 * Step 2 of signing in with a passkey: the assertion is checked against a live challenge of step 1
 * (used up first: an assertion is accepted once), this site's origin and rpID, the stored public
 * key, and the signature counter (a conditional update: it must grow, unless the authenticator
 * keeps none). Failures count in the sign-in throttle like wrong passwords: against the account
 * (or this browser, when known for it) and the client address. Returns the account; the caller
 * ends in startSignedInSession(…, 'passkey').
 */
export async function passkeySignIn(
  em: EntityManager,
  responseJson: string,
  rp: RelyingParty,
  ip: string,
  device: KnownDevice | null,
): Promise<User> {
  const response = parseResponse<AuthenticationResponseJSON>(responseJson);
  const stored = await storedPasskey(em, response);
  const user = stored ? await em.findOne(User, stored.userId) : null;
  const throttle = new LoginThrottle(em);
  const attempt = user
    ? await throttle.begin(
        user.username,
        ip,
        isKnownFor(device, user.id) ? { deviceId: device.id, userId: user.id } : undefined,
      )
    : await throttle.beginForAddress(ip);
  if (attempt.blocked) throw new DomainError('TOO_MANY_ATTEMPTS', THROTTLE_MESSAGE);

  const challenge = challengeOf(response.response?.clientDataJSON);
  if (!challenge || !(await consumeChallenge(em, 'authenticate', challenge, null))) {
    throw new DomainError('INVALID_INPUT', PASSKEY_TEXT.requestExpired, 'response');
  }
  if (!stored || !user) throw new DomainError('UNAUTHORIZED', PASSKEY_TEXT.unknownPasskey);
  // The authenticator also says whose passkey it is: it must be the credential's account.
  if (!(await assertionVerified(em, response, challenge, stored, rp))) {
    throw new DomainError('UNAUTHORIZED', PASSKEY_TEXT.signInFailed);
  }
  await throttle.succeeded(attempt);
  return user;
}
