import type { NotificationKind } from '../../gql/graphql';

/**
 * Words of the notification settings and the unsubscribe page (pure: notificationText.spec.ts).
 * Kinds are the graph's `NotificationKind` values.
 */

const ABOUT: Record<NotificationKind, string> = {
  MESSAGES: 'new messages you have not read',
  BOOKINGS: 'your bookings',
  ORDERS: 'your orders',
  CERTIFICATES: 'certificates issued to you',
  RESOURCES: 'the review of your resources',
  MEMBERSHIPS: 'your membership',
  ASSIGNMENTS: 'reviews of your assignment videos',
};

/** What a kind's emails are about, for a sentence ("…emails about your bookings"). */
export function kindAbout(kind: string): string {
  return ABOUT[kind as NotificationKind] ?? 'this topic';
}

/** The unsubscribe page's confirmation. */
export function unsubscribedSentence(kind: string): string {
  return `You will no longer get emails about ${kindAbout(kind)}.`;
}

/** The toast after a switch was saved, e.g. "Emails about your bookings turned off". */
export function preferenceSavedTitle(kind: string, enabled: boolean): string {
  return `Emails about ${kindAbout(kind)} turned ${enabled ? 'on' : 'off'}`;
}

/**
 * The token of an unsubscribe link's query string, or null when missing or blank (the page then
 * says the link is incomplete instead of asking the server).
 */
export function tokenFromSearch(search: string): string | null {
  const token = new URLSearchParams(search).get('token')?.trim();
  return token ? token : null;
}
