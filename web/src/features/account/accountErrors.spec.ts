import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_TEXT, problemOfError, settle, splitUserErrors } from './accountErrors';

describe('splitUserErrors', () => {
  it("puts a field's first error beside it and the others above the form", () => {
    const split = splitUserErrors(
      [
        { code: 'INVALID_INPUT', field: 'newPassword', message: 'Password must be at least 8 characters' },
        { code: 'INVALID_INPUT', field: 'newPassword', message: 'second' },
        { code: 'TOO_MANY_ATTEMPTS', field: null, message: 'Too many attempts' },
        { code: 'INVALID_INPUT', field: 'somethingElse', message: 'Not a field of this form' },
      ],
      ['newPassword', 'currentPassword'],
    );
    expect(split).toEqual({
      fields: { newPassword: 'Password must be at least 8 characters' },
      form: ['Too many attempts', 'Not a field of this form'],
    });
  });
});

describe('settle', () => {
  const ok = { success: true, message: 'Sent', userErrors: [] };

  it('is the payload when it has no userErrors', async () => {
    expect(await settle(Promise.resolve(ok))).toEqual({ ok: true, payload: ok });
  });

  it("is the payload's userErrors otherwise", async () => {
    const refused = {
      success: false,
      message: null,
      userErrors: [{ code: 'TOO_MANY_ATTEMPTS', field: null, message: 'Too many' }],
    };
    expect(await settle(Promise.resolve(refused))).toEqual({ ok: false, errors: refused.userErrors });
  });

  it('turns a missing payload and a thrown error into one error naming no field', async () => {
    expect(await settle(Promise.resolve(null))).toEqual({
      ok: false,
      errors: [{ code: 'UNEXPECTED', message: ACCOUNT_TEXT.noAnswer }],
    });
    expect(await settle(Promise.reject(new TypeError('Failed to fetch')))).toEqual({
      ok: false,
      errors: [{ code: 'UNEXPECTED', message: ACCOUNT_TEXT.connection }],
    });
  });
});

describe('problemOfError', () => {
  it('says the session ended for UNAUTHENTICATED', () => {
    const error = new CombinedGraphQLErrors({
      errors: [{ message: 'Not signed in', extensions: { code: 'UNAUTHENTICATED' } }],
    });
    expect(problemOfError(error)).toBe(ACCOUNT_TEXT.signedOut);
  });

  it("keeps another GraphQL error's message", () => {
    const error = new CombinedGraphQLErrors({ errors: [{ message: 'Something specific' }] });
    expect(problemOfError(error)).toBe('Something specific');
  });

  it('names the rate limit and server failures plainly', () => {
    const limited = new ServerError('Too Many Requests', {
      response: new Response('', { status: 429 }),
      bodyText: 'Too many requests',
    });
    expect(problemOfError(limited)).toBe(ACCOUNT_TEXT.tooManyRequests);
    const broken = new ServerError('Internal', { response: new Response('', { status: 500 }), bodyText: '' });
    expect(problemOfError(broken)).toBe('A server error occurred. Please try again later.');
  });
});
