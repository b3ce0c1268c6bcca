import { WebAuthnError } from '@simplewebauthn/browser';

export const PASSKEY_UI_TEXT = {
  unsupported: 'This browser cannot use passkeys.',
  cancelled: 'The passkey request was cancelled or timed out.',
  alreadyOnDevice: 'A passkey for your account is already on this device.',
  failed: 'The passkey could not be used. Please try again.',
  added: 'Passkey added.',
  removed: 'Passkey removed.',
  renamed: 'Passkey renamed.',
} as const;

/**
 * What to tell the person when the browser's WebAuthn call failed: cancelled (their choice, or
 * the prompt timed out), a passkey already on this device, or anything else.
 */
export function browserPasskeyProblem(error: unknown): string {
  if (error instanceof WebAuthnError) {
    if (error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return PASSKEY_UI_TEXT.alreadyOnDevice;
    if (error.code === 'ERROR_CEREMONY_ABORTED') return PASSKEY_UI_TEXT.cancelled;
  }
  if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')) {
    return PASSKEY_UI_TEXT.cancelled;
  }
  return PASSKEY_UI_TEXT.failed;
}

/** Whether the error is the browser's autofill request being replaced or cancelled (nothing to say). */
export function isAbort(error: unknown): boolean {
  return (
    (error instanceof WebAuthnError && error.code === 'ERROR_CEREMONY_ABORTED') ||
    (error instanceof Error && error.name === 'AbortError')
  );
}
