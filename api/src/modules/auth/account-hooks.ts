import type { EntityManager } from '@mikro-orm/postgresql';
import type { Request, Response } from 'express';
import type { User } from '../users';

/**
 * What sign-in and registration (this module) ask of the account module, which depends on this one
 * (it hashes and validates passwords, reads sessions and ends its flows with `startSignedInSession`):
 * the account module registers these once, when its `module.ts` is loaded (the module list loads
 * every one, in the app, the workers and the tests that build the app), so auth imports nothing
 * of it and the dependency runs one way (account → auth).
 */
export interface AccountHooks {
  /** Mails a link proving `user.email` is the account's, in the caller's transaction. */
  sendEmailVerification(
    em: EntityManager,
    user: { id: string; email?: string | null; username: string; displayName: string },
    publicUrl: string,
  ): Promise<void>;
  /** The two-step sign-in's owed second step (account/two-step). */
  secondStep: {
    /** The cookie that names an owed second step. */
    cookie: string;
    /** The refusal of a second step that is gone (expired or used). */
    expiredMessage: string;
    /** Whether a weak sign-in of `user` owes a second step. */
    owed(em: EntityManager, user: User, required: boolean): Promise<boolean>;
    /** Records the owed second step and sets its cookie. */
    begin(em: EntityManager, res: Response, userId: string, method: string, secure: boolean): Promise<void>;
    /** The live second step this request's cookie names, or null. */
    pending(em: EntityManager, req: Request): Promise<{ id: string; userId: string } | null>;
    /** Checks a code of the authenticator app or a recovery code; throws when it is not right. */
    checkCode(
      em: EntityManager,
      user: User,
      code: string,
      ctx: {
        sessionSecret: string;
        publicUrl: string;
        origin: { ip: string | null; userAgent: string | null };
      },
      options: { recovery: boolean },
    ): Promise<unknown>;
    /** Uses the pending step up; false when another request used it first. */
    finish(em: EntityManager, id: string): Promise<boolean>;
    /** Clears the second step's cookie. */
    clearCookie(res: Response, secure: boolean): void;
  };
}

let hooks: AccountHooks | null = null;

/** Registers the account module's hooks (its definition does it once, when loaded). */
export function registerAccountHooks(accountHooks: AccountHooks): void {
  hooks = accountHooks;
}

/** The account module's hooks; throws when none were registered (a missing import). */
export function accountHooks(): AccountHooks {
  if (!hooks) throw new Error('The account module registered no hooks (registerAccountHooks)');
  return hooks;
}
