import { describe, expect, it } from 'vitest';
import { detailText, KIND_OPTIONS, kindFilter, kindLabel, userAgentSummary } from './securityFormat';

describe('security event kinds', () => {
  it('names every kind the API has, in words', () => {
    expect(KIND_OPTIONS.map((o) => o.value)).toEqual([
      'PASSWORD_RESET',
      'PASSWORD_CHANGED',
      'EMAIL_CHANGED',
      'EMAIL_VERIFIED',
      'SESSION_ENDED',
      'OTHER_SESSIONS_ENDED',
      'ACCOUNT_DELETED',
      'IDENTITY_LINKED',
      'IDENTITY_UNLINKED',
      'PASSKEY_ADDED',
      'PASSKEY_REMOVED',
      'TWO_STEP_ENABLED',
      'TWO_STEP_DISABLED',
      'RECOVERY_CODES_REGENERATED',
      'RECOVERY_CODE_USED',
    ]);
    expect(kindLabel('SESSION_ENDED')).toBe('Session signed out');
    expect(kindLabel('OTHER_SESSIONS_ENDED')).toBe('Other sessions signed out');
    expect(kindLabel('PASSKEY_ADDED')).toBe('Passkey added');
    expect(kindLabel('TWO_STEP_ENABLED')).toBe('Two-step sign-in on');
    expect(kindLabel('NOT_A_KIND')).toBe('NOT_A_KIND');
  });

  it('takes only a known kind from the address', () => {
    expect(kindFilter('EMAIL_CHANGED')).toBe('EMAIL_CHANGED');
    expect(kindFilter('email_changed')).toBeNull();
    expect(kindFilter('toString')).toBeNull();
    expect(kindFilter('')).toBeNull();
    expect(kindFilter(null)).toBeNull();
  });

  it('says how many sessions were signed out; other details as written', () => {
    expect(detailText('OTHER_SESSIONS_ENDED', '2')).toBe('2 sessions');
    expect(detailText('OTHER_SESSIONS_ENDED', '1')).toBe('1 session');
    expect(detailText('EMAIL_CHANGED', 'a@x.com → b@x.com')).toBe('a@x.com → b@x.com');
    expect(detailText('SESSION_ENDED', null)).toBe('');
  });
});

describe('userAgentSummary', () => {
  it('names common browsers and systems', () => {
    expect(
      userAgentSummary(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome 131 on Windows 10');
    expect(
      userAgentSummary(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      ),
    ).toBe('Chrome 131 on Android 14');
    expect(
      userAgentSummary(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari 18 on iOS 18');
    expect(
      userAgentSummary(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:133.0) Gecko/20100101 Firefox/133.0',
      ),
    ).toBe('Firefox 133 on macOS');
    expect(
      userAgentSummary(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toBe('Edge 131 on Windows 10');
  });

  it('names a script by its first word, and nothing by nothing', () => {
    expect(userAgentSummary('curl/8.5.0')).toBe('curl/8.5.0');
    expect(userAgentSummary(null)).toBe('');
    expect(userAgentSummary('  ')).toBe('');
  });
});
