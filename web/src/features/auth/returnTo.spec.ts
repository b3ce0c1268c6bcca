import { describe, expect, it } from 'vitest';
import { afterAuthPath, authPathFor, safeReturnTo } from './returnTo';

describe('returnTo', () => {
  it('keeps a path of this site, with its query and hash', () => {
    expect(safeReturnTo('/connect/instructors/abc/book?type=1#slots')).toBe(
      '/connect/instructors/abc/book?type=1#slots',
    );
    expect(authPathFor('/my-courses')).toBe('/auth?returnTo=%2Fmy-courses');
    expect(afterAuthPath('?returnTo=%2Fmy-courses%3Ftab%3D2')).toBe('/my-courses?tab=2');
  });

  it('refuses anything that could leave the site or loop back to sign-in', () => {
    for (const bad of [
      'https://evil.example/',
      '//evil.example/path',
      '/\\evil.example',
      'javascript:alert(1)',
      'evil.example',
      '/auth',
      '/auth?returnTo=/x',
      '/register',
      '/reset-password?token=x',
      '/a\nb',
      '',
      null,
      `/${'x'.repeat(2001)}`,
    ]) {
      expect(safeReturnTo(bad)).toBeNull();
    }
    expect(afterAuthPath('?returnTo=https%3A%2F%2Fevil.example')).toBe('/dashboard');
    expect(afterAuthPath('')).toBe('/dashboard');
    expect(authPathFor('/')).toBe('/auth');
    expect(authPathFor('//evil.example')).toBe('/auth');
  });
});
