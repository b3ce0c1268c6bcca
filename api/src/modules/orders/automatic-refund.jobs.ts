import { defineJob, defineSchedule } from '../../jobs';
import { createPaymentProvider } from '../payments';
import { retryDueRefunds } from './automatic-refund';

/**
 * Automatic refunds still due a while after they fell due (the provider failed and no webhook
 * redelivery came back to them) are tried again by a pg-boss cron job, once per due time across
 * all processes; the refund's idempotency key keeps a retried or overlapping run from refunding
 * twice (automatic-refund.ts).
 */
export const RETRY_DUE_REFUNDS_JOB = 'orders.retry-due-refunds';
/** Every 15 minutes, UTC. */
export const RETRY_DUE_REFUNDS_CRON = '*/15 * * * *';

defineJob(RETRY_DUE_REFUNDS_JOB, async (_data, ctx) => {
  await retryDueRefunds(ctx.em, createPaymentProvider(ctx.config));
});
defineSchedule(RETRY_DUE_REFUNDS_JOB, RETRY_DUE_REFUNDS_CRON);
