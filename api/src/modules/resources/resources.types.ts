import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Connection } from '../../graphql/connection';
import { Resource } from './resource.entity';
import { Review } from './review.entity';
import { SellerProfile } from './seller-profile.entity';

export enum ResourceSort {
  NEWEST = 'NEWEST',
  PRICE_ASC = 'PRICE_ASC',
  PRICE_DESC = 'PRICE_DESC',
  RATING = 'RATING',
  POPULARITY = 'POPULARITY',
  RELEVANCE = 'RELEVANCE',
}
registerEnumType(ResourceSort, {
  name: 'ResourceSort',
  description: 'RATING: best average first; POPULARITY: most downloads first; RELEVANCE needs a search.',
});

@InputType({ description: 'Filters of the curriculum store; every one is optional.' })
export class ResourceFilter {
  @Field(() => String, { nullable: true, description: 'Full-text search in title and description.' })
  search?: string | null;

  @Field(() => String, { nullable: true, description: 'One of referenceLists.resourceTypes.' })
  type?: string | null;

  @Field(() => ID, { nullable: true })
  danceStyleId?: string | null;

  @Field(() => String, { nullable: true })
  ageGroup?: string | null;

  @Field(() => String, { nullable: true })
  skillLevel?: string | null;

  @Field(() => ID, { nullable: true })
  categoryId?: string | null;

  @Field(() => Int, { nullable: true })
  minPriceCents?: number | null;

  @Field(() => Int, { nullable: true })
  maxPriceCents?: number | null;

  @Field(() => ID, { nullable: true, description: 'The seller’s user id.' })
  sellerId?: string | null;

  @Field(() => Boolean, { nullable: true })
  featured?: boolean | null;
}

@ObjectType({ description: 'How many reviews gave one number of stars.' })
export class RatingBucket {
  @Field(() => Int)
  stars!: number;

  @Field(() => Int)
  count!: number;
}

@ObjectType()
export class RatingSummary {
  @Field(() => Float, { description: 'Average of the ratings (0 when there are none), 2 decimals.' })
  average!: number;

  @Field(() => Int)
  count!: number;

  @Field(() => [RatingBucket], { description: 'Counts for 1 to 5 stars, in that order.' })
  histogram!: RatingBucket[];
}

@ObjectType()
export class SellerStats {
  @Field(() => Int, { description: 'Published resources.' })
  resourceCount!: number;

  @Field(() => Float)
  ratingAverage!: number;

  @Field(() => Int)
  ratingCount!: number;
}

@ObjectType()
export class ResourceConnection extends Connection(Resource, 'Resource') {}

@ObjectType()
export class ReviewConnection extends Connection(Review, 'Review') {}

@ObjectType()
export class SellerConnection extends Connection(SellerProfile, 'Seller') {}
