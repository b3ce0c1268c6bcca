import { describe, expect, it } from 'vitest';
import { canEnterAdminArea, hasRole, rolesOf } from './roles';

describe('roles', () => {
  it('finds a role in either the role field or the roles list', () => {
    expect(hasRole({ role: 'seller', roles: [] }, 'seller')).toBe(true);
    expect(hasRole({ role: 'user', roles: ['user', 'seller'] }, 'seller')).toBe(true);
    expect(hasRole({ role: 'user', roles: ['user'] }, 'seller')).toBe(false);
    expect(hasRole(null, 'user')).toBe(false);
  });

  it('lists distinct roles', () => {
    expect(rolesOf({ role: 'seller', roles: ['seller', 'instructor'] })).toEqual(['seller', 'instructor']);
    expect(rolesOf({ role: 'user', roles: null })).toEqual(['user']);
    expect(rolesOf(undefined)).toEqual([]);
  });

  it('admits only admins and curriculum officers to the admin area', () => {
    expect(canEnterAdminArea({ role: 'admin', roles: [] })).toBe(true);
    expect(canEnterAdminArea({ role: 'user', roles: ['curriculum_officer'] })).toBe(true);
    expect(canEnterAdminArea({ role: 'seller', roles: ['seller', 'instructor'] })).toBe(false);
    expect(canEnterAdminArea({ role: 'curriculum_admin', roles: ['moderator'] })).toBe(false);
    expect(canEnterAdminArea(null)).toBe(false);
  });
});
