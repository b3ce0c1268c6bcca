import { describe, expect, it } from 'vitest';
import { DomainError } from '../../graphql/errors';
import { validateRegistration } from './auth.validation';

function errorOf(input: Parameters<typeof validateRegistration>[0]): DomainError {
  try {
    validateRegistration(input);
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('expected a validation error');
}

describe('validateRegistration', () => {
  it('accepts a minimal registration and trims fields', () => {
    expect(
      validateRegistration({ username: ' dancer_1 ', password: 'longenough', email: ' A@B.io ' }),
    ).toEqual({
      username: 'dancer_1',
      password: 'longenough',
      email: 'a@b.io',
      firstName: null,
      lastName: null,
    });
  });

  it.each([
    [{ password: 'longenough' }, 'username', 'Username is required'],
    [{ username: 'ab', password: 'longenough' }, 'username', 'Username must be 3 to 50 characters'],
    [{ username: 'has space', password: 'longenough' }, 'username', 'Username may contain only'],
    [{ username: 'dancer', password: 'short' }, 'password', 'Password must be at least 8 characters'],
    [{ username: 'dancer', password: 'x'.repeat(201) }, 'password', 'Password must be at most 200'],
    [
      { username: 'dancer', password: 'drx-demo-2026' },
      'password',
      'This password is published with the DRX demo',
    ],
    [{ username: 'dancer', password: 'longenough', email: 'nope' }, 'email', 'Email must be a valid'],
    [
      { username: 'dancer', password: 'longenough', firstName: 'x'.repeat(101) },
      'firstName',
      'First name must be at most 100',
    ],
    [
      { username: 'dancer', password: 'longenough', lastName: 'x'.repeat(101) },
      'lastName',
      'Last name must be at most 100',
    ],
  ])('rejects %j naming %s', (input, field, message) => {
    const error = errorOf(input);
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.field).toBe(field);
    expect(error.message).toContain(message);
  });
});
