import { defineJob, defineSchedule } from '../../jobs';
import { deliverMessage } from './webhook-delivery';
import { WEBHOOK_DELIVER_JOB } from './webhook-emit';

/** One attempt at one message (webhook-delivery.ts decides whether it is due). */
defineJob<{ messageId: string }>(WEBHOOK_DELIVER_JOB, async ({ messageId }, { em, config }) => {
  await deliverMessage(em, messageId, config);
});

export const WEBHOOK_PRUNE_JOB = 'webhook.prune';

/** Settled messages (and their attempts) are kept 30 days; pending ones until they settle. */
export const WEBHOOK_LOG_DAYS = 30;

defineJob(WEBHOOK_PRUNE_JOB, async (_data, { em }) => {
  await em.execute(
    `delete from webhook_messages where status <> 'pending' and created_at < now() - make_interval(days => ?)`,
    [WEBHOOK_LOG_DAYS],
  );
});
defineSchedule(WEBHOOK_PRUNE_JOB, '17 3 * * *');
