import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../config';
import { log } from '../../observability/logger';
import type { VideoRendition } from './lesson-video.entity';
import { removeUploadSource, removeVideoFiles } from './video-processing';
import { videoUploadStore } from './video-upload-store';

/** A failed video's original is kept this long for "Try again", then removed. */
const FAILED_SOURCE_DAYS = 7;

/**
 * Reclaims the space of video uploads: an upload not finished within 24 hours (tus expiry) is
 * failed and its partial file removed (also tus's own expired uploads); a replaced or removed
 * video's files and row are deleted once no job works on it; the files of a video deleted with its
 * lesson (the `lesson_video_removals` trigger's record) an hour after; a failed video's original is
 * removed after 7 days. Returns how many videos it cleaned.
 */
export async function cleanUpVideos(em: EntityManager, config: Config): Promise<number> {
  let cleaned = 0;
  const abandoned = await em.execute<{ id: string }[]>(
    `update lesson_videos
        set status = 'FAILED', failure_reason = 'The upload was not finished within 24 hours. Upload the video again.',
            updated_at = now()
      where status = 'UPLOADING' and created_at < now() - interval '24 hours'
      returning id`,
  );
  for (const { id } of abandoned) {
    await removeUploadSource(config, id);
    cleaned += 1;
  }
  try {
    await (await videoUploadStore(config)).datastore.deleteExpired();
  } catch (error) {
    log().warn({ err: error }, 'removing expired video uploads failed');
  }

  const replaced = await em.execute<StoredVideoRow[]>(
    `select id, storage_prefix, renditions, poster_candidates, thumbnails,
            array(select c.id::text from lesson_video_captions c where c.video_id = v.id) as caption_ids
       from lesson_videos v
      where replaced_at is not null and (status <> 'PROCESSING' or updated_at < now() - interval '1 hour')`,
  );
  for (const video of replaced) {
    await removeStoredFiles(config, video);
    await em.execute(`delete from lesson_videos where id = ? and replaced_at is not null`, [video.id]);
    // Its files are gone already: not the trigger's record of the deletion's to remove again.
    await em.execute(`delete from lesson_video_removals where video_id = ?`, [video.id]);
    cleaned += 1;
  }

  // Videos whose rows went by another way — a lesson, module or course deleted with them — as the
  // deletion trigger recorded them, an hour on (a job may still have been writing their files).
  const removed = await em.execute<StoredVideoRow[]>(
    `select video_id as id, storage_prefix, renditions, poster_candidates, thumbnails, caption_ids
       from lesson_video_removals where removed_at < now() - interval '1 hour'`,
  );
  for (const video of removed) {
    await removeStoredFiles(config, video);
    await em.execute(`delete from lesson_video_removals where video_id = ?`, [video.id]);
    cleaned += 1;
  }

  const failed = await em.execute<{ id: string }[]>(
    `select id from lesson_videos
      where status = 'FAILED' and updated_at < now() - make_interval(days => ?)`,
    [FAILED_SOURCE_DAYS],
  );
  for (const { id } of failed) await removeUploadSource(config, id);
  return cleaned;
}

/** What a video stored, as `lesson_videos` (with its captions) and `lesson_video_removals` give it. */
interface StoredVideoRow {
  id: string;
  storage_prefix: string;
  renditions: VideoRendition[];
  poster_candidates: number;
  thumbnails: boolean;
  caption_ids: string[];
}

function removeStoredFiles(config: Config, video: StoredVideoRow): Promise<void> {
  return removeVideoFiles(config, {
    id: video.id,
    storagePrefix: video.storage_prefix,
    renditions: video.renditions,
    extras: {
      posterCandidates: video.poster_candidates,
      thumbnails: video.thumbnails,
      captionIds: video.caption_ids,
    },
  });
}
