import { CombinedGraphQLErrors, ServerError, ServerParseError } from '@apollo/client/errors';

/** Toast titles and texts of sign-in, registration and sign-out (spec sections 4 and 8, verbatim). */
export const AUTH_TEXT = {
  loginSuccessTitle: 'Login successful',
  loginSuccessDescription: 'Welcome back',
  loginFailedTitle: 'Login failed',
  invalidCredentials: 'Invalid username or password. Please check your credentials and try again.',
  serverError: 'A server error occurred. Please try again later.',
  loginConnection: 'Login failed. Please check your connection and try again.',
  registrationSuccessTitle: 'Registration successful',
  registrationFailedTitle: 'Registration failed',
  usernameTaken: 'This username is already taken. Please try another one.',
  registrationFallback: 'Registration failed. Please check your information and try again.',
  /** Not the spec's: the sign-up challenge could not be solved in this browser (auth/useSignupChallenge.tsx). */
  challengeFailed: 'This browser could not complete the sign-up check. Please try again.',
  logoutSuccessTitle: 'Logged out',
  logoutSuccessDescription: 'You have been successfully logged out.',
  logoutFailedTitle: 'Logout failed',
  logoutFailedDescription: 'There was an error logging you out. Please try again.',
} as const;

/**
 * What went wrong with an auth call, reduced to plain data: the server's message, its
 * machine-readable code (a `userErrors` code or a GraphQL error's `extensions.code`), the
 * HTTP status when the answer was not a GraphQL result, and the input field it concerns.
 */
export interface AuthFailure {
  message?: string | null;
  code?: string | null;
  status?: number | null;
  field?: string | null;
}

const SERVER_ERROR_CODES = new Set(['INTERNAL_SERVER_ERROR']);

function isServerFailure(failure: AuthFailure): boolean {
  if (failure.status != null && failure.status >= 500) return true;
  if (failure.code && SERVER_ERROR_CODES.has(failure.code)) return true;
  return /\b500\b/.test(failure.message ?? '');
}

/** The description of the 'Login failed' toast. */
export function loginFailureMessage(failure: AuthFailure): string {
  const message = (failure.message ?? '').trim();
  if (
    failure.code === 'UNAUTHORIZED' ||
    failure.status === 401 ||
    message.includes('Unauthorized') ||
    message.includes('401')
  ) {
    return AUTH_TEXT.invalidCredentials;
  }
  if (isServerFailure(failure)) return AUTH_TEXT.serverError;
  if (!message) return AUTH_TEXT.loginConnection;
  return message;
}

/** The description of the 'Registration failed' toast. */
export function registrationFailureMessage(failure: AuthFailure): string {
  const message = (failure.message ?? '').trim();
  if (failure.code === 'USERNAME_TAKEN' || message === 'Username already exists') {
    return AUTH_TEXT.usernameTaken;
  }
  if (failure.code === 'CHALLENGE_REQUIRED' || failure.code === 'CHALLENGE_FAILED')
    return AUTH_TEXT.challengeFailed;
  return message || AUTH_TEXT.registrationFallback;
}

/**
 * The description of the 'Logout failed' toast: the failure's own message when it carries one (the
 * server's refusal, '{status}: {body}' of an HTTP failure), else the spec's fixed text (e.g. the
 * server could not be reached).
 */
export function logoutFailureMessage(failure: AuthFailure): string {
  return (failure.message ?? '').trim() || AUTH_TEXT.logoutFailedDescription;
}

/** Turns the first of a mutation's `userErrors` into an {@link AuthFailure}. */
export function failureFromUserErrors(
  userErrors: ReadonlyArray<{ code: string; message: string; field?: string | null }>,
): AuthFailure | null {
  const [first] = userErrors;
  if (!first) return null;
  return { code: first.code, message: first.message, field: first.field ?? null };
}

/**
 * Turns a thrown error of an Apollo call into an {@link AuthFailure}.
 * Non-GraphQL HTTP answers carry the spec's generic message '{status}: {body or status text}';
 * a network failure without any answer has no message (→ the "check your connection" text).
 */
export function failureFromError(error: unknown): AuthFailure {
  if (CombinedGraphQLErrors.is(error)) {
    const [first] = error.errors;
    const code = first?.extensions?.code;
    return { message: first?.message ?? error.message, code: typeof code === 'string' ? code : null };
  }
  if (ServerError.is(error) || ServerParseError.is(error)) {
    const status = error.statusCode;
    const body = error.bodyText?.trim() || error.response?.statusText || '';
    return { status, message: `${status}: ${body}`.trim() };
  }
  if (error instanceof TypeError) {
    // fetch() rejects with a TypeError when the server cannot be reached at all.
    return { message: '' };
  }
  if (error instanceof Error) return { message: error.message };
  return { message: '' };
}
