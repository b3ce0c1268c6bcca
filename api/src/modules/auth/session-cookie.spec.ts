import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cookieValue, unsignSessionCookie } from './session-middleware';

const signed = (sid: string, secret: string) =>
  `s:${sid}.${createHmac('sha256', secret).update(sid).digest('base64').replace(/=+$/, '')}`;

describe('cookieValue', () => {
  it('finds one cookie in a header, decoding it', () => {
    expect(cookieValue('a=1; drx.sid=s%3Aabc.def; b=2', 'drx.sid')).toBe('s:abc.def');
    expect(cookieValue('drx.sid=plain', 'drx.sid')).toBe('plain');
    expect(cookieValue('xdrx.sid=1; drx.sidx=2', 'drx.sid')).toBeNull();
    expect(cookieValue(undefined, 'drx.sid')).toBeNull();
    expect(cookieValue('drx.sid=%E0%A4%A', 'drx.sid')).toBeNull();
  });
});

describe('unsignSessionCookie', () => {
  it('accepts express-session’s signed format with the right secret only', () => {
    const value = signed('abc-DEF_123', 'secret-1');
    expect(unsignSessionCookie(value, 'secret-1')).toBe('abc-DEF_123');
    expect(unsignSessionCookie(value, 'secret-2')).toBeNull();
    expect(unsignSessionCookie(value.slice(2), 'secret-1')).toBeNull();
    expect(unsignSessionCookie(`${value}x`, 'secret-1')).toBeNull();
    expect(unsignSessionCookie('s:nodot', 'secret-1')).toBeNull();
  });
});
