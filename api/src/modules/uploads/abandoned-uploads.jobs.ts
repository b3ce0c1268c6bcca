import { defineJob, defineSchedule } from '../../jobs';
import { storageFor } from '../../storage/create-storage';
import { pruneAbandonedUploads } from './abandoned-uploads';

/**
 * Uploads never attached to a resource are removed with their files a day after they were made
 * (abandoned-uploads.ts), by a pg-boss cron job: once per due time across all processes and
 * machines, retried when it fails.
 */
export const PRUNE_ABANDONED_UPLOADS_JOB = 'uploads.prune-abandoned';
/** Every 15 minutes, UTC. */
export const PRUNE_ABANDONED_UPLOADS_CRON = '*/15 * * * *';

defineJob(PRUNE_ABANDONED_UPLOADS_JOB, async (_data, ctx) => {
  await pruneAbandonedUploads(ctx.em, storageFor(ctx.config));
});
defineSchedule(PRUNE_ABANDONED_UPLOADS_JOB, PRUNE_ABANDONED_UPLOADS_CRON);
