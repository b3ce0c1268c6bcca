import { Reference } from '@mikro-orm/core';
import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { AFTER_ARG_DESCRIPTION, FIRST_ARG_DESCRIPTION, pageSize } from '../../graphql/connection';
import { payload } from '../../graphql/payload';
import { DanceStyle } from '../courses';
import { User } from '../users';
import { ResourceCategory } from './resource-category.entity';
import { ResourceModerationResolver } from './resource-moderation.resolver';
import { ResourceFile } from './resource-file.entity';
import { Resource } from './resource.entity';
import { ReviewDeleteInput, ReviewDeletePayload, ReviewPayload, ReviewUpsertInput } from './resources.inputs';
import {
  RatingSummary,
  ResourceConnection,
  ResourceFilter,
  ResourceSort,
  ReviewConnection,
  SellerConnection,
  SellerStats,
} from './resources.types';
import { Review } from './review.entity';
import { SellerProfile } from './seller-profile.entity';

/** The curriculum store: browsing resources, their reviews, and sellers' public stores. */
@Resolver(() => Resource)
export class ResourcesResolver {
  @Query(() => ResourceConnection, {
    description:
      'The curriculum store: published resources of sellers who are not suspended, filtered and sorted. A cursor made for another sort or not made by us is a BAD_USER_INPUT error.',
  })
  resources(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, {
      nullable: true,
      description: FIRST_ARG_DESCRIPTION,
    })
    first?: number,
    @Arg('after', () => String, {
      nullable: true,
      description:
        'The `endCursor` of the previous page, made with the same sort; null or omitted: the first page.',
    })
    after?: string,
    @Arg('filter', () => ResourceFilter, { nullable: true, description: 'Null or omitted: no filter.' })
    filter?: ResourceFilter,
    @Arg('sort', () => ResourceSort, {
      nullable: true,
      description: 'Default: RELEVANCE with a search, else NEWEST.',
    })
    sort?: ResourceSort,
  ): Promise<ResourceConnection> {
    return ctx.services.resources.list({ ...filter, sort }, pageSize(first), after);
  }

  @Query(() => Resource, {
    nullable: true,
    description:
      'A resource by id: a published one of a seller who is not suspended for anyone; any other only for its seller and staff. Null when unknown or hidden from the caller.',
  })
  resource(
    @Arg('id', () => ID, { description: 'The resource’s id.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<Resource | null> {
    return ctx.services.resources.findVisible(id, ctx.user);
  }

  @Query(() => ReviewConnection, {
    description:
      'Reviews of a resource, newest first; an empty page when it has none or the resource is unknown or hidden from the caller (as `resource`).',
  })
  resourceReviews(
    @Ctx() ctx: Context,
    @Arg('resourceId', () => ID, { description: 'The resource’s id.' }) resourceId: string,
    @Arg('first', () => Int, {
      nullable: true,
      description: FIRST_ARG_DESCRIPTION,
    })
    first?: number,
    @Arg('after', () => String, {
      nullable: true,
      description: AFTER_ARG_DESCRIPTION,
    })
    after?: string,
  ): Promise<ReviewConnection> {
    return ctx.services.resources.reviews(resourceId, ctx.user, pageSize(first), after);
  }

  @Query(() => [ResourceCategory], { description: 'Every category of the curriculum store, by name.' })
  resourceCategories(@Ctx() ctx: Context): Promise<ResourceCategory[]> {
    return ctx.services.resources.categories();
  }

  @Query(() => ResourceCategory, {
    nullable: true,
    description: 'A category of the curriculum store by id or slug; null when there is none.',
  })
  resourceCategory(
    @Arg('id', () => ID, { description: 'The category’s id, or its slug.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<ResourceCategory | null> {
    return ctx.services.resources.category(id);
  }

  @Query(() => SellerProfile, {
    name: 'seller',
    nullable: true,
    description:
      'A seller’s public store by the seller’s user id; null when there is none or it is suspended.',
  })
  sellerStore(
    @Arg('id', () => ID, { description: 'The seller’s user id.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<SellerProfile | null> {
    return ctx.services.resources.seller(id);
  }

  @Query(() => SellerConnection, { description: 'Stores that are not suspended, by store name.' })
  sellers(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, {
      nullable: true,
      description: FIRST_ARG_DESCRIPTION,
    })
    first?: number,
    @Arg('after', () => String, {
      nullable: true,
      description: AFTER_ARG_DESCRIPTION,
    })
    after?: string,
  ): Promise<SellerConnection> {
    return ctx.services.resources.sellers(pageSize(first), after);
  }

  @Query(() => ResourceConnection, {
    description:
      'Resources the caller may download as a buyer: bought, received as a licence, or granted by staff; each once, the most recently acquired first, whatever its status now.',
  })
  myResources(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, {
      nullable: true,
      description: FIRST_ARG_DESCRIPTION,
    })
    first?: number,
    @Arg('after', () => String, {
      nullable: true,
      description: AFTER_ARG_DESCRIPTION,
    })
    after?: string,
  ): Promise<ResourceConnection> {
    return ctx.services.resources.myResources(ctx.user!, pageSize(first), after);
  }

  @Mutation(() => ReviewPayload, {
    description:
      "Creates the caller's review of a resource they hold (bought, licensed or granted), or replaces its rating and text if they reviewed it before, and recomputes the resource's rating. userErrors: INVALID_INPUT (rating, body), NOT_FOUND (resourceId: unknown or hidden), FORBIDDEN (the caller does not hold it).",
  })
  reviewUpsert(
    @Arg('input', () => ReviewUpsertInput, { description: 'The resource, stars and text.' })
    input: ReviewUpsertInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ review: Review | null; resource: Resource | null }>(
      async () => {
        const review = await ctx.services.resources.upsertReview(ctx.user!, input);
        return { review, resource: await Reference.create(review.resource).loadOrFail() };
      },
      { review: null, resource: null },
    );
  }

  @Mutation(() => ReviewDeletePayload, {
    description:
      "Deletes a review (the caller's own; staff: any) and recomputes its resource's rating. userErrors: NOT_FOUND (id), FORBIDDEN (another member's review).",
  })
  reviewDelete(
    @Arg('input', () => ReviewDeleteInput, { description: 'The review to delete.' }) input: ReviewDeleteInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ deletedReviewId: string | null; resource: Resource | null }>(
      async () => {
        const resource = await ctx.services.resources.deleteReview(ctx.user!, input.id);
        return { deletedReviewId: input.id, resource };
      },
      { deletedReviewId: null, resource: null },
    );
  }

  // Resource fields

  @FieldResolver(() => DanceStyle, { nullable: true, description: 'Its dance style; null when not given.' })
  async danceStyle(@Root() resource: Resource): Promise<DanceStyle | null> {
    return resource.danceStyle ? await Reference.create(resource.danceStyle).load() : null;
  }

  @FieldResolver(() => ResourceCategory, {
    nullable: true,
    description: 'Its category; null when not given or the category was deleted.',
  })
  async category(@Root() resource: Resource): Promise<ResourceCategory | null> {
    return resource.category ? await Reference.create(resource.category).load() : null;
  }

  @FieldResolver(() => User, { description: 'The seller’s account (their store: `store`).' })
  seller(@Root() resource: Resource): Promise<User> {
    return Reference.create(resource.seller).loadOrFail();
  }

  @FieldResolver(() => SellerProfile, {
    nullable: true,
    description: 'The seller’s store profile (also when suspended); null when the seller has none.',
  })
  async store(@Root() resource: Resource, @Ctx() ctx: Context): Promise<SellerProfile | null> {
    const profile = await Reference.create(ctx.em.getReference(SellerProfile, resource.seller.id)).load();
    return profile ?? null;
  }

  @FieldResolver(() => [ResourceFile], {
    description: 'Its files in their order: names, sizes and types (never where they are stored).',
  })
  files(@Root() resource: Resource, @Ctx() ctx: Context): Promise<ResourceFile[]> {
    return ctx.services.resources.files(resource);
  }

  @FieldResolver(() => RatingSummary, {
    description: 'Its average rating and how many reviews gave each star.',
  })
  ratingSummary(@Root() resource: Resource, @Ctx() ctx: Context): Promise<RatingSummary> {
    return ctx.services.resources.ratingSummary(resource);
  }

  @FieldResolver(() => Boolean, {
    description:
      'Whether the caller may download its files: they hold it (bought, licensed or granted), sell it, or are staff. False for guests.',
  })
  viewerCanDownload(@Root() resource: Resource, @Ctx() ctx: Context): Promise<boolean> {
    return ctx.services.resources.canDownload(ctx.user, resource);
  }

  @FieldResolver(() => Boolean, {
    description:
      'Whether the caller may review it: they hold it (bought, licensed or granted). False for guests.',
  })
  viewerCanReview(@Root() resource: Resource, @Ctx() ctx: Context): Promise<boolean> {
    return ctx.services.resources.isEntitled(ctx.user, resource.id);
  }
}

@Resolver(() => Review)
export class ReviewFieldsResolver {
  @FieldResolver(() => User, { description: 'Who wrote the review.' })
  author(@Root() review: Review): Promise<User> {
    return Reference.create(review.user).loadOrFail();
  }

  @FieldResolver(() => ID, { description: 'The reviewed resource’s id.' })
  resourceId(@Root() review: Review): string {
    return review.resource.id;
  }
}

@Resolver(() => SellerProfile)
export class SellerProfileFieldsResolver {
  @FieldResolver(() => ID, { description: 'The seller’s user id.' })
  id(@Root() profile: SellerProfile): string {
    return profile.user.id;
  }

  @FieldResolver(() => User, { description: 'The seller’s account.' })
  user(@Root() profile: SellerProfile): Promise<User> {
    return Reference.create(profile.user).loadOrFail();
  }

  @FieldResolver(() => SellerStats, { description: 'Public figures over the store’s published resources.' })
  stats(@Root() profile: SellerProfile, @Ctx() ctx: Context): Promise<SellerStats> {
    return ctx.services.resources.sellerStats(profile.user.id);
  }
}

export const resourcesResolvers = [
  ResourcesResolver,
  ReviewFieldsResolver,
  SellerProfileFieldsResolver,
  ResourceModerationResolver,
] as const;
