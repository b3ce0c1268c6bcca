import type { EntityManager } from '@mikro-orm/postgresql';
import { jobs } from '../../jobs';

/** The job that probes and transcodes an uploaded video (videos.jobs.ts). */
export const PROCESS_VIDEO_JOB = 'videos.process';

/** The job's data: the video and the attempt it is for (a retried job of an old attempt does nothing). */
export interface ProcessVideoJob {
  videoId: string;
  attempt: number;
}

/**
 * The upload of `videoId` is complete: UPLOADING → PROCESSING (a conditional update, so a repeated
 * finish changes nothing) and its `videos.process` job, in one transaction — the job exists exactly
 * when the status moved. Its singleton key names the video and the attempt: never two jobs for one.
 */
export async function markUploaded(em: EntityManager, videoId: string): Promise<boolean> {
  return startProcessing(em, videoId, 'UPLOADING');
}

/** FAILED → PROCESSING for another attempt ("Try again"); false when the video is not FAILED or is no longer current. */
export async function markRetry(em: EntityManager, videoId: string): Promise<boolean> {
  return startProcessing(em, videoId, 'FAILED');
}

async function startProcessing(em: EntityManager, videoId: string, from: 'UPLOADING' | 'FAILED') {
  return em.transactional(async (tem) => {
    const rows = await tem.execute<{ attempt: number }[]>(
      `update lesson_videos
          set status = 'PROCESSING', failure_reason = null, attempt = attempt + 1, updated_at = now()
        where id = ? and status = ? and replaced_at is null
        returning attempt`,
      [videoId, from],
    );
    if (!rows.length) return false;
    const data: ProcessVideoJob = { videoId, attempt: rows[0].attempt };
    await jobs.send(PROCESS_VIDEO_JOB, data, {
      em: tem,
      singletonKey: `${videoId}:${rows[0].attempt}`,
    });
    return true;
  });
}
