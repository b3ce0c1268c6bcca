import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { UserError } from '../../graphql/errors';
import { Resource } from './resource.entity';
import { Review } from './review.entity';

@InputType({ description: 'My review of a resource I bought: created, or edited if I reviewed it before.' })
export class ReviewUpsertInput {
  @Field(() => ID, { description: 'The reviewed resource’s id.' })
  resourceId!: string;

  @Field(() => Int, { description: 'Stars, a whole number from 1 to 5.' })
  rating!: number;

  @Field(() => String, {
    nullable: true,
    description: 'The review text, trimmed, at most 2000 characters; null or omitted: a rating without text.',
  })
  body?: string | null;
}

@InputType({ description: 'The review to delete.' })
export class ReviewDeleteInput {
  @Field(() => ID, { description: 'The review’s id.' })
  id!: string;
}

@ObjectType({ description: 'The review and its resource (with the new rating).' })
export class ReviewPayload {
  @Field(() => Review, { nullable: true, description: 'The review as saved; null when refused.' })
  review?: Review | null;

  @Field(() => Resource, {
    nullable: true,
    description:
      'The reviewed resource with its recomputed ratingAverage and ratingCount; null when refused.',
  })
  resource?: Resource | null;

  @Field(() => [UserError], { description: 'Why it was refused; empty on success.' })
  userErrors!: UserError[];
}

@ObjectType({ description: 'The result of reviewDelete.' })
export class ReviewDeletePayload {
  @Field(() => ID, { nullable: true, description: 'The id of the deleted review; null when refused.' })
  deletedReviewId?: string | null;

  @Field(() => Resource, {
    nullable: true,
    description:
      'The reviewed resource with its recomputed ratingAverage and ratingCount; null when refused.',
  })
  resource?: Resource | null;

  @Field(() => [UserError], { description: 'Why it was refused; empty on success.' })
  userErrors!: UserError[];
}
