import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useUnmigratedDatabase } from '../../test/unmigrated-database';

/**
 * The one-open-checkout migration on data made before it: a member's older pending orders are
 * canceled (the newest stays open) and their coupon uses given back; then the database holds one
 * pending order per member, and money columns hold sums past 32 bits.
 */
const database = useUnmigratedDatabase();

describe('Migration20261124110000_one_open_checkout', () => {
  it('keeps the newest pending order of each member, cancels the others and gives their coupon uses back', async () => {
    // given a database as it was before the migration, with two tabs' pending orders
    await database().getMigrator().up({ to: 'Migration20261122060000_sellers' });
    const sql = database().em.fork().getConnection();
    const [buyer, other] = [randomUUID(), randomUUID()];
    await sql.execute(
      `insert into users (id, username, username_key, password_hash, role, roles) values
         (?, 'buyer', 'buyer', 'x', 'user', '{user}'), (?, 'other', 'other', 'x', 'user', '{user}')`,
      [buyer, other],
    );
    const coupon = randomUUID();
    await sql.execute(
      `insert into coupons (id, code, kind, percent_off, used_count) values (?, 'TWOTABS', 'percent', 10, 2)`,
      [coupon],
    );
    const [older, newer, paid, alone] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const orders: [string, string, string, string][] = [
      [older, buyer, 'pending', '2026-11-20T10:00:00Z'],
      [newer, buyer, 'pending', '2026-11-20T10:00:05Z'],
      [paid, buyer, 'paid', '2026-11-19T10:00:00Z'],
      [alone, other, 'pending', '2026-11-20T09:00:00Z'],
    ];
    for (const [id, user, status, at] of orders) {
      await sql.execute(
        `insert into orders (id, user_id, status, subtotal_cents, discount_cents, total_cents, payment_provider,
           idempotency_key, created_at) values (?, ?, ?, 1000, 100, 900, 'test', ?, ?)`,
        [id, user, status, `key-${id}`, at],
      );
    }
    for (const order of [older, newer]) {
      await sql.execute(
        `insert into coupon_redemptions (id, coupon_id, user_id, order_id, discount_cents) values (gen_random_uuid(), ?, ?, ?, 100)`,
        [coupon, buyer, order],
      );
    }

    // when the rest of the migrations run
    await database().getMigrator().up();

    // then only the newest pending order of each member is open; the older one is canceled
    const rows = await sql.execute<{ id: string; status: string }[]>('select id, status from orders');
    const statusOf = Object.fromEntries(rows.map((r) => [r.id, r.status]));
    expect(statusOf).toEqual({ [older]: 'canceled', [newer]: 'pending', [paid]: 'paid', [alone]: 'pending' });
    const [{ used_count }] = await sql.execute<{ used_count: number }[]>(
      'select used_count from coupons where id = ?',
      [coupon],
    );
    expect(used_count).toBe(1);
    const released = await sql.execute<{ order_id: string }[]>(
      'select order_id from coupon_redemptions where released_at is not null',
    );
    expect(released.map((r) => r.order_id)).toEqual([older]);

    // and the database refuses a second open order of a member
    await expect(
      sql.execute(
        `insert into orders (id, user_id, status, subtotal_cents, total_cents, payment_provider, idempotency_key)
         values (gen_random_uuid(), ?, 'pending', 1, 1, 'test', 'key-third')`,
        [buyer],
      ),
    ).rejects.toThrow(/orders_user_id_pending_unique/);

    // and an order line of 99 × $20,000,000.00 is stored and checked in bigint
    const big = randomUUID();
    await sql.execute(
      `insert into orders (id, user_id, status, subtotal_cents, total_cents, payment_provider, idempotency_key)
       values (?, ?, 'paid', 198000000000, 198000000000, 'test', 'key-big')`,
      [big, other],
    );
    await sql.execute(
      `insert into order_lines (id, order_id, position, item_type, item_id, title, unit_price_cents, quantity, line_total_cents)
       values (gen_random_uuid(), ?, 0, 'resource', gen_random_uuid(), 'Dear', 2000000000, 99, 198000000000)`,
      [big],
    );
    const [line] = await sql.execute<{ line_total_cents: string }[]>(
      'select line_total_cents from order_lines where order_id = ?',
      [big],
    );
    expect(Number(line.line_total_cents)).toBe(198_000_000_000);
  });
});
