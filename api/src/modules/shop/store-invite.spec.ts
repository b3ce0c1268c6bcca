import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { storeInviteToken, storeInviteUrl, verifyStoreInviteToken } from './store-invite';

const SECRET = 'a-test-secret';
const EMAIL = 'Buyer@Example.com';

describe('store invitation token', () => {
  it('is the base64url HMAC-SHA256 of the purpose-prefixed, trimmed, lower-cased email', () => {
    const expected = createHmac('sha256', SECRET)
      .update('store-invite:v1:buyer@example.com')
      .digest('base64url');
    expect(storeInviteToken(SECRET, EMAIL)).toBe(expected);
    expect(storeInviteToken(SECRET, '  buyer@EXAMPLE.com ')).toBe(expected);
    expect(expected).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('verifies for the same email in any letter case, with the same secret only', () => {
    const token = storeInviteToken(SECRET, EMAIL);
    expect(verifyStoreInviteToken(SECRET, 'buyer@example.com', token)).toBe(true);
    expect(verifyStoreInviteToken(SECRET, ' BUYER@example.COM', token)).toBe(true);
    expect(verifyStoreInviteToken('another-secret', EMAIL, token)).toBe(false);
    expect(verifyStoreInviteToken(SECRET, 'someone@example.com', token)).toBe(false);
  });

  it('refuses altered, malformed and missing tokens and missing emails without throwing', () => {
    const token = storeInviteToken(SECRET, EMAIL);
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    expect(verifyStoreInviteToken(SECRET, EMAIL, flip(token, 7))).toBe(false);
    expect(verifyStoreInviteToken(SECRET, EMAIL, token.slice(0, -1))).toBe(false);
    expect(verifyStoreInviteToken(SECRET, EMAIL, `${token}A`)).toBe(false);
    expect(verifyStoreInviteToken(SECRET, EMAIL, `${token}.x`)).toBe(false);
    expect(verifyStoreInviteToken(SECRET, EMAIL, '')).toBe(false);
    expect(verifyStoreInviteToken(SECRET, EMAIL, 'x'.repeat(1000))).toBe(false);
    expect(verifyStoreInviteToken(SECRET, EMAIL, undefined)).toBe(false);
    expect(verifyStoreInviteToken(SECRET, EMAIL, null)).toBe(false);
    expect(verifyStoreInviteToken(SECRET, EMAIL, ['a'])).toBe(false);
    expect(verifyStoreInviteToken(SECRET, null, token)).toBe(false);
    expect(verifyStoreInviteToken(SECRET, '   ', storeInviteToken(SECRET, ''))).toBe(false);
  });

  it('is carried with the email by the register link', () => {
    const url = new URL(storeInviteUrl('https://drx.example/', SECRET, 'a+b@example.com'));
    expect(url.origin + url.pathname).toBe('https://drx.example/register');
    expect(url.searchParams.get('email')).toBe('a+b@example.com');
    expect(url.searchParams.get('storeInvite')).toBe(storeInviteToken(SECRET, 'a+b@example.com'));
  });
});
