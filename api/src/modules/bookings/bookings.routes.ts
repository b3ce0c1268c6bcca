import { optionalText, text, type GraphRoute } from '../../rest/graph-route';
import { idempotencyKeyOf } from '../orders';

/**
 * REST rows of bookings (docs/api.md). Errors `{ message, code, field }`: SLOT_TAKEN and
 * CLASS_FULL 409, INVALID_INPUT 400, NOT_FOUND 404, UNAUTHENTICATED 401.
 */
export const BOOKING_FIELDS = `id sessionTypeId instructorId kind title status start end timeZone clientTimeZone
  holdExpiresAt priceCents refundedCents feeCents note canceledBy cancelReason canceledAt rescheduleCount createdAt
  orderId orderNumber paidWithCredit canCancel canReschedule canReview cancellationTerms`;

const queryText = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
const intOrNull = (value: unknown) =>
  typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : null;
const whenOf = (value: unknown) => (value === 'upcoming' ? 'UPCOMING' : value === 'past' ? 'PAST' : null);

export const bookingsRoutes: GraphRoute[] = [
  {
    method: 'post',
    path: '/bookings',
    status: 201,
    operation: `mutation BookingCreate($input: BookingCreateInput!) {
      bookingCreate(input: $input) { booking { ${BOOKING_FIELDS} }
        payment { orderId provider clientSecret publishableKey } userErrors { code field message } } }`,
    variables: (req) => ({
      input: {
        sessionTypeId: text(req.body?.sessionTypeId),
        start: text(req.body?.start),
        clientTimeZone: text(req.body?.clientTimeZone) || 'UTC',
        note: optionalText(req.body?.note),
        idempotencyKey: idempotencyKeyOf(req),
        useCredit: typeof req.body?.useCredit === 'boolean' ? req.body.useCredit : null,
      },
    }),
    select: (root) => ({ ...(root.booking as object), payment: root.payment ?? null }),
  },
  {
    method: 'get',
    path: '/bookings',
    operation: `query MyBookings($first: Int, $after: String, $when: BookingWhen) {
      myBookings(first: $first, after: $after, when: $when) {
        totalCount pageInfo { hasNextPage endCursor } nodes { ${BOOKING_FIELDS} } } }`,
    variables: (req) => ({
      first: intOrNull(req.query.first),
      after: queryText(req.query.after),
      when: whenOf(req.query.when),
    }),
    select: (root) => {
      const page = root as { nodes: unknown[]; totalCount: number; pageInfo: unknown };
      return { items: page.nodes, totalCount: page.totalCount, pageInfo: page.pageInfo };
    },
  },
  {
    method: 'post',
    path: '/bookings/:id/cancel',
    operation: `mutation BookingCancel($input: BookingReasonInput!) {
      bookingCancel(input: $input) { booking { ${BOOKING_FIELDS} } userErrors { code field message } } }`,
    variables: (req) => ({
      input: { bookingId: String(req.params.id), reason: optionalText(req.body?.reason) },
    }),
    select: (root) => root.booking,
  },
];
