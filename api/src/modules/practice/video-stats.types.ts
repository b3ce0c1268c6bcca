import { Field, Float, ID, Int, ObjectType } from 'type-graphql';

@ObjectType({
  description: 'One 1% stretch of a lesson video’s timeline in its stats (bucket 0 is its first 1%).',
})
export class VideoStatsBucket {
  @Field(() => Int, { description: 'Which 1% of the timeline, 0–99.' })
  index!: number;

  @Field(() => Int, { description: 'Learners who played this stretch at least once (on any device).' })
  watchers!: number;

  @Field(() => Int, { description: 'A–B loops learners set that cover this stretch.' })
  loops!: number;

  @Field(() => Int, { description: 'Times learners left the video here (the last position before leaving).' })
  leaves!: number;
}

@ObjectType({
  description:
    'How learners watch one lesson’s video (for its course’s instructor and staff): views, plays, the ' +
    'average share watched, and per 1% of the timeline who watched, looped and left there.',
})
export class LessonVideoStats {
  @Field(() => ID, { description: 'The lesson.' })
  lessonId!: string;

  @Field({ description: 'The lesson’s title.' })
  lessonTitle!: string;

  @Field({ description: 'The title of the lesson’s module.' })
  moduleTitle!: string;

  @Field(() => Float, { description: 'The video’s length in seconds (0: not known yet).' })
  durationSeconds!: number;

  @Field(() => Int, { description: 'Distinct learners who played the video.' })
  viewers!: number;

  @Field(() => Int, { description: 'Plays started (one a visit of the lesson page that played it).' })
  plays!: number;

  @Field(() => Float, {
    description: 'The average share of the video its viewers watched, 0–1 (summed over their devices).',
  })
  averageWatchedShare!: number;

  @Field(() => Int, { description: 'Viewers who watched 90% or more (the lesson counts as watched).' })
  watchedCount!: number;

  @Field(() => [VideoStatsBucket], { description: 'The timeline in 100 buckets, first to last.' })
  buckets!: VideoStatsBucket[];
}
