/** Whether the account `idExpr` has a linked provider sign-in, as an `exists` (the passkeys module's removal guard). */
export const hasIdentitySql = (idExpr: string) =>
  `exists (select 1 from identities i where i.user_id = ${idExpr})`;
