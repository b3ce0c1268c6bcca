import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { emitOrderEvent } from '../orders';
import type { ConnectionShape } from '../../graphql/connection';
import { decodeCursor, encodeCursor, idKey, isIsoDate } from '../../graphql/keyset';
import { DomainError } from '../../graphql/errors';
import { hasAnyRole, hasRole, STAFF_ROLES } from '../users';
import type { User } from '../users';
import { usersNamedLikeSql, usersNamedOrMailedLikeSql } from '../users';
import { addInstructorReview, bookingHasReview, sessionTypeRow, type SessionTypeRow } from '../instructors';
import { isUuid } from '../../lib/ids';
import type { PaymentProvider } from '../payments';
import { adjustEarningsAfterRefund } from '../sellers';
import { isValidTimeZone } from '../scheduling';
import { Booking, BookingCanceledBy, BookingStatus } from './booking.entity';
import { bookingChanged } from './booking-events';
import { isCreditEligible, returnLessonCredit, takeLessonCredit, type TakenCredit } from './booking-credits';
import { placeCreditOrder, recordCreditEarning, settleCreditOrder } from './booking-credit-orders';
import { expireHolds, HOLD_MINUTES, lockInstructor, releaseSeat, takeSeat } from './booking-holds';
import { assertHoldAllowed } from './booking-hold-limits';
import { clientCancelTerms, lateFeeCents } from './booking-policy';
import { isSlotOffered } from './booking-slots';
import { sqlState } from './sql-state';
import { CheckoutService } from '../orders';

export { sqlState };
import { scheduleHoldExpiry } from './booking-holds.jobs';
import { markCanceled, markPartlyRefunded, placeOrder, recordPaymentStarted } from '../orders';
import { addBookingOrderLine, orderNumbers, orderPayment } from '../orders';

export const SLOT_TAKEN_MESSAGE = 'This time was just booked — please pick another';
export const CLASS_FULL_MESSAGE = 'This class is full — please pick another time';
const NOT_FOUND = 'Booking not found';
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,100}$/;

export interface BookingPaymentView {
  orderId: string;
  provider: string;
  clientSecret: string | null;
  publishableKey: string | null;
}

export interface BookingCreateResult {
  booking: Booking;
  payment: BookingPaymentView | null;
}

export interface BookingListFilter {
  when?: 'upcoming' | 'past' | null;
  status?: string | null;
  instructorId?: string | null;
  search?: string | null;
  from?: Date | null;
  to?: Date | null;
}

/** A session_types row as the booking code reads it (the demo seeder books with the same row). */
export type { SessionTypeRow };

const isStaffViewer = (viewer: User) => hasAnyRole(viewer, STAFF_ROLES);

async function sessionType(em: EntityManager, id: string): Promise<SessionTypeRow | null> {
  if (!isUuid(id)) return null;
  return sessionTypeRow(em, id);
}

/** The order line's title: the session type's title and the date in the instructor's zone. */
export function bookingLineTitle(title: string, start: Date, timeZone: string): string {
  const when = DateTime.fromJSDate(start, { zone: timeZone }).toFormat('ccc, LLL d, yyyy h:mm a ZZZZ');
  return `${title} — ${when}`.slice(0, 255);
}

/**
 * Bookings: create (free → confirmed/requested; paid → held with a booking order), cancel with
 * the session type's policy and refunds through the payment provider and the orders ledger,
 * reschedule, approve/decline, complete/no-show, review. Every write runs in one transaction that
 * first locks the instructor's profile row and expires that instructor's lapsed holds; the
 * exclusion constraint `bookings_no_overlap` and the guarded seat statement decide races.
 */
export class BookingsService {
  constructor(
    private readonly em: EntityManager,
    private readonly payments: PaymentProvider,
  ) {}

  // ---------------------------------------------------------------- reading

  async load(id: string): Promise<Booking> {
    this.em.clear();
    return this.em.findOneOrFail(Booking, { id });
  }

  /** The booking if the viewer may see it (its client, its instructor, staff); else null. */
  async findVisible(viewer: User, id: string): Promise<Booking | null> {
    if (!isUuid(id)) return null;
    const booking = await this.em.findOne(Booking, { id }, { refresh: true });
    if (!booking) return null;
    if (booking.clientId === viewer.id || booking.instructorId === viewer.id || isStaffViewer(viewer)) {
      return booking;
    }
    return null;
  }

  myBookings(viewer: User, filter: BookingListFilter, first: number, after?: string | null) {
    return this.list({ ...filter, clientId: viewer.id }, first, after);
  }

  instructorBookings(viewer: User, filter: BookingListFilter, first: number, after?: string | null) {
    return this.list({ ...filter, instructorId: viewer.id }, first, after);
  }

  adminBookings(filter: BookingListFilter, first: number, after?: string | null) {
    return this.list(filter, first, after);
  }

  /**
   * One page of bookings by start (upcoming: soonest first; otherwise latest first), keyset-paged
   * on (starts_at, id). Held and expired bookings are left out of the client's and instructor's
   * lists unless asked for by status.
   */
  private async list(
    filter: BookingListFilter & { clientId?: string },
    first: number,
    after?: string | null,
  ): Promise<ConnectionShape<Booking>> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.clientId) {
      where.push('b.client_id = ?');
      params.push(filter.clientId);
    }
    if (filter.instructorId) {
      if (!isUuid(filter.instructorId)) return emptyPage();
      where.push('b.instructor_id = ?');
      params.push(filter.instructorId);
    }
    if (filter.status) {
      where.push('b.status = ?');
      params.push(filter.status);
    } else if (filter.clientId || (filter.instructorId && !filter.search && filter.when)) {
      where.push(`b.status <> 'expired'`);
    }
    if (filter.when === 'upcoming') where.push('b.ends_at > now()');
    if (filter.when === 'past') where.push('b.ends_at <= now()');
    if (filter.from) {
      where.push('b.starts_at >= ?');
      params.push(filter.from);
    }
    if (filter.to) {
      where.push('b.starts_at < ?');
      params.push(filter.to);
    }
    const search = filter.search?.trim().slice(0, 100);
    if (search) {
      const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(
        `(b.title ilike ? or b.client_id in (${usersNamedOrMailedLikeSql}) or b.instructor_id in (${usersNamedLikeSql}))`,
      );
      params.push(like, like, like, like, like, like);
    }
    const asc = filter.when === 'upcoming';
    const sort = asc ? 'start-asc' : 'start-desc';
    const base = `from bookings b
      ${where.length ? `where ${where.join(' and ')}` : ''}`;
    const [{ count }] = await this.em.execute<{ count: string }[]>(
      `select count(*) as count ${base}`,
      params,
    );
    const pageWhere = [...where];
    const pageParams = [...params];
    if (after) {
      const key = decodeCursor(after, sort, [
        { expr: 'b.starts_at', params: [], desc: !asc, cast: 'timestamptz', check: isIsoDate },
        idKey('b', !asc),
      ]);
      pageWhere.push(`(b.starts_at, b.id) ${asc ? '>' : '<'} (?::timestamptz, ?::uuid)`);
      pageParams.push(key[0], key[1]);
    }
    const rows = await this.em.execute<{ id: string; starts_at: Date }[]>(
      `select b.id, b.starts_at from bookings b
       ${pageWhere.length ? `where ${pageWhere.join(' and ')}` : ''}
       order by b.starts_at ${asc ? 'asc' : 'desc'}, b.id ${asc ? 'asc' : 'desc'} limit ?`,
      [...pageParams, first + 1],
    );
    const hasNextPage = rows.length > first;
    const pageRows = rows.slice(0, first);
    const entities = pageRows.length
      ? await this.em.find(Booking, { id: { $in: pageRows.map((r) => r.id) } }, { refresh: true })
      : [];
    const byId = new Map(entities.map((b) => [b.id, b]));
    const nodes = pageRows.map((r) => byId.get(r.id)!).filter(Boolean);
    const cursorOf = (b: Booking) => encodeCursor(sort, [b.startsAt.toISOString(), b.id]);
    const edges = nodes.map((node) => ({ node, cursor: cursorOf(node) }));
    return {
      nodes,
      edges,
      totalCount: Number(count),
      pageInfo: {
        hasNextPage,
        hasPreviousPage: Boolean(after),
        startCursor: edges[0]?.cursor ?? null,
        endCursor: edges.at(-1)?.cursor ?? null,
      },
    };
  }

  // ---------------------------------------------------------------- create

  async create(
    viewer: User,
    input: {
      sessionTypeId: string;
      start: Date;
      clientTimeZone?: string | null;
      note?: string | null;
      idempotencyKey?: string | null;
      /** null/omitted: a lesson credit when one is left and the type allows it; true: only with one; false: pay. */
      useCredit?: boolean | null;
    },
  ): Promise<BookingCreateResult> {
    const key = (input.idempotencyKey ?? '').trim() || null;
    if (key !== null && !KEY_PATTERN.test(key)) {
      throw new DomainError(
        'INVALID_INPUT',
        'The idempotency key must be 8 to 100 letters, digits or - _ . :',
        'idempotencyKey',
      );
    }
    const clientTimeZone = (input.clientTimeZone ?? '').trim() || 'UTC';
    if (!isValidTimeZone(clientTimeZone)) {
      throw new DomainError('INVALID_INPUT', 'Unknown time zone', 'clientTimeZone');
    }
    const note = (input.note ?? '').trim();
    if (note.length > 1000)
      throw new DomainError('INVALID_INPUT', 'The note must be at most 1000 characters', 'note');
    const start = input.start instanceof Date ? input.start : new Date(String(input.start));
    if (Number.isNaN(start.getTime()))
      throw new DomainError('INVALID_INPUT', 'Give a valid start time', 'start');

    if (!isUuid(input.sessionTypeId ?? '')) {
      throw new DomainError('INVALID_INPUT', 'Give the session type to book', 'sessionTypeId');
    }
    const type = await sessionType(this.em, input.sessionTypeId);
    if (!type || !type.active) throw new DomainError('NOT_FOUND', 'Session type not found', 'sessionTypeId');
    if (type.instructor_id === viewer.id) {
      throw new DomainError('INVALID_INPUT', 'You cannot book your own session', 'sessionTypeId');
    }
    const creditEligible = isCreditEligible(type);
    if (input.useCredit === true && !creditEligible) {
      throw new DomainError(
        'INVALID_INPUT',
        'Lesson credits pay private lessons and consultations that have a price, not this session',
        'useCredit',
      );
    }
    const mayUseCredit = creditEligible && input.useCredit !== false;
    if (type.price_cents > 0 && !mayUseCredit) this.payments.assertAvailable();

    const bookingId = await this.em
      .transactional(async (tem) => {
        const profile = await lockInstructor(tem, type.instructor_id);
        if (!profile || profile.status !== 'approved') {
          throw new DomainError('NOT_FOUND', 'This instructor is not taking bookings', 'sessionTypeId');
        }
        await expireHolds(tem, type.instructor_id);

        // The same attempt again (a resent key, a double click): the live booking it made.
        const [again] = await tem.execute<{ id: string }[]>(
          `select id from bookings where client_id = ? and session_type_id = ? and starts_at = ?
           and status in ('held', 'requested', 'confirmed')`,
          [viewer.id, type.id, start],
        );
        if (again) return again.id;

        if (!(await isSlotOffered(tem, type.id, start))) throw await this.whyNotOffered(tem, type, start);

        // A lesson credit of the member's membership pays it instead (one conditional UPDATE in this
        // transaction; none left → the member pays, or the booking is refused when useCredit is true).
        let credit: TakenCredit | null = null;
        if (mayUseCredit) {
          credit = await takeLessonCredit(tem, viewer.id);
          if (!credit && input.useCredit === true) {
            throw new DomainError('CONFLICT', 'You have no lesson credits left this period', 'useCredit');
          }
        }
        const end = new Date(start.getTime() + type.duration_minutes * 60_000);
        const paid = type.price_cents > 0 && !credit;
        if (paid) this.payments.assertAvailable();
        // A paid hold counts against the member's hold limits (their own lock, in this transaction).
        if (paid) await assertHoldAllowed(tem, viewer.id);
        const status = paid ? 'held' : type.requires_approval ? 'requested' : 'confirmed';
        const id = randomUUID();
        if (type.kind === 'group' && !(await takeSeat(tem, type.id, start, type.capacity))) {
          throw new DomainError('CLASS_FULL', CLASS_FULL_MESSAGE, 'start');
        }
        // A credit pays through a paid booking order of total 0 (booking-credit-orders.ts); the
        // instructor earns the credit's value (the plan's), never more than the session's price.
        // bookings_credit_check requires the order.
        const creditValueCents = credit ? Math.min(credit.creditValueCents, type.price_cents) : null;
        const creditOrderId = credit
          ? await placeCreditOrder(tem, {
              userId: viewer.id,
              bookingId: id,
              instructorId: type.instructor_id,
              priceCents: type.price_cents,
              title: bookingLineTitle(type.title, start, profile.time_zone),
            })
          : null;
        try {
          await tem.execute(
            `insert into bookings (id, session_type_id, instructor_id, client_id, kind, title, starts_at, ends_at,
             blocked, time_zone, client_time_zone, status, hold_expires_at, price_cents, cancel_free_hours,
             late_cancel_fee_percent, note, credit_subscription_id, credit_period_start, order_id,
             credit_value_cents, hold_started_at)
           values (?, ?, ?, ?, ?, ?, ?, ?,
             tstzrange(?::timestamptz - make_interval(mins => ?), ?::timestamptz + make_interval(mins => ?), '[)'),
             ?, ?, ?, ${paid ? `clock_timestamp() + make_interval(mins => ${HOLD_MINUTES})` : 'null'}, ?, ?, ?, ?, ?, ?, ?,
             ?, ${paid ? 'clock_timestamp()' : 'null'})`,
            [
              id,
              type.id,
              type.instructor_id,
              viewer.id,
              type.kind,
              type.title,
              start,
              end,
              start,
              type.buffer_before_minutes,
              end,
              type.buffer_after_minutes,
              profile.time_zone,
              clientTimeZone,
              status,
              type.price_cents,
              type.cancel_free_hours,
              type.late_cancel_fee_percent,
              note,
              credit?.subscriptionId ?? null,
              credit?.periodStart ?? null,
              creditOrderId,
              creditValueCents,
            ],
          );
        } catch (error) {
          const state = sqlState(error);
          if (state === '23P01') throw new DomainError('SLOT_TAKEN', SLOT_TAKEN_MESSAGE, 'start');
          if (state === '23505')
            throw new DomainError('CONFLICT', 'You already have a seat in this class', 'start');
          throw error;
        }
        if (creditOrderId) await recordCreditEarning(tem, creditOrderId, creditValueCents ?? 0);
        if (paid) {
          const orderId = await this.placeOrder(tem, viewer.id, id, type, start, profile.time_zone);
          await tem.execute(`update bookings set order_id = ? where id = ?`, [orderId, id]);
          await scheduleHoldExpiry(tem, id, new Date(Date.now() + HOLD_MINUTES * 60_000));
        }
        await bookingChanged(tem, id, { type: status as 'held' | 'requested' | 'confirmed' });
        return id;
      })
      .catch((error: unknown) => {
        if (sqlState(error) === '23P01') throw new DomainError('SLOT_TAKEN', SLOT_TAKEN_MESSAGE, 'start');
        throw error;
      });

    const booking = await this.load(bookingId);
    if (booking.status !== BookingStatus.HELD || !booking.orderId) return { booking, payment: null };
    return { booking, payment: await this.startPayment(booking) };
  }

  /** Why a start is not bookable: taken (SLOT_TAKEN / CLASS_FULL) or never offered (INVALID_INPUT). */
  private async whyNotOffered(tem: EntityManager, type: SessionTypeRow, start: Date): Promise<DomainError> {
    if (type.kind === 'group') {
      const [full] = await tem.execute<{ full: boolean }[]>(
        `select seats_taken >= capacity as full from class_occurrences where session_type_id = ? and starts_at = ?`,
        [type.id, start],
      );
      if (full?.full) return new DomainError('CLASS_FULL', CLASS_FULL_MESSAGE, 'start');
    } else {
      const end = new Date(start.getTime() + type.duration_minutes * 60_000);
      const [taken] = await tem.execute<{ id: string }[]>(
        `select id from bookings where instructor_id = ? and kind <> 'group'
           and status in ('held', 'requested', 'confirmed')
           and blocked && tstzrange(?::timestamptz - make_interval(mins => ?), ?::timestamptz + make_interval(mins => ?), '[)')
         limit 1`,
        [type.instructor_id, start, type.buffer_before_minutes, end, type.buffer_after_minutes],
      );
      if (taken) return new DomainError('SLOT_TAKEN', SLOT_TAKEN_MESSAGE, 'start');
    }
    return new DomainError(
      'INVALID_INPUT',
      'This time cannot be booked — please pick one of the open times',
      'start',
    );
  }

  /** The booking's order: kind booking, pending, one line (item type booking, the instructor as seller). */
  private async placeOrder(
    tem: EntityManager,
    userId: string,
    bookingId: string,
    type: SessionTypeRow,
    start: Date,
    timeZone: string,
  ): Promise<string> {
    const orderId = randomUUID();
    const placed = await placeOrder(tem, {
      id: orderId,
      userId,
      kind: 'booking',
      status: 'pending',
      subtotalCents: type.price_cents,
      totalCents: type.price_cents,
      paymentProvider: this.payments.name,
      idempotencyKey: `booking:${bookingId}`,
    });
    if (!placed) throw new Error(`The order of booking ${bookingId} was not placed: its key is taken`);
    await addBookingOrderLine(tem, {
      orderId,
      bookingId,
      title: bookingLineTitle(type.title, start, timeZone),
      priceCents: type.price_cents,
      instructorId: type.instructor_id,
    });
    return orderId;
  }

  /** Starts the order's payment as CheckoutService.start does (the order id is the idempotency key). */
  private async startPayment(booking: Booking): Promise<BookingPaymentView> {
    const order = (await orderPayment(this.em, booking.orderId as string))!;
    const view: BookingPaymentView = {
      orderId: order.id,
      provider: order.payment_provider,
      clientSecret: null,
      publishableKey: order.payment_provider === 'stripe' ? this.payments.publishableKey : null,
    };
    if (order.payment_provider === 'test' && order.payment_reference) return view;
    let session;
    try {
      session = await this.payments.createPayment({
        amountCents: Number(order.total_cents),
        currency: 'usd',
        idempotencyKey: order.id,
        description: `DRX order ${order.number}`,
        metadata: {
          orderId: order.id,
          orderNumber: order.number,
          userId: order.user_id,
          bookingId: booking.id,
        },
      });
    } catch (error) {
      console.error('[bookings] payment could not be started', error);
      throw new DomainError('PAYMENT_FAILED', 'The payment could not be started. Please try again.');
    }
    const stored = await recordPaymentStarted(this.em, order.id, session.reference);
    if (!stored && order.payment_reference !== session.reference) {
      if (order.payment_reference === null) {
        await this.payments.cancelPayment(session.reference).catch(() => undefined);
      }
      return view;
    }
    return { ...view, clientSecret: session.clientSecret };
  }

  // ---------------------------------------------------------------- cancel, decline, refunds

  /**
   * The client or the instructor cancels a requested/confirmed booking (policy: client pays a late
   * fee; a booking paid with a lesson credit gets its credit back unless the client cancels late).
   * The client leaving a held booking abandons its payment as checkoutCancel does: the
   * PaymentIntent is canceled and the time freed at once (held → expired).
   */
  async cancel(viewer: User, bookingId: string, reason?: string | null): Promise<Booking> {
    const booking = await this.findVisible(viewer, bookingId);
    if (!booking) throw new DomainError('NOT_FOUND', NOT_FOUND, 'bookingId');
    if (booking.status === BookingStatus.HELD && booking.clientId === viewer.id && booking.orderId) {
      await new CheckoutService(this.em, this.payments).cancel(viewer, booking.orderId);
      return this.load(booking.id);
    }
    let by: BookingCanceledBy;
    if (booking.clientId === viewer.id) by = BookingCanceledBy.CLIENT;
    else if (booking.instructorId === viewer.id) by = BookingCanceledBy.INSTRUCTOR;
    else throw new DomainError('FORBIDDEN', 'Only the client or the instructor can cancel here', 'bookingId');
    return this.endWithRefund(booking.id, by, cleanReason(reason), 'canceled');
  }

  /** An admin cancels any live booking with a reason: always a full refund. */
  async adminCancel(viewer: User, bookingId: string, reason: string): Promise<Booking> {
    if (!hasRole(viewer, 'admin')) throw new DomainError('FORBIDDEN', 'Only admins can do this');
    const text = cleanReason(reason);
    if (!text) throw new DomainError('INVALID_INPUT', 'Give a reason', 'reason');
    if (!isUuid(bookingId)) throw new DomainError('NOT_FOUND', NOT_FOUND, 'bookingId');
    return this.endWithRefund(bookingId, BookingCanceledBy.ADMIN, text, 'canceled');
  }

  /** The instructor declines a request: full refund. */
  async decline(viewer: User, bookingId: string, reason?: string | null): Promise<Booking> {
    const booking = await this.instructorsBooking(viewer, bookingId);
    if (booking.status !== BookingStatus.REQUESTED) {
      throw new DomainError('CONFLICT', 'Only a requested booking can be declined', 'bookingId');
    }
    return this.endWithRefund(booking.id, BookingCanceledBy.INSTRUCTOR, cleanReason(reason), 'declined');
  }

  /** The instructor approves a request. */
  async approve(viewer: User, bookingId: string): Promise<Booking> {
    const booking = await this.instructorsBooking(viewer, bookingId);
    await this.em.transactional(async (tem) => {
      await lockInstructor(tem, booking.instructorId);
      await expireHolds(tem, booking.instructorId);
      const rows = await tem.execute<{ id: string }[]>(
        `update bookings set status = 'confirmed', updated_at = now() where id = ? and status = 'requested' returning id`,
        [booking.id],
      );
      if (!rows.length)
        throw new DomainError('CONFLICT', 'Only a requested booking can be approved', 'bookingId');
      await bookingChanged(tem, booking.id, { type: 'approved' });
    });
    return this.load(booking.id);
  }

  /**
   * Ends a requested/confirmed booking (canceled or declined) and refunds: the client's
   * cancellation follows the policy (free window → all; later → the late fee is kept), the
   * instructor's and an admin's refund everything. The provider's refund is made first (its
   * idempotency key is per booking, so a retry refunds once); then one transaction changes the
   * booking, the order (refunded_cents, status refunded) and the instructor's earning.
   */
  private async endWithRefund(
    bookingId: string,
    by: BookingCanceledBy,
    reason: string | null,
    to: 'canceled' | 'declined',
  ): Promise<Booking> {
    this.em.clear();
    const booking = await this.em.findOne(Booking, { id: bookingId });
    if (!booking) throw new DomainError('NOT_FOUND', NOT_FOUND, 'bookingId');
    if (booking.status !== BookingStatus.CONFIRMED && booking.status !== BookingStatus.REQUESTED) {
      throw new DomainError('CONFLICT', `This booking is ${booking.status.replace('_', ' ')}`, 'bookingId');
    }
    const now = new Date();
    if (to === 'canceled' && by !== BookingCanceledBy.ADMIN && booking.startsAt.getTime() <= now.getTime()) {
      throw new DomainError('CONFLICT', 'This session has already started', 'bookingId');
    }
    const paid = booking.priceCents - booking.refundedCents;
    let feeCents = 0;
    if (by === BookingCanceledBy.CLIENT) feeCents = clientCancelTerms(booking, now).feeCents;
    // A lesson credit comes back when the instructor or an admin ends it, on a decline, and when the
    // client cancels inside the free window; a late cancellation keeps it (as a fee would be kept).
    const giveCreditBack =
      booking.paidWithCredit &&
      (to === 'declined' || by !== BookingCanceledBy.CLIENT || clientCancelTerms(booking, now).free);
    // A credited booking's order charged nothing (payment provider credit): nothing to refund.
    const refundCents = booking.orderId && !booking.paidWithCredit ? Math.max(0, paid - feeCents) : 0;

    const order = booking.orderId ? await this.orderRow(booking.orderId) : null;
    // Paid, or refunded only in part (a refund made in Stripe's dashboard): the rest can be refunded.
    const refundable =
      !!order &&
      (order.status === 'paid' ||
        (order.status === 'refunded' && Number(order.refunded_cents) < Number(order.total_cents)));
    let refundReference: string | null = null;
    if (order && refundable && refundCents > 0) {
      refundReference = await this.providerRefund(order, refundCents, booking.id);
    }

    await this.em.transactional(async (tem) => {
      await lockInstructor(tem, booking.instructorId);
      await expireHolds(tem, booking.instructorId);
      const rows = await tem.execute<{ id: string }[]>(
        `update bookings set status = ?, canceled_by = ?, cancel_reason = ?, canceled_at = now(),
           refunded_cents = refunded_cents + ?, fee_cents = ?, updated_at = now()
         where id = ? and status in ('requested', 'confirmed') returning id`,
        [
          to,
          by,
          reason,
          refundable ? refundCents : 0,
          refundable && !booking.paidWithCredit ? feeCents : 0,
          booking.id,
        ],
      );
      if (!rows.length)
        throw new DomainError('CONFLICT', 'This booking was changed meanwhile; look again', 'bookingId');
      if (booking.kind === 'group') await releaseSeat(tem, booking.sessionTypeId, booking.startsAt);
      if (giveCreditBack) await returnLessonCredit(tem, booking.id);
      const text = reason ?? (to === 'declined' ? 'Booking declined' : `Booking canceled by the ${by}`);
      if (order && booking.paidWithCredit) {
        // The instructor keeps what a paid booking would: nothing when the credit comes back, the
        // late fee's share of what the credit earned when the client cancels late (the credit stays spent).
        const kept = giveCreditBack || feeCents === 0 ? 0 : creditLateFeeCents(booking);
        await settleCreditOrder(tem, order.id, kept, text);
      } else if (order && refundable && refundCents > 0) {
        await markPartlyRefunded(tem, order.id, {
          cents: refundCents,
          reason: text.slice(0, 500),
          refundReference,
        });
        await adjustEarningsAfterRefund(
          tem,
          order.id,
          Number(order.total_cents) - Number(order.refunded_cents) - refundCents,
        );
        await emitOrderEvent(tem, 'order.refunded', order.id);
      } else if (order && order.status === 'pending') {
        await markCanceled(tem, order.id);
      }
      await bookingChanged(tem, booking.id, { type: to });
    });
    return this.load(booking.id);
  }

  private async orderRow(orderId: string) {
    return orderPayment(this.em, orderId);
  }

  /** Refunds `amountCents` of the order's payment through the provider; the refund's reference. */
  private async providerRefund(
    order: { id: string; number: string; payment_provider: string; payment_reference: string | null },
    amountCents: number,
    bookingId: string,
  ): Promise<string | null> {
    if (order.payment_provider === 'test') {
      return `test_re_${bookingId.replace(/-/g, '').slice(0, 24)}`;
    }
    if (order.payment_provider !== 'stripe') return null;
    if (this.payments.name !== 'stripe' || !order.payment_reference) {
      throw new DomainError(
        'CONFLICT',
        'This booking was paid with Stripe, which is not configured',
        'bookingId',
      );
    }
    try {
      const result = await this.payments.refund({
        reference: order.payment_reference,
        amountCents,
        idempotencyKey: `booking-refund-${bookingId}`,
      });
      if (result.status === 'failed') throw new Error('refund failed');
      return result.reference;
    } catch (error) {
      console.error(`[bookings] refund of ${order.number} failed`, error);
      throw new DomainError(
        'PAYMENT_FAILED',
        'The refund could not be made. Please try again later.',
        'bookingId',
      );
    }
  }

  // ---------------------------------------------------------------- reschedule

  /**
   * Moves a requested/confirmed booking to another bookable slot of its session type, keeping its
   * payment. The client may only within the free-cancellation window; the instructor until the start.
   */
  async reschedule(viewer: User, bookingId: string, startInput: Date): Promise<Booking> {
    const booking = await this.findVisible(viewer, bookingId);
    if (!booking) throw new DomainError('NOT_FOUND', NOT_FOUND, 'bookingId');
    const isClient = booking.clientId === viewer.id;
    if (!isClient && booking.instructorId !== viewer.id) {
      throw new DomainError('FORBIDDEN', 'Only the client or the instructor can reschedule', 'bookingId');
    }
    const start = startInput instanceof Date ? startInput : new Date(String(startInput));
    if (Number.isNaN(start.getTime()))
      throw new DomainError('INVALID_INPUT', 'Give a valid start time', 'start');
    const now = new Date();
    if (booking.status !== BookingStatus.CONFIRMED && booking.status !== BookingStatus.REQUESTED) {
      throw new DomainError(
        'CONFLICT',
        'Only a requested or confirmed booking can be rescheduled',
        'bookingId',
      );
    }
    if (booking.startsAt.getTime() <= now.getTime()) {
      throw new DomainError('CONFLICT', 'This session has already started', 'bookingId');
    }
    if (isClient && !clientCancelTerms(booking, now).free) {
      throw new DomainError(
        'CONFLICT',
        `Rescheduling is possible until ${booking.cancelFreeHours} hours before the start; cancel instead, or ask the instructor`,
        'bookingId',
      );
    }
    if (start.getTime() === booking.startsAt.getTime()) return booking;
    const type = await sessionType(this.em, booking.sessionTypeId);
    if (!type) throw new DomainError('NOT_FOUND', 'Session type not found', 'bookingId');

    await this.em
      .transactional(async (tem) => {
        await lockInstructor(tem, booking.instructorId);
        await expireHolds(tem, booking.instructorId);
        // Out of the way while the new time is checked (its own time must not make the slot busy);
        // the status comes back below, and the exclusion constraint checks the new time.
        const rows = await tem.execute<{ status: string }[]>(
          `update bookings set status = 'canceled' where id = ? and status in ('requested', 'confirmed') returning ?::text as status`,
          [booking.id, booking.status],
        );
        if (!rows.length)
          throw new DomainError('CONFLICT', 'This booking was changed meanwhile; look again', 'bookingId');
        if (!(await isSlotOffered(tem, type.id, start))) throw await this.whyNotOffered(tem, type, start);
        if (type.kind === 'group') {
          await releaseSeat(tem, type.id, booking.startsAt);
          if (!(await takeSeat(tem, type.id, start, type.capacity))) {
            throw new DomainError('CLASS_FULL', CLASS_FULL_MESSAGE, 'start');
          }
        }
        const end = new Date(start.getTime() + type.duration_minutes * 60_000);
        await tem.execute(
          `update bookings set status = ?, starts_at = ?, ends_at = ?,
             blocked = tstzrange(?::timestamptz - make_interval(mins => ?), ?::timestamptz + make_interval(mins => ?), '[)'),
             reschedule_count = reschedule_count + 1, updated_at = now()
           where id = ?`,
          [
            booking.status,
            start,
            end,
            start,
            type.buffer_before_minutes,
            end,
            type.buffer_after_minutes,
            booking.id,
          ],
        );
        await bookingChanged(tem, booking.id, {
          type: 'rescheduled',
          previousStart: booking.startsAt,
          previousEnd: booking.endsAt,
        });
      })
      .catch((error: unknown) => {
        if (sqlState(error) === '23P01') throw new DomainError('SLOT_TAKEN', SLOT_TAKEN_MESSAGE, 'start');
        throw error;
      });
    return this.load(booking.id);
  }

  // ---------------------------------------------------------------- after the session

  async complete(viewer: User, bookingId: string, outcome: 'completed' | 'no_show'): Promise<Booking> {
    const booking = await this.instructorsBooking(viewer, bookingId);
    if (booking.status !== BookingStatus.CONFIRMED) {
      throw new DomainError('CONFLICT', 'Only a confirmed booking can be marked', 'bookingId');
    }
    if (booking.startsAt.getTime() > Date.now()) {
      throw new DomainError('CONFLICT', 'A session can be marked only after it has started', 'bookingId');
    }
    await this.em.transactional(async (tem) => {
      const rows = await tem.execute<{ id: string }[]>(
        `update bookings set status = ?, completed_at = now(), updated_at = now()
         where id = ? and status = 'confirmed' and starts_at <= now() returning id`,
        [outcome, booking.id],
      );
      if (!rows.length)
        throw new DomainError('CONFLICT', 'This booking was changed meanwhile; look again', 'bookingId');
      await bookingChanged(tem, booking.id, { type: outcome });
    });
    return this.load(booking.id);
  }

  /** The client reviews a completed booking once. */
  async review(
    viewer: User,
    input: { bookingId: string; rating: number; comment?: string | null },
  ): Promise<Booking> {
    const booking = await this.findVisible(viewer, input.bookingId);
    if (!booking || booking.clientId !== viewer.id)
      throw new DomainError('NOT_FOUND', NOT_FOUND, 'bookingId');
    if (!Number.isInteger(input.rating) || input.rating < 1 || input.rating > 5) {
      throw new DomainError('INVALID_INPUT', 'The rating must be 1 to 5 stars', 'rating');
    }
    const comment = (input.comment ?? '').trim();
    if (comment.length > 2000)
      throw new DomainError('INVALID_INPUT', 'The comment must be at most 2000 characters', 'comment');
    if (booking.status !== BookingStatus.COMPLETED) {
      throw new DomainError('CONFLICT', 'Only a completed session can be reviewed', 'bookingId');
    }
    const added = await addInstructorReview(this.em, {
      id: randomUUID(),
      bookingId: booking.id,
      instructorId: booking.instructorId,
      clientId: booking.clientId,
      rating: input.rating,
      comment,
    });
    if (!added) throw new DomainError('CONFLICT', 'You have already reviewed this session', 'bookingId');
    return this.load(booking.id);
  }

  /** Whether the booking has a review. */
  async hasReview(bookingId: string): Promise<boolean> {
    return bookingHasReview(this.em, bookingId);
  }

  async orderNumber(orderId: string): Promise<string | null> {
    return (await orderNumbers(this.em, [orderId])).get(orderId) ?? null;
  }

  private async instructorsBooking(viewer: User, bookingId: string): Promise<Booking> {
    const booking = await this.findVisible(viewer, bookingId);
    if (!booking) throw new DomainError('NOT_FOUND', NOT_FOUND, 'bookingId');
    if (booking.instructorId !== viewer.id) {
      throw new DomainError('FORBIDDEN', 'Only the booking’s instructor can do this', 'bookingId');
    }
    return booking;
  }
}

/**
 * What the instructor keeps of a credited booking cancelled late: the late fee's percent of what the
 * credit earned (the booking's credit value; the price for a booking credited before credits had one).
 */
function creditLateFeeCents(booking: Booking): number {
  return lateFeeCents(booking.creditValueCents ?? booking.priceCents, booking.lateCancelFeePercent);
}

function cleanReason(reason: string | null | undefined): string | null {
  const text = (reason ?? '').trim();
  if (text.length > 500)
    throw new DomainError('INVALID_INPUT', 'The reason must be at most 500 characters', 'reason');
  return text || null;
}

function emptyPage(): ConnectionShape<Booking> {
  return {
    nodes: [],
    edges: [],
    totalCount: 0,
    pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
  };
}
