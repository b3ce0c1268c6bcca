import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { AFTER_ARG_DESCRIPTION, FIRST_ARG_DESCRIPTION, pageSize } from '../../graphql/connection';
import { payload } from '../../graphql/payload';
import {
  ResourceCreateInput,
  ResourceFileRemoveInput,
  ResourceIdInput,
  ResourceUpdateInput,
} from './resource-authoring.inputs';
import {
  ResourceAuthoringPayload,
  ResourceFileRemovePayload,
  SellerResourceCounts,
} from './resource-authoring.payloads';
import { Resource } from './resource.entity';
import { ResourceConnection } from './resources.types';

/** Sellers create and edit their resources (staff may edit any); see ResourceAuthoringService. */
@Resolver()
export class ResourceAuthoringResolver {
  @Query(() => ResourceConnection, {
    description:
      'The caller’s own resources (or, for staff, another seller’s) of every status, newest first. A foreign `after` is a BAD_USER_INPUT error.',
  })
  sellerResources(
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
        'Only this status: draft, pending_review, published or rejected (another value is a BAD_USER_INPUT error); null or omitted: all.',
    })
    status?: string,
    @Arg('sellerId', () => ID, {
      nullable: true,
      description:
        'Another seller’s user id (staff only: for others a FORBIDDEN error; not an id: BAD_USER_INPUT); null or omitted: the caller.',
    })
    sellerId?: string,
  ): Promise<ResourceConnection> {
    return ctx.services.resourceAuthoring.sellerResources(
      ctx.user!,
      { status, sellerId },
      pageSize(first),
      after,
    );
  }

  @Query(() => SellerResourceCounts, {
    description: 'How many resources the caller (or, for staff, another seller) has in each status.',
  })
  sellerResourceCounts(
    @Ctx() ctx: Context,
    @Arg('sellerId', () => ID, {
      nullable: true,
      description:
        'Another seller’s user id (staff only: for others a FORBIDDEN error; not an id: BAD_USER_INPUT); null or omitted: the caller.',
    })
    sellerId?: string,
  ): Promise<SellerResourceCounts> {
    return ctx.services.resourceAuthoring.counts(ctx.user!, sellerId);
  }

  @Query(() => Resource, {
    nullable: true,
    description:
      'A resource to edit, of any status, with all its fields and files. Null when unknown; a FORBIDDEN error when it is not the caller’s (staff may open any).',
  })
  resourceForEdit(
    @Arg('id', () => ID, { description: 'The resource’s id.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<Resource | null> {
    return ctx.services.resourceAuthoring.forEdit(ctx.user!, id);
  }

  @Mutation(() => ResourceAuthoringPayload, {
    description:
      "Creates a draft resource of the caller's with its files (their uploads are used up and moved to the resource's storage); the caller's first resource also creates their store (\"<display name>'s Store\"). userErrors: INVALID_INPUT (a field out of range or not from its list, an unknown dance style or category, no file or more than 20, an upload that is unknown, not the caller's or already used), SUSPENDED (the caller's store is suspended).",
  })
  resourceCreate(
    @Arg('input', () => ResourceCreateInput, { description: 'The resource’s fields and uploads.' })
    input: ResourceCreateInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ resource: Resource | null }>(
      async () => ({ resource: await ctx.services.resourceAuthoring.create(ctx.user!, input, ctx.storage) }),
      { resource: null },
    );
  }

  @Mutation(() => ResourceAuthoringPayload, {
    description:
      'Edits a resource and its files in one transaction; removed files and a replaced or removed thumbnail are deleted from storage. Any edit of a rejected resource resubmits it for review (status pending_review, reason kept). userErrors: NOT_FOUND (id), FORBIDDEN (not the caller’s; staff may edit any), INVALID_INPUT (as resourceCreate; a removeFileIds entry not of this resource; more than 20 files; no file left on a published resource).',
  })
  resourceUpdate(
    @Arg('input', () => ResourceUpdateInput, { description: 'The resource and the changes.' })
    input: ResourceUpdateInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ resource: Resource | null }>(
      async () => ({ resource: await ctx.services.resourceAuthoring.update(ctx.user!, input, ctx.storage) }),
      { resource: null },
    );
  }

  @Mutation(() => ResourceAuthoringPayload, {
    description:
      'Puts a draft in the store (status published); a published one is returned unchanged. userErrors: NOT_FOUND (id), FORBIDDEN (not the caller’s; or rejected or pending_review, which only staff publish: resourceApprove), SUSPENDED (the seller’s store is suspended), INVALID_INPUT (it has no file).',
  })
  resourcePublish(
    @Arg('input', () => ResourceIdInput, { description: 'The resource to publish.' }) input: ResourceIdInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ resource: Resource | null }>(
      async () => ({ resource: await ctx.services.resourceAuthoring.publish(ctx.user!, input.id) }),
      { resource: null },
    );
  }

  @Mutation(() => ResourceAuthoringPayload, {
    description:
      'Takes a published resource out of the store (back to draft); any other status is returned unchanged. Buyers keep their downloads. userErrors: NOT_FOUND (id), FORBIDDEN (not the caller’s; staff may unpublish any).',
  })
  resourceUnpublish(
    @Arg('input', () => ResourceIdInput, { description: 'The resource to unpublish.' })
    input: ResourceIdInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ resource: Resource | null }>(
      async () => ({ resource: await ctx.services.resourceAuthoring.unpublish(ctx.user!, input.id) }),
      { resource: null },
    );
  }

  @Mutation(() => ResourceFileRemovePayload, {
    description:
      'Removes one file of a resource and deletes it from storage; like any edit, it resubmits a rejected resource (pending_review). userErrors: NOT_FOUND (fileId), FORBIDDEN (id: not the caller’s; staff may edit any), INVALID_INPUT (the last file of a published resource).',
  })
  resourceFileRemove(
    @Arg('input', () => ResourceFileRemoveInput, { description: 'The file to remove.' })
    input: ResourceFileRemoveInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ removedFileId: string | null; resource: Resource | null }>(
      async () => ({
        removedFileId: input.fileId,
        resource: await ctx.services.resourceAuthoring.removeFile(ctx.user!, input.fileId, ctx.storage),
      }),
      { removedFileId: null, resource: null },
    );
  }
}
