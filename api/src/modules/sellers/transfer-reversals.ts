import type { EntityManager } from '@mikro-orm/postgresql';
import { jobs } from '../../jobs';
import { log } from '../../observability/logger';
import { PaymentRefusedError, type PaymentProvider } from '../payments';
import { refuseTestReversalBeyondBalance } from './payouts';

/**
 * What a refund takes back from money already transferred (docs/payments.md). The ledger's refund
 * functions (earnings-ledger.ts: `reverseSaleEarnings`, `adjustEarningsAfterRefund`) call
 * `takeBackTransferred` in the refund's transaction with how much each ledger row's net went down,
 * so every DRX refund path — staff refunds, booking cancellations, credited sessions, and any later
 * path that goes through the ledger (Stripe-side refunds and disputes) — gets it:
 * - a row not transferred yet: nothing to do here (the transfer job sends the reduced net, or
 *   nothing for a reversed row);
 * - a transfer made or being made: a reversal of the reduced part, up to what is left of it, is
 *   recorded `pending` and made by the job (`transfers.createReversal`, idempotency key
 *   `reversal-<id>`). If Stripe refuses it (`balance_insufficient`: the account was paid out), the
 *   amount becomes a negative balance instead;
 * - a failed transfer (nothing was sent): its amount goes down instead;
 * - what is left over (the part that paid a negative balance back, or beyond the transfer) becomes a
 *   negative balance at once: `seller_balance_debts`, which the next transfers pay back first.
 */

export const REVERSE_TRANSFERS_JOB = 'sellers.reverse-transfers';

export interface NetReduction {
  earningId: string;
  /** How much the ledger row's net went down (> 0). */
  cents: number;
}

/** Inside the refund's transaction: reversals and negative balance for rows already transferred. */
export async function takeBackTransferred(
  em: EntityManager,
  reductions: NetReduction[],
  reason: string,
): Promise<{ reversals: number; debtCents: number }> {
  let reversals = 0;
  let debtCents = 0;
  for (const { earningId, cents } of reductions) {
    if (cents <= 0) continue;
    const [t] = await em.execute<
      {
        id: string;
        seller_id: string;
        order_id: string;
        order_number: string;
        status: string;
        amount_cents: number;
        reversal_requested_cents: number;
      }[]
    >(
      `select id, seller_id, order_id, order_number, status, amount_cents, reversal_requested_cents
         from seller_transfers where earning_id = ?
        order by round desc limit 1 for update`,
      [earningId],
    );
    if (!t) continue;
    let left = cents;
    if (t.status === 'pending' || t.status === 'paid') {
      const take = Math.min(left, Number(t.amount_cents) - Number(t.reversal_requested_cents));
      if (take > 0) {
        await em.execute(
          `insert into seller_transfer_reversals (transfer_id, seller_id, amount_cents) values (?, ?, ?)`,
          [t.id, t.seller_id, take],
        );
        await em.execute(
          `update seller_transfers set reversal_requested_cents = reversal_requested_cents + ?, updated_at = now()
            where id = ?`,
          [take, t.id],
        );
        reversals += 1;
        left -= take;
      }
    } else if (t.status === 'failed') {
      const take = Math.min(left, Number(t.amount_cents) - Number(t.reversal_requested_cents));
      await em.execute(
        `update seller_transfers set amount_cents = amount_cents - ?,
            status = case when amount_cents - ? = 0 then 'canceled' else status end, updated_at = now()
          where id = ?`,
        [take, take, t.id],
      );
      left -= take;
    }
    if (left > 0) {
      await addDebt(em, {
        sellerId: t.seller_id,
        orderId: t.order_id,
        orderNumber: t.order_number,
        cents: left,
        reason,
      });
      debtCents += left;
    }
  }
  if (reversals > 0) await sendSoon(em);
  return { reversals, debtCents };
}

async function addDebt(
  em: EntityManager,
  debt: {
    sellerId: string;
    orderId: string;
    orderNumber: string;
    cents: number;
    reason: string;
    reversalId?: string;
  },
): Promise<void> {
  await em.execute(
    `insert into seller_balance_debts (seller_id, order_id, order_number, reversal_id, amount_cents, reason)
      values (?, ?, ?, ?, ?, ?) on conflict (reversal_id) do nothing`,
    [
      debt.sellerId,
      debt.orderId,
      debt.orderNumber,
      debt.reversalId ?? null,
      debt.cents,
      debt.reason.slice(0, 300),
    ],
  );
}

/** The reversal job, in the refund's transaction (it exists only if the refund commits). */
async function sendSoon(em: EntityManager): Promise<void> {
  let queued = false;
  try {
    queued = Boolean(jobs.queue);
  } catch {
    // No queue in this process (a script): the transfer job's next run makes the reversals.
  }
  if (queued) await jobs.send(REVERSE_TRANSFERS_JOB, {}, { em });
}

interface DueReversal {
  id: string;
  transfer_id: string;
  seller_id: string;
  amount_cents: number;
  stripe_transfer_id: string | null;
  transfer_status: string;
  order_id: string;
  order_number: string;
}

/** A reversal being made is left alone this long before a run takes it again (same key). */
const REVERSAL_STALE_MINUTES = 5;

/**
 * Makes the pending reversals whose transfer Stripe has made (a transfer still `pending` waits for
 * its own call). Each is taken by a conditional update (one run at a time), then made with the
 * idempotency key `reversal-<id>`; its record moves on only from `pending`, so a repeated run
 * records nothing twice.
 */
export async function runDueReversals(em: EntityManager, payments: PaymentProvider): Promise<number> {
  if (payments.name === 'none') return 0;
  const due = await em.execute<DueReversal[]>(
    `update seller_transfer_reversals r set attempted_at = now(), attempts = r.attempts + 1, updated_at = now()
       from seller_transfers t
      where t.id = r.transfer_id and r.status = 'pending' and t.status <> 'pending'
        and (r.attempted_at is null or r.attempted_at < now() - make_interval(mins => ?))
      returning r.id, r.transfer_id, r.seller_id, r.amount_cents, t.stripe_transfer_id,
        t.status as transfer_status, t.order_id, t.order_number`,
    [REVERSAL_STALE_MINUTES],
  );
  let made = 0;
  for (const reversal of due) {
    if (reversal.transfer_status !== 'paid' || !reversal.stripe_transfer_id) {
      await cancelReversal(em, reversal);
      continue;
    }
    try {
      if (payments.name === 'test') {
        await refuseTestReversalBeyondBalance(em, reversal.transfer_id, Number(reversal.amount_cents));
      }
      const answer = await payments.reverseTransfer({
        transferId: reversal.stripe_transfer_id,
        amountCents: Number(reversal.amount_cents),
        idempotencyKey: `reversal-${reversal.id}`,
        metadata: { reversalId: reversal.id, orderId: reversal.order_id, orderNumber: reversal.order_number },
      });
      await em.transactional(async (tem) => {
        const rows = await tem.execute<{ id: string }[]>(
          `update seller_transfer_reversals set status = 'succeeded', stripe_reversal_id = ?, updated_at = now()
            where id = ? and status = 'pending' returning id`,
          [answer.reversalId, reversal.id],
        );
        if (!rows.length) return;
        await tem.execute(
          `update seller_transfers set reversed_cents = reversed_cents + ?, updated_at = now() where id = ?`,
          [reversal.amount_cents, reversal.transfer_id],
        );
        made += 1;
      });
    } catch (error) {
      if (!(error instanceof PaymentRefusedError)) {
        log().error(
          { reversalId: reversal.id, detail: error instanceof Error ? error.message : error },
          '[transfers] the reversal call failed; it is retried with the same idempotency key',
        );
        continue;
      }
      // Stripe cannot take it back (the account paid it out): a negative balance, paid back first
      // from the next transfers.
      await em.transactional(async (tem) => {
        const rows = await tem.execute<{ id: string }[]>(
          `update seller_transfer_reversals set status = 'failed', failure_reason = ?, updated_at = now()
            where id = ? and status = 'pending' returning id`,
          [error.message.slice(0, 1000), reversal.id],
        );
        if (!rows.length) return;
        await tem.execute(
          `update seller_transfers set reversal_requested_cents = reversal_requested_cents - ?, updated_at = now()
            where id = ?`,
          [reversal.amount_cents, reversal.transfer_id],
        );
        await addDebt(tem, {
          sellerId: reversal.seller_id,
          orderId: reversal.order_id,
          orderNumber: reversal.order_number,
          cents: Number(reversal.amount_cents),
          reason: `Refund of ${reversal.order_number}: the transfer could not be reversed (${error.message})`,
          reversalId: reversal.id,
        });
      });
    }
  }
  return made;
}

/**
 * The transfer never reached Stripe (it failed, or was canceled): nothing to reverse — its amount
 * goes down instead (it is what a retry would send).
 */
async function cancelReversal(em: EntityManager, reversal: DueReversal): Promise<void> {
  await em.transactional(async (tem) => {
    const rows = await tem.execute<{ id: string }[]>(
      `update seller_transfer_reversals set status = 'canceled', updated_at = now()
        where id = ? and status = 'pending' returning id`,
      [reversal.id],
    );
    if (!rows.length) return;
    await tem.execute(
      `update seller_transfers set reversal_requested_cents = reversal_requested_cents - ?,
          amount_cents = amount_cents - ?,
          status = case when amount_cents - ? = 0 and status = 'failed' then 'canceled' else status end,
          updated_at = now()
        where id = ?`,
      [reversal.amount_cents, reversal.amount_cents, reversal.amount_cents, reversal.transfer_id],
    );
  });
}
