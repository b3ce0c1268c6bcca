import { Reference } from '@mikro-orm/core';
import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { pageSize } from '../../graphql/connection';
import { payload } from '../../graphql/payload';
import { DanceStyle } from '../courses/dance-style.entity';
import { User } from '../users/user.entity';
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
    description: 'Published resources of active sellers, filtered and sorted (guests allowed).',
  })
  resources(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
    @Arg('filter', () => ResourceFilter, { nullable: true }) filter?: ResourceFilter,
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
      'A resource: published ones for everyone; drafts and rejected ones for their seller and staff.',
  })
  resource(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<Resource | null> {
    return ctx.services.resources.findVisible(id, ctx.user);
  }

  @Query(() => ReviewConnection, { description: 'Reviews of a resource, newest first (empty when none).' })
  resourceReviews(
    @Ctx() ctx: Context,
    @Arg('resourceId', () => ID) resourceId: string,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
  ): Promise<ReviewConnection> {
    return ctx.services.resources.reviews(resourceId, ctx.user, pageSize(first), after);
  }

  @Query(() => [ResourceCategory], { description: 'The curriculum store’s categories, by name.' })
  resourceCategories(@Ctx() ctx: Context): Promise<ResourceCategory[]> {
    return ctx.services.resources.categories();
  }

  @Query(() => ResourceCategory, { nullable: true, description: 'A resource category by id or slug.' })
  resourceCategory(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<ResourceCategory | null> {
    return ctx.services.resources.category(id);
  }

  @Query(() => SellerProfile, {
    name: 'seller',
    nullable: true,
    description: 'A seller’s public store by the seller’s user id.',
  })
  sellerStore(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<SellerProfile | null> {
    return ctx.services.resources.seller(id);
  }

  @Query(() => SellerConnection, { description: 'Stores of active sellers, by store name.' })
  sellers(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
  ): Promise<SellerConnection> {
    return ctx.services.resources.sellers(pageSize(first), after);
  }

  @Query(() => ResourceConnection, { description: 'Resources I bought or was granted, most recent first.' })
  myResources(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
  ): Promise<ResourceConnection> {
    return ctx.services.resources.myResources(ctx.user!, pageSize(first), after);
  }

  @Mutation(() => ReviewPayload, { description: 'Creates or edits my review of a resource I bought.' })
  reviewUpsert(@Arg('input', () => ReviewUpsertInput) input: ReviewUpsertInput, @Ctx() ctx: Context) {
    return payload<{ review: Review | null; resource: Resource | null }>(
      async () => {
        const review = await ctx.services.resources.upsertReview(ctx.user!, input);
        return { review, resource: await Reference.create(review.resource).loadOrFail() };
      },
      { review: null, resource: null },
    );
  }

  @Mutation(() => ReviewDeletePayload, { description: 'Deletes my review (staff: any review).' })
  reviewDelete(@Arg('input', () => ReviewDeleteInput) input: ReviewDeleteInput, @Ctx() ctx: Context) {
    return payload<{ deletedReviewId: string | null; resource: Resource | null }>(
      async () => {
        const resource = await ctx.services.resources.deleteReview(ctx.user!, input.id);
        return { deletedReviewId: input.id, resource };
      },
      { deletedReviewId: null, resource: null },
    );
  }

  // Resource fields

  @FieldResolver(() => DanceStyle, { nullable: true })
  async danceStyle(@Root() resource: Resource): Promise<DanceStyle | null> {
    return resource.danceStyle ? await Reference.create(resource.danceStyle).load() : null;
  }

  @FieldResolver(() => ResourceCategory, { nullable: true })
  async category(@Root() resource: Resource): Promise<ResourceCategory | null> {
    return resource.category ? await Reference.create(resource.category).load() : null;
  }

  @FieldResolver(() => User, { description: 'The seller’s account (their store: `store`).' })
  seller(@Root() resource: Resource): Promise<User> {
    return Reference.create(resource.seller).loadOrFail();
  }

  @FieldResolver(() => SellerProfile, { nullable: true, description: 'The seller’s store profile.' })
  async store(@Root() resource: Resource, @Ctx() ctx: Context): Promise<SellerProfile | null> {
    const profile = await Reference.create(ctx.em.getReference(SellerProfile, resource.seller.id)).load();
    return profile ?? null;
  }

  @FieldResolver(() => [ResourceFile], { description: 'File names, sizes and types (never their storage).' })
  files(@Root() resource: Resource, @Ctx() ctx: Context): Promise<ResourceFile[]> {
    return ctx.services.resources.files(resource);
  }

  @FieldResolver(() => RatingSummary)
  ratingSummary(@Root() resource: Resource, @Ctx() ctx: Context): Promise<RatingSummary> {
    return ctx.services.resources.ratingSummary(resource);
  }

  @FieldResolver(() => Boolean, {
    description: 'Whether I may download its files (entitled, its seller, or staff).',
  })
  viewerCanDownload(@Root() resource: Resource, @Ctx() ctx: Context): Promise<boolean> {
    return ctx.services.resources.canDownload(ctx.user, resource);
  }

  @FieldResolver(() => Boolean, { description: 'Whether I may review it (I hold an entitlement).' })
  viewerCanReview(@Root() resource: Resource, @Ctx() ctx: Context): Promise<boolean> {
    return ctx.services.resources.isEntitled(ctx.user, resource.id);
  }
}

@Resolver(() => Review)
export class ReviewFieldsResolver {
  @FieldResolver(() => User)
  author(@Root() review: Review): Promise<User> {
    return Reference.create(review.user).loadOrFail();
  }

  @FieldResolver(() => ID)
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

  @FieldResolver(() => User)
  user(@Root() profile: SellerProfile): Promise<User> {
    return Reference.create(profile.user).loadOrFail();
  }

  @FieldResolver(() => SellerStats)
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
