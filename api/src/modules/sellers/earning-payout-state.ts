import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Where the money of one ledger row stands, from the row, its current transfer (the row's
 * `transfer_round`) and the payout that took that transfer to the bank. A row's `status` only says
 * whether its hold period ended (pending → available) or a refund reversed it; once transferred or
 * paid out it stays `available`, so the ledger shows this instead.
 */
export const EARNING_PAYOUT_STATES = [
  'pending',
  'available',
  'transferring',
  'transfer_failed',
  'transferred',
  'paid_out',
  'offset',
  'reversed',
] as const;
export type EarningPayoutState = (typeof EARNING_PAYOUT_STATES)[number];

export const EARNING_PAYOUT_STATE_DESCRIPTION =
  'Where this earning’s money stands: pending (in the hold period), available (past it, not transferred yet), transferring (a transfer to my Stripe account is on the way), transfer_failed (Stripe refused the transfer; it is tried again), transferred (on my Stripe balance), paid_out (Stripe paid it out to my bank), offset (it paid back a negative balance; nothing sent) or reversed (the order was refunded).';

/** The payout state of each ledger row asked for (one statement for all of them). */
export async function earningPayoutStates(
  em: EntityManager,
  earningIds: readonly string[],
): Promise<Map<string, EarningPayoutState>> {
  if (!earningIds.length) return new Map();
  const rows = await em.execute<{ id: string; state: EarningPayoutState }[]>(
    `select e.id,
       case
         when e.status = 'reversed' then 'reversed'
         when e.status = 'pending' then 'pending'
         when t.status is null then 'available'
         when t.status = 'pending' then 'transferring'
         when t.status = 'failed' then 'transfer_failed'
         when t.status = 'offset' then 'offset'
         when t.status = 'canceled' then 'reversed'
         when p.status = 'paid' then 'paid_out'
         else 'transferred'
       end as state
     from seller_earnings e
     left join seller_transfers t on t.earning_id = e.id and t.round = e.transfer_round
     left join seller_payouts p on p.id = t.payout_id
     where e.id in (?)`,
    [[...earningIds]],
  );
  return new Map(rows.map((r) => [r.id, r.state]));
}
