import { describe, expect, it } from 'vitest';
import { oidcProblem, providerStartHref } from './oidcMessages';

describe('oidcProblem', () => {
  it('words each code with the provider’s name', () => {
    expect(oidcProblem('denied', 'Google')).toBe('You cancelled signing in with Google.');
    expect(oidcProblem('email-exists', 'Google')).toMatch(/did not confirm/);
  });

  it('ignores unknown or missing codes (no text of the URL reaches the page)', () => {
    expect(oidcProblem('<b>call us</b>', 'Google')).toBeNull();
    expect(oidcProblem(null, 'Google')).toBeNull();
  });
});

describe('providerStartHref', () => {
  it('carries the page to come back to', () => {
    expect(providerStartHref('/api/auth/oidc/start', '/bookings/1?x=2')).toBe(
      '/api/auth/oidc/start?returnTo=%2Fbookings%2F1%3Fx%3D2',
    );
    expect(providerStartHref('/api/auth/oidc/start', null)).toBe('/api/auth/oidc/start');
  });
});
