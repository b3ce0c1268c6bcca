import type { EntityManager } from '@mikro-orm/postgresql';
import { listSessions } from '../account/sessions';
import { exportApiTokensData } from '../api-tokens';
import { exportInstructorsData } from '../instructors';
import { exportLearningData } from '../learning';
import { exportMembershipsData } from '../memberships';
import { exportMessagingData } from '../messaging';
import { exportNotificationsData } from '../notifications';
import { exportResourcesData } from '../resources';
import { exportSellersData } from '../sellers';
import { exportShopData } from '../shop';
import { exportUsersData, publicNames } from '../users';

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

type Row = Record<string, unknown>;

/**
 * Each section is asked of the module that owns its tables (its front door's `export…Data`), in
 * the request's EntityManager; the sections of the orders, bookings, certificates and account
 * modules are still read here until those modules offer theirs. The document's shape and key
 * order are this function's: the owners return rows, never the document.
 */
export async function buildDataExport(
  em: EntityManager,
  userId: string,
  currentSessionId: string | null,
): Promise<DataExport> {
  const q = (sql: string) => em.execute<Row[]>(sql, [userId]);
  const profile = await exportUsersData(em, userId);
  // The orders DRX sold; a membership's payments and the store's orders (orders of their own kinds
  // too) are exported as the membership's invoices and the store's orders below.
  const orders = await q(
    `select o.id, o.number, o.kind, o.status, o.currency, o.subtotal_cents as "subtotalCents",
       o.discount_cents as "discountCents", o.member_discount_cents as "memberDiscountCents",
       o.credit_cents as "creditCents", o.total_cents as "totalCents", o.refunded_cents as "refundedCents",
       o.coupon_code as "couponCode", o.payment_provider as "paymentProvider", o.created_at as "createdAt",
       o.paid_at as "paidAt", o.canceled_at as "canceledAt", o.refunded_at as "refundedAt",
       o.refund_reason as "refundReason",
       coalesce((select json_agg(json_build_object('title', l.title, 'itemType', l.item_type,
         'quantity', l.quantity, 'unitPriceCents', l.unit_price_cents, 'lineTotalCents', l.line_total_cents,
         'discountCents', l.discount_cents) order by l.position) from order_lines l where l.order_id = o.id), '[]')
         as lines
     from orders o where o.user_id = ? and o.kind in ('cart', 'booking') order by o.created_at`,
  );
  const { memberships, membershipInvoices } = await exportMembershipsData(em, userId);
  const { storeOrders } = await exportShopData(em, userId);
  const { enrollments, lessonProgress, quizAttempts } = await exportLearningData(em, userId);
  const certificates = await q(
    `select number, course_title as "courseTitle", holder_name as "holderName", issued_at as "issuedAt",
       revoked_at as "revokedAt", revoke_reason as "revokeReason"
     from certificates where user_id = ? order by issued_at`,
  );
  // The instructor by public name only (the users module's `publicNames`), placed before `createdAt`.
  const booked = await q(
    `select b.id, b.title, b.kind, b.status, b.starts_at as "startsAt", b.ends_at as "endsAt",
       b.time_zone as "timeZone", b.price_cents as "priceCents", b.refunded_cents as "refundedCents",
       b.note, b.cancel_reason as "cancelReason", b.canceled_by as "canceledBy", b.canceled_at as "canceledAt",
       b.created_at as "createdAt", b.instructor_id as "instructorId"
     from bookings b where b.client_id = ? order by b.starts_at`,
  );
  const instructorNames = await publicNames(
    em,
    booked.map((b) => b.instructorId as string),
  );
  const bookingsAsClient = booked
    .filter((b) => instructorNames.has(b.instructorId as string))
    .map(({ createdAt, instructorId, ...rest }) => ({
      ...rest,
      instructor: instructorNames.get(instructorId as string),
      createdAt,
    }));
  // The instructor's own sessions, without who booked them (that is the client's data).
  const bookingsAsInstructor = await q(
    `select b.id, b.title, b.kind, b.status, b.starts_at as "startsAt", b.ends_at as "endsAt",
       b.price_cents as "priceCents", b.refunded_cents as "refundedCents", b.fee_cents as "feeCents",
       b.canceled_by as "canceledBy", b.canceled_at as "canceledAt", b.created_at as "createdAt"
     from bookings b where b.instructor_id = ? order by b.starts_at`,
  );
  const { messagesSent } = await exportMessagingData(em, userId);
  const { resourceReviews, purchasedResources, sellerProfile } = await exportResourcesData(em, userId);
  const { instructorReviews, instructorProfile } = await exportInstructorsData(em, userId);
  const { sellerEarnings } = await exportSellersData(em, userId);
  const { notificationPreferences } = await exportNotificationsData(em, userId);
  const { apiTokens } = await exportApiTokensData(em, userId);
  const securityEvents = await q(
    `select kind, ip, user_agent as "userAgent", detail, created_at as "createdAt"
     from security_events where user_id = ? order by created_at`,
  );
  const sessions = (await listSessions(em, userId, currentSessionId)).map(({ id: _handle, ...rest }) => rest);
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
