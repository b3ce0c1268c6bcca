import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { DomainError, forbidden } from '../../graphql/errors';
import { payload } from '../../graphql/payload';
import { Course } from '../courses';
import { LessonContent } from '../learning';
import {
  CourseRequireWatchingPayload,
  PracticeState,
  PracticeStateInput,
  PracticeStatePayload,
  StepMarkerInput,
  StepMarkersPayload,
} from './practice.types';
import { StepMarker } from './step-marker.entity';
import { LessonVideoStats } from './video-stats.types';

/** A payload without its userErrors (what the work of `payload()` returns). */
type Fields<T> = Omit<T, 'userErrors'>;

/** The practice player's mutations and the instructor's video stats. */
@Resolver()
export class PracticeResolver {
  @Query(() => [LessonVideoStats], {
    nullable: true,
    description:
      'How learners watch each lesson video of a course (hosted, or a file or HLS link; by module and ' +
      'lesson order): views, plays, average watched, and per 1% of the timeline who watched, looped ' +
      '(A–B loops set) and left there. The course’s instructor or staff; anyone else gets FORBIDDEN; ' +
      'null for an unknown course.',
  })
  async courseVideoStats(
    @Arg('courseId', () => ID, { description: 'The course.' }) courseId: string,
    @Ctx() ctx: Context,
  ): Promise<LessonVideoStats[] | null> {
    try {
      return await ctx.services.practice.videoStats(ctx.user!, courseId);
    } catch (err) {
      if (err instanceof DomainError && err.code === 'NOT_FOUND') return null;
      if (err instanceof DomainError && err.code === 'FORBIDDEN') throw forbidden();
      throw err;
    }
  }

  @Mutation(() => PracticeStatePayload, {
    description:
      'Saves the viewer’s position and practice settings in a lesson’s video (the player calls it every ' +
      'few seconds, on pause and on leaving; POST /api/lessons/:id/practice is the same for ' +
      'navigator.sendBeacon). The lesson counts as watched once 90% of its video was played. ' +
      'Watched ranges are added to what the learner watched on every device (summed watching); ' +
      '`played`, `loopSet` and `leftAtSeconds` feed the instructor’s video stats. ' +
      'userErrors: NOT_FOUND (unknown lesson), FORBIDDEN (the viewer is not an enrolled learner of its ' +
      'course), INVALID_INPUT (negative or over-long seconds, speed outside 0.25–2, tempo outside ' +
      '40–240, a loop without both ends or ending before it starts, more than 100 watched ranges, a ' +
      'range or leave position past the video’s end or without its duration, a videoId that is not ' +
      'one of the lesson’s videos).',
  })
  savePracticeState(
    @Arg('lessonId', () => ID, { description: 'The lesson (LessonContent.id).' }) lessonId: string,
    @Arg('input', { description: 'Position and settings.' }) input: PracticeStateInput,
    @Ctx() ctx: Context,
  ): Promise<PracticeStatePayload> {
    return payload<Fields<PracticeStatePayload>>(
      async () => ({ practice: await ctx.services.practice.save(ctx.user!, lessonId, input) }),
      { practice: null },
    );
  }

  @Mutation(() => StepMarkersPayload, {
    description:
      'Replaces a lesson’s step markers (its course’s instructor or staff): at most 50, each with a ' +
      'label and a start time; saved sorted by time, all or nothing. An empty list removes them. ' +
      'userErrors: NOT_FOUND (unknown lesson), FORBIDDEN (not the course’s instructor or staff), ' +
      'INVALID_INPUT (an empty or over-long label, a negative time, two markers at one time, too many).',
  })
  setLessonStepMarkers(
    @Arg('lessonId', () => ID, { description: 'The lesson.' }) lessonId: string,
    @Arg('markers', () => [StepMarkerInput], { description: 'Every marker of the lesson, in any order.' })
    markers: StepMarkerInput[],
    @Ctx() ctx: Context,
  ): Promise<StepMarkersPayload> {
    return payload<Fields<StepMarkersPayload>>(
      async () => ({
        lessonId,
        stepMarkers: await ctx.services.practice.setMarkers(ctx.user!, lessonId, markers),
      }),
      { lessonId: null, stepMarkers: [] },
    );
  }

  @Mutation(() => CourseRequireWatchingPayload, {
    description:
      'Whether learners must watch (90%) a lesson’s video before they can complete the lesson; only ' +
      'lessons whose video the practice player plays (a file or HLS) are held back. The course’s ' +
      'instructor or staff. userErrors: NOT_FOUND (unknown course), FORBIDDEN (not your course).',
  })
  async setCourseRequireWatching(
    @Arg('courseId', () => ID, { description: 'The course.' }) courseId: string,
    @Arg('requireWatching', { description: 'true: watching is required.' }) requireWatching: boolean,
    @Ctx() ctx: Context,
  ): Promise<CourseRequireWatchingPayload> {
    return payload<Fields<CourseRequireWatchingPayload>>(
      async () => {
        await ctx.services.practice.setRequireWatching(ctx.user!, courseId, requireWatching);
        return { course: await ctx.em.findOneOrFail(Course, { id: courseId }) };
      },
      { course: null },
    );
  }
}

/** The lesson page's practice fields. */
@Resolver(() => LessonContent)
export class LessonPracticeFieldsResolver {
  @FieldResolver(() => [StepMarker], {
    description: 'The steps marked in its video by the instructor ("Basic step" at 0:42), by time.',
  })
  stepMarkers(@Root() lesson: LessonContent, @Ctx() ctx: Context): Promise<StepMarker[]> {
    return ctx.services.practice.markers(lesson.id);
  }

  @FieldResolver(() => PracticeState, {
    nullable: true,
    description:
      'The viewer’s saved position and practice settings in its video (defaults when nothing is saved ' +
      'yet); null for anyone who is not an enrolled learner of the course (guests, its instructor, staff).',
  })
  myPractice(@Root() lesson: LessonContent, @Ctx() ctx: Context): Promise<PracticeState | null> {
    return ctx.services.practice.mine(ctx.user ?? null, lesson.id);
  }
}

/** The course's practice setting. */
@Resolver(() => Course)
export class CoursePracticeFieldsResolver {
  @FieldResolver(() => Boolean, {
    description:
      'Learners must watch 90% of a lesson’s video (a file or HLS) before they can complete the lesson.',
  })
  requireWatching(@Root() course: Course, @Ctx() ctx: Context): Promise<boolean> {
    return ctx.services.practice.requiresWatching(course.id);
  }
}
