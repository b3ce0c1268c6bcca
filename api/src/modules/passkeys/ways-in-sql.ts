/**
 * The ways into an account that the passkeys module's guard counts (removing the last one is
 * refused): its passkeys are this module's; a password is the users module's (`hasPasswordSql`); a
 * linked provider sign-in is the identities module's, which depends on this one (it confirms links
 * with a passkey), so it registers its fragment when its `module.ts` loads rather than being
 * imported (as the account module's `passkey-hooks.ts` does for passkeys → account).
 */

/** Whether the account `idExpr` has a passkey, as an `exists` (the identities module's unlink guard). */
export const hasPasskeySql = (idExpr: string) =>
  `exists (select 1 from passkeys p where p.user_id = ${idExpr})`;

let linkedSignIn: ((idExpr: string) => string) | null = null;

/** Registers the identities module's `exists` fragment: the account `idExpr` has a linked sign-in. */
export function registerLinkedSignInSql(sql: (idExpr: string) => string): void {
  linkedSignIn = sql;
}

/** The registered linked-sign-in fragment; throws when none was registered (a missing import). */
export function linkedSignInSql(idExpr: string): string {
  if (!linkedSignIn)
    throw new Error('The identities module registered no linked sign-in SQL (registerLinkedSignInSql)');
  return linkedSignIn(idExpr);
}
