import type { EntityManager } from '@mikro-orm/postgresql';
import { Field, Int, ObjectType } from 'type-graphql';
import { SafeInt } from '../../graphql/safe-int';
import { User } from '../users';

/**
 * Where the money of the ledger stands against Stripe transfers (seller-transfers.ts): sent, being
 * sent, refused, waiting for a transfer, taken back and owed back. Sums are SafeInt (bigint in SQL):
 * one seller's total, or all sellers' for staff, may pass Int's 32 bits.
 */
@ObjectType({
  description:
    'Where earnings stand against Stripe transfers, in US cents: transferred, on the way, refused by Stripe, waiting for a transfer, reversed by refunds, and the negative balance the next transfers pay back first.',
})
export class PayoutBalance {
  @Field(() => User, { nullable: true, description: 'Whose balance (null: every seller’s, for staff).' })
  seller?: User | null;

  @Field(() => SafeInt, {
    description: 'Sent by transfers Stripe made, less what reversals took back.',
  })
  transferredCents!: number;

  @Field(() => SafeInt, { description: 'Claimed transfers Stripe has not confirmed yet.' })
  inTransitCents!: number;

  @Field(() => SafeInt, { description: 'Transfers Stripe refused (tried again a day later).' })
  failedCents!: number;

  @Field(() => Int, { description: 'How many transfers Stripe refused and are not yet sent.' })
  failedCount!: number;

  @Field(() => SafeInt, {
    description:
      'Net earnings past the hold period not transferred yet (e.g. onboarding incomplete: they keep accruing).',
  })
  awaitingTransferCents!: number;

  @Field(() => SafeInt, { description: 'Net earnings still in the hold period.' })
  onHoldCents!: number;

  @Field(() => SafeInt, { description: 'Taken back from transfers by reversals after refunds.' })
  reversedCents!: number;

  @Field(() => SafeInt, {
    description:
      'The negative balance: what refunds took back that no reversal could (already paid out); the next earnings pay it back first.',
  })
  negativeBalanceCents!: number;

  @Field(() => SafeInt, {
    description:
      'What DRX still owes: awaitingTransferCents + inTransitCents + failedCents − negativeBalanceCents (may be negative).',
  })
  owedCents!: number;
}

/**
 * The balance of one user (a seller or instructor), or of everyone (`userId` null). `ordersIn`
 * keeps only the ledger rows and transfers of the orders its subquery selects (an instructor's
 * booking orders: bookings' `instructorBookingOrdersSql`, asked by the bookings module, which owns
 * them; the negative balance is the person's, whatever it came from).
 */
export async function payoutBalance(
  em: EntityManager,
  userId: string | null,
  options: { ordersIn?: { sql: string; params: readonly unknown[] } } = {},
): Promise<PayoutBalance> {
  const params: unknown[] = [];
  const scope = (column: string) => {
    let sql = '';
    if (userId) {
      sql += ` and ${column}.seller_id = ?`;
      params.push(userId);
    }
    if (options.ordersIn) {
      sql += ` and ${column}.order_id in (${options.ordersIn.sql})`;
      params.push(...options.ordersIn.params);
    }
    return sql;
  };
  const transferScope = scope('t');
  const earningScope = scope('e');
  const debtScope = userId ? ' and d.seller_id = ?' : '';
  if (userId) params.push(userId);
  const [r] = await em.execute<Record<string, string | number>[]>(
    `with t as (select * from seller_transfers t where true${transferScope}),
          e as (select * from seller_earnings e where true${earningScope}),
          d as (select * from seller_balance_debts d where true${debtScope})
     select
       (select coalesce(sum(amount_cents - reversed_cents) filter (where status = 'paid'), 0) from t)::bigint as transferred,
       (select coalesce(sum(amount_cents) filter (where status = 'pending'), 0) from t)::bigint as in_transit,
       (select coalesce(sum(amount_cents) filter (where status = 'failed'), 0) from t)::bigint as failed,
       (select count(*) filter (where status = 'failed') from t)::int as failed_count,
       (select coalesce(sum(reversed_cents), 0) from t)::bigint as reversed,
       (select coalesce(sum(net_cents), 0) from e where e.status = 'available'
          and not exists (select 1 from seller_transfers x where x.earning_id = e.id and x.round = e.transfer_round))::bigint as awaiting,
       (select coalesce(sum(net_cents), 0) from e where e.status = 'pending')::bigint as on_hold,
       (select coalesce(sum(amount_cents - recovered_cents), 0) from d)::bigint as negative`,
    params,
  );
  const n = (k: string) => Number(r[k] ?? 0);
  return {
    transferredCents: n('transferred'),
    inTransitCents: n('in_transit'),
    failedCents: n('failed'),
    failedCount: n('failed_count'),
    awaitingTransferCents: n('awaiting'),
    onHoldCents: n('on_hold'),
    reversedCents: n('reversed'),
    negativeBalanceCents: n('negative'),
    owedCents: n('awaiting') + n('in_transit') + n('failed') - n('negative'),
  };
}

/**
 * Staff: the sellers DRX owes money or who owe it back (a negative balance, a refused transfer),
 * most owed first.
 */
export async function payoutBalancesBySeller(em: EntityManager, limit: number): Promise<PayoutBalance[]> {
  const rows = await em.execute<{ seller_id: string }[]>(
    `select seller_id from (
       select e.seller_id from seller_earnings e
        where e.status = 'available' and not exists (select 1 from seller_transfers x where x.earning_id = e.id and x.round = e.transfer_round)
       union select seller_id from seller_transfers where status in ('pending', 'failed')
       union select seller_id from seller_balance_debts where recovered_cents < amount_cents
     ) s group by seller_id limit 500`,
  );
  const users = new Map(
    (await em.find(User, { id: { $in: rows.map((r) => r.seller_id) } })).map((u) => [u.id, u]),
  );
  const balances: PayoutBalance[] = [];
  for (const { seller_id } of rows) {
    const balance = await payoutBalance(em, seller_id);
    balance.seller = users.get(seller_id) ?? null;
    balances.push(balance);
  }
  balances.sort((a, b) => Math.abs(b.owedCents) - Math.abs(a.owedCents));
  return balances.slice(0, limit);
}
