import { orderPaymentSql } from './order-payment-sql';
import type { EntityManager } from '@mikro-orm/postgresql';
import { log } from '../../observability/logger';
import { PaymentRefusedError, type PaymentProvider, transferGroupOf } from '../payments';
import { payoutAccountsSql } from '../resources';
import { releaseMaturedEarnings } from './earnings-ledger';
import { mirrorAccount } from './connected-accounts';
import { runDueReversals } from './transfer-reversals';

/**
 * Paying the ledger: each `available` ledger row (its hold period over) of a seller or instructor
 * whose connected account Stripe lets receive transfers becomes one Stripe Connect transfer
 * ("separate charges and transfers": `transfer_group` = the order, `source_transaction` = the order's
 * charge). Exactly once per row, whatever runs at once or again:
 * 1. the claim — one transaction locks the row (`for update`, still `available`), pays back what it
 *    can of the seller's negative balance first (their open debts, locked), and inserts the
 *    `seller_transfers` row (`earning_id` and `round` unique, `on conflict do nothing`): of concurrent runs one
 *    inserts, the others find the row taken and change nothing;
 * 2. the call — `transfers.create` with the idempotency key `transfer-<ledger row id>`: a run that
 *    died after Stripe answered, retried later, gets the same transfer back instead of a second one;
 * 3. the record — `paid` with Stripe's id (conditional on `pending`), or `failed` with Stripe's
 *    reason when refused for good (a failed row is tried again a day later under a new key,
 *    `…-<attempt>`: no transfer was made for the earlier one). A network error leaves it `pending`;
 *    a later run takes it again after STALE_MINUTES with the same key.
 * An account whose onboarding is incomplete gets no transfer: its rows stay `available` (accruing);
 * so do a suspended store's (staff decide about the money while it is suspended).
 */

/** A pending transfer untouched this long (its run died or lost Stripe's answer) is sent again. */
export const STALE_MINUTES = 5;
/** A failed transfer is tried again after this long. */
export const RETRY_FAILED_HOURS = 24;
/** Ledger rows claimed per run (the next run takes the rest). */
const BATCH = 500;

export interface TransferRunResult {
  /** Transfers made at Stripe in this run. */
  paid: number;
  /** Transfers Stripe refused in this run. */
  failed: number;
  /** Rows claimed wholly by a negative balance (nothing sent). */
  offset: number;
  /** Sellers with due rows whose account cannot receive transfers yet. */
  accruing: number;
}

interface ClaimedTransfer {
  id: string;
  earning_id: string;
  /** Which transfer of the ledger row (0; more after a won chargeback gave the earning back). */
  round: number;
  order_id: string;
  order_number: string;
  seller_id: string;
  destination_account: string;
  transfer_group: string;
  payment_reference: string | null;
  amount_cents: number;
  attempts: number;
  status: string;
}

const idempotencyKey = (t: ClaimedTransfer) => {
  const row = t.round > 0 ? `transfer-${t.earning_id}-r${t.round}` : `transfer-${t.earning_id}`;
  return t.attempts > 1 ? `${row}-${t.attempts}` : row;
};

/** Orders whose payment this provider made (or DRX's own credit): others cannot be transferred here. */
const providersFor = (payments: PaymentProvider) => [payments.name, 'credit'];

/**
 * One run of the transfer job: releases matured rows, sends what is due (optionally for one seller),
 * retries stale and failed transfers, then makes the pending reversals.
 */
export async function transferDueEarnings(
  em: EntityManager,
  payments: PaymentProvider,
  options: { sellerId?: string } = {},
): Promise<TransferRunResult> {
  const result: TransferRunResult = { paid: 0, failed: 0, offset: 0, accruing: 0 };
  if (payments.name === 'none') return result;
  await releaseMaturedEarnings(em, options.sellerId);
  const due = await em.execute<{ id: string; seller_id: string; stripe_account_id: string }[]>(
    `select e.id, e.seller_id, sp.stripe_account_id
       from seller_earnings e
       join (${payoutAccountsSql}) sp on sp.user_id = e.seller_id
       join lateral (${orderPaymentSql('e.order_id')}) o on true
      where e.status = 'available' and e.net_cents >= 0 and sp.stripe_account_id is not null
        and not sp.suspended
        and o.payment_provider in (?, ?)
        and not exists (select 1 from seller_transfers t where t.earning_id = e.id and t.round = e.transfer_round)
        ${options.sellerId ? 'and e.seller_id = ?' : ''}
      order by e.created_at, e.id limit ?`,
    [...providersFor(payments), ...(options.sellerId ? [options.sellerId] : []), BATCH],
  );
  const bySeller = new Map<string, { account: string; earnings: string[] }>();
  for (const row of due) {
    const entry = bySeller.get(row.seller_id) ?? { account: row.stripe_account_id, earnings: [] };
    entry.earnings.push(row.id);
    bySeller.set(row.seller_id, entry);
  }
  for (const [sellerId, { account, earnings }] of bySeller) {
    if (!(await canReceiveTransfers(em, payments, sellerId, account))) {
      result.accruing += 1;
      continue;
    }
    for (const earningId of earnings) {
      const claimed = await claimTransfer(em, earningId, account);
      if (!claimed) continue;
      if (claimed.status === 'offset') result.offset += 1;
      else await sendTransfer(em, payments, claimed, result);
    }
  }
  await retryTransfers(em, payments, result, options.sellerId);
  await runDueReversals(em, payments);
  return result;
}

/** Reads the account from the provider and mirrors its payout status; false while onboarding is incomplete. */
async function canReceiveTransfers(
  em: EntityManager,
  payments: PaymentProvider,
  sellerId: string,
  accountId: string,
): Promise<boolean> {
  try {
    // What Stripe still needs is mirrored too: the payee's page says it while they accrue.
    return (await mirrorAccount(em, await payments.retrieveAccount(accountId))) === 'active';
  } catch (error) {
    log().warn(
      { sellerId, detail: error instanceof Error ? error.message : error },
      '[transfers] the connected account could not be read',
    );
    return false;
  }
}

/**
 * The claim (one transaction): the ledger row, still available and untransferred, gets its transfer
 * row; the seller's open debts (negative balance) are paid back from it first. Null when another run
 * claimed it, or it stopped being available (a refund reversed it).
 */
export async function claimTransfer(
  em: EntityManager,
  earningId: string,
  destinationAccount: string,
): Promise<ClaimedTransfer | null> {
  return em.transactional(async (tem) => {
    const [earning] = await tem.execute<
      {
        id: string;
        seller_id: string;
        order_id: string;
        order_number: string;
        net_cents: number;
        transfer_round: number;
        payment_provider: string;
        payment_reference: string | null;
      }[]
    >(
      `select e.id, e.seller_id, e.order_id, e.order_number, e.net_cents, e.transfer_round,
              o.payment_provider, o.payment_reference
         from seller_earnings e join lateral (${orderPaymentSql('e.order_id')}) o on true
        where e.id = ? and e.status = 'available'
        for update of e`,
      [earningId],
    );
    if (!earning) return null;
    const debts = await tem.execute<{ id: string; open: number }[]>(
      `select id, (amount_cents - recovered_cents)::int as open from seller_balance_debts
        where seller_id = ? and recovered_cents < amount_cents
        order by created_at, id for update`,
      [earning.seller_id],
    );
    const net = Number(earning.net_cents);
    const owed = debts.reduce((sum, d) => sum + Number(d.open), 0);
    const recovered = Math.min(net, owed);
    const amount = net - recovered;
    const [claimed] = await tem.execute<ClaimedTransfer[]>(
      `insert into seller_transfers (seller_id, earning_id, round, order_id, order_number, destination_account,
          transfer_group, payment_reference, net_cents, recovered_cents, amount_cents, status)
        values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        on conflict (earning_id, round) do nothing
        returning id, earning_id, round, order_id, order_number, seller_id, destination_account, transfer_group,
          payment_reference, amount_cents, attempts, status`,
      [
        earning.seller_id,
        earning.id,
        Number(earning.transfer_round),
        earning.order_id,
        earning.order_number,
        destinationAccount,
        transferGroupOf(earning.order_id),
        earning.payment_provider === 'credit' ? null : earning.payment_reference,
        net,
        recovered,
        amount,
        amount > 0 ? 'pending' : 'offset',
      ],
    );
    if (!claimed) return null;
    let left = recovered;
    for (const debt of debts) {
      if (left <= 0) break;
      const take = Math.min(left, Number(debt.open));
      await tem.execute(
        `update seller_balance_debts set recovered_cents = recovered_cents + ? where id = ?`,
        [take, debt.id],
      );
      left -= take;
    }
    return claimed;
  });
}

/** The Stripe call and its record (see the file's comment). */
async function sendTransfer(
  em: EntityManager,
  payments: PaymentProvider,
  transfer: ClaimedTransfer,
  result: TransferRunResult,
): Promise<void> {
  try {
    const made = await payments.createTransfer({
      accountId: transfer.destination_account,
      amountCents: Number(transfer.amount_cents),
      transferGroup: transfer.transfer_group,
      paymentReference: transfer.payment_reference,
      idempotencyKey: idempotencyKey(transfer),
      metadata: {
        transferId: transfer.id,
        earningId: transfer.earning_id,
        orderId: transfer.order_id,
        orderNumber: transfer.order_number,
        sellerId: transfer.seller_id,
      },
    });
    const rows = await em.execute<{ id: string }[]>(
      `update seller_transfers set status = 'paid', stripe_transfer_id = ?, source_transaction = ?,
          failure_reason = null, paid_at = now(), updated_at = now()
        where id = ? and status = 'pending' returning id`,
      [made.transferId, made.sourceTransaction, transfer.id],
    );
    if (rows.length) result.paid += 1;
  } catch (error) {
    if (error instanceof PaymentRefusedError) {
      const rows = await em.execute<{ id: string }[]>(
        `update seller_transfers set status = 'failed', failure_reason = ?, updated_at = now()
          where id = ? and status = 'pending' returning id`,
        [error.message.slice(0, 1000), transfer.id],
      );
      if (rows.length) result.failed += 1;
      log().warn(
        { transferId: transfer.id, code: error.code, detail: error.message },
        '[transfers] Stripe refused a transfer',
      );
      return;
    }
    log().error(
      { transferId: transfer.id, detail: error instanceof Error ? error.message : error },
      '[transfers] the transfer call failed; it is retried with the same idempotency key',
    );
  }
}

/**
 * Transfers to send again: `pending` ones left behind by a run that died (after STALE_MINUTES, same
 * key), and `failed` ones after RETRY_FAILED_HOURS (next attempt, next key) when the account can
 * receive transfers now. Each is taken by a conditional update, so one run sends it.
 */
async function retryTransfers(
  em: EntityManager,
  payments: PaymentProvider,
  result: TransferRunResult,
  sellerId?: string,
): Promise<void> {
  const stale = await em.execute<ClaimedTransfer[]>(
    `update seller_transfers set attempted_at = now(), updated_at = now()
      where id in (select id from seller_transfers
                    where status = 'pending' and attempted_at < now() - make_interval(mins => ?)
                    ${sellerId ? 'and seller_id = ?' : ''} limit ?)
        and status = 'pending' and attempted_at < now() - make_interval(mins => ?)
      returning id, earning_id, round, order_id, order_number, seller_id, destination_account, transfer_group,
        payment_reference, amount_cents, attempts, status`,
    [STALE_MINUTES, ...(sellerId ? [sellerId] : []), BATCH, STALE_MINUTES],
  );
  for (const transfer of stale) await sendTransfer(em, payments, transfer, result);

  const failed = await em.execute<{ id: string; seller_id: string; destination_account: string }[]>(
    `select id, seller_id, destination_account from seller_transfers
      where status = 'failed' and amount_cents > 0 and updated_at < now() - make_interval(hours => ?)
      ${sellerId ? 'and seller_id = ?' : ''} order by created_at limit ?`,
    [RETRY_FAILED_HOURS, ...(sellerId ? [sellerId] : []), BATCH],
  );
  const ready = new Map<string, boolean>();
  for (const row of failed) {
    if (!ready.has(row.seller_id)) {
      ready.set(
        row.seller_id,
        await canReceiveTransfers(em, payments, row.seller_id, row.destination_account),
      );
    }
    if (!ready.get(row.seller_id)) continue;
    const [retry] = await em.execute<ClaimedTransfer[]>(
      `update seller_transfers set status = 'pending', attempts = attempts + 1, attempted_at = now(),
          updated_at = now()
        where id = ? and status = 'failed' and updated_at < now() - make_interval(hours => ?)
        returning id, earning_id, round, order_id, order_number, seller_id, destination_account, transfer_group,
          payment_reference, amount_cents, attempts, status`,
      [row.id, RETRY_FAILED_HOURS],
    );
    if (retry) await sendTransfer(em, payments, retry, result);
  }
}
