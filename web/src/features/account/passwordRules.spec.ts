import { describe, expect, it } from 'vitest';
import { checkNewPassword, isClear, PASSWORD_TEXT } from './passwordRules';

describe('checkNewPassword', () => {
  it('lets a password of 8 or more characters typed twice the same through', () => {
    expect(checkNewPassword('grand-jete', 'grand-jete')).toEqual({});
    expect(isClear(checkNewPassword('12345678', '12345678'))).toBe(true);
  });

  it('says the two do not match', () => {
    expect(checkNewPassword('grand-jete', 'grand-jeté')).toEqual({ confirmPassword: PASSWORD_TEXT.mismatch });
    expect(checkNewPassword('grand-jete', 'grand-jete ')).toEqual({
      confirmPassword: PASSWORD_TEXT.mismatch,
    });
  });

  it('asks for both fields when empty', () => {
    expect(checkNewPassword('', '')).toEqual({
      newPassword: PASSWORD_TEXT.newRequired,
      confirmPassword: PASSWORD_TEXT.confirmRequired,
    });
    expect(checkNewPassword('grand-jete', '')).toEqual({ confirmPassword: PASSWORD_TEXT.confirmRequired });
  });

  it("applies the server's length rule in its words", () => {
    expect(checkNewPassword('short', 'short')).toEqual({
      newPassword: 'Password must be at least 8 characters',
    });
    const long = 'x'.repeat(201);
    expect(checkNewPassword(long, long)).toEqual({ newPassword: 'Password must be at most 200 characters' });
    expect(isClear(checkNewPassword('x'.repeat(200), 'x'.repeat(200)))).toBe(true);
  });
});
