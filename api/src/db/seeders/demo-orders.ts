import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { fulfilOrder } from '../../modules/orders';

/**
 * Demo purchases, so /my-purchases, the admin order list and the sellers' dashboards and charts are
 * not empty: member and multi bought demo resources over the last 30 days with the test provider.
 * Each order goes through `fulfilOrder`, so entitlements and ledger rows exist as for a real sale;
 * the dates are then set back to the purchase day.
 */
export const DEMO_ORDERS: { buyer: string; titles: string[]; daysAgo: number }[] = [
  { buyer: 'multi', titles: ['Student Progress Tracker Spreadsheet'], daysAgo: 26 },
  { buyer: 'member', titles: ['Ballroom Competition Choreography Notes'], daysAgo: 18 },
  {
    buyer: 'multi',
    titles: ['Toddler Creative Movement Activities', 'Swing Dance Social Games Kit'],
    daysAgo: 11,
  },
  { buyer: 'member', titles: ['Hip Hop Warm-Up Mix'], daysAgo: 6 },
  { buyer: 'member', titles: ['Folk Dance Around the World Slides'], daysAgo: 2 },
];

interface ResourceRow {
  id: string;
  title: string;
  price_cents: number;
  thumbnail_url: string | null;
  seller_id: string;
}

export async function seedDemoOrders(em: EntityManager): Promise<void> {
  let n = 0;
  for (const demo of DEMO_ORDERS) {
    n += 1;
    const [buyer] = await em.execute<{ id: string }[]>('select id from users where username_key = ?', [
      demo.buyer,
    ]);
    if (!buyer) continue;
    const resources = await em.execute<ResourceRow[]>(
      `select r.id, r.title, r.price_cents, r.thumbnail_url, r.seller_id from resources r
       where r.title in (${demo.titles.map(() => '?').join(', ')}) and r.status = 'published'
         and r.seller_id <> ?
         and not exists (select 1 from entitlements e where e.resource_id = r.id and e.user_id = ?)
       order by r.title`,
      [...demo.titles, buyer.id, buyer.id],
    );
    if (!resources.length) continue;
    const paidAt = new Date(Date.now() - demo.daysAgo * 86_400_000 - n * 3_600_000);
    const subtotal = resources.reduce((s, r) => s + Number(r.price_cents), 0);
    await em.transactional(async (tem) => {
      const orderId = randomUUID();
      await tem.execute(
        `insert into orders (id, user_id, status, currency, subtotal_cents, discount_cents, total_cents,
           payment_provider, payment_reference, idempotency_key, created_at, updated_at)
         values (?, ?, 'pending', 'USD', ?, 0, ?, 'test', ?, ?, ?, ?)`,
        [orderId, buyer.id, subtotal, subtotal, `test_pi_demo_${n}`, `demo-order-${n}`, paidAt, paidAt],
      );
      let position = 0;
      for (const r of resources) {
        await tem.execute(
          `insert into order_lines (id, order_id, position, item_type, item_id, title, unit_price_cents,
             quantity, line_total_cents, discount_cents, image_url, seller_id)
           values (?, ?, ?, 'resource', ?, ?, ?, 1, ?, 0, ?, ?)`,
          [
            randomUUID(),
            orderId,
            position++,
            r.id,
            r.title,
            r.price_cents,
            r.price_cents,
            r.thumbnail_url,
            r.seller_id,
          ],
        );
      }
      await fulfilOrder(tem, orderId, { paidAt });
      await tem.execute('update orders set updated_at = ? where id = ?', [paidAt, orderId]);
      await tem.execute('update seller_earnings set created_at = ? where order_id = ?', [paidAt, orderId]);
    });
  }
}
