import { DEMO_PASSWORD } from '../../db/seeders/demo-password';
import { DomainError } from '../../graphql/errors';

export interface RegistrationFields {
  username?: string | null;
  password?: string | null;
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

export interface CleanRegistration {
  username: string;
  password: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
}

/** The longest username registration accepts (sign-in refuses longer names before any lookup). */
export const MAX_USERNAME_LENGTH = 50;

export const DEMO_PASSWORD_REFUSED = 'This password is published with the DRX demo; please choose another';

const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function optionalText(value: string | null | undefined, field: string, label: string, max: number) {
  const text = value?.trim() ?? '';
  if (text.length > max) {
    throw new DomainError('INVALID_INPUT', `${label} must be at most ${max} characters`, field);
  }
  return text || null;
}

/** Validates registration input; throws a DomainError naming the first field at fault. */
export function validateRegistration(input: RegistrationFields): CleanRegistration {
  const username = input.username?.trim() ?? '';
  if (!username) throw new DomainError('INVALID_INPUT', 'Username is required', 'username');
  if (username.length < 3 || username.length > MAX_USERNAME_LENGTH) {
    throw new DomainError(
      'INVALID_INPUT',
      `Username must be 3 to ${MAX_USERNAME_LENGTH} characters`,
      'username',
    );
  }
  if (!USERNAME_PATTERN.test(username)) {
    throw new DomainError(
      'INVALID_INPUT',
      'Username may contain only letters, digits, dots, dashes and underscores',
      'username',
    );
  }
  // The names deleted accounts are given (privacy/account-anonymise.ts): nobody may take one first.
  if (/^deleted-/i.test(username)) {
    throw new DomainError('INVALID_INPUT', 'Usernames beginning with "deleted-" are reserved', 'username');
  }
  const password = validateNewPassword(input.password, 'password');
  return {
    username,
    password,
    email: validateEmail(input.email, 'email'),
    firstName: optionalText(input.firstName, 'firstName', 'First name', 100),
    lastName: optionalText(input.lastName, 'lastName', 'Last name', 100),
  };
}

/** A password an account may take (registration, reset, change); `field` names it in the error. */
export function validateNewPassword(value: string | null | undefined, field: string): string {
  const password = value ?? '';
  if (password.length < 8) {
    throw new DomainError('INVALID_INPUT', 'Password must be at least 8 characters', field);
  }
  if (password.length > 200) {
    throw new DomainError('INVALID_INPUT', 'Password must be at most 200 characters', field);
  }
  // Published in the README: no account may take it (a production server refuses to start while a
  // demo account still has it, so it must not be possible to add one).
  if (password === DEMO_PASSWORD) {
    throw new DomainError('INVALID_INPUT', DEMO_PASSWORD_REFUSED, field);
  }
  return password;
}

/** An email address as accounts keep it (lower case), or a clear error naming `field`. */
export function validateEmail(value: string | null | undefined, field: string): string | null {
  const email = optionalText(value, field, 'Email', 254);
  if (email && !EMAIL_PATTERN.test(email)) {
    throw new DomainError('INVALID_INPUT', 'Email must be a valid email address', field);
  }
  return email?.toLowerCase() ?? null;
}

export function validateName(value: string | null | undefined, field: string, label: string) {
  return optionalText(value, field, label, 100);
}
