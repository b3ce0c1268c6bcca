import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { pageSize } from '../../graphql/connection';
import { payload } from '../../graphql/payload';
import type { ResourceCategory } from './resource-category.entity';
import type { Resource } from './resource.entity';
import {
  CurriculumReviewQueue,
  ResourceCategoryCreateInput,
  ResourceCategoryDeleteInput,
  ResourceCategoryDeletePayload,
  ResourceCategoryPayload,
  ResourceCategoryUpdateInput,
  ResourceModerateInput,
  ResourceModerationPayload,
  ResourceRejectInput,
} from './resource-moderation.types';
import { ResourceConnection } from './resources.types';

/** Staff moderation of the curriculum store (admins and curriculum officers; see the permissions). */
@Resolver()
export class ResourceModerationResolver {
  @Query(() => ResourceConnection, { description: 'All resources of any status, newest first (staff).' })
  adminResources(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
    @Arg('status', () => String, {
      nullable: true,
      description: 'draft, pending_review, published or rejected.',
    })
    status?: string,
    @Arg('search', () => String, { nullable: true }) search?: string,
  ): Promise<ResourceConnection> {
    return ctx.services.resources.adminList({ status, search }, pageSize(first), after);
  }

  @Query(() => CurriculumReviewQueue, { description: 'Counts of the review queue (staff).' })
  curriculumReviewQueue(@Ctx() ctx: Context): Promise<CurriculumReviewQueue> {
    return ctx.services.resources.reviewQueue();
  }

  @Mutation(() => ResourceModerationPayload, {
    description:
      'Publishes a resource of any status (staff); the only way a rejected one is published again.',
  })
  resourceApprove(
    @Arg('input', () => ResourceModerateInput) input: ResourceModerateInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ resource: Resource | null }>(
      async () => ({ resource: await ctx.services.resources.approve(input.resourceId) }),
      { resource: null },
    );
  }

  @Mutation(() => ResourceModerationPayload, { description: 'Rejects a resource with a reason (staff).' })
  resourceReject(@Arg('input', () => ResourceRejectInput) input: ResourceRejectInput, @Ctx() ctx: Context) {
    return payload<{ resource: Resource | null }>(
      async () => ({ resource: await ctx.services.resources.reject(input.resourceId, input.reason) }),
      { resource: null },
    );
  }

  @Mutation(() => ResourceModerationPayload, { description: 'Features or unfeatures a resource (staff).' })
  resourceFeatureToggle(
    @Arg('input', () => ResourceModerateInput) input: ResourceModerateInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ resource: Resource | null }>(
      async () => ({ resource: await ctx.services.resources.toggleFeatured(input.resourceId) }),
      { resource: null },
    );
  }

  @Mutation(() => ResourceCategoryPayload, { description: 'Creates a curriculum category (staff).' })
  resourceCategoryCreate(
    @Arg('input', () => ResourceCategoryCreateInput) input: ResourceCategoryCreateInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ category: ResourceCategory | null }>(
      async () => ({ category: await ctx.services.resources.createCategory(input) }),
      { category: null },
    );
  }

  @Mutation(() => ResourceCategoryPayload, {
    description: 'Renames or describes a curriculum category (staff).',
  })
  resourceCategoryUpdate(
    @Arg('input', () => ResourceCategoryUpdateInput) input: ResourceCategoryUpdateInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ category: ResourceCategory | null }>(
      async () => ({ category: await ctx.services.resources.updateCategory(input) }),
      { category: null },
    );
  }

  @Mutation(() => ResourceCategoryDeletePayload, {
    description: 'Deletes a curriculum category; its resources lose their category (staff).',
  })
  resourceCategoryDelete(
    @Arg('input', () => ResourceCategoryDeleteInput) input: ResourceCategoryDeleteInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ deletedCategoryId: string | null }>(
      async () => ({ deletedCategoryId: await ctx.services.resources.deleteCategory(input.categoryId) }),
      { deletedCategoryId: null },
    );
  }
}
