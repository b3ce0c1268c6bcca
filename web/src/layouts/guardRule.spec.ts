import { describe, expect, it } from 'vitest';
import { TWO_STEP_SETUP_PATH } from '../features/two-step/twoStepSetupPath';
import { guardRedirect, needsSecondFactor } from './guardRule';

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

  it('sends staff without a second factor from the admin area to its set-up', () => {
    expect(TWO_STEP_SETUP_PATH).toBe('/profile?twoStep=required#two-step');
    expect(guardRedirect('admin', { role: 'admin', roles: ['admin'], needsSecondFactor: true })).toBe(
      TWO_STEP_SETUP_PATH,
    );
    expect(
      guardRedirect(
        'admin',
        { role: 'user', roles: ['curriculum_officer'], needsSecondFactor: true },
        '/admin',
      ),
    ).toBe(TWO_STEP_SETUP_PATH);
    expect(guardRedirect('admin', { role: 'admin', roles: ['admin'], needsSecondFactor: false })).toBeNull();
  });

  it('reads the second factor for the admin area only, after the roles', () => {
    // Their own pages stay open to staff without one (the set-up is on /profile).
    expect(guardRedirect('member', { role: 'admin', roles: ['admin'], needsSecondFactor: true })).toBeNull();
    // A member is sent to / whatever they say of a second factor; a visitor still signs in first.
    expect(guardRedirect('admin', { role: 'user', roles: ['user'], needsSecondFactor: true })).toBe('/');
    expect(guardRedirect('admin', null, '/admin')).toBe('/auth?returnTo=%2Fadmin');
  });
});

describe('needsSecondFactor', () => {
  it("is true for staff (the server's requiredFor) without a second factor only", () => {
    expect(needsSecondFactor({ requiredFor: 'staff', hasSecondFactor: false })).toBe(true);
    expect(needsSecondFactor({ requiredFor: 'staff', hasSecondFactor: true })).toBe(false);
    // Payouts are asked for on payout changes, not pages; no requirement (or it is off): never.
    expect(needsSecondFactor({ requiredFor: 'payouts', hasSecondFactor: false })).toBe(false);
    expect(needsSecondFactor({ requiredFor: null, hasSecondFactor: false })).toBe(false);
    // Not known yet: the page decides from the server's answers.
    expect(needsSecondFactor(undefined)).toBe(false);
  });
});
