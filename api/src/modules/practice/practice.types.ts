import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { UserError } from '../../graphql/errors';
import { Course } from '../courses';
import { StepMarker } from './step-marker.entity';

const USER_ERRORS = 'Expected failures (code, field, message); empty when the change was made.';

@ObjectType({
  description:
    'The viewer’s practice in a lesson’s video: where they are, how much they watched, and their ' +
    'mirror, speed, A–B loop and count-in settings (remembered per lesson, on every device).',
})
export class PracticeState {
  @Field(() => Float, { description: 'The position to resume at, in seconds (0: not started).' })
  positionSeconds!: number;

  @Field(() => Float, { description: 'The furthest position reached, in seconds.' })
  furthestSeconds!: number;

  @Field(() => Float, {
    description: 'Seconds of the video played at least once (the most reported in one visit).',
  })
  watchedSeconds!: number;

  @Field(() => Float, {
    description: 'The video’s length as the player reported it, in seconds (0: unknown).',
  })
  durationSeconds!: number;

  @Field({ description: 'At least 90% of the video was played: the lesson counts as watched.' })
  watched!: boolean;

  @Field(() => Float, {
    description:
      'Share of the video played at least once, 0–1, summed over every device and visit (the union of ' +
      'the watched ranges, in 1% buckets).',
  })
  watchedShare!: number;

  @Field({ description: 'The picture is mirrored (flipped left–right).' })
  mirror!: boolean;

  @Field(() => Float, { description: 'Playback speed, 0.25–2 (1: normal).' })
  speed!: number;

  @Field(() => Float, { nullable: true, description: 'The A–B loop’s start in seconds; null: no loop.' })
  loopA!: number | null;

  @Field(() => Float, { nullable: true, description: 'The A–B loop’s end in seconds; null: no loop.' })
  loopB!: number | null;

  @Field({ description: 'An 8-count count-in plays before each loop repeat.' })
  countIn!: boolean;

  @Field(() => Int, { description: 'The count-in’s tempo, 40–240 beats a minute.' })
  countInBpm!: number;

  @Field(() => Date, { nullable: true, description: 'When it was last saved; null: never (the defaults).' })
  updatedAt!: Date | null;
}

@InputType({ description: 'A stretch of the video played, in seconds.' })
export class WatchedRangeInput {
  @Field(() => Float, { description: 'Where it starts, 0–86400 seconds.' })
  start!: number;

  @Field(() => Float, { description: 'Where it ends, after its start and at most the video’s duration.' })
  end!: number;
}

@InputType({ description: 'What the practice player saves (every few seconds, on pause and on leaving).' })
export class PracticeStateInput {
  @Field(() => Float, { description: 'The current position in seconds, 0–86400.' })
  positionSeconds!: number;

  @Field(() => Float, {
    nullable: true,
    description: 'Seconds played at least once in this visit, 0–86400 (the largest report is kept).',
  })
  watchedSeconds?: number | null;

  @Field(() => Float, {
    nullable: true,
    description: 'The video’s length in seconds as the player knows it, 0–86400.',
  })
  durationSeconds?: number | null;

  @Field({ nullable: true, description: 'Mirror on or off; null keeps it.' })
  mirror?: boolean;

  @Field(() => Float, { nullable: true, description: 'Playback speed, 0.25–2; null keeps it.' })
  speed?: number | null;

  @Field(() => Float, {
    nullable: true,
    description: 'The loop’s start (seconds); null with loopB null: no loop.',
  })
  loopA?: number | null;

  @Field(() => Float, {
    nullable: true,
    description: 'The loop’s end (seconds, after loopA); null with loopA null: no loop.',
  })
  loopB?: number | null;

  @Field({ nullable: true, description: 'Count-in on or off; null keeps it.' })
  countIn?: boolean;

  @Field(() => Int, { nullable: true, description: 'Count-in tempo, 40–240 beats a minute; null keeps it.' })
  countInBpm?: number | null;

  @Field(() => [WatchedRangeInput], {
    nullable: true,
    description:
      'The stretches played in this visit (at most 100; durationSeconds needed): added to what was ' +
      'watched on every device, so watching is summed across devices.',
  })
  watchedRanges?: WatchedRangeInput[] | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'true once per visit when playing started: counts one play.',
  })
  played?: boolean | null;

  @Field(() => Boolean, {
    nullable: true,
    description:
      'true when the learner has just set the A–B loop sent (loopA, loopB): counted for the stats.',
  })
  loopSet?: boolean | null;

  @Field(() => Float, {
    nullable: true,
    description:
      'Where the learner left the video (the beacon on leaving), 0–duration: counted as a drop-off.',
  })
  leftAtSeconds?: number | null;

  @Field(() => ID, {
    nullable: true,
    description:
      'The hosted video the player plays (LessonVideo.id); null: the lesson’s file or HLS link. The ' +
      'stats count for this video — a save from a page opened before the video was replaced counts ' +
      'for the replaced one — and not at all once it was removed. Left out: the lesson’s current video.',
  })
  videoId?: string | null;
}

@InputType({ description: 'One step marker: its label and where it starts.' })
export class StepMarkerInput {
  @Field({ description: 'The step’s name, 1–80 characters after trimming ("Basic step").' })
  label!: string;

  @Field(() => Float, {
    description: 'Where it starts, in seconds (0–86400); two markers cannot share a time.',
  })
  atSeconds!: number;
}

@ObjectType({ description: 'The result of savePracticeState.' })
export class PracticeStatePayload {
  @Field(() => PracticeState, {
    nullable: true,
    description: 'The state as saved; null when userErrors is not empty.',
  })
  practice?: PracticeState | null;

  @Field(() => [UserError], { description: USER_ERRORS })
  userErrors!: UserError[];
}

@ObjectType({ description: 'The result of setLessonStepMarkers.' })
export class StepMarkersPayload {
  @Field(() => ID, { nullable: true, description: 'The lesson; null when userErrors is not empty.' })
  lessonId?: string | null;

  @Field(() => [StepMarker], { description: 'The lesson’s markers as saved, by time (empty on failure).' })
  stepMarkers!: StepMarker[];

  @Field(() => [UserError], { description: USER_ERRORS })
  userErrors!: UserError[];
}

@ObjectType({ description: 'The result of setCourseRequireWatching.' })
export class CourseRequireWatchingPayload {
  @Field(() => Course, { nullable: true, description: 'The course; null when userErrors is not empty.' })
  course?: Course | null;

  @Field(() => [UserError], { description: USER_ERRORS })
  userErrors!: UserError[];
}
