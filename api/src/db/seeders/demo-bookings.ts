import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { takeSeat, bookingLineTitle, type SessionTypeRow } from '../../modules/bookings';
import { bookableSlots } from '../../modules/instructors';
import { fulfilOrder } from '../../modules/orders';

/**
 * Demo bookings of `member` (after demo-instructors): past completed lessons with the instructor
 * (paid orders through `fulfilOrder`, so the orders, earnings and /admin/orders show them) with
 * reviews, and upcoming bookings at real bookable slots — a paid private lesson with Ines and a
 * free consultation. Order idempotency keys start with `demo-order-` like the
 * other demo orders.
 */

/** A bookable session type with its instructor's time zone (the service's row, without the approval and active flags it checks). */
type TypeRow = Omit<SessionTypeRow, 'requires_approval' | 'active'> & { time_zone: string };

const REVIEWS: [number, string][] = [
  [5, 'Ines broke my salsa turn down step by step — I finally spot properly.'],
  [4, 'Great energy and clear feedback on my timing. Will book again.'],
];

export async function seedDemoBookings(em: EntityManager): Promise<void> {
  const conn = em.getConnection();
  const users = await conn.execute<{ id: string; username_key: string }[]>(
    `select id, username_key from users where username_key in ('member', 'instructor', 'lena')`,
  );
  const idOf = new Map(users.map((u) => [u.username_key, u.id]));
  const member = idOf.get('member');
  if (!member) return;
  const types = await conn.execute<TypeRow[]>(
    `select st.id, st.instructor_id, st.kind, st.title, st.duration_minutes, st.price_cents, st.capacity,
       st.buffer_before_minutes, st.buffer_after_minutes, st.cancel_free_hours, st.late_cancel_fee_percent, p.time_zone
     from session_types st join instructor_profiles p on p.user_id = st.instructor_id
     where st.active and p.status = 'approved' order by st.created_at, st.id`,
  );
  const ines = idOf.get('instructor');
  const inesPrivate = types.find(
    (t) => t.instructor_id === ines && t.kind === 'private' && t.price_cents > 0,
  );
  if (!inesPrivate) return;

  let n = 0;
  const insertBooking = async (
    tem: EntityManager,
    type: TypeRow,
    start: Date,
    status: string,
    holdExpiresAt: Date | null,
  ): Promise<string> => {
    const id = randomUUID();
    const end = new Date(start.getTime() + type.duration_minutes * 60_000);
    await tem.execute(
      `insert into bookings (id, session_type_id, instructor_id, client_id, kind, title, starts_at, ends_at, blocked,
         time_zone, client_time_zone, status, hold_expires_at, price_cents, cancel_free_hours, late_cancel_fee_percent,
         created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?,
         tstzrange(?::timestamptz - make_interval(mins => ?), ?::timestamptz + make_interval(mins => ?), '[)'),
         ?, 'America/Chicago', ?, ?, ?, ?, ?, ?)`,
      [
        id,
        type.id,
        type.instructor_id,
        member,
        type.kind,
        type.title,
        start,
        end,
        start,
        type.buffer_before_minutes,
        end,
        type.buffer_after_minutes,
        type.time_zone,
        status,
        holdExpiresAt,
        type.price_cents,
        type.cancel_free_hours,
        type.late_cancel_fee_percent,
        new Date(Math.min(Date.now(), start.getTime() - 7 * 86_400_000)),
      ],
    );
    return id;
  };

  /** A held booking paid through a booking order and fulfilOrder (→ confirmed, earning recorded). */
  const bookPaid = async (type: TypeRow, start: Date, paidAt: Date): Promise<string> =>
    em.transactional(async (tem) => {
      const bookingId = await insertBooking(tem, type, start, 'held', new Date(Date.now() + 10 * 60_000));
      const orderId = randomUUID();
      n += 1;
      await tem.execute(
        `insert into orders (id, user_id, kind, status, currency, subtotal_cents, discount_cents, total_cents,
           payment_provider, payment_reference, idempotency_key, created_at, updated_at)
         values (?, ?, 'booking', 'pending', 'USD', ?, 0, ?, 'test', ?, ?, ?, ?)`,
        [
          orderId,
          member,
          type.price_cents,
          type.price_cents,
          `test_pi_demo_booking_${n}`,
          `demo-order-booking-${n}`,
          paidAt,
          paidAt,
        ],
      );
      await tem.execute(
        `insert into order_lines (id, order_id, position, item_type, item_id, title, unit_price_cents, quantity,
           line_total_cents, discount_cents, image_url, seller_id)
         values (?, ?, 0, 'booking', ?, ?, ?, 1, ?, 0, null, ?)`,
        [
          randomUUID(),
          orderId,
          bookingId,
          bookingLineTitle(type.title, start, type.time_zone),
          type.price_cents,
          type.price_cents,
          type.instructor_id,
        ],
      );
      await tem.execute('update bookings set order_id = ? where id = ?', [orderId, bookingId]);
      if (type.kind === 'group') await takeSeat(tem, type.id, start, type.capacity);
      await fulfilOrder(tem, orderId, { paidAt });
      await tem.execute('update seller_earnings set created_at = ? where order_id = ?', [paidAt, orderId]);
      return bookingId;
    });

  // Past lessons with Ines, completed and reviewed (15:00 UTC, 3 and 6 weeks ago).
  for (const [index, weeksAgo] of [3, 6].entries()) {
    const start = new Date(Date.now() - weeksAgo * 7 * 86_400_000);
    start.setUTCHours(15, 0, 0, 0);
    const bookingId = await bookPaid(inesPrivate, start, new Date(start.getTime() - 5 * 86_400_000));
    await conn.execute(`update bookings set status = 'completed', completed_at = ? where id = ?`, [
      new Date(start.getTime() + inesPrivate.duration_minutes * 60_000),
      bookingId,
    ]);
    const [rating, comment] = REVIEWS[index];
    await conn.execute(
      `insert into instructor_reviews (id, booking_id, instructor_id, client_id, rating, comment, created_at)
       values (?, ?, ?, ?, ?, ?, ?)`,
      [
        randomUUID(),
        bookingId,
        inesPrivate.instructor_id,
        member,
        rating,
        comment,
        new Date(start.getTime() + 86_400_000),
      ],
    );
  }

  // Upcoming: the first bookable slots (so they fit the demo hours, notice and horizon).
  const firstSlot = async (type: TypeRow, fromDays: number) => {
    const from = new Date(Date.now() + fromDays * 86_400_000);
    const slots = await bookableSlots(em, {
      sessionTypeId: type.id,
      from,
      to: new Date(from.getTime() + 14 * 86_400_000),
    });
    return slots[0]?.start ?? null;
  };
  const privateStart = await firstSlot(inesPrivate, 3);
  if (privateStart) await bookPaid(inesPrivate, privateStart, new Date());
  const consultation = types.find((t) => t.kind === 'consultation' && t.price_cents === 0);
  if (consultation) {
    const start = await firstSlot(consultation, 5);
    if (start) await em.transactional((tem) => insertBooking(tem, consultation, start, 'confirmed', null));
  }
  // (No demo seat in a group class: the instructors' tests read the demo classes' seats as all free.)
}
