/**
 * The kinds of email a member can switch off (api/src/modules/notifications). Every mail sent
 * through `notify` belongs to one; mails that are not notifications (password and account mails,
 * replies to the contact form) go through `sendMail` directly and cannot be switched off.
 */
export const NOTIFICATION_KINDS = [
  'messages',
  'bookings',
  'orders',
  'certificates',
  'resources',
  'memberships',
  'assignments',
] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export function isNotificationKind(value: unknown): value is NotificationKind {
  return typeof value === 'string' && (NOTIFICATION_KINDS as readonly string[]).includes(value);
}

/** What each kind is called on the settings page and in mail footers. */
export const NOTIFICATION_KIND_TEXT: Record<NotificationKind, { label: string; description: string }> = {
  messages: {
    label: 'Messages',
    description: 'New messages you have not read yet.',
  },
  bookings: {
    label: 'Bookings',
    description: 'Booking confirmations, changes and reminders.',
  },
  orders: {
    label: 'Orders',
    description: 'Receipts for your orders.',
  },
  certificates: {
    label: 'Certificates',
    description: 'When a course certificate is issued to you.',
  },
  resources: {
    label: 'Resources',
    description: 'When a resource you submitted is approved or rejected.',
  },
  memberships: {
    label: 'Membership',
    description: 'Membership billing and renewal.',
  },
  assignments: {
    label: 'Assignments',
    description: 'When an instructor reviews a video you submitted for an assignment.',
  },
};
