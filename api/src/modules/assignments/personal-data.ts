import type { EntityManager } from '@mikro-orm/postgresql';
import { retireVideos } from '../videos';

/**
 * A deleted account's assignment submissions (privacy/account-anonymise.ts): the person's own
 * performance videos and the time-coded comments on them. The submissions go (their comments with
 * them) and their videos are retired, so the clean-up job removes the files and rows
 * (videos/video-cleanup.ts) — no instructor can watch them after the account is gone.
 */
export async function eraseAssignmentsData(em: EntityManager, userId: string): Promise<void> {
  const removed = await em.execute<{ video_id: string | null }[]>(
    `delete from assignment_submissions where learner_id = ? returning video_id`,
    [userId],
  );
  await retireVideos(
    em,
    removed.flatMap((row) => (row.video_id ? [row.video_id] : [])),
  );
}
