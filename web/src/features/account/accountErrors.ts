import { ServerError } from '@apollo/client/errors';
import { AUTH_TEXT, failureFromError } from '../auth';

/** One of a payload's `userErrors`. */
export interface AccountUserError {
  code: string;
  field?: string | null;
  message: string;
}

/** What a form shows: a message beside each of its fields, and the rest above it. */
export interface FormErrors<F extends string> {
  fields: Partial<Record<F, string>>;
  form: string[];
}

export const NO_ERRORS: FormErrors<never> = { fields: {}, form: [] };

export const ACCOUNT_TEXT = {
  connection: 'DRX could not be reached. Please check your connection and try again.',
  noAnswer: 'The server did not answer. Please try again.',
  signedOut: 'Your session has ended. Please sign in again.',
  tooManyRequests: 'Too many requests from your address. Please wait a minute and try again.',
} as const;

/**
 * Splits `userErrors`: one naming a field of the form goes beside that field (the first per field),
 * any other (e.g. TOO_MANY_ATTEMPTS, which names none) above the form.
 */
export function splitUserErrors<F extends string>(
  errors: readonly AccountUserError[],
  fields: readonly F[],
): FormErrors<F> {
  const result: FormErrors<F> = { fields: {}, form: [] };
  for (const error of errors) {
    const field = fields.find((name) => name === error.field);
    if (field) result.fields[field] ??= error.message;
    else result.form.push(error.message);
  }
  return result;
}

/** What to tell the person when the call itself failed (no payload): network, session, server. */
export function problemOfError(error: unknown): string {
  if (ServerError.is(error) && error.statusCode === 429) return ACCOUNT_TEXT.tooManyRequests;
  const failure = failureFromError(error);
  if (failure.code === 'UNAUTHENTICATED' || failure.status === 401) return ACCOUNT_TEXT.signedOut;
  if (failure.code === 'INTERNAL_SERVER_ERROR' || (failure.status != null && failure.status >= 500)) {
    return AUTH_TEXT.serverError;
  }
  return failure.message?.trim() || ACCOUNT_TEXT.connection;
}

/** A mutation's outcome: its payload when it worked, else why not. */
export type AccountOutcome<P> = { ok: true; payload: P } | { ok: false; errors: AccountUserError[] };

/**
 * Waits for an account mutation's payload and sorts the outcome: `userErrors` or a thrown error
 * (turned into one error naming no field) make it a failure.
 */
export async function settle<P extends { userErrors: readonly AccountUserError[] }>(
  call: Promise<P | null | undefined>,
): Promise<AccountOutcome<P>> {
  try {
    const payload = await call;
    if (!payload) return { ok: false, errors: [{ code: 'UNEXPECTED', message: ACCOUNT_TEXT.noAnswer }] };
    if (payload.userErrors.length > 0) return { ok: false, errors: [...payload.userErrors] };
    return { ok: true, payload };
  } catch (error) {
    return { ok: false, errors: [{ code: 'UNEXPECTED', message: problemOfError(error) }] };
  }
}
