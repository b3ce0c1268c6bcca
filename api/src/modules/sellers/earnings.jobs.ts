import { defineJob, defineSchedule } from '../../jobs';
import { releaseMaturedEarnings } from './earnings-ledger';

/**
 * Pending earnings past the hold period become available for payout (earnings-ledger.ts). The
 * seller's dashboard and the instructor's earnings release their own on read; this pg-boss cron job
 * releases everyone's, so payouts and admin totals see them without waiting for a visit.
 */
export const RELEASE_MATURED_EARNINGS_JOB = 'sellers.release-matured-earnings';
/** Every hour at minute 5, UTC (the hold period is counted in days). */
export const RELEASE_MATURED_EARNINGS_CRON = '5 * * * *';

defineJob(RELEASE_MATURED_EARNINGS_JOB, async (_data, ctx) => {
  await releaseMaturedEarnings(ctx.em);
});
defineSchedule(RELEASE_MATURED_EARNINGS_JOB, RELEASE_MATURED_EARNINGS_CRON);
