import { describe, expect, it } from 'vitest';
import { HEADER_NAV_ITEMS, isNavItemActive, mobileAccountItemsFor, userMenuItemsFor } from './navItems';

const item = (label: string) => HEADER_NAV_ITEMS.find((entry) => entry.label === label)!;

describe('header navigation', () => {
  it('lists Home, Certification, Curriculum, Connect and Membership', () => {
    expect(HEADER_NAV_ITEMS.map(({ label, to }) => [label, to])).toEqual([
      ['Home', '/'],
      ['Certification', '/courses'],
      ['Curriculum', '/curriculum'],
      ['Connect', '/connect'],
      ['Membership', '/subscription'],
    ]);
  });

  it('marks Home active only on the home page', () => {
    expect(isNavItemActive(item('Home'), '/')).toBe(true);
    expect(isNavItemActive(item('Home'), '/courses')).toBe(false);
  });

  it('marks Curriculum active under /curriculum and /resources', () => {
    expect(isNavItemActive(item('Curriculum'), '/curriculum')).toBe(true);
    expect(isNavItemActive(item('Curriculum'), '/curriculum/42')).toBe(true);
    expect(isNavItemActive(item('Curriculum'), '/resources/42')).toBe(true);
    expect(isNavItemActive(item('Curriculum'), '/courses')).toBe(false);
  });

  it('marks the other sections active on their own pages and below', () => {
    expect(isNavItemActive(item('Certification'), '/courses/7/modules/2')).toBe(true);
    expect(isNavItemActive(item('Certification'), '/coursesx')).toBe(false);
    expect(isNavItemActive(item('Connect'), '/connect-updated')).toBe(true);
    expect(isNavItemActive(item('Membership'), '/subscription/success')).toBe(true);
  });
});

describe('user menu', () => {
  const labels = (items: { label: string }[]) => items.map((entry) => entry.label);

  it('gives every member the four personal links', () => {
    expect(labels(userMenuItemsFor({ role: 'user', roles: ['user'] }))).toEqual([
      'My Dashboard',
      'My Courses',
      'My Purchases',
      'My Profile',
    ]);
  });

  it('adds Seller Payments for sellers and curriculum officers, Admin Panel for admins', () => {
    expect(labels(userMenuItemsFor({ role: 'seller', roles: [] }))).toContain('Seller Payments');
    expect(labels(userMenuItemsFor({ role: 'user', roles: ['curriculum_officer'] }))).toContain(
      'Seller Payments',
    );
    expect(labels(userMenuItemsFor({ role: 'admin', roles: ['admin'] }))).toEqual([
      'My Dashboard',
      'My Courses',
      'My Purchases',
      'My Profile',
      'Admin Panel',
    ]);
    expect(labels(userMenuItemsFor({ role: 'seller', roles: [] }))).not.toContain('Admin Panel');
  });

  it('adds Curriculum Admin to the mobile menu of curriculum officers only', () => {
    expect(mobileAccountItemsFor({ role: 'curriculum_officer', roles: [] }).at(-1)).toEqual({
      label: 'Curriculum Admin',
      to: '/admin/curriculum',
    });
    expect(labels(mobileAccountItemsFor({ role: 'admin', roles: [] }))).not.toContain('Curriculum Admin');
  });
});
