import {
  Award,
  BarChart3,
  BookOpen,
  BookOpenCheck,
  CalendarCheck,
  CalendarClock,
  CreditCard,
  FileText,
  FolderTree,
  GraduationCap,
  Inbox,
  KeyRound,
  LayoutDashboard,
  Library,
  MessageSquare,
  Music,
  Package,
  PlusCircle,
  Receipt,
  Settings,
  ShieldAlert,
  ShieldCheck,
  ShoppingBag,
  Store,
  Tags,
  Ticket,
  Undo2,
  UserCog,
  Users,
  Webhook,
  type LucideIcon,
} from 'lucide-react';
import { type RoleBearer, hasRole } from '../features/auth';

export interface SidebarItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Active only on exactly this path (dashboard entries), not below it. */
  end?: boolean;
}

/** The 27 entries of the admin area, from Dashboard to Settings (spec's admin route list, the mail outbox, API tokens, the security log, webhooks, refunds due and the DRX shop). */
export const ADMIN_SIDEBAR_ITEMS: readonly SidebarItem[] = [
  { label: 'Dashboard', to: '/admin', icon: LayoutDashboard, end: true },
  { label: 'Users', to: '/admin/users', icon: Users },
  { label: 'Roles', to: '/admin/roles', icon: ShieldCheck },
  { label: 'Courses', to: '/admin/courses', icon: GraduationCap },
  { label: 'Course Categories', to: '/admin/course-categories', icon: FolderTree },
  { label: 'Certificates', to: '/admin/certificates', icon: Award },
  { label: 'Resources', to: '/admin/resources', icon: FileText },
  { label: 'Curriculum', to: '/admin/curriculum', icon: Library },
  { label: 'Resource Categories', to: '/admin/resource-categories', icon: Tags },
  { label: 'Curriculum Categories', to: '/admin/curriculum-categories', icon: FolderTree },
  { label: 'Instructors', to: '/admin/instructors', icon: UserCog },
  { label: 'Bookings', to: '/admin/bookings', icon: CalendarCheck },
  { label: 'Dance Styles', to: '/admin/dance-styles', icon: Music },
  { label: 'Subscription Plans', to: '/admin/subscription-plans', icon: CreditCard },
  { label: 'Coupons', to: '/admin/coupons', icon: Ticket },
  { label: 'Messages', to: '/admin/messages', icon: MessageSquare },
  { label: 'Outbox', to: '/admin/outbox', icon: Inbox },
  { label: 'API Tokens', to: '/admin/api-tokens', icon: KeyRound },
  { label: 'Security Log', to: '/admin/security', icon: ShieldAlert },
  { label: 'Webhooks', to: '/admin/webhooks', icon: Webhook },
  { label: 'Refunds Due', to: '/admin/refunds', icon: Undo2 },
  { label: 'Sellers', to: '/admin/sellers', icon: Store },
  { label: 'Store', to: '/admin/store', icon: ShoppingBag, end: true },
  { label: 'Store Products', to: '/admin/store/products', icon: Package },
  { label: 'Store Orders', to: '/admin/store/orders', icon: Receipt },
  { label: 'Documentation', to: '/admin/documentation', icon: BookOpen },
  { label: 'Settings', to: '/admin/settings', icon: Settings },
];

export const CURRICULUM_OFFICER_SIDEBAR_ITEMS: readonly SidebarItem[] = [
  { label: 'Dashboard', to: '/admin/curriculum-officer', icon: LayoutDashboard, end: true },
  { label: 'Resources', to: '/admin/resources', icon: FileText },
  { label: 'Resource Categories', to: '/admin/resource-categories', icon: Tags },
  { label: 'Curriculum Store', to: '/admin/curriculum', icon: Library },
  { label: 'Seller Management', to: '/admin/sellers', icon: Store },
  { label: 'Store Products', to: '/admin/store/products', icon: Package },
  { label: 'Settings', to: '/admin/settings', icon: Settings },
];

export const SELLER_SIDEBAR_ITEMS: readonly SidebarItem[] = [
  { label: 'Dashboard', to: '/seller', icon: LayoutDashboard, end: true },
  { label: 'My Resources', to: '/seller/resources', icon: FileText, end: true },
  { label: 'Add Resource', to: '/seller/resources/add', icon: PlusCircle },
  { label: 'Curriculum Store', to: '/curriculum', icon: Library },
  { label: 'Analytics', to: '/seller/analytics', icon: BarChart3 },
  { label: 'Payments', to: '/seller/payments', icon: CreditCard },
  { label: 'Settings', to: '/seller/settings', icon: Settings },
];

export const INSTRUCTOR_SIDEBAR_ITEMS: readonly SidebarItem[] = [
  { label: 'Dashboard', to: '/instructor', icon: LayoutDashboard, end: true },
  { label: 'My Courses', to: '/instructor/courses', icon: GraduationCap, end: true },
  { label: 'Create Course', to: '/instructor/courses/create', icon: PlusCircle },
  { label: 'Students', to: '/instructor/students', icon: Users },
  { label: 'Certificates', to: '/instructor/certificates', icon: BookOpenCheck },
  { label: 'Availability', to: '/instructor/availability', icon: CalendarClock },
  { label: 'Bookings', to: '/instructor/bookings', icon: CalendarCheck },
  { label: 'Messages', to: '/instructor/messages', icon: MessageSquare },
  { label: 'Settings', to: '/instructor/settings', icon: Settings },
];

/**
 * The sidebar of the admin layout for a user, by their most privileged role
 * (admin, then curriculum officer, seller, instructor); other roles get an empty sidebar.
 */
export function sidebarItemsFor(user: RoleBearer | null | undefined): readonly SidebarItem[] {
  if (hasRole(user, 'admin')) return ADMIN_SIDEBAR_ITEMS;
  if (hasRole(user, 'curriculum_officer')) return CURRICULUM_OFFICER_SIDEBAR_ITEMS;
  if (hasRole(user, 'seller')) return SELLER_SIDEBAR_ITEMS;
  if (hasRole(user, 'instructor')) return INSTRUCTOR_SIDEBAR_ITEMS;
  return [];
}

/** The heading of the admin layout for a user, matching the sidebar they get. */
export function sidebarTitleFor(user: RoleBearer | null | undefined): string {
  if (hasRole(user, 'admin')) return 'Admin Panel';
  if (hasRole(user, 'curriculum_officer')) return 'Curriculum Office';
  if (hasRole(user, 'seller')) return 'Seller Area';
  if (hasRole(user, 'instructor')) return 'Instructor Area';
  return 'My Area';
}
