import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { User } from '../users';

/**
 * A client's review of an instructor after a completed booking: one per booking (written by the
 * bookings module's bookingReviewCreate). `bookingId` is a plain column so this module does not
 * depend on the Booking entity.
 */
@ObjectType({ description: 'A client’s star rating and comment after a completed session, one per booking.' })
@Entity({ tableName: 'instructor_reviews' })
@Index({ properties: ['instructor', 'createdAt', 'id'] })
export class InstructorReview {
  [OptionalProps]?: 'comment' | 'createdAt';

  @Field(() => ID, { description: 'The review’s id.' })
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** The completed booking reviewed (bookings.id). */
  @Unique()
  @Property({ type: 'uuid' })
  bookingId!: string;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  instructor!: User;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  client!: User;

  @Field(() => Int, { description: 'Stars, a whole number from 1 to 5.' })
  @Property({ type: 'smallint' })
  rating!: number;

  @Field({ description: 'Plain text up to 2000 characters; an empty string for a rating without text.' })
  @Property({ type: 'string', length: 2000, default: '' })
  comment: string = '';

  @Field({ description: 'When it was written (ISO-8601, UTC).' })
  @Property({ type: 'Date', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
