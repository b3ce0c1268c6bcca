import { Field, ID, Int, ObjectType } from 'type-graphql';
import { UserError } from '../../graphql/errors';
import { Resource } from './resource.entity';

@ObjectType({ description: 'The resource after the change.' })
export class ResourceAuthoringPayload {
  @Field(() => Resource, { nullable: true, description: 'The resource as saved; null when refused.' })
  resource?: Resource | null;

  @Field(() => [UserError], { description: 'Why it was refused; empty on success.' })
  userErrors!: UserError[];
}

@ObjectType({ description: 'The result of resourceFileRemove.' })
export class ResourceFileRemovePayload {
  @Field(() => ID, { nullable: true, description: 'The id of the removed file; null when refused.' })
  removedFileId?: string | null;

  @Field(() => Resource, {
    nullable: true,
    description: 'The resource without the file; null when refused.',
  })
  resource?: Resource | null;

  @Field(() => [UserError], { description: 'Why it was refused; empty on success.' })
  userErrors!: UserError[];
}

@ObjectType({ description: 'How many resources a seller has in each status.' })
export class SellerResourceCounts {
  @Field(() => Int, { description: 'All the seller’s resources.' })
  total!: number;

  @Field(() => Int, { description: 'Drafts (not in the store).' })
  draft!: number;

  @Field(() => Int, { description: 'Published (in the store unless the seller is suspended).' })
  published!: number;

  @Field(() => Int, { description: 'Rejected by staff and not edited since.' })
  rejected!: number;

  @Field(() => Int, { description: 'Resubmitted after a rejection, waiting for staff review.' })
  pendingReview!: number;
}
