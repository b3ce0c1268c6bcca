import { defineJob, defineSchedule } from '../../jobs';
import { createPaymentProvider } from '../payments';
import { simulateTestPayouts } from './payouts';
import { transferDueEarnings } from './seller-transfers';
import { REVERSE_TRANSFERS_JOB, runDueReversals } from './transfer-reversals';

/**
 * Paying sellers and instructors (seller-transfers.ts): every hour the ledger rows past their hold
 * period are transferred to the connected accounts, stale and failed transfers are tried again and
 * pending reversals made. Staff can run it at once (`sellerTransfersRun`). Overlapping runs are
 * safe: each ledger row is claimed once in the database, and each Stripe call has its own
 * idempotency key.
 */
export const TRANSFER_EARNINGS_JOB = 'sellers.transfer-earnings';
/** Every hour at minute 20, UTC (after the earnings release at minute 5). */
export const TRANSFER_EARNINGS_CRON = '20 * * * *';

defineJob<{ sellerId?: string }>(TRANSFER_EARNINGS_JOB, async (data, ctx) => {
  const startedAt = new Date();
  const payments = createPaymentProvider(ctx.config);
  await transferDueEarnings(ctx.em, payments, {
    sellerId: typeof data.sellerId === 'string' ? data.sellerId : undefined,
  });
  // Stripe pays connected accounts out on its own schedule (recorded from `payout.*` webhooks); the
  // test provider's stand-in pays out what earlier runs transferred (payouts.ts).
  if (payments.name === 'test') await simulateTestPayouts(ctx.em, startedAt);
});
defineSchedule(TRANSFER_EARNINGS_JOB, TRANSFER_EARNINGS_CRON);

/** Sent by a refund's transaction when it took back money already transferred (transfer-reversals.ts). */
defineJob(REVERSE_TRANSFERS_JOB, async (_data, ctx) => {
  await runDueReversals(ctx.em, createPaymentProvider(ctx.config));
});
