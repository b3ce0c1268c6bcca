import { describe, expect, it } from 'vitest';
import { createUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token';

const SECRET = 'a-test-secret';
const USER = '3f2c9a4e-8b1d-4c6e-9f00-1a2b3c4d5e6f';

describe('unsubscribe token', () => {
  it('round-trips the user and kind with the same secret only', () => {
    const token = createUnsubscribeToken(USER, 'bookings', SECRET);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(verifyUnsubscribeToken(token, SECRET)).toEqual({ userId: USER, kind: 'bookings' });
    expect(verifyUnsubscribeToken(token, 'another-secret')).toBeNull();
  });

  it('refuses a payload or signature changed by one character, and non-strings', () => {
    const token = createUnsubscribeToken(USER, 'orders', SECRET);
    const [payload, signature] = token.split('.');
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    expect(verifyUnsubscribeToken(`${flip(payload, 3)}.${signature}`, SECRET)).toBeNull();
    expect(verifyUnsubscribeToken(`${payload}.${flip(signature, 5)}`, SECRET)).toBeNull();
    expect(verifyUnsubscribeToken(`${payload}.${signature}.x`, SECRET)).toBeNull();
    expect(verifyUnsubscribeToken(`${payload}.`, SECRET)).toBeNull();
    expect(verifyUnsubscribeToken(undefined, SECRET)).toBeNull();
    expect(verifyUnsubscribeToken(['a', 'b'], SECRET)).toBeNull();
    expect(verifyUnsubscribeToken('x'.repeat(1000), SECRET)).toBeNull();
  });

  it('refuses a correctly signed payload that is not a user id and a known kind', () => {
    // Signed with the right key but naming no known kind: still refused.
    const forged = createUnsubscribeToken(USER, 'everything' as never, SECRET);
    expect(verifyUnsubscribeToken(forged, SECRET)).toBeNull();
    const notUuid = createUnsubscribeToken('admin' as never, 'orders', SECRET);
    expect(verifyUnsubscribeToken(notUuid, SECRET)).toBeNull();
  });
});
