import type { EntityManager } from '@mikro-orm/postgresql';
import {
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
} from '@simplewebauthn/server';
import { log } from '../../observability/logger';

/** A passkey as kept: what checking its assertions needs. */
export interface StoredPasskey {
  id: string;
  userId: string;
  publicKey: Buffer;
  counter: string;
  transports: string[];
}

/** The WebAuthn user handle of an account: its UUID's 16 bytes (no personal data). */
export const userHandleOf = (userId: string) => new Uint8Array(Buffer.from(userId.replace(/-/g, ''), 'hex'));

/** The passkey an assertion names (by its credential id), or null when no account has it. */
export async function storedPasskey(
  em: EntityManager,
  response: AuthenticationResponseJSON,
): Promise<StoredPasskey | null> {
  const credentialId = typeof response.id === 'string' ? response.id.slice(0, 1024) : '';
  const [stored] = await em.execute<StoredPasskey[]>(
    `select id, user_id as "userId", public_key as "publicKey", counter, transports
       from passkeys where credential_id = ?`,
    [credentialId],
  );
  return stored ?? null;
}

/**
 * Whether an assertion answering `challenge` (already used up by the caller) is the stored
 * passkey's: the user handle it claims is the passkey's account, the signature verifies with the
 * stored public key for this site's origin and rpID with user verification, and the signature
 * counter grows (a conditional update, unless the authenticator keeps none). The passkey's last use
 * is recorded. Used by signing in and by confirming it is me (passkey-confirmation.ts).
 */
export async function assertionVerified(
  em: EntityManager,
  response: AuthenticationResponseJSON,
  challenge: string,
  stored: StoredPasskey,
  rp: { id: string; origin: string },
): Promise<boolean> {
  const handle = response.response?.userHandle;
  if (handle && handle !== Buffer.from(userHandleOf(stored.userId)).toString('base64url')) return false;
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: response.id,
        publicKey: new Uint8Array(stored.publicKey),
        counter: Number(stored.counter),
        transports: stored.transports as AuthenticatorTransportFuture[],
      },
      requireUserVerification: true,
    });
  } catch (error) {
    log().info({ err: (error as Error).message, userId: stored.userId }, 'passkey assertion refused');
    return false;
  }
  if (!verification.verified) return false;
  const { newCounter, credentialBackedUp } = verification.authenticationInfo;
  const updated = await em.execute<unknown[]>(
    `update passkeys set counter = ?, backed_up = ?, last_used_at = now()
      where id = ? and (counter < ? or (counter = 0 and ? = 0))
      returning id`,
    [newCounter, credentialBackedUp, stored.id, newCounter, newCounter],
  );
  if (updated.length !== 1) {
    log().warn({ userId: stored.userId, passkeyId: stored.id }, 'passkey counter did not grow: refused');
    return false;
  }
  return true;
}
