import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useUnmigratedDatabase } from '../../test/unmigrated-database';

/**
 * The migration to entitlements per order line backfills the data made before it: the line of
 * each bought entitlement, the buyer's row of a second paid order (lost to the old unique), a
 * bought row without an order becomes a grant, and course cart lines go back to one seat.
 */
const database = useUnmigratedDatabase();

describe('Migration20261124120000_licences', () => {
  it('gives every paid order line its entitlement row and keeps every access there was', async () => {
    // given a database as it was before the migration
    await database().getMigrator().up({ to: 'Migration20261122060000_sellers' });
    const sql = database().em.fork().getConnection();
    const [buyer, seller, instructor] = [randomUUID(), randomUUID(), randomUUID()];
    await sql.execute(
      `insert into users (id, username, username_key, password_hash, role, roles) values
         (?, 'buyer', 'buyer', 'x', 'user', '{user}'), (?, 'seller', 'seller', 'x', 'seller', '{seller}'),
         (?, 'teacher', 'teacher', 'x', 'instructor', '{instructor}')`,
      [buyer, seller, instructor],
    );
    const [twice, granted, course] = [randomUUID(), randomUUID(), randomUUID()];
    await sql.execute(
      `insert into resources (id, title, type, seller_id, status, price_cents) values
         (?, 'Bought twice', 'document', ?, 'published', 500), (?, 'Given', 'document', ?, 'published', 500)`,
      [twice, seller, granted, seller],
    );
    await sql.execute(
      `insert into courses (id, title, slug, instructor_id) values (?, 'Waltz', 'waltz', ?)`,
      [course, instructor],
    );
    const [orderA, orderB, lineA, lineB] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    for (const [order, line, key] of [
      [orderA, lineA, 'key-a'],
      [orderB, lineB, 'key-b'],
    ]) {
      await sql.execute(
        `insert into orders (id, user_id, status, subtotal_cents, total_cents, payment_provider, idempotency_key, paid_at)
         values (?, ?, 'paid', 500, 500, 'test', ?, now())`,
        [order, buyer, key],
      );
      await sql.execute(
        `insert into order_lines (id, order_id, position, item_type, item_id, title, unit_price_cents, quantity, line_total_cents)
         values (?, ?, 0, 'resource', ?, 'Bought twice', 500, 1, 500)`,
        [line, order, twice],
      );
    }
    // the second paid order added nothing (one row per user and resource)
    await sql.execute(
      `insert into entitlements (id, user_id, resource_id, source, order_id) values
         (gen_random_uuid(), ?, ?, 'order', ?), (gen_random_uuid(), ?, ?, 'order', null)`,
      [buyer, twice, orderA, buyer, granted],
    );
    await sql.execute(
      `insert into cart_items (id, user_id, item_type, item_id, title, unit_price_cents, quantity)
       values (gen_random_uuid(), ?, 'course', ?, 'Waltz', 900, 3)`,
      [buyer, course],
    );
    // a course bought twice whose access the old refund of one order closed, and one really refunded
    const tango = randomUUID();
    await sql.execute(
      `insert into courses (id, title, slug, instructor_id) values (?, 'Tango', 'tango', ?)`,
      [tango, instructor],
    );
    const [orderC, lineC] = [randomUUID(), randomUUID()];
    await sql.execute(
      `insert into orders (id, user_id, status, subtotal_cents, total_cents, payment_provider, idempotency_key, paid_at)
       values (?, ?, 'paid', 900, 900, 'test', 'key-c', now())`,
      [orderC, buyer],
    );
    await sql.execute(
      `insert into order_lines (id, order_id, position, item_type, item_id, title, unit_price_cents, quantity, line_total_cents)
       values (?, ?, 0, 'course', ?, 'Waltz', 900, 1, 900)`,
      [lineC, orderC, course],
    );
    await sql.execute(
      `insert into enrollments (id, user_id, course_id, source, access_revoked_at) values
         (gen_random_uuid(), ?, ?, 'purchase', now()), (gen_random_uuid(), ?, ?, 'purchase', now())`,
      [buyer, course, buyer, tango],
    );

    // when the rest of the migrations run
    await database().getMigrator().up();

    // then each paid line gives its own row, and the row without an order is a grant
    const rows = await sql.execute<
      { resource_id: string; source: string; order_id: string | null; order_line_id: string | null }[]
    >(
      'select resource_id, source, order_id, order_line_id from entitlements where user_id = ? order by order_id nulls last',
      [buyer],
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        { resource_id: twice, source: 'order', order_id: orderA, order_line_id: lineA },
        { resource_id: twice, source: 'order', order_id: orderB, order_line_id: lineB },
        { resource_id: granted, source: 'granted', order_id: null, order_line_id: null },
      ]),
    );
    expect(rows).toHaveLength(3);
    // the course a paid order still gives is open again; the refunded one stays closed
    const enrollments = await sql.execute<{ course_id: string; open: boolean }[]>(
      'select course_id, access_revoked_at is null as open from enrollments where user_id = ?',
      [buyer],
    );
    expect(Object.fromEntries(enrollments.map((e) => [e.course_id, e.open]))).toEqual({
      [course]: true,
      [tango]: false,
    });
    const [cart] = await sql.execute<{ quantity: number }[]>(
      'select quantity from cart_items where user_id = ?',
      [buyer],
    );
    expect(cart.quantity).toBe(1);
    const lines = await sql.execute<{ licences_given: number }[]>('select licences_given from order_lines');
    expect(lines.map((l) => l.licences_given)).toEqual([0, 0, 0]);
    // and the new rules hold in the database
    await expect(
      sql.execute(`update cart_items set quantity = 2 where user_id = ?`, [buyer]),
    ).rejects.toThrow(/cart_items_course_one_seat_check/);
    await expect(
      sql.execute(
        `insert into entitlements (id, user_id, resource_id, source, order_id, order_line_id)
         values (gen_random_uuid(), ?, ?, 'order', ?, ?)`,
        [buyer, twice, orderA, lineA],
      ),
    ).rejects.toThrow(/entitlements_user_id_order_line_id_unique/);
    await expect(
      sql.execute(
        `insert into entitlements (id, user_id, resource_id, source) values (gen_random_uuid(), ?, ?, 'licence')`,
        [buyer, twice],
      ),
    ).rejects.toThrow(/entitlements_order_line_check/);
  });
});
