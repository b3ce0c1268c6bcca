import { defineJob, defineSchedule } from '../../jobs';
import { AUTH_HOUSEKEEPING_CRON } from '../auth/auth-housekeeping.jobs';
import { pruneAccountTokens } from './account-tokens';
import { pruneHourlyThrottle } from './hourly-throttle';

/** Expired links and the account flows' counts past their hour, deleted once per due run. */
export const PRUNE_ACCOUNT_TOKENS_JOB = 'account.prune-tokens';

defineJob(PRUNE_ACCOUNT_TOKENS_JOB, async (_data, ctx) => {
  await pruneAccountTokens(ctx.em);
  await pruneHourlyThrottle(ctx.em);
});
defineSchedule(PRUNE_ACCOUNT_TOKENS_JOB, AUTH_HOUSEKEEPING_CRON);
