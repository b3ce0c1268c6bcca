import type { EntityManager } from '@mikro-orm/postgresql';
import type { User } from '../users';

/**
 * What the account flows ask of the passkeys module, which depends on this one (it uses the
 * account's password check, hourly throttle, mails and security events): the passkeys module
 * registers these once, when its `module.ts` is loaded (the module list loads every one, in the app,
 * the workers and the tests that build the app), so the account module imports nothing of it and
 * the dependency runs one way (passkeys → account), as auth's `account-hooks.ts` does for
 * account → auth.
 */
export interface PasskeyHooks {
  /** Whether the account has a passkey (a strong credential: the two-step requirement's other half). */
  userHasPasskey(em: EntityManager, userId: string): Promise<boolean>;
  /**
   * The account, read again with its password hash, once the proof is its own: one of its passkeys
   * (answering this session's confirmation challenge, for the site at `publicUrl`) or its current
   * password; else INVALID_INPUT naming the field.
   */
  provenAccount(
    em: EntityManager,
    who: { userId: string; sessionId: string | null },
    proof: { password?: string | null; passkeyResponse?: string | null },
    publicUrl: string,
  ): Promise<User>;
}

let hooks: PasskeyHooks | null = null;

/** Registers the passkeys module's hooks (its definition does it once, when loaded). */
export function registerPasskeyHooks(passkeyHooks: PasskeyHooks): void {
  hooks = passkeyHooks;
}

/** The passkeys module's hooks; throws when none were registered (a missing import). */
export function passkeyHooks(): PasskeyHooks {
  if (!hooks) throw new Error('The passkeys module registered no hooks (registerPasskeyHooks)');
  return hooks;
}
