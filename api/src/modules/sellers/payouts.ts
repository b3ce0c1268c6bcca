import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { log } from '../../observability/logger';
import {
  type PaymentEvent,
  type PaymentProvider,
  PaymentRefusedError,
  type ProviderPayout,
} from '../payments';
import { payoutAccountHolder } from '../resources';

/**
 * Payouts: Stripe pays a connected account's balance (the transfers DRX made to it) out to the
 * seller's or instructor's bank on the account's automatic schedule. DRX moves no money here; it
 * records each payout and which transfers — so which orders — it covers, from Stripe's `payout.*`
 * Connect webhooks (`event.account` is the connected account): the payout is read from Stripe
 * again (`retrievePayout`: its status and its balance transactions, whose sources are the
 * transfers), so a repeated, late or out-of-order event records the payout as it is now.
 *
 * The test provider has no webhooks and forgets its state between job runs: `simulateTestPayouts`
 * plays Stripe's schedule from the database instead (each transfer run pays out the transfers made
 * by earlier runs), through the same `recordPayout`.
 */

export const isPayoutEvent = (event: PaymentEvent) =>
  event.type.startsWith('payout.') && typeof event.object.id === 'string';

/** A `payout.*` event of a connected account: the payout read from Stripe and recorded. */
export async function applyPayoutEvent(
  em: EntityManager,
  event: PaymentEvent,
  payments: PaymentProvider,
): Promise<'recorded' | 'ignored'> {
  const accountId = event.account ?? null;
  const payoutId = event.object.id as string;
  if (!accountId) return 'ignored'; // a payout of DRX's own balance
  if (!(await payoutAccountHolder(em, accountId))) {
    log().info({ accountId, payoutId }, '[payouts] a payout of an account DRX does not know');
    return 'ignored';
  }
  const payout = await payments.retrievePayout({ accountId, payoutId });
  return (await recordPayout(em, payout)) ? 'recorded' : 'ignored';
}

/**
 * One transaction: the payout row (one per Stripe payout, updated to Stripe's latest status), and
 * the transfers it covers pointed at it — or, once it failed or was canceled (the money went back
 * to the account's balance for a later payout), no longer. False when the account is unknown.
 */
export async function recordPayout(em: EntityManager, payout: ProviderPayout): Promise<boolean> {
  return em.transactional(async (tem) => {
    const holder = await payoutAccountHolder(tem, payout.accountId);
    if (!holder) return false;
    const [row] = await tem.execute<{ id: string }[]>(
      `insert into seller_payouts (id, seller_id, destination_account, stripe_payout_id, amount_cents, status,
          arrival_date, failure_message)
        values (?, ?, ?, ?, ?, ?, ?, ?)
        on conflict (stripe_payout_id) do update set status = excluded.status, amount_cents = excluded.amount_cents,
          arrival_date = excluded.arrival_date, failure_message = excluded.failure_message, updated_at = now()
        returning id`,
      [
        randomUUID(),
        holder,
        payout.accountId,
        payout.id,
        payout.amountCents,
        payout.status,
        payout.arrivalDate,
        payout.failureMessage,
      ],
    );
    if (payout.status === 'failed' || payout.status === 'canceled') {
      await tem.execute(
        `update seller_transfers set payout_id = null, updated_at = now() where payout_id = ?`,
        [row.id],
      );
    } else if (payout.transferIds.length) {
      await tem.execute(
        `update seller_transfers set payout_id = ?, updated_at = now()
          where destination_account = ? and stripe_transfer_id in (select jsonb_array_elements_text(?::jsonb))
            and payout_id is distinct from ?`,
        [row.id, payout.accountId, JSON.stringify(payout.transferIds), row.id],
      );
    }
    return true;
  });
}

/**
 * The test provider's stand-in for Stripe's payout schedule (the transfer job runs it after its
 * transfers): per account, the test transfers made before `before` (earlier runs) and not paid out
 * yet become one paid payout (`test_po_…`) of what is left of them.
 */
export async function simulateTestPayouts(em: EntityManager, before: Date): Promise<number> {
  return em.transactional(async (tem) => {
    // Two runs at once: one pays out, the other then finds nothing due.
    await tem.execute(`select pg_advisory_xact_lock(hashtext('sellers.test-payouts'))`);
    const due = await tem.execute<{ destination_account: string; ids: string[]; amount: string }[]>(
      `select destination_account, array_agg(stripe_transfer_id order by paid_at) as ids,
              sum(amount_cents - reversed_cents)::bigint as amount
         from seller_transfers
        where status = 'paid' and payout_id is null and stripe_transfer_id like 'test_tr_%'
          and paid_at < ? and amount_cents > reversed_cents
        group by destination_account`,
      [before],
    );
    let made = 0;
    for (const account of due) {
      const recorded = await recordPayout(tem, {
        id: `test_po_${randomUUID().replace(/-/g, '')}`,
        accountId: account.destination_account,
        amountCents: Number(account.amount),
        status: 'paid',
        arrivalDate: new Date(),
        failureMessage: null,
        transferIds: account.ids,
      });
      if (recorded) made += 1;
    }
    return made;
  });
}

/**
 * The test provider's stand-in for a connected account's balance when a reversal is asked (it
 * forgets its transfers between job runs; its payouts are in the database, `simulateTestPayouts`):
 * what DRX's transfers to the account left there, not paid out and not reversed. A reversal beyond
 * it is refused as Stripe refuses it (`balance_insufficient`), so `npm start` carries a negative
 * balance after a payout as Stripe does.
 */
export async function refuseTestReversalBeyondBalance(
  em: EntityManager,
  transferId: string,
  amountCents: number,
): Promise<void> {
  const [row] = await em.execute<{ balance: string }[]>(
    `select coalesce(sum(o.amount_cents - o.reversed_cents), 0)::bigint as balance
       from seller_transfers t
       join seller_transfers o on o.destination_account = t.destination_account
      where t.id = ? and o.status = 'paid' and o.payout_id is null`,
    [transferId],
  );
  if (amountCents > Number(row?.balance ?? 0)) {
    throw new PaymentRefusedError(
      'Insufficient funds in the connected account to cover this transfer reversal (paid out).',
      'balance_insufficient',
    );
  }
}
