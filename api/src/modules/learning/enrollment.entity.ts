import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, ObjectType } from 'type-graphql';
import { Course } from '../courses/course.entity';
import { User } from '../users/user.entity';

export type EnrollmentSource = 'purchase' | 'membership' | 'free' | 'granted';

/** A learner's place in a course; one per user and course. */
@ObjectType()
@Entity({ tableName: 'enrollments' })
@Unique({ properties: ['user', 'course'] })
export class Enrollment {
  [OptionalProps]?: 'createdAt' | 'completedAt' | 'accessRevokedAt';

  @Field(() => ID)
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Field(() => User)
  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @Field(() => Course)
  @Index()
  @ManyToOne(() => Course, { deleteRule: 'cascade' })
  course!: Course;

  @Field(() => String, { description: 'purchase, membership, free or granted' })
  @Property({ type: 'string', length: 20 })
  source!: EnrollmentSource;

  @Field()
  @Property({ type: 'Date', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Field(() => Date, { nullable: true })
  @Property({ type: 'Date', nullable: true })
  completedAt?: Date | null;

  /**
   * Set when the purchase that gave this enrollment is refunded: progress is kept but the course is
   * no longer open to the learner (access checks read only enrollments where this is null).
   */
  @Property({ type: 'Date', nullable: true })
  accessRevokedAt?: Date | null;
}
