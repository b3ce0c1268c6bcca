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
  description:
    'The order of a resource list. Ties go newest first; a cursor works only with the sort it was made for.',
  valuesConfig: {
    NEWEST: { description: 'Newest first (by creation).' },
    PRICE_ASC: { description: 'Cheapest first.' },
    PRICE_DESC: { description: 'Most expensive first.' },
    RATING: { description: 'Best average rating first, then the most reviews; unrated ones (0) last.' },
    POPULARITY: {
      description:
        'Most distinct buyers who downloaded it first (each buyer once; its seller’s and staff’s downloads never count).',
    },
    RELEVANCE: {
      description: 'Best full-text match of `filter.search` first; without a search it is NEWEST.',
    },
  },
});

@InputType({
  description:
    'Filters of the curriculum store; every one is optional (null or omitted: no filter) and all given ones must match. An id that is not an id matches nothing.',
})
export class ResourceFilter {
  @Field(() => String, {
    nullable: true,
    description:
      'Words searched in title and description (English full-text, web-search syntax: "quoted phrase", -word, or), or text found anywhere in the title; trimmed, the first 200 characters count.',
  })
  search?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'One of referenceLists.resourceTypes, exactly; another value matches nothing.',
  })
  type?: string | null;

  @Field(() => ID, { nullable: true, description: 'A dance style’s id (danceStyles).' })
  danceStyleId?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'One of referenceLists.ageGroups, exactly, e.g. "Teen (13-17)".',
  })
  ageGroup?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'One of referenceLists.skillLevels, exactly, e.g. "Beginner".',
  })
  skillLevel?: string | null;

  @Field(() => ID, { nullable: true, description: 'A resource category’s id (resourceCategories).' })
  categoryId?: string | null;

  @Field(() => Int, { nullable: true, description: 'Lowest price in US cents, inclusive.' })
  minPriceCents?: number | null;

  @Field(() => Int, {
    nullable: true,
    description: 'Highest price in US cents, inclusive (0: free ones only).',
  })
  maxPriceCents?: number | null;

  @Field(() => ID, { nullable: true, description: 'The seller’s user id.' })
  sellerId?: string | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'true: featured ones only; false: not featured ones only.',
  })
  featured?: boolean | null;
}

@ObjectType({ description: 'How many reviews gave one number of stars.' })
export class RatingBucket {
  @Field(() => Int, { description: 'The number of stars, 1 to 5.' })
  stars!: number;

  @Field(() => Int, { description: 'How many reviews gave that many stars.' })
  count!: number;
}

@ObjectType({ description: 'The star ratings of a resource’s reviews.' })
export class RatingSummary {
  @Field(() => Float, { description: 'Average of the ratings (0 when there are none), 2 decimals.' })
  average!: number;

  @Field(() => Int, { description: 'How many reviews there are.' })
  count!: number;

  @Field(() => [RatingBucket], { description: 'Counts for 1 to 5 stars, in that order.' })
  histogram!: RatingBucket[];
}

@ObjectType({ description: 'Public figures of a seller’s store, over its published resources.' })
export class SellerStats {
  @Field(() => Int, { description: 'Published resources.' })
  resourceCount!: number;

  @Field(() => Float, {
    description:
      'Average star rating of all reviews of its published resources, 2 decimals; 0 without reviews.',
  })
  ratingAverage!: number;

  @Field(() => Int, { description: 'How many reviews its published resources have.' })
  ratingCount!: number;
}

@ObjectType({ description: 'A page of resources.' })
export class ResourceConnection extends Connection(Resource, 'Resource') {}

@ObjectType({ description: 'A page of reviews.' })
export class ReviewConnection extends Connection(Review, 'Review') {}

@ObjectType({ description: 'A page of sellers’ public stores.' })
export class SellerConnection extends Connection(SellerProfile, 'Seller') {}
