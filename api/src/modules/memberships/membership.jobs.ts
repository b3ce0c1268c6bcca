import { defineJob } from '../../jobs';
import { processGraceEnd, processPeriodEnd, sendGraceReminder } from './membership-renewal';
import { MEMBERSHIP_GRACE_JOB, MEMBERSHIP_PERIOD_END_JOB } from './subscription-state';

/** A test or comp membership's period end: renew, end, or apply a downgrade (membership-renewal.ts). */
defineJob<{ subscriptionId: string }>(MEMBERSHIP_PERIOD_END_JOB, async (data, ctx) => {
  await ctx.em.transactional((tem) => processPeriodEnd(tem, data.subscriptionId));
});

/** A past_due membership's grace reminder and, at the grace end, its lapse. */
defineJob<{ subscriptionId: string; step: 'reminder' | 'lapse' }>(MEMBERSHIP_GRACE_JOB, async (data, ctx) => {
  await ctx.em.transactional((tem) =>
    data.step === 'reminder'
      ? sendGraceReminder(tem, data.subscriptionId)
      : processGraceEnd(tem, data.subscriptionId),
  );
});
