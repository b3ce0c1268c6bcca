/** The passkeys module's front door for other modules. */
export { userHasPasskey } from './passkeys.service';
export { passkeyConfirmationOptions, provenByPasskey, type ConfirmingAccount } from './passkey-confirmation';
export { relyingPartyOf, type RelyingParty } from './passkeys.service';
export { provenAccount, type AccountProofInput } from './account-proof';
export { erasePasskeysData } from './personal-data';
export { hasPasskeySql, registerLinkedSignInSql } from './ways-in-sql';
