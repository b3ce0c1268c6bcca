import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { describe, expect, it } from 'vitest';
import {
  AUTH_TEXT,
  failureFromError,
  failureFromUserErrors,
  loginFailureMessage,
  logoutFailureMessage,
  registrationFailureMessage,
} from './authMessages';

describe('loginFailureMessage', () => {
  it('explains wrong credentials for the UNAUTHORIZED code, a 401 or an Unauthorized message', () => {
    const expected = 'Invalid username or password. Please check your credentials and try again.';
    expect(loginFailureMessage({ code: 'UNAUTHORIZED', message: 'Invalid username or password' })).toBe(
      expected,
    );
    expect(loginFailureMessage({ message: '401: {"message":"Invalid username or password"}' })).toBe(
      expected,
    );
    expect(loginFailureMessage({ message: 'Unauthorized' })).toBe(expected);
    expect(loginFailureMessage({ status: 401, message: '' })).toBe(expected);
  });

  it('reports a server error for HTTP 500 and masked internal errors', () => {
    const expected = 'A server error occurred. Please try again later.';
    expect(loginFailureMessage({ status: 500, message: '500: Internal Server Error' })).toBe(expected);
    expect(loginFailureMessage({ status: 503, message: '503: Service Unavailable' })).toBe(expected);
    expect(loginFailureMessage({ code: 'INTERNAL_SERVER_ERROR', message: 'Unexpected error.' })).toBe(
      expected,
    );
  });

  it('asks to check the connection when there is no message', () => {
    const expected = 'Login failed. Please check your connection and try again.';
    expect(loginFailureMessage({ message: '' })).toBe(expected);
    expect(loginFailureMessage({ message: '   ' })).toBe(expected);
    expect(loginFailureMessage({})).toBe(expected);
  });

  it('shows any other server message as it is', () => {
    const throttled = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';
    expect(loginFailureMessage({ code: 'TOO_MANY_ATTEMPTS', message: throttled })).toBe(throttled);
  });
});

describe('registrationFailureMessage', () => {
  it('explains a taken username', () => {
    const expected = 'This username is already taken. Please try another one.';
    expect(registrationFailureMessage({ message: 'Username already exists' })).toBe(expected);
    expect(registrationFailureMessage({ code: 'USERNAME_TAKEN', message: 'Username already exists' })).toBe(
      expected,
    );
  });

  it('says the sign-up check failed, not the API instructions, when the challenge is refused', () => {
    for (const code of ['CHALLENGE_REQUIRED', 'CHALLENGE_FAILED']) {
      expect(
        registrationFailureMessage({ code, field: 'altcha', message: 'Solve … GET /api/altcha/challenge' }),
      ).toBe('This browser could not complete the sign-up check. Please try again.');
    }
  });

  it('shows the server message, or a fallback without one', () => {
    expect(
      registrationFailureMessage({ code: 'INVALID_INPUT', field: 'email', message: 'Email is not valid' }),
    ).toBe('Email is not valid');
    expect(registrationFailureMessage({ message: '' })).toBe(
      'Registration failed. Please check your information and try again.',
    );
    expect(registrationFailureMessage({})).toBe(AUTH_TEXT.registrationFallback);
  });
});

describe('logoutFailureMessage', () => {
  it('shows the message the failure carries', () => {
    expect(logoutFailureMessage({ message: '503: Service Unavailable', status: 503 })).toBe(
      '503: Service Unavailable',
    );
    expect(logoutFailureMessage({ code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error' })).toBe(
      'Internal server error',
    );
    expect(logoutFailureMessage(failureFromError(new Error('Session store unavailable')))).toBe(
      'Session store unavailable',
    );
  });

  it('keeps the fixed text for an empty message (the server could not be reached)', () => {
    const fixed = 'There was an error logging you out. Please try again.';
    expect(AUTH_TEXT.logoutFailedDescription).toBe(fixed);
    expect(logoutFailureMessage({ message: '' })).toBe(fixed);
    expect(logoutFailureMessage({ message: '  ' })).toBe(fixed);
    expect(logoutFailureMessage(failureFromError(new TypeError('Failed to fetch')))).toBe(fixed);
  });
});

describe('failureFromUserErrors', () => {
  it('takes the first user error', () => {
    expect(
      failureFromUserErrors([
        { code: 'INVALID_INPUT', field: 'password', message: 'Password is too short' },
        { code: 'INVALID_INPUT', field: 'email', message: 'Email is not valid' },
      ]),
    ).toEqual({ code: 'INVALID_INPUT', field: 'password', message: 'Password is too short' });
    expect(failureFromUserErrors([])).toBeNull();
  });
});

describe('failureFromError', () => {
  it('reads the message and code of a GraphQL error', () => {
    const error = new CombinedGraphQLErrors({
      data: null,
      errors: [{ message: 'Unexpected error.', extensions: { code: 'INTERNAL_SERVER_ERROR' } }],
    });
    expect(failureFromError(error)).toEqual({ message: 'Unexpected error.', code: 'INTERNAL_SERVER_ERROR' });
    expect(loginFailureMessage(failureFromError(error))).toBe(AUTH_TEXT.serverError);
  });

  it('formats an HTTP failure as "{status}: {body or status text}"', () => {
    const withBody = new ServerError('Response not successful', {
      response: new Response('Internal Server Error', { status: 500 }),
      bodyText: 'Internal Server Error',
    });
    expect(failureFromError(withBody)).toEqual({ status: 500, message: '500: Internal Server Error' });

    const withoutBody = new ServerError('Response not successful', {
      response: new Response(null, { status: 502, statusText: 'Bad Gateway' }),
      bodyText: '',
    });
    expect(failureFromError(withoutBody)).toEqual({ status: 502, message: '502: Bad Gateway' });
  });

  it('has no message when the server could not be reached', () => {
    expect(failureFromError(new TypeError('Failed to fetch'))).toEqual({ message: '' });
    expect(loginFailureMessage(failureFromError(new TypeError('Failed to fetch')))).toBe(
      AUTH_TEXT.loginConnection,
    );
  });
});
