import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { UserError } from '../../graphql/errors';
import { ResourceCategory } from './resource-category.entity';
import { Resource } from './resource.entity';

@InputType()
export class ResourceModerateInput {
  @Field(() => ID)
  resourceId!: string;
}

@InputType()
export class ResourceRejectInput {
  @Field(() => ID)
  resourceId!: string;

  @Field({ description: 'Shown to the seller; required, at most 500 characters.' })
  reason!: string;
}

@ObjectType({ description: 'The moderated resource.' })
export class ResourceModerationPayload {
  @Field(() => Resource, { nullable: true })
  resource?: Resource | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}

@InputType()
export class ResourceCategoryCreateInput {
  @Field({ description: 'Unique, at most 80 characters; the slug is derived from it.' })
  name!: string;

  @Field(() => String, { nullable: true })
  description?: string | null;
}

@InputType()
export class ResourceCategoryUpdateInput {
  @Field(() => ID)
  categoryId!: string;

  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => String, { nullable: true })
  description?: string | null;
}

@InputType()
export class ResourceCategoryDeleteInput {
  @Field(() => ID)
  categoryId!: string;
}

@ObjectType()
export class ResourceCategoryPayload {
  @Field(() => ResourceCategory, { nullable: true })
  category?: ResourceCategory | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}

@ObjectType()
export class ResourceCategoryDeletePayload {
  @Field(() => ID, { nullable: true })
  deletedCategoryId?: string | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}

@ObjectType({
  description:
    'Counts of the curriculum officer’s review queue (pending = drafts; resubmitted = pending_review).',
})
export class CurriculumReviewQueue {
  @Field(() => Int)
  pendingCount!: number;

  @Field(() => Int, { description: 'Rejected resources their sellers edited: only approval publishes them.' })
  resubmittedCount!: number;

  @Field(() => Int)
  rejectedCount!: number;

  @Field(() => Int)
  publishedCount!: number;

  @Field(() => Int)
  featuredCount!: number;
}
