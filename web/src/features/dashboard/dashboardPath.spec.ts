import { describe, expect, it } from 'vitest';
import { dashboardPathFor } from './dashboardPath';

describe('dashboardPathFor', () => {
  it('sends signed-out visitors to the sign-in page', () => {
    expect(dashboardPathFor(null)).toBe('/auth');
    expect(dashboardPathFor(undefined)).toBe('/auth');
  });

  it('sends a user with several roles to the multi-dashboard', () => {
    expect(dashboardPathFor({ role: 'seller', roles: ['seller', 'instructor'] })).toBe('/multi-dashboard');
    expect(dashboardPathFor({ role: 'admin', roles: ['admin', 'curriculum_officer', 'seller'] })).toBe(
      '/multi-dashboard',
    );
  });

  it('sends a user with exactly one role to that role’s dashboard', () => {
    expect(dashboardPathFor({ role: 'user', roles: ['seller'] })).toBe('/seller-dashboard');
    expect(dashboardPathFor({ role: 'user', roles: ['instructor'] })).toBe('/instructor/dashboard');
    expect(dashboardPathFor({ role: 'user', roles: ['admin'] })).toBe('/admin');
    expect(dashboardPathFor({ role: 'user', roles: ['curriculum_officer'] })).toBe(
      '/admin/curriculum-officer',
    );
  });

  it('counts a repeated role once', () => {
    expect(dashboardPathFor({ role: 'seller', roles: ['seller', 'seller'] })).toBe('/seller-dashboard');
  });

  it('falls back to the single role field', () => {
    expect(dashboardPathFor({ role: 'seller', roles: [] })).toBe('/seller-dashboard');
    expect(dashboardPathFor({ role: 'instructor', roles: null })).toBe('/instructor/dashboard');
    expect(dashboardPathFor({ role: 'admin' })).toBe('/admin');
    expect(dashboardPathFor({ role: 'curriculum_officer', roles: ['user'] })).toBe(
      '/admin/curriculum-officer',
    );
  });

  it('defaults to the member dashboard', () => {
    expect(dashboardPathFor({ role: 'user', roles: ['user'] })).toBe('/dashboard/user');
    expect(dashboardPathFor({ role: 'student', roles: [] })).toBe('/dashboard/user');
    expect(dashboardPathFor({ role: '', roles: [] })).toBe('/dashboard/user');
  });
});
