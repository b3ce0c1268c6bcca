import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { recordSaleEarnings, releaseMaturedEarnings, reverseSaleEarnings } from './earnings-ledger';

let t: TestApp;
let sellerId: string;
let studioId: string;
let resourceId: string;

const em = () => t.orm.em.fork() as EntityManager;
const db = () => em().getConnection();

interface Row {
  order_line_id: string;
  seller_id: string;
  gross_cents: number;
  fee_percent: string;
  fee_cents: number;
  net_cents: number;
  status: string;
  reversed_at: Date | string | null;
}
const rowsOf = (orderId: string) =>
  db().execute<Row[]>('select * from seller_earnings where order_id = ? order by gross_cents', [orderId]);

async function userId(username: string): Promise<string> {
  const [row] = await db().execute<{ id: string }[]>('select id from users where username_key = ?', [
    username,
  ]);
  return row.id;
}

async function setFee(percent: number) {
  await db().execute(`update platform_settings set value = ?::jsonb where key = 'platformFeePercent'`, [
    JSON.stringify(percent),
  ]);
}

beforeAll(async () => {
  t = await startTestApp();
  sellerId = await userId('seller');
  studioId = await userId('studio');
  const [row] = await db().execute<{ id: string }[]>('select id from resources where seller_id = ? limit 1', [
    sellerId,
  ]);
  resourceId = row.id;
});
afterAll(() => t.close());

describe('recordSaleEarnings', () => {
  it('writes one row per line with the platform fee rounded half-up and net = gross − fee', async () => {
    // given the default 10 % fee and an order with two sellers' lines
    const orderId = randomUUID();
    const lines = [
      { orderLineId: randomUUID(), resourceId, sellerId, amountCents: 1005 },
      { orderLineId: randomUUID(), resourceId: null, sellerId: studioId, amountCents: 1999 },
    ];
    // when the order's earnings are recorded in a transaction
    const added = await em().transactional((tx) =>
      recordSaleEarnings(tx as EntityManager, { orderId, orderNumber: 'DRX-1001', lines }),
    );
    // then each line has its row: 100.5 → 101 and 199.9 → 200
    expect(added).toBe(2);
    const rows = await rowsOf(orderId);
    expect(
      rows.map((r) => [
        r.seller_id,
        r.gross_cents,
        Number(r.fee_percent),
        r.fee_cents,
        r.net_cents,
        r.status,
      ]),
    ).toEqual([
      [sellerId, 1005, 10, 101, 904, 'pending'],
      [studioId, 1999, 10, 200, 1799, 'pending'],
    ]);
  });

  it('is idempotent per order line (a retry records nothing new)', async () => {
    const orderId = randomUUID();
    const line = { orderLineId: randomUUID(), resourceId, sellerId, amountCents: 500 };
    const sale = { orderId, orderNumber: 'DRX-1002', lines: [line] };
    expect(await em().transactional((tx) => recordSaleEarnings(tx as EntityManager, sale))).toBe(1);
    expect(await em().transactional((tx) => recordSaleEarnings(tx as EntityManager, sale))).toBe(0);
    // concurrent duplicates too
    const results = await Promise.all([
      em().transactional((tx) => recordSaleEarnings(tx as EntityManager, sale)),
      em().transactional((tx) => recordSaleEarnings(tx as EntityManager, sale)),
    ]);
    expect(results).toEqual([0, 0]);
    expect(await rowsOf(orderId)).toHaveLength(1);
  });

  it('keeps the resource reference when it exists, and null for a resource that is gone', async () => {
    const orderId = randomUUID();
    await em().transactional((tx) =>
      recordSaleEarnings(tx as EntityManager, {
        orderId,
        orderNumber: 'DRX-1006',
        lines: [
          { orderLineId: randomUUID(), resourceId, sellerId, amountCents: 100 },
          { orderLineId: randomUUID(), resourceId: randomUUID(), sellerId, amountCents: 200 },
        ],
      }),
    );
    const rows = await db().execute<{ resource_id: string | null }[]>(
      'select resource_id from seller_earnings where order_id = ? order by gross_cents',
      [orderId],
    );
    expect(rows.map((r) => r.resource_id)).toEqual([resourceId, null]);
  });

  it('rolls back with the caller’s transaction', async () => {
    const orderId = randomUUID();
    const sale = {
      orderId,
      orderNumber: 'DRX-1003',
      lines: [{ orderLineId: randomUUID(), resourceId, sellerId, amountCents: 700 }],
    };
    await expect(
      em().transactional(async (tx) => {
        await recordSaleEarnings(tx as EntityManager, sale);
        throw new Error('payment failed after recording');
      }),
    ).rejects.toThrow('payment failed');
    expect(await rowsOf(orderId)).toHaveLength(0);
  });

  it('uses the fee in force at the time of each sale', async () => {
    await setFee(12.5);
    try {
      const orderId = randomUUID();
      await em().transactional((tx) =>
        recordSaleEarnings(tx as EntityManager, {
          orderId,
          orderNumber: 'DRX-1004',
          lines: [{ orderLineId: randomUUID(), resourceId, sellerId, amountCents: 1999 }],
        }),
      );
      const [row] = await rowsOf(orderId);
      // 1999 × 12.5 % = 249.875 → 250
      expect([Number(row.fee_percent), row.fee_cents, row.net_cents]).toEqual([12.5, 250, 1749]);
    } finally {
      await setFee(10);
    }
  });

  it('refuses a negative amount (and so the caller’s transaction fails)', async () => {
    const orderId = randomUUID();
    await expect(
      em().transactional((tx) =>
        recordSaleEarnings(tx as EntityManager, {
          orderId,
          orderNumber: 'DRX-1005',
          lines: [{ orderLineId: randomUUID(), resourceId, sellerId, amountCents: -5 }],
        }),
      ),
    ).rejects.toThrow();
    expect(await rowsOf(orderId)).toHaveLength(0);
  });
});

describe('reverseSaleEarnings', () => {
  it('marks every row of the order reversed once', async () => {
    const orderId = randomUUID();
    await em().transactional((tx) =>
      recordSaleEarnings(tx as EntityManager, {
        orderId,
        orderNumber: 'DRX-2001',
        lines: [
          { orderLineId: randomUUID(), resourceId, sellerId, amountCents: 300 },
          { orderLineId: randomUUID(), resourceId, sellerId, amountCents: 400 },
        ],
      }),
    );
    expect(await em().transactional((tx) => reverseSaleEarnings(tx as EntityManager, orderId))).toBe(2);
    const first = await rowsOf(orderId);
    expect(first.map((r) => r.status)).toEqual(['reversed', 'reversed']);
    expect(first.every((r) => r.reversed_at !== null)).toBe(true);
    // a second refund call changes nothing
    expect(await em().transactional((tx) => reverseSaleEarnings(tx as EntityManager, orderId))).toBe(0);
    expect((await rowsOf(orderId)).map((r) => String(r.reversed_at))).toEqual(
      first.map((r) => String(r.reversed_at)),
    );
  });

  it('leaves other orders alone', async () => {
    const keep = randomUUID();
    await em().transactional((tx) =>
      recordSaleEarnings(tx as EntityManager, {
        orderId: keep,
        orderNumber: 'DRX-2002',
        lines: [{ orderLineId: randomUUID(), resourceId, sellerId, amountCents: 300 }],
      }),
    );
    await em().transactional((tx) => reverseSaleEarnings(tx as EntityManager, randomUUID()));
    expect((await rowsOf(keep)).map((r) => r.status)).toEqual(['pending']);
  });
});

describe('releaseMaturedEarnings', () => {
  it('makes pending earnings older than the hold period available, and only those', async () => {
    const old = randomUUID();
    const fresh = randomUUID();
    for (const orderId of [old, fresh]) {
      await em().transactional((tx) =>
        recordSaleEarnings(tx as EntityManager, {
          orderId,
          orderNumber: 'DRX-3001',
          lines: [{ orderLineId: randomUUID(), resourceId, sellerId, amountCents: 100 }],
        }),
      );
    }
    await db().execute(
      `update seller_earnings set created_at = now() - interval '8 days' where order_id = ?`,
      [old],
    );
    await releaseMaturedEarnings(em(), sellerId);
    expect((await rowsOf(old)).map((r) => r.status)).toEqual(['available']);
    expect((await rowsOf(fresh)).map((r) => r.status)).toEqual(['pending']);
  });
});
