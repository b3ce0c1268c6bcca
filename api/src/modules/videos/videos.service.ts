import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../graphql/errors';
import { isUuid } from '../../lib/ids';
import { Batcher } from '../../lib/batcher';
import { courseFactsSql, isCourseStaff, lessonPlacesSql } from '../courses';
import type { HasRoles } from '../users';
import { LessonVideoStatus, type VideoRendition } from './lesson-video.entity';
import { mayWatchVideo } from './video-access';
import { VideoCaptionsService } from './video-captions.service';
import {
  captionPath,
  MASTER_PATH,
  posterCandidatePath,
  posterPathOf,
  THUMBNAILS_VTT_PATH,
} from './video-files';
import { markRetry } from './video-lifecycle';
import { grantQuery, signPlayback } from './video-signing';
import type { LessonVideoView } from './videos.types';

type Teacher = HasRoles & { id: string };
type Viewer = Teacher | null;

/** A lesson's current video with what its access rule needs. */
export interface VideoRow {
  id: string;
  lesson_id: string;
  status: LessonVideoStatus;
  failure_reason: string | null;
  duration_seconds: number | null;
  width: number | null;
  height: number | null;
  free_preview: boolean;
  renditions: VideoRendition[];
  poster_key: string | null;
  poster_candidates: number;
  poster_choice: number | null;
  thumbnails: boolean;
  course_id: string;
  instructor_id: string;
  /** The learner whose private video it is (an assignment submission); null for a lesson's. */
  owner_id: string | null;
}

const SELECT_VIDEO = `
  select v.id, v.lesson_id, v.status, v.failure_reason, v.duration_seconds, v.width, v.height, v.free_preview,
         v.renditions, v.poster_key, v.poster_candidates, v.poster_choice, v.thumbnails, c.id as course_id, c.instructor_id, v.owner_id
    from lesson_videos v
    left join (${lessonPlacesSql}) l on l.lesson_id = v.lesson_id
    join (${courseFactsSql}) c on c.id = coalesce(l.course_id, v.course_id)`;

/** Hosted lesson videos in the graph: the lesson's current video, its signed URLs, retry and removal. */
export class VideosService {
  private readonly byLesson = new Batcher<VideoRow | null>(async (lessonIds) => {
    const rows = await this.em.execute<VideoRow[]>(
      `${SELECT_VIDEO} where v.lesson_id in (${lessonIds.map(() => '?').join(', ')}) and v.replaced_at is null`,
      lessonIds,
    );
    const found = new Map<string, VideoRow | null>(lessonIds.map((id) => [id, null]));
    for (const row of rows) found.set(row.lesson_id, row);
    return found;
  });

  private readonly byId = new Batcher<VideoRow | null>(async (videoIds) => {
    const ids = videoIds.filter(isUuid);
    const found = new Map<string, VideoRow | null>(videoIds.map((id) => [id, null]));
    if (!ids.length) return found;
    const rows = await this.em.execute<VideoRow[]>(
      `${SELECT_VIDEO} where v.id in (${ids.map(() => '?').join(', ')})`,
      ids,
    );
    for (const row of rows) found.set(row.id, row);
    return found;
  });

  private readonly captions: VideoCaptionsService;

  constructor(private readonly em: EntityManager) {
    this.captions = new VideoCaptionsService(em);
  }

  /**
   * A learner's private video (an assignment submission) as `viewer` sees it: its owner, the
   * course's instructor and staff see it in every state (the failure reason too) with signed URLs
   * once READY; null for everyone else.
   */
  async forPrivateVideo(viewer: Viewer, videoId: string, secret: string): Promise<LessonVideoView | null> {
    const row = await this.byId.load(videoId);
    if (!row || !row.owner_id) return null;
    if (!this.teaches(viewer, row) && row.owner_id !== viewer?.id) return null;
    return this.view(viewer, row, secret);
  }

  private teaches(viewer: Viewer, row: VideoRow): boolean {
    return !!viewer && (isCourseStaff(viewer) || row.instructor_id === viewer.id);
  }

  /**
   * The lesson's current hosted video as `viewer` sees it: the course's instructor and staff see it
   * in every state; others only once READY, with URLs only when they may watch it.
   */
  async forLesson(viewer: Viewer, lessonId: string, secret: string): Promise<LessonVideoView | null> {
    const row = await this.byLesson.load(lessonId);
    if (!row) return null;
    return this.view(viewer, row, secret);
  }

  /** A video by id for the course's instructor and staff (the editor polls it); null for others. */
  async forEditor(viewer: Viewer, videoId: string, secret: string): Promise<LessonVideoView | null> {
    const row = await this.findRow(videoId);
    if (!row || !this.teaches(viewer, row)) return null;
    return this.view(viewer, row, secret);
  }

  private async findRow(videoId: string): Promise<VideoRow | null> {
    if (!isUuid(videoId)) return null;
    const rows = await this.em.execute<VideoRow[]>(`${SELECT_VIDEO} where v.id = ?`, [videoId]);
    return rows[0] ?? null;
  }

  private async view(viewer: Viewer, row: VideoRow, secret: string): Promise<LessonVideoView | null> {
    const teaches = this.teaches(viewer, row) || (!!row.owner_id && row.owner_id === viewer?.id);
    const ready = row.status === LessonVideoStatus.READY;
    if (!ready && !teaches) return null;
    const watch = ready && (teaches || (await mayWatchVideo(this.em, row.id, viewer?.id ?? 'guest')));
    const query = watch ? grantQuery(signPlayback(secret, row.id, viewer?.id ?? null)) : null;
    const url = (file: string) => (query ? `/api/videos/${row.id}/${file}?${query}` : null);
    const captions = await this.captions.forVideo(row.id);
    const candidates = ready && teaches ? row.poster_candidates : 0;
    return {
      id: row.id,
      status: row.status,
      failureReason: teaches ? row.failure_reason : null,
      durationSeconds: row.duration_seconds === null ? null : Number(row.duration_seconds),
      width: row.width,
      height: row.height,
      freePreview: row.free_preview,
      // No poster when its frame could not be made (processing went on without it) and none is chosen.
      posterUrl: row.poster_key || row.poster_choice != null ? url(posterPathOf(row.poster_choice)) : null,
      playlistUrl: url(MASTER_PATH),
      posterChoice: row.poster_choice,
      posterCandidateUrls: Array.from({ length: candidates }, (_, i) => url(posterCandidatePath(i))!),
      thumbnailsUrl: row.thumbnails ? url(THUMBNAILS_VTT_PATH) : null,
      captions: captions.map((c) => ({
        id: c.id,
        srclang: c.srclang,
        label: c.label,
        url: url(captionPath(c.id)),
      })),
    };
  }

  /** "Try again" on a FAILED video: processing runs once more (a new attempt, its own job). */
  async retry(viewer: HasRoles & { id: string }, videoId: string, secret: string): Promise<LessonVideoView> {
    const row = await this.findRow(videoId);
    if (!row) throw new DomainError('NOT_FOUND', 'Video not found', 'videoId');
    if (!this.teaches(viewer, row)) {
      throw new DomainError('FORBIDDEN', 'Only the course’s instructors and staff can do this', 'videoId');
    }
    if (!(await markRetry(this.em, row.id))) {
      throw new DomainError(
        'INVALID_INPUT',
        'Only a failed video of the lesson can be tried again',
        'videoId',
      );
    }
    return (await this.view(viewer, (await this.findRow(videoId))!, secret))!;
  }

  /** Makes a video a free preview (everyone may watch it, guests too) or enrolled-only again. */
  async setFreePreview(
    viewer: HasRoles & { id: string },
    videoId: string,
    freePreview: boolean,
    secret: string,
  ): Promise<LessonVideoView> {
    const row = await this.findRow(videoId);
    if (!row) throw new DomainError('NOT_FOUND', 'Video not found', 'videoId');
    if (!this.teaches(viewer, row)) {
      throw new DomainError('FORBIDDEN', 'Only the course’s instructors and staff can do this', 'videoId');
    }
    await this.em.execute(`update lesson_videos set free_preview = ?, updated_at = now() where id = ?`, [
      freePreview,
      row.id,
    ]);
    return (await this.view(viewer, (await this.findRow(videoId))!, secret))!;
  }

  /**
   * Sets the poster to candidate `candidate` (null: the default frame): one conditional update, only
   * on the lesson's current READY video and within its candidates (a constraint guards it too).
   */
  async choosePoster(viewer: Teacher, videoId: string, candidate: number | null, secret: string) {
    const row = await this.findRow(videoId);
    if (!row) throw new DomainError('NOT_FOUND', 'Video not found', 'videoId');
    if (!this.teaches(viewer, row)) {
      throw new DomainError('FORBIDDEN', 'Only the course’s instructors and staff can do this', 'videoId');
    }
    if (candidate !== null && (!Number.isInteger(candidate) || candidate < 0)) {
      throw new DomainError('INVALID_INPUT', 'Choose one of the candidate frames', 'candidate');
    }
    const updated = await this.em.execute<{ id: string }[]>(
      `update lesson_videos set poster_choice = ?::int, updated_at = now()
        where id = ? and status = 'READY' and replaced_at is null
          and (?::int is null or ?::int < poster_candidates)
        returning id`,
      [candidate, row.id, candidate, candidate],
    );
    if (!updated.length) {
      throw new DomainError(
        'INVALID_INPUT',
        'Choose one of the candidate frames of the lesson’s ready video',
        'candidate',
      );
    }
    return (await this.view(viewer, (await this.findRow(videoId))!, secret))!;
  }

  /** Takes the lesson's hosted video off it (its files are removed by the cleanup job). */
  async remove(viewer: HasRoles & { id: string }, lessonId: string): Promise<string> {
    if (!isUuid(lessonId)) throw new DomainError('NOT_FOUND', 'Lesson not found', 'lessonId');
    const current = await this.em.execute<VideoRow[]>(
      `${SELECT_VIDEO} where v.lesson_id = ? and v.replaced_at is null`,
      [lessonId],
    );
    const row = current[0];
    if (!row) throw new DomainError('NOT_FOUND', 'This lesson has no uploaded video', 'lessonId');
    if (!this.teaches(viewer, row)) {
      throw new DomainError('FORBIDDEN', 'Only the course’s instructors and staff can do this', 'lessonId');
    }
    const removed = await this.em.execute<{ id: string }[]>(
      `update lesson_videos set replaced_at = now(), updated_at = now()
        where id = ? and replaced_at is null returning id`,
      [row.id],
    );
    if (!removed.length) throw new DomainError('NOT_FOUND', 'This lesson has no uploaded video', 'lessonId');
    return row.id;
  }
}
