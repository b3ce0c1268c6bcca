import { Field, ID, Int, ObjectType } from 'type-graphql';
import { UserError } from '../../graphql/errors';
import { Resource } from './resource.entity';

@ObjectType({ description: 'The resource after the change.' })
export class ResourceAuthoringPayload {
  @Field(() => Resource, { nullable: true })
  resource?: Resource | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}

@ObjectType()
export class ResourceFileRemovePayload {
  @Field(() => ID, { nullable: true })
  removedFileId?: string | null;

  @Field(() => Resource, { nullable: true })
  resource?: Resource | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}

@ObjectType({ description: 'How many resources a seller has in each status.' })
export class SellerResourceCounts {
  @Field(() => Int)
  total!: number;

  @Field(() => Int)
  draft!: number;

  @Field(() => Int)
  published!: number;

  @Field(() => Int)
  rejected!: number;

  @Field(() => Int, { description: 'Resubmitted after a rejection, waiting for staff review.' })
  pendingReview!: number;
}
