import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, ObjectType } from 'type-graphql';
import { Course } from '../courses';
import { User } from '../users';

export type EnrollmentSource = 'purchase' | 'membership' | 'free' | 'granted';

/** A learner's place in a course; one per user and course. */
@ObjectType({
  description: 'A learner’s place in a course: one per learner and course, kept with its progress.',
})
@Entity({ tableName: 'enrollments' })
@Unique({ properties: ['user', 'course'] })
export class Enrollment {
  [OptionalProps]?: 'createdAt' | 'completedAt' | 'accessRevokedAt';

  @Field(() => ID, { description: 'The enrollment id (a UUID).' })
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Field(() => User, { description: 'The learner.' })
  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @Field(() => Course, { description: 'The course.' })
  @Index()
  @ManyToOne(() => Course, { deleteRule: 'cascade' })
  course!: Course;

  @Field(() => String, {
    description:
      'How the learner got in: purchase (a paid order), free (courseEnroll in a free course), granted ' +
      '(enrollmentGrant, or a member entering a member-only course); membership is reserved and not given yet.',
  })
  @Property({ type: 'string', length: 20 })
  source!: EnrollmentSource;

  @Field({ description: 'When the learner first enrolled (ISO-8601 instant, UTC).' })
  @Property({ type: 'Date', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Field(() => Date, {
    nullable: true,
    description:
      'When the learner first completed the course (every lesson complete, every quiz passed; ISO-8601 ' +
      'instant, UTC); it stays set afterwards. null: not completed yet.',
  })
  @Property({ type: 'Date', nullable: true })
  completedAt?: Date | null;

  /**
   * Set when the purchase that gave this enrollment is refunded: progress is kept but the course is
   * no longer open to the learner (access checks read only enrollments where this is null).
   */
  @Property({ type: 'Date', nullable: true })
  accessRevokedAt?: Date | null;
}
