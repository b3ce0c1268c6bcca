import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { UserError } from '../../graphql/errors';
import { ResourceCategory } from './resource-category.entity';
import { Resource } from './resource.entity';

@InputType({ description: 'The resource to approve or to feature/unfeature.' })
export class ResourceModerateInput {
  @Field(() => ID, { description: 'The resource’s id.' })
  resourceId!: string;
}

@InputType({ description: 'The resource to reject and why.' })
export class ResourceRejectInput {
  @Field(() => ID, { description: 'The resource’s id.' })
  resourceId!: string;

  @Field({ description: 'Shown to the seller; required, trimmed, at most 500 characters.' })
  reason!: string;
}

@ObjectType({ description: 'The moderated resource.' })
export class ResourceModerationPayload {
  @Field(() => Resource, { nullable: true, description: 'The resource after the change; null when refused.' })
  resource?: Resource | null;

  @Field(() => [UserError], { description: 'Why it was refused; empty on success.' })
  userErrors!: UserError[];
}

@InputType({ description: 'A new category of the curriculum store.' })
export class ResourceCategoryCreateInput {
  @Field({ description: 'Unique, trimmed, 1 to 80 characters; the slug is derived from it.' })
  name!: string;

  @Field(() => String, {
    nullable: true,
    description: 'Trimmed, at most 1000 characters; null, omitted or blank: none.',
  })
  description?: string | null;
}

@InputType({ description: 'A category to rename or describe; omitted fields keep their values.' })
export class ResourceCategoryUpdateInput {
  @Field(() => ID, { description: 'The category’s id.' })
  categoryId!: string;

  @Field(() => String, {
    nullable: true,
    description: 'Unique, trimmed, 1 to 80 characters; a new name gives a new slug; null keeps it.',
  })
  name?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Trimmed, at most 1000 characters; null or blank removes it; omitted keeps it.',
  })
  description?: string | null;
}

@InputType({ description: 'The category to delete.' })
export class ResourceCategoryDeleteInput {
  @Field(() => ID, { description: 'The category’s id.' })
  categoryId!: string;
}

@ObjectType({ description: 'The result of resourceCategoryCreate or resourceCategoryUpdate.' })
export class ResourceCategoryPayload {
  @Field(() => ResourceCategory, {
    nullable: true,
    description: 'The category as saved; null when refused.',
  })
  category?: ResourceCategory | null;

  @Field(() => [UserError], { description: 'Why it was refused; empty on success.' })
  userErrors!: UserError[];
}

@ObjectType({ description: 'The result of resourceCategoryDelete.' })
export class ResourceCategoryDeletePayload {
  @Field(() => ID, { nullable: true, description: 'The id of the deleted category; null when refused.' })
  deletedCategoryId?: string | null;

  @Field(() => [UserError], { description: 'Why it was refused; empty on success.' })
  userErrors!: UserError[];
}

@ObjectType({
  description:
    'Counts of the curriculum officer’s review queue (pending = drafts; resubmitted = pending_review).',
})
export class CurriculumReviewQueue {
  @Field(() => Int, { description: 'Resources in draft (status draft), of every seller.' })
  pendingCount!: number;

  @Field(() => Int, {
    description:
      'Rejected resources their sellers edited (status pending_review): only approval publishes them.',
  })
  resubmittedCount!: number;

  @Field(() => Int, { description: 'Rejected resources (status rejected).' })
  rejectedCount!: number;

  @Field(() => Int, {
    description: 'Published resources (status published), suspended sellers’ included.',
  })
  publishedCount!: number;

  @Field(() => Int, { description: 'Featured resources, of any status.' })
  featuredCount!: number;
}
