import type { EntityManager } from '@mikro-orm/postgresql';
import { listSessions } from '../account/sessions';

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

async function rows(em: EntityManager, sql: string, params: unknown[]): Promise<Row[]> {
  return em.execute<Row[]>(sql, params);
}

export async function buildDataExport(
  em: EntityManager,
  userId: string,
  currentSessionId: string | null,
): Promise<DataExport> {
  const q = (sql: string) => rows(em, sql, [userId]);
  const [profile] = await q(
    `select id, username, email, email_verified_at as "emailVerifiedAt", first_name as "firstName",
       last_name as "lastName", profile_image_url as "profileImageUrl", roles, created_at as "createdAt",
       updated_at as "updatedAt"
     from users where id = ?`,
  );
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
     from orders o where o.user_id = ? order by o.created_at`,
  );
  const memberships = await q(
    `select s.id, p.name as plan, s.interval, s.price_cents as "priceCents", s.provider, s.status,
       s.current_period_start as "currentPeriodStart", s.current_period_end as "currentPeriodEnd",
       s.cancel_at_period_end as "cancelAtPeriodEnd", s.cancel_reason as "cancelReason",
       s.cancel_comment as "cancelComment", s.ended_at as "endedAt", s.created_at as "createdAt"
     from subscriptions s left join subscription_plans p on p.id = s.plan_id
     where s.user_id = ? order by s.created_at`,
  );
  const membershipInvoices = await q(
    `select number, description, amount_cents as "amountCents", status, period_start as "periodStart",
       period_end as "periodEnd", paid_at as "paidAt", created_at as "createdAt"
     from subscription_invoices where user_id = ? order by created_at`,
  );
  const storeOrders = await q(
    `select name, email, customer_name as "customerName", financial_status as "financialStatus",
       fulfillment_status as "fulfillmentStatus", cancelled_at as "cancelledAt", currency_code as "currency",
       total_price as "totalPrice", lines, tracking_company as "trackingCompany",
       tracking_number as "trackingNumber", store_created_at as "createdAt"
     from store_orders where user_id = ? order by store_created_at`,
  );
  const enrollments = await q(
    `select c.title as course, e.source, e.created_at as "enrolledAt", e.completed_at as "completedAt",
       e.access_revoked_at as "accessRevokedAt",
       (select count(*)::int from lesson_progress lp join lessons l on l.id = lp.lesson_id
          join course_modules m on m.id = l.module_id
        where lp.user_id = e.user_id and m.course_id = e.course_id and lp.completed_at is not null) as "lessonsCompleted"
     from enrollments e join courses c on c.id = e.course_id where e.user_id = ? order by e.created_at`,
  );
  const lessonProgress = await q(
    `select c.title as course, l.title as lesson, lp.completed_at as "completedAt"
     from lesson_progress lp join lessons l on l.id = lp.lesson_id join course_modules m on m.id = l.module_id
       join courses c on c.id = m.course_id
     where lp.user_id = ? order by lp.completed_at`,
  );
  const quizAttempts = await q(
    `select qz.title as quiz, a.score_percent as "scorePercent", a.passed, a.answers, a.created_at as "createdAt"
     from quiz_attempts a join quizzes qz on qz.id = a.quiz_id where a.user_id = ? order by a.created_at`,
  );
  const certificates = await q(
    `select number, course_title as "courseTitle", holder_name as "holderName", issued_at as "issuedAt",
       revoked_at as "revokedAt", revoke_reason as "revokeReason"
     from certificates where user_id = ? order by issued_at`,
  );
  const bookingsAsClient = await q(
    `select b.id, b.title, b.kind, b.status, b.starts_at as "startsAt", b.ends_at as "endsAt",
       b.time_zone as "timeZone", b.price_cents as "priceCents", b.refunded_cents as "refundedCents",
       b.note, b.cancel_reason as "cancelReason", b.canceled_by as "canceledBy", b.canceled_at as "canceledAt",
       coalesce(nullif(trim(i.first_name), ''), i.username) as instructor, b.created_at as "createdAt"
     from bookings b join users i on i.id = b.instructor_id
     where b.client_id = ? order by b.starts_at`,
  );
  // The instructor's own sessions, without who booked them (that is the client's data).
  const bookingsAsInstructor = await q(
    `select b.id, b.title, b.kind, b.status, b.starts_at as "startsAt", b.ends_at as "endsAt",
       b.price_cents as "priceCents", b.refunded_cents as "refundedCents", b.fee_cents as "feeCents",
       b.canceled_by as "canceledBy", b.canceled_at as "canceledAt", b.created_at as "createdAt"
     from bookings b where b.instructor_id = ? order by b.starts_at`,
  );
  const messagesSent = await q(
    `select m.id, c.subject as conversation, m.body, m.created_at as "sentAt"
     from messages m join conversations c on c.id = m.conversation_id
     where m.sender_id = ? order by m.created_at`,
  );
  const resourceReviews = await q(
    `select r.title as resource, v.rating, v.body, v.created_at as "createdAt", v.updated_at as "updatedAt"
     from reviews v join resources r on r.id = v.resource_id where v.user_id = ? order by v.created_at`,
  );
  const instructorReviews = await q(
    `select b.title as booking, v.rating, v.comment, v.created_at as "createdAt"
     from instructor_reviews v join bookings b on b.id = v.booking_id where v.client_id = ? order by v.created_at`,
  );
  const purchasedResources = await q(
    `select r.title as resource, e.source, e.created_at as "grantedAt"
     from entitlements e join resources r on r.id = e.resource_id where e.user_id = ? order by e.created_at`,
  );
  const [sellerProfile] = await q(
    `select store_name as "storeName", bio, logo_url as "logoUrl", city, state, zip,
       payout_status as "payoutStatus", created_at as "createdAt"
     from seller_profiles where user_id = ?`,
  );
  const sellerEarnings = await q(
    `select order_number as "orderNumber", gross_cents as "grossCents", fee_cents as "feeCents",
       net_cents as "netCents", status, created_at as "createdAt"
     from seller_earnings where seller_id = ? order by created_at`,
  );
  const [instructorProfile] = await q(
    `select status, headline, bio, styles, levels, age_groups as "ageGroups", languages, city, state, zip,
       time_zone as "timeZone", intro_video_url as "introVideoUrl", created_at as "createdAt"
     from instructor_profiles where user_id = ?`,
  );
  const notificationPreferences = await q(
    `select kind, enabled, updated_at as "updatedAt" from notification_preferences where user_id = ? order by kind`,
  );
  const apiTokens = await q(
    `select name, token_prefix as "prefix", scopes, created_at as "createdAt", last_used_at as "lastUsedAt",
       expires_at as "expiresAt", revoked_at as "revokedAt"
     from api_tokens where user_id = ? order by created_at`,
  );
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
    sellerProfile: sellerProfile ?? null,
    sellerEarnings,
    instructorProfile: instructorProfile ?? null,
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
