import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { UserError } from '../../graphql/errors';
import { Resource } from './resource.entity';
import { Review } from './review.entity';

@InputType({ description: 'My review of a resource I bought: created, or edited if I reviewed it before.' })
export class ReviewUpsertInput {
  @Field(() => ID)
  resourceId!: string;

  @Field(() => Int, { description: '1 to 5.' })
  rating!: number;

  @Field(() => String, { nullable: true, description: 'At most 2000 characters.' })
  body?: string | null;
}

@InputType()
export class ReviewDeleteInput {
  @Field(() => ID)
  id!: string;
}

@ObjectType({ description: 'The review and its resource (with the new rating).' })
export class ReviewPayload {
  @Field(() => Review, { nullable: true })
  review?: Review | null;

  @Field(() => Resource, { nullable: true })
  resource?: Resource | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}

@ObjectType()
export class ReviewDeletePayload {
  @Field(() => ID, { nullable: true })
  deletedReviewId?: string | null;

  @Field(() => Resource, { nullable: true })
  resource?: Resource | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}
