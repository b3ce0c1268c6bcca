import { Entity, Enum, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Lesson } from '../courses';
import { User } from '../users';

/** Where a hosted lesson video is in its life (issue 34). */
export enum LessonVideoStatus {
  /** The instructor's upload (tus) has not finished. */
  UPLOADING = 'UPLOADING',
  /** Uploaded; the `videos.process` job probes and transcodes it. */
  PROCESSING = 'PROCESSING',
  /** Renditions and poster are stored: it can be played. */
  READY = 'READY',
  /** Refused or failed (see failureReason); "Try again" runs the job once more. */
  FAILED = 'FAILED',
}

/** One HLS rendition of a ready video, as stored in `lesson_videos.renditions`. */
export interface VideoRendition {
  /** `360p`, `720p`, `1080p`: also its folder under the video's prefix. */
  name: string;
  width: number;
  height: number;
  /** Peak bits per second, for the master playlist's BANDWIDTH. */
  bandwidth: number;
  /** How many segments (`seg_000.ts` …) its playlist lists: their keys, for removal. */
  segments: number;
}

/**
 * A lesson's hosted video: the upload, its processing state and where its HLS renditions and poster
 * are stored (private storage, under `videos/<id>/`, so a retried job writes the same keys and never
 * a second set). At most one current video per lesson (`replaced_at is null`: a partial unique index);
 * a new upload replaces the current one, whose files the cleanup job removes.
 */
@Entity({ tableName: 'lesson_videos' })
export class LessonVideo {
  [OptionalProps]?:
    | 'status'
    | 'attempt'
    | 'freePreview'
    | 'createdAt'
    | 'updatedAt'
    | 'renditions'
    | 'sourceSize'
    | 'sourceName'
    | 'posterCandidates'
    | 'posterChoice'
    | 'thumbnails';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /**
   * The lesson it is the video of; null for a learner's private video (an assignment submission:
   * `course_id` and `owner_id` are set instead, by SQL — a check constraint allows one or the other).
   */
  @ManyToOne(() => Lesson, { deleteRule: 'cascade', nullable: true })
  lesson?: Lesson | null;

  @Enum({ items: () => LessonVideoStatus, columnType: 'text' })
  status: LessonVideoStatus = LessonVideoStatus.UPLOADING;

  @Property({ type: 'text', nullable: true })
  failureReason?: string | null;

  @Property({ type: 'double', nullable: true })
  durationSeconds?: number | null;

  @Property({ type: 'integer', nullable: true })
  width?: number | null;

  @Property({ type: 'integer', nullable: true })
  height?: number | null;

  /** The uploaded file's name as the browser gave it (shown to the instructor only). */
  @Property({ type: 'string', length: 255, default: '' })
  sourceName: string = '';

  @Property({ type: 'bigint', default: 0 })
  sourceSize: number = 0;

  /** Where the processed files live: `videos/<id>` in the private storage area. */
  @Property({ type: 'string', length: 200 })
  storagePrefix!: string;

  @Property({ type: 'json', default: '[]' })
  renditions: VideoRendition[] = [];

  @Property({ type: 'string', length: 300, nullable: true })
  posterKey?: string | null;

  /** How many candidate poster frames processing stored (`posters/candidate_<i>.jpg`). */
  @Property({ type: 'integer', default: 0 })
  posterCandidates: number = 0;

  /** The candidate the instructor chose as the poster; null: the default `poster.jpg`. */
  @Property({ type: 'integer', nullable: true })
  posterChoice?: number | null;

  /** Whether the scrubbing thumbnails (`thumbnails/sprite.jpg` and its WebVTT) are stored. */
  @Property({ type: 'boolean', default: false })
  thumbnails: boolean = false;

  /** A free preview: everyone may watch it, guests too. */
  @Property({ type: 'boolean', default: false })
  freePreview: boolean = false;

  /** Processing runs so far (the job's singleton key names the attempt). */
  @Property({ type: 'integer', default: 0 })
  attempt: number = 0;

  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' })
  createdBy?: User | null;

  @Property({ type: 'Date', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'Date', defaultRaw: 'now()' })
  updatedAt: Date = new Date();

  /** Set when another upload replaced it or the instructor removed it: no longer the lesson's. */
  @Property({ type: 'Date', nullable: true })
  replacedAt?: Date | null;
}
