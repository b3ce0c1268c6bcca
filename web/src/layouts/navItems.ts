import { type RoleBearer, hasRole } from '../features/auth';

export interface NavItem {
  label: string;
  to: string;
  /** Path prefixes under which the item counts as the current page. */
  activeUnder?: readonly string[];
}

/** The main navigation of the public header. */
export const HEADER_NAV_ITEMS: readonly NavItem[] = [
  { label: 'Home', to: '/' },
  { label: 'Certification', to: '/courses', activeUnder: ['/courses', '/course'] },
  { label: 'Curriculum', to: '/curriculum', activeUnder: ['/curriculum', '/resources'] },
  {
    label: 'Connect',
    to: '/connect',
    activeUnder: ['/connect', '/connect-updated', '/connect-old', '/instructors'],
  },
  { label: 'Membership', to: '/subscription', activeUnder: ['/subscription'] },
];

function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** Whether a header item is the current page: '/' only on the home page, the rest by prefix. */
export function isNavItemActive(item: NavItem, pathname: string): boolean {
  if (!item.activeUnder) return pathname === item.to;
  return item.activeUnder.some((prefix) => isUnder(pathname, prefix));
}

/** The signed-in user's menu (desktop), in order; Sign Out is added by the menu itself. */
export function userMenuItemsFor(user: RoleBearer | null | undefined): NavItem[] {
  const items: NavItem[] = [
    { label: 'My Dashboard', to: '/dashboard' },
    { label: 'My Courses', to: '/my-courses' },
    { label: 'My Purchases', to: '/my-purchases' },
    { label: 'My Profile', to: '/profile' },
  ];
  if (hasRole(user, 'seller') || hasRole(user, 'curriculum_officer')) {
    items.push({ label: 'Seller Payments', to: '/seller/payments' });
  }
  if (hasRole(user, 'admin')) items.push({ label: 'Admin Panel', to: '/admin' });
  return items;
}

/** The mobile menu's account links: the user menu plus Curriculum Admin for curriculum officers. */
export function mobileAccountItemsFor(user: RoleBearer | null | undefined): NavItem[] {
  const items = userMenuItemsFor(user);
  if (hasRole(user, 'curriculum_officer')) items.push({ label: 'Curriculum Admin', to: '/admin/curriculum' });
  return items;
}
