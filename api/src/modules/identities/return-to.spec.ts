import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './return-to';

describe('safeReturnTo (server side)', () => {
  it('keeps a path of this site with its query and hash', () => {
    expect(safeReturnTo('/bookings/42?x=1#top')).toBe('/bookings/42?x=1#top');
  });

  it.each([
    'https://evil.example/',
    '//evil.example/',
    '/\\evil.example',
    'javascript:alert(1)',
    '/a\nb',
    '/auth',
    '/auth/link',
    '/register?x=1',
    '',
    null,
    42,
  ])('refuses %s', (value) => {
    expect(safeReturnTo(value)).toBeNull();
  });
});
