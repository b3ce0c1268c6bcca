/**
 * What a new-password form can tell before asking the server (reset and change): the server's
 * rule (api/src/modules/auth/auth.validation.ts, in its words) and that both typings match.
 */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 200;

export const PASSWORD_TEXT = {
  newRequired: 'Enter a new password',
  tooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  tooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters`,
  confirmRequired: 'Enter the new password again',
  mismatch: 'The passwords do not match',
  hint: `At least ${MIN_PASSWORD_LENGTH} characters.`,
} as const;

export interface NewPasswordErrors {
  newPassword?: string;
  confirmPassword?: string;
}

/** The errors of a new password and its confirmation; empty when both may be sent. */
export function checkNewPassword(newPassword: string, confirmPassword: string): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  if (!newPassword) errors.newPassword = PASSWORD_TEXT.newRequired;
  else if (newPassword.length < MIN_PASSWORD_LENGTH) errors.newPassword = PASSWORD_TEXT.tooShort;
  else if (newPassword.length > MAX_PASSWORD_LENGTH) errors.newPassword = PASSWORD_TEXT.tooLong;
  if (!confirmPassword) errors.confirmPassword = PASSWORD_TEXT.confirmRequired;
  else if (confirmPassword !== newPassword) errors.confirmPassword = PASSWORD_TEXT.mismatch;
  return errors;
}

/** True when a check found nothing. */
export function isClear(errors: object): boolean {
  return Object.keys(errors).length === 0;
}
