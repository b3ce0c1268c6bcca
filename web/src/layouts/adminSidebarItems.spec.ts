import { describe, expect, it } from 'vitest';
import { sidebarItemsFor } from './adminSidebarItems';

const paths = (user: Parameters<typeof sidebarItemsFor>[0]) => sidebarItemsFor(user).map((item) => item.to);
const labels = (user: Parameters<typeof sidebarItemsFor>[0]) =>
  sidebarItemsFor(user).map((item) => item.label);

describe('sidebarItemsFor', () => {
  it('gives admins 27 items from Dashboard to Settings', () => {
    const items = sidebarItemsFor({ role: 'admin', roles: ['admin'] });
    expect(items).toHaveLength(27);
    expect(items[0]).toMatchObject({ label: 'Dashboard', to: '/admin' });
    expect(items.at(-1)).toMatchObject({ label: 'Settings', to: '/admin/settings' });
    expect(labels({ role: 'admin' })).toEqual([
      'Dashboard',
      'Users',
      'Roles',
      'Courses',
      'Course Categories',
      'Certificates',
      'Resources',
      'Curriculum',
      'Resource Categories',
      'Curriculum Categories',
      'Instructors',
      'Bookings',
      'Dance Styles',
      'Subscription Plans',
      'Coupons',
      'Messages',
      'Outbox',
      'API Tokens',
      'Security Log',
      'Webhooks',
      'Refunds Due',
      'Sellers',
      'Store',
      'Store Products',
      'Store Orders',
      'Documentation',
      'Settings',
    ]);
    expect(paths({ role: 'admin' }).every((path) => path.startsWith('/admin'))).toBe(true);
  });

  it('gives the admin items to anyone with admin among their roles', () => {
    expect(sidebarItemsFor({ role: 'seller', roles: ['seller', 'admin'] })).toHaveLength(27);
  });

  it('gives curriculum officers their seven items', () => {
    expect(
      sidebarItemsFor({ role: 'curriculum_officer', roles: [] }).map(({ label, to }) => [label, to]),
    ).toEqual([
      ['Dashboard', '/admin/curriculum-officer'],
      ['Resources', '/admin/resources'],
      ['Resource Categories', '/admin/resource-categories'],
      ['Curriculum Store', '/admin/curriculum'],
      ['Seller Management', '/admin/sellers'],
      ['Store Products', '/admin/store/products'],
      ['Settings', '/admin/settings'],
    ]);
  });

  it('gives sellers the seller area', () => {
    expect(paths({ role: 'user', roles: ['seller'] })).toEqual([
      '/seller',
      '/seller/resources',
      '/seller/resources/add',
      '/curriculum',
      '/seller/analytics',
      '/seller/payments',
      '/seller/settings',
    ]);
  });

  it('gives instructors the instructor area', () => {
    expect(paths({ role: 'instructor', roles: [] })).toEqual([
      '/instructor',
      '/instructor/courses',
      '/instructor/courses/create',
      '/instructor/students',
      '/instructor/certificates',
      '/instructor/availability',
      '/instructor/bookings',
      '/instructor/messages',
      '/instructor/settings',
    ]);
  });

  it('gives other roles an empty sidebar', () => {
    expect(sidebarItemsFor({ role: 'user', roles: ['user'] })).toEqual([]);
    expect(sidebarItemsFor({ role: 'moderator', roles: ['booking_client'] })).toEqual([]);
    expect(sidebarItemsFor(null)).toEqual([]);
  });
});
