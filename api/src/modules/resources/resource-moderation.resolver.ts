import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { AFTER_ARG_DESCRIPTION, FIRST_ARG_DESCRIPTION, pageSize } from '../../graphql/connection';
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
  @Query(() => ResourceConnection, {
    description:
      'Every resource of any status and any seller (suspended ones included), newest first: the moderation list. A foreign `after` is a BAD_USER_INPUT error.',
  })
  adminResources(
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
    @Arg('status', () => String, {
      nullable: true,
      description:
        'Only this status: draft, pending_review, published or rejected (another value matches nothing); null or omitted: all.',
    })
    status?: string,
    @Arg('search', () => String, {
      nullable: true,
      description:
        'Text found anywhere in the title or description (case-insensitive); trimmed, the first 200 characters count.',
    })
    search?: string,
  ): Promise<ResourceConnection> {
    return ctx.services.resources.adminList({ status, search }, pageSize(first), after);
  }

  @Query(() => CurriculumReviewQueue, {
    description: 'How many resources of every seller are in each moderation state.',
  })
  curriculumReviewQueue(@Ctx() ctx: Context): Promise<CurriculumReviewQueue> {
    return ctx.services.resources.reviewQueue();
  }

  @Mutation(() => ResourceModerationPayload, {
    description:
      'Publishes a resource of any status and clears its rejection reason; the only way a rejected or pending_review one is published again. userErrors: NOT_FOUND (resourceId), INVALID_INPUT (it has no file).',
  })
  resourceApprove(
    @Arg('input', () => ResourceModerateInput, { description: 'The resource to publish.' })
    input: ResourceModerateInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ resource: Resource | null }>(
      async () => ({ resource: await ctx.services.resources.approve(input.resourceId) }),
      { resource: null },
    );
  }

  @Mutation(() => ResourceModerationPayload, {
    description:
      'Rejects a resource of any status with a reason shown to its seller: status rejected, out of the store and no longer featured; its seller’s next edit resubmits it (pending_review). userErrors: INVALID_INPUT (reason blank or over 500 characters), NOT_FOUND (resourceId).',
  })
  resourceReject(
    @Arg('input', () => ResourceRejectInput, { description: 'The resource and the reason.' })
    input: ResourceRejectInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ resource: Resource | null }>(
      async () => ({ resource: await ctx.services.resources.reject(input.resourceId, input.reason) }),
      { resource: null },
    );
  }

  @Mutation(() => ResourceModerationPayload, {
    description:
      'Flips whether a resource is featured (ResourceFilter.featured); its status does not change. userErrors: NOT_FOUND (resourceId).',
  })
  resourceFeatureToggle(
    @Arg('input', () => ResourceModerateInput, { description: 'The resource to feature or unfeature.' })
    input: ResourceModerateInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ resource: Resource | null }>(
      async () => ({ resource: await ctx.services.resources.toggleFeatured(input.resourceId) }),
      { resource: null },
    );
  }

  @Mutation(() => ResourceCategoryPayload, {
    description:
      'Creates a category of the curriculum store, with a slug derived from its name. userErrors: INVALID_INPUT (name blank, over 80 characters or taken; description over 1000 characters).',
  })
  resourceCategoryCreate(
    @Arg('input', () => ResourceCategoryCreateInput, { description: 'The new category.' })
    input: ResourceCategoryCreateInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ category: ResourceCategory | null }>(
      async () => ({ category: await ctx.services.resources.createCategory(input) }),
      { category: null },
    );
  }

  @Mutation(() => ResourceCategoryPayload, {
    description:
      'Renames (with a new slug) or describes a category of the curriculum store. userErrors: NOT_FOUND (categoryId), INVALID_INPUT (as resourceCategoryCreate).',
  })
  resourceCategoryUpdate(
    @Arg('input', () => ResourceCategoryUpdateInput, { description: 'The category and its changes.' })
    input: ResourceCategoryUpdateInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ category: ResourceCategory | null }>(
      async () => ({ category: await ctx.services.resources.updateCategory(input) }),
      { category: null },
    );
  }

  @Mutation(() => ResourceCategoryDeletePayload, {
    description:
      'Deletes a category of the curriculum store; its resources stay, without a category. userErrors: NOT_FOUND (categoryId).',
  })
  resourceCategoryDelete(
    @Arg('input', () => ResourceCategoryDeleteInput, { description: 'The category to delete.' })
    input: ResourceCategoryDeleteInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ deletedCategoryId: string | null }>(
      async () => ({ deletedCategoryId: await ctx.services.resources.deleteCategory(input.categoryId) }),
      { deletedCategoryId: null },
    );
  }
}
