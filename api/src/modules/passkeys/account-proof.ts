import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../graphql/errors';
import { provenByPassword } from '../account';
import { User } from '../users';
import { type ConfirmingAccount, provenByPasskey } from './passkey-confirmation';
import type { RelyingParty } from './passkeys.service';

/** What a change that needs the account proven carries: its password, or a passkey's answer. */
export interface AccountProofInput {
  password?: string | null;
  /** The browser's answer (JSON) to `passkeyConfirmationOptions`. */
  passkeyResponse?: string | null;
}

export const PASSWORD_OR_PASSKEY_NEEDED = 'Enter your current password, or confirm with a passkey.';

/**
 * The account, read again with its password hash, once the proof is its own: one of its passkeys
 * (answering this session's confirmation challenge) or its current password. Changes that need the
 * person again (the email, deleting the account) take either, so an account made with a provider
 * or a passkey, which may have no password, can make them too. Else INVALID_INPUT naming the field.
 */
export async function provenAccount(
  em: EntityManager,
  who: ConfirmingAccount,
  proof: AccountProofInput,
  rp: RelyingParty,
): Promise<User> {
  if (proof.passkeyResponse) {
    await provenByPasskey(em, who, proof.passkeyResponse, rp);
    return em.findOneOrFail(User, who.userId, { populate: ['passwordHash'], refresh: true });
  }
  if (!proof.password) throw new DomainError('INVALID_INPUT', PASSWORD_OR_PASSKEY_NEEDED, 'password');
  return provenByPassword(em, who.userId, proof.password, 'password');
}
