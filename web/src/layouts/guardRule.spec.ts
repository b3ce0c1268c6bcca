import { describe, expect, it } from 'vitest';
import { guardRedirect } from './guardRule';

describe('guardRedirect', () => {
  it('sends a visitor to /auth from either guard', () => {
    expect(guardRedirect('member', null)).toBe('/auth');
    expect(guardRedirect('admin', null)).toBe('/auth');
  });

  it('lets any signed-in user past the member guard', () => {
    expect(guardRedirect('member', { role: 'user', roles: ['user'] })).toBeNull();
  });

  it('admits admins and curriculum officers to the admin area, by role or roles', () => {
    expect(guardRedirect('admin', { role: 'admin', roles: [] })).toBeNull();
    expect(guardRedirect('admin', { role: 'user', roles: ['user', 'curriculum_officer'] })).toBeNull();
  });

  it('sends other signed-in users from the admin area to /', () => {
    expect(guardRedirect('admin', { role: 'user', roles: ['user'] })).toBe('/');
    expect(guardRedirect('admin', { role: 'seller', roles: ['seller', 'instructor'] })).toBe('/');
  });
});
