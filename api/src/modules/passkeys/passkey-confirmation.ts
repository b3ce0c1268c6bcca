import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { DomainError } from '../../graphql/errors';
import { assertionVerified, storedPasskey } from './passkey-assertions';
import { challengeOf, consumeChallenge } from './passkey-challenges';
import { authenticationOptions, parseResponse, type RelyingParty } from './passkeys.service';

export const PASSKEY_CONFIRM_TEXT = {
  noPasskey: 'This account has no passkey. Use its password instead.',
  notConfirmed: 'This passkey could not confirm it is you: use a passkey of this account, or its password.',
  requestExpired: 'This passkey request has expired or was already used. Please try again.',
} as const;

/**
 * Who is confirming: the account, and the session when signed in (a challenge answered from
 * another session proves nothing), or null for the identity-provider link page, whose pending link
 * cookie names the account.
 */
export interface ConfirmingAccount {
  userId: string;
  sessionId: string | null;
}

/**
 * Step 1 of "confirm it is me with a passkey" (where a password would do: changing the email,
 * linking a provider's sign-in): the browser's options naming the account's passkeys, with a
 * challenge for this purpose, account and session, kept 5 minutes and answered once.
 */
export async function passkeyConfirmationOptions(
  em: EntityManager,
  who: ConfirmingAccount,
  rp: RelyingParty,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const mine = await em.execute<{ credentialId: string; transports: string[] }[]>(
    `select credential_id as "credentialId", transports from passkeys where user_id = ?`,
    [who.userId],
  );
  if (!mine.length) throw new DomainError('NOT_FOUND', PASSKEY_CONFIRM_TEXT.noPasskey, 'passkeyResponse');
  return authenticationOptions(em, rp, 'confirm', who, mine);
}

/**
 * Step 2: true once the assertion answers a live confirmation challenge of this account (and
 * session) and is made by one of the account's own passkeys (assertionVerified: signature, origin,
 * rpID, user verification, a growing counter). Anything else is INVALID_INPUT on `field`; the
 * challenge is used up first, so an answer counts once. Callers throttle their own attempts.
 */
export async function provenByPasskey(
  em: EntityManager,
  who: ConfirmingAccount,
  responseJson: string,
  rp: RelyingParty,
  field = 'passkeyResponse',
): Promise<void> {
  const response = parseResponse<AuthenticationResponseJSON>(responseJson);
  const challenge = challengeOf(response.response?.clientDataJSON);
  if (!challenge || !(await consumeChallenge(em, 'confirm', challenge, who))) {
    throw new DomainError('INVALID_INPUT', PASSKEY_CONFIRM_TEXT.requestExpired, field);
  }
  const stored = await storedPasskey(em, response);
  if (
    !stored ||
    stored.userId !== who.userId ||
    !(await assertionVerified(em, response, challenge, stored, rp))
  ) {
    throw new DomainError('INVALID_INPUT', PASSKEY_CONFIRM_TEXT.notConfirmed, field);
  }
}
