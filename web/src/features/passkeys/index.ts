// The front door of features/passkeys: what other features and the app's frame use of it
// (docs/architecture.md, "Import rules").
export { PasskeySignIn } from './PasskeySignIn';
export { PasskeysSection } from './PasskeysSection';
export { answerWithPasskey } from './answerWithPasskey';
export { usePasskeyConfirmation } from './usePasskeyConfirmation';
export { usePasskeySignIn } from './usePasskeySignIn';
