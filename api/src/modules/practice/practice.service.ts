import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { DomainError } from '../../graphql/errors';
import { isUuid } from '../../lib/ids';
import { canEditCourse, courseFacts, lessonPlacesSql } from '../courses';
import { Lesson } from '../courses';
import { openEnrollmentsSql } from '../learning';
import type { User } from '../users';
import { CoursePracticeSetting } from './course-practice-setting.entity';
import type { PracticeState, PracticeStateInput, StepMarkerInput } from './practice.types';
import { PracticeStateRow } from './practice-state.entity';
import * as v from './practice-validation';
import { courseVideoStats, savedVideoKey } from './video-stats';
import type { LessonVideoStats } from './video-stats.types';
import { StepMarker } from './step-marker.entity';

const DEFAULTS = { mirror: false, speed: 1, loopA: null, loopB: null, countIn: false, countInBpm: 120 };

/** A Postgres array literal of numbers (knex would spread a JS array into a list of parameters). */
const pgArray = (xs: readonly number[]) => `{${xs.join(',')}}`;

/** The share of a watched bitmap's buckets that are set. */
function shareOf(bits: string | null | undefined): number {
  if (!bits) return 0;
  let set = 0;
  for (const c of bits) if (c === '1') set++;
  return set / v.BUCKETS;
}

function stateOf(row: PracticeStateRow | null): PracticeState {
  if (!row) {
    return {
      ...DEFAULTS,
      positionSeconds: 0,
      furthestSeconds: 0,
      watchedSeconds: 0,
      durationSeconds: 0,
      watched: false,
      watchedShare: 0,
      updatedAt: null,
    };
  }
  return {
    positionSeconds: row.positionSeconds,
    furthestSeconds: row.furthestSeconds,
    watchedSeconds: row.watchedSeconds,
    durationSeconds: row.durationSeconds,
    watched: row.watchedAt != null,
    watchedShare: shareOf(row.watchedBits),
    mirror: row.mirror,
    speed: row.speed,
    loopA: row.loopA ?? null,
    loopB: row.loopB ?? null,
    countIn: row.countIn,
    countInBpm: row.countInBpm,
    updatedAt: row.updatedAt,
  };
}

/**
 * The practice player's data: step markers (set by the course's instructor or staff) and each
 * learner's practice state per lesson (saved only for learners whose enrolment opens the course).
 */
export class PracticeService {
  constructor(private readonly em: EntityManager) {}

  private async lessonOrFail(lessonId: string): Promise<Lesson> {
    const lesson = isUuid(lessonId)
      ? await this.em.findOne(Lesson, { id: lessonId }, { populate: ['module.course'] })
      : null;
    if (!lesson) throw new DomainError('NOT_FOUND', 'Lesson not found', 'lessonId');
    return lesson;
  }

  /** Whether the user's enrolment opens the lesson's course now (refunds and lapsed memberships do not). */
  private async isLearner(userId: string, lessonId: string): Promise<boolean> {
    const rows = await this.em.execute<{ ok: number }[]>(
      `select 1 as ok from (${openEnrollmentsSql}) e
         join (${lessonPlacesSql}) l on l.course_id = e.course_id
        where l.lesson_id = ? and e.user_id = ?`,
      [lessonId, userId],
    );
    return rows.length > 0;
  }

  /** A lesson's markers by time. */
  markers(lessonId: string): Promise<StepMarker[]> {
    return this.em.find(StepMarker, { lesson: lessonId }, { orderBy: { position: 'asc' } });
  }

  /** Replaces a lesson's markers (its course's instructor or staff); all or nothing. */
  async setMarkers(user: User, lessonId: string, input: readonly StepMarkerInput[]): Promise<StepMarker[]> {
    const lesson = await this.lessonOrFail(lessonId);
    if (!canEditCourse(user, lesson.module.course)) {
      throw new DomainError(
        'FORBIDDEN',
        'Only the course’s instructor or staff can set its step markers',
        'lessonId',
      );
    }
    const clean = v.markers(input);
    await this.em.transactional(async (tem) => {
      await tem.execute('delete from lesson_step_markers where lesson_id = ?', [lesson.id]);
      for (const [position, m] of clean.entries()) {
        await tem.execute(
          'insert into lesson_step_markers (id, lesson_id, label, at_seconds, position) values (?, ?, ?, ?, ?)',
          [randomUUID(), lesson.id, m.label, m.atSeconds, position],
        );
      }
    });
    return this.em.fork().find(StepMarker, { lesson: lesson.id }, { orderBy: { position: 'asc' } });
  }

  /** The viewer's practice in a lesson: null unless they are an enrolled learner of its course. */
  async mine(user: User | null, lessonId: string): Promise<PracticeState | null> {
    if (!user || !(await this.isLearner(user.id, lessonId))) return null;
    const row = await this.em.findOne(
      PracticeStateRow,
      { user: user.id, lesson: lessonId },
      { refresh: true },
    );
    return stateOf(row);
  }

  /**
   * Saves the learner's position and settings (one upsert). Furthest and watched seconds only
   * grow; the watched ranges are OR-ed into the learner's bitmap, so devices add up; `watched_at`
   * is set once, when 90% of the duration was watched (the largest one-visit report or the
   * bitmap's union). The stats' loops and leaves are added to `lesson_video_buckets` by one more
   * upsert in the same transaction.
   */
  async save(user: User, lessonId: string, input: PracticeStateInput): Promise<PracticeState> {
    const lesson = await this.lessonOrFail(lessonId);
    if (!(await this.isLearner(user.id, lesson.id))) {
      throw new DomainError('FORBIDDEN', 'Enroll in this course to save your practice', 'lessonId');
    }
    const position = v.seconds(input.positionSeconds, 'positionSeconds', 'Position');
    const duration =
      input.durationSeconds == null ? 0 : v.seconds(input.durationSeconds, 'durationSeconds', 'Duration');
    const watchedRaw =
      input.watchedSeconds == null ? 0 : v.seconds(input.watchedSeconds, 'watchedSeconds', 'Watched time');
    const watched = duration > 0 ? Math.min(watchedRaw, duration) : watchedRaw;
    const speed = input.speed == null ? null : v.speed(input.speed);
    const bpm = input.countInBpm == null ? null : v.bpm(input.countInBpm);
    const loopGiven = input.loopA !== undefined || input.loopB !== undefined;
    const [loopA, loopB] = v.loop(input.loopA, input.loopB);
    const ranges = input.watchedRanges == null ? [] : v.watchedRanges(input.watchedRanges, duration);
    const bits = v.rangesToBits(ranges, duration);
    const left = input.leftAtSeconds == null ? null : v.leftAt(input.leftAtSeconds, duration);
    if (input.loopSet && loopA == null) {
      throw new DomainError('INVALID_INPUT', 'A loop set needs its start (A) and end (B)', 'loopA');
    }
    if (input.loopSet && !(duration > 0)) {
      throw new DomainError(
        'INVALID_INPUT',
        'A loop set needs the video’s duration (durationSeconds)',
        'durationSeconds',
      );
    }
    if (input.loopSet && loopB != null && loopB > duration + 1) {
      throw new DomainError(
        'INVALID_INPUT',
        `The loop ends past the video’s end (${duration} seconds)`,
        'loopB',
      );
    }
    // The stats' marks: +1 loop in each bucket the loop spans, +1 leave where the learner left.
    const marks = new Map<number, { loops: number; leaves: number }>();
    const mark = (bucket: number) =>
      marks.get(bucket) ?? marks.set(bucket, { loops: 0, leaves: 0 }).get(bucket)!;
    if (input.loopSet && loopA != null && loopB != null) {
      for (const b of v.loopBuckets(loopA, Math.min(loopB, duration), duration)) mark(b).loops++;
    }
    if (left != null) mark(v.bucketOf(left, duration)).leaves++;
    const share = v.WATCHED_SHARE;
    const enough = Math.round(share * v.BUCKETS);
    const dur = `(case when excluded.duration_seconds > 0 then excluded.duration_seconds else s.duration_seconds end)`;

    // The stats count per video: the one the player played (the save's videoId), null: not counted.
    const videoKey = await savedVideoKey(this.em, lesson.id, input.videoId);

    await this.em.transactional(async (tem) => {
      await tem.execute(
        `insert into lesson_practice_states as s
           (id, user_id, lesson_id, position_seconds, furthest_seconds, watched_seconds, duration_seconds,
            watched_at, watched_bits, plays, mirror, speed, loop_a, loop_b, count_in, count_in_bpm, updated_at)
         values (?, ?, ?, ?, ?, ?, ?,
                 case when ?::float8 > 0 and (?::float8 >= ?::float8 * ${share} or bit_count(?::bit(${v.BUCKETS})) >= ${enough})
                      then clock_timestamp() end,
                 ?::bit(${v.BUCKETS}), ?::int,
                 coalesce(?::boolean, false), coalesce(?::float8, 1), ?, ?, coalesce(?::boolean, false), coalesce(?::int, 120), clock_timestamp())
         on conflict (user_id, lesson_id) do update set
           position_seconds = excluded.position_seconds,
           furthest_seconds = greatest(s.furthest_seconds, excluded.furthest_seconds),
           watched_seconds = greatest(s.watched_seconds, excluded.watched_seconds),
           duration_seconds = ${dur},
           watched_bits = s.watched_bits | excluded.watched_bits,
           plays = s.plays + excluded.plays,
           watched_at = coalesce(s.watched_at, case
             when ${dur} > 0
              and (greatest(s.watched_seconds, excluded.watched_seconds) >= ${share} * ${dur}
                   or bit_count(s.watched_bits | excluded.watched_bits) >= ${enough})
             then clock_timestamp() end),
           mirror = coalesce(?::boolean, s.mirror),
           speed = coalesce(?::float8, s.speed),
           loop_a = case when ?::boolean then excluded.loop_a else s.loop_a end,
           loop_b = case when ?::boolean then excluded.loop_b else s.loop_b end,
           count_in = coalesce(?::boolean, s.count_in),
           count_in_bpm = coalesce(?::int, s.count_in_bpm),
           updated_at = clock_timestamp()`,
        [
          randomUUID(),
          user.id,
          lesson.id,
          position,
          position,
          watched,
          duration,
          duration,
          watched,
          duration,
          bits,
          bits,
          input.played ? 1 : 0,
          input.mirror ?? null,
          speed,
          loopA,
          loopB,
          input.countIn ?? null,
          bpm,
          input.mirror ?? null,
          speed,
          loopGiven,
          loopGiven,
          input.countIn ?? null,
          bpm,
        ],
      );
      if (videoKey !== null && (input.played || bits.includes('1') || watched > 0)) {
        // This learner's watching of this video (the stats' views, plays, watched share).
        await tem.execute(
          `insert into lesson_video_watches as w
             (user_id, lesson_id, video_key, plays, watched_bits, watched_seconds, duration_seconds, updated_at)
           values (?, ?, ?, ?, ?::bit(${v.BUCKETS}), ?, ?, clock_timestamp())
           on conflict (lesson_id, video_key, user_id) do update set
             plays = w.plays + excluded.plays,
             watched_bits = w.watched_bits | excluded.watched_bits,
             watched_seconds = greatest(w.watched_seconds, excluded.watched_seconds),
             duration_seconds = case when excluded.duration_seconds > 0 then excluded.duration_seconds
                                     else w.duration_seconds end,
             updated_at = clock_timestamp()`,
          [user.id, lesson.id, videoKey, input.played ? 1 : 0, bits, watched, duration],
        );
      }
      if (videoKey !== null && marks.size) {
        const buckets = [...marks.keys()];
        await tem.execute(
          `insert into lesson_video_buckets as b (lesson_id, video_key, bucket, loops, leaves)
           select ?, ?, m.bucket, m.loops, m.leaves
             from unnest(?::smallint[], ?::int[], ?::int[]) as m(bucket, loops, leaves)
           on conflict (lesson_id, video_key, bucket) do update set
             loops = b.loops + excluded.loops,
             leaves = b.leaves + excluded.leaves`,
          [
            lesson.id,
            videoKey,
            pgArray(buckets),
            pgArray(buckets.map((b) => marks.get(b)!.loops)),
            pgArray(buckets.map((b) => marks.get(b)!.leaves)),
          ],
        );
      }
    });
    const row = await this.em.findOne(
      PracticeStateRow,
      { user: user.id, lesson: lesson.id },
      { refresh: true },
    );
    return stateOf(row);
  }

  /** How learners watch each lesson video of a course (its instructor or staff). */
  videoStats(user: User, courseId: string): Promise<LessonVideoStats[]> {
    return courseVideoStats(this.em, user, courseId);
  }

  /** Whether the course requires watching (false when never set). */
  async requiresWatching(courseId: string): Promise<boolean> {
    const setting = await this.em.findOne(CoursePracticeSetting, { course: courseId });
    return setting?.requireWatching ?? false;
  }

  /** Sets whether lessons with a tracked video must be watched (90%) before they can be completed. */
  async setRequireWatching(user: User, courseId: string, requireWatching: boolean): Promise<void> {
    const facts = isUuid(courseId) ? await courseFacts(this.em, courseId) : null;
    if (!facts) throw new DomainError('NOT_FOUND', 'Course not found', 'courseId');
    const course = { instructor: { id: facts.instructorId } } as Parameters<typeof canEditCourse>[1];
    if (!canEditCourse(user, course)) {
      throw new DomainError('FORBIDDEN', 'You can only change your own courses', 'courseId');
    }
    await this.em.execute(
      `insert into course_practice_settings (course_id, require_watching) values (?, ?)
       on conflict (course_id) do update set require_watching = excluded.require_watching`,
      [courseId, requireWatching],
    );
  }
}
