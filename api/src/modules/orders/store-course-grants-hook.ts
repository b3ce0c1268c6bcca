/**
 * What a refund asks of the shop module, which depends on this one (its store orders are mirrored
 * here): SQL over an enrollment `e` that is true while a granted store order line still gives its
 * course, so a refund here does not take that course away (refund-takeback.ts). The shop module
 * registers it once, when its `module.ts` is loaded (the module list loads every one: the app, the
 * workers and the tests that build the app), so orders imports nothing of the shop and names no
 * table of it (as account's passkey-hooks.ts does for passkeys → account).
 */
let grantedStoreCourse: string | null = null;

/** Registers the shop's SQL (its definition does it once, when loaded). */
export function registerStoreCourseGrantSql(sql: string): void {
  grantedStoreCourse = sql;
}

/** The shop's SQL; throws when none was registered (a missing import: no access is taken back by guess). */
export function storeCourseGrantSql(): string {
  if (!grantedStoreCourse) {
    throw new Error('The shop module registered no store course grant SQL (registerStoreCourseGrantSql)');
  }
  return grantedStoreCourse;
}
