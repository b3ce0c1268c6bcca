import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { DomainError } from '../../graphql/errors';
import { isUuid } from '../../lib/ids';
import type { Storage } from '../../storage/storage';
import { courseFactsSql, isCourseStaff, lessonPlacesSql } from '../courses';
import { Batcher } from '../../lib/batcher';
import type { HasRoles } from '../users';
import {
  captionMetaProblem,
  MAX_CAPTION_BYTES,
  MAX_CAPTIONS_PER_VIDEO,
  webVttProblem,
} from './caption-rules';
import { captionPath } from './video-files';

type Teacher = HasRoles & { id: string };

/** A caption track of a video as stored. */
export interface CaptionRow {
  id: string;
  video_id: string;
  srclang: string;
  label: string;
}

/**
 * WebVTT captions of hosted lesson videos: the instructor uploads one per language (a new file for a
 * language replaces the old), removes one; learners get them listed on the video (signed URLs).
 */
export class VideoCaptionsService {
  private readonly byVideo = new Batcher<CaptionRow[]>(async (videoIds) => {
    const rows = await this.em.execute<CaptionRow[]>(
      `select id, video_id, srclang, label from lesson_video_captions
        where video_id in (${videoIds.map(() => '?').join(', ')}) order by label, srclang`,
      videoIds,
    );
    const found = new Map<string, CaptionRow[]>(videoIds.map((id) => [id, []]));
    for (const row of rows) found.get(row.video_id)!.push(row);
    return found;
  });

  constructor(private readonly em: EntityManager) {}

  /** The video's caption tracks, by label. */
  forVideo(videoId: string): Promise<CaptionRow[]> {
    return this.byVideo.load(videoId);
  }

  /** The current video `videoId` if `viewer` teaches its course (NOT_FOUND / FORBIDDEN otherwise). */
  private async taughtVideo(viewer: Teacher, videoId: string, field: string): Promise<{ id: string }> {
    const rows = isUuid(videoId)
      ? await this.em.execute<{ id: string; instructor_id: string }[]>(
          `select v.id, c.instructor_id from lesson_videos v
             join (${lessonPlacesSql}) l on l.lesson_id = v.lesson_id
             join (${courseFactsSql}) c on c.id = l.course_id
            where v.id = ? and v.replaced_at is null`,
          [videoId],
        )
      : [];
    const row = rows[0];
    if (!row) throw new DomainError('NOT_FOUND', 'Video not found', field);
    if (!isCourseStaff(viewer) && row.instructor_id !== viewer.id) {
      throw new DomainError('FORBIDDEN', 'Only the course’s instructors and staff can do this', field);
    }
    return row;
  }

  /**
   * Checks and stores a caption file for `videoId` in `srclang` (replacing that language's file):
   * the file is stored first under a new id, then the row is swapped in one transaction, only while
   * the video is still the lesson's; the replaced file is removed after.
   */
  async add(
    viewer: Teacher,
    store: Storage,
    videoId: string,
    input: { srclang: string; label: string; bytes: Buffer | undefined },
  ): Promise<CaptionRow> {
    const video = await this.taughtVideo(viewer, videoId, 'videoId');
    const meta = captionMetaProblem(input);
    if (meta) throw new DomainError('INVALID_INPUT', meta.message, meta.field);
    if (!input.bytes?.length) throw new DomainError('INVALID_INPUT', 'Choose a WebVTT (.vtt) file.', 'file');
    if (input.bytes.length > MAX_CAPTION_BYTES) {
      throw new DomainError('INVALID_INPUT', 'The caption file must be 1 MB or smaller.', 'file');
    }
    const text = input.bytes.toString('utf8');
    const problem = text.includes('\uFFFD') ? 'The caption file must be UTF-8 text.' : webVttProblem(text);
    if (problem) throw new DomainError('INVALID_INPUT', problem, 'file');

    const id = randomUUID();
    const key = `videos/${video.id}/${captionPath(id)}`;
    await store.put(key, input.bytes, { contentType: 'text/vtt; charset=utf-8' });
    let replaced: { id: string }[] = [];
    try {
      replaced = await this.em.transactional(async (tem) => {
        const old = await tem.execute<{ id: string }[]>(
          `delete from lesson_video_captions where video_id = ? and srclang = ? returning id`,
          [video.id, input.srclang],
        );
        const inserted = await tem.execute<{ id: string }[]>(
          `insert into lesson_video_captions (id, video_id, srclang, label, size_bytes)
           select ?, v.id, ?, ?, ? from lesson_videos v
            where v.id = ? and v.replaced_at is null
              and (select count(*) from lesson_video_captions c where c.video_id = v.id) < ?
           returning id`,
          [id, input.srclang, input.label.trim(), input.bytes!.length, video.id, MAX_CAPTIONS_PER_VIDEO],
        );
        if (!inserted.length) {
          throw new DomainError(
            'INVALID_INPUT',
            `A video has at most ${MAX_CAPTIONS_PER_VIDEO} caption languages, or it was removed meanwhile.`,
            'videoId',
          );
        }
        return old;
      });
    } catch (error) {
      await store.remove(key);
      throw error;
    }
    for (const old of replaced) await store.remove(`videos/${video.id}/${captionPath(old.id)}`);
    return { id, video_id: video.id, srclang: input.srclang, label: input.label.trim() };
  }

  /** Removes a caption track (its row, then its file). */
  async remove(viewer: Teacher, store: Storage, captionId: string): Promise<string> {
    const rows = isUuid(captionId)
      ? await this.em.execute<{ video_id: string }[]>(
          `select video_id from lesson_video_captions where id = ?`,
          [captionId],
        )
      : [];
    if (!rows[0]) throw new DomainError('NOT_FOUND', 'Captions not found', 'captionId');
    const video = await this.taughtVideo(viewer, rows[0].video_id, 'captionId');
    const deleted = await this.em.execute<{ id: string }[]>(
      `delete from lesson_video_captions where id = ? and video_id = ? returning id`,
      [captionId, video.id],
    );
    if (!deleted.length) throw new DomainError('NOT_FOUND', 'Captions not found', 'captionId');
    await store.remove(`videos/${video.id}/${captionPath(captionId)}`);
    return captionId;
  }
}
