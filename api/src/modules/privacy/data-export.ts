import type { EntityManager } from '@mikro-orm/postgresql';
import { exportAccountData } from '../account';
import { exportApiTokensData } from '../api-tokens';
import { exportBookingsData } from '../bookings';
import { exportCertificatesData } from '../certificates';
import { exportInstructorsData } from '../instructors';
import { exportLearningData } from '../learning';
import { exportMembershipsData } from '../memberships';
import { exportMessagingData } from '../messaging';
import { exportNotificationsData } from '../notifications';
import { exportOrdersData } from '../orders';
import { exportResourcesData } from '../resources';
import { exportSellersData } from '../sellers';
import { exportShopData } from '../shop';
import { exportUsersData } from '../users';

/**
 * "Download my data" (GDPR articles 15 and 20): everything DRX keeps about one account, as one JSON
 * document a person can read and take elsewhere. Only what is theirs: other people appear by their
 * public name at most (the instructor of a lesson they booked), never with their email or messages;
 * secrets (password hash, token hashes) never. One statement per table, all read-only.
 */
export interface DataExport {
  format: 'drx-data-export';
  version: 1;
  exportedAt: string;
  profile: Record<string, unknown>;
  [section: string]: unknown;
}

/**
 * Each section is asked of the module that owns its tables (its front door's `export…Data`), in
 * the request's EntityManager. The document's shape and key order are this function's: the owners
 * return rows, never the document.
 */
export async function buildDataExport(
  em: EntityManager,
  userId: string,
  currentSessionId: string | null,
): Promise<DataExport> {
  const profile = await exportUsersData(em, userId);
  const { orders } = await exportOrdersData(em, userId);
  const { memberships, membershipInvoices } = await exportMembershipsData(em, userId);
  const { storeOrders } = await exportShopData(em, userId);
  const { enrollments, lessonProgress, quizAttempts } = await exportLearningData(em, userId);
  const { certificates } = await exportCertificatesData(em, userId);
  const { bookingsAsClient, bookingsAsInstructor } = await exportBookingsData(em, userId);
  const { messagesSent } = await exportMessagingData(em, userId);
  const { resourceReviews, purchasedResources, sellerProfile } = await exportResourcesData(em, userId);
  const { instructorReviews, instructorProfile } = await exportInstructorsData(em, userId);
  const { sellerEarnings } = await exportSellersData(em, userId);
  const { notificationPreferences } = await exportNotificationsData(em, userId);
  const { apiTokens } = await exportApiTokensData(em, userId);
  const { sessions, securityEvents } = await exportAccountData(em, userId, currentSessionId);
  return {
    format: 'drx-data-export',
    version: 1,
    exportedAt: new Date().toISOString(),
    profile: profile ?? {},
    orders,
    memberships,
    membershipInvoices,
    storeOrders,
    enrollments,
    lessonProgress,
    quizAttempts,
    certificates,
    bookings: { asClient: bookingsAsClient, asInstructor: bookingsAsInstructor },
    messagesSent,
    reviews: { resources: resourceReviews, instructors: instructorReviews },
    purchasedResources,
    sellerProfile,
    sellerEarnings,
    instructorProfile,
    notificationPreferences,
    apiTokens,
    sessions,
    securityEvents,
  };
}

/** `drx-data-<username>-<yyyy-mm-dd>.json`, with only filename-safe characters. */
export function exportFileName(username: string, at = new Date()): string {
  const safe = username.replace(/[^A-Za-z0-9._-]/g, '_');
  return `drx-data-${safe}-${at.toISOString().slice(0, 10)}.json`;
}
