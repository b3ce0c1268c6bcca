import { defineJob, defineSchedule } from '../../jobs';
import { AUTH_HOUSEKEEPING_CRON } from '../auth';
import { PASSWORD_RESET_MAIL_JOB, sendPasswordResetMails } from './account-passwords';
import { pruneAccountTokens } from './account-tokens';
import { pruneHourlyThrottle } from './hourly-throttle';
import { pruneSecondSteps } from './two-step/second-step';

/**
 * Expired links, the account flows' counts past their hour and second steps of sign-ins long
 * expired, deleted once per due run.
 */
export const PRUNE_ACCOUNT_TOKENS_JOB = 'account.prune-tokens';

defineJob(PRUNE_ACCOUNT_TOKENS_JOB, async (_data, ctx) => {
  await pruneAccountTokens(ctx.em);
  await pruneHourlyThrottle(ctx.em);
  await pruneSecondSteps(ctx.em);
});
defineSchedule(PRUNE_ACCOUNT_TOKENS_JOB, AUTH_HOUSEKEEPING_CRON);

defineJob<{ login: string }>(PASSWORD_RESET_MAIL_JOB, async (data, ctx) => {
  await sendPasswordResetMails(ctx.em, data.login, ctx.config.publicUrl);
});
