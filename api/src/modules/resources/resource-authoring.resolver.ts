import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { pageSize } from '../../graphql/connection';
import { payload } from '../../graphql/payload';
import type { FileAreas } from '../uploads/uploads.service';
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

const areas = (ctx: Context): FileAreas => ({
  privateDir: ctx.config.privateDir,
  uploadsDir: ctx.config.uploadsDir,
});

/** Sellers create and edit their resources (staff may edit any); see ResourceAuthoringService. */
@Resolver()
export class ResourceAuthoringResolver {
  @Query(() => ResourceConnection, {
    description: 'My resources of any status, newest first (staff may pass `sellerId`).',
  })
  sellerResources(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
    @Arg('status', () => String, {
      nullable: true,
      description: 'draft, pending_review, published or rejected.',
    })
    status?: string,
    @Arg('sellerId', () => ID, { nullable: true }) sellerId?: string,
  ): Promise<ResourceConnection> {
    return ctx.services.resourceAuthoring.sellerResources(
      ctx.user!,
      { status, sellerId },
      pageSize(first),
      after,
    );
  }

  @Query(() => SellerResourceCounts, { description: 'How many resources I have in each status.' })
  sellerResourceCounts(
    @Ctx() ctx: Context,
    @Arg('sellerId', () => ID, { nullable: true }) sellerId?: string,
  ): Promise<SellerResourceCounts> {
    return ctx.services.resourceAuthoring.counts(ctx.user!, sellerId);
  }

  @Query(() => Resource, {
    nullable: true,
    description: 'A resource to edit, with all its fields and files (owner or staff; null if unknown).',
  })
  resourceForEdit(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<Resource | null> {
    return ctx.services.resourceAuthoring.forEdit(ctx.user!, id);
  }

  @Mutation(() => ResourceAuthoringPayload, {
    description: 'Creates a draft resource of mine with its files.',
  })
  resourceCreate(@Arg('input', () => ResourceCreateInput) input: ResourceCreateInput, @Ctx() ctx: Context) {
    return payload<{ resource: Resource | null }>(
      async () => ({ resource: await ctx.services.resourceAuthoring.create(ctx.user!, input, areas(ctx)) }),
      { resource: null },
    );
  }

  @Mutation(() => ResourceAuthoringPayload, {
    description:
      'Edits a resource and its files (owner or staff); an edit of a rejected one resubmits it for review (pending_review).',
  })
  resourceUpdate(@Arg('input', () => ResourceUpdateInput) input: ResourceUpdateInput, @Ctx() ctx: Context) {
    return payload<{ resource: Resource | null }>(
      async () => ({ resource: await ctx.services.resourceAuthoring.update(ctx.user!, input, areas(ctx)) }),
      { resource: null },
    );
  }

  @Mutation(() => ResourceAuthoringPayload, {
    description:
      'Publishes a draft (it needs at least one file). After a rejection only staff publish it (resourceApprove).',
  })
  resourcePublish(@Arg('input', () => ResourceIdInput) input: ResourceIdInput, @Ctx() ctx: Context) {
    return payload<{ resource: Resource | null }>(
      async () => ({ resource: await ctx.services.resourceAuthoring.publish(ctx.user!, input.id) }),
      { resource: null },
    );
  }

  @Mutation(() => ResourceAuthoringPayload, {
    description: 'Takes a resource out of the store (back to draft).',
  })
  resourceUnpublish(@Arg('input', () => ResourceIdInput) input: ResourceIdInput, @Ctx() ctx: Context) {
    return payload<{ resource: Resource | null }>(
      async () => ({ resource: await ctx.services.resourceAuthoring.unpublish(ctx.user!, input.id) }),
      { resource: null },
    );
  }

  @Mutation(() => ResourceFileRemovePayload, {
    description: 'Removes one file of a resource (owner or staff).',
  })
  resourceFileRemove(
    @Arg('input', () => ResourceFileRemoveInput) input: ResourceFileRemoveInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ removedFileId: string | null; resource: Resource | null }>(
      async () => ({
        removedFileId: input.fileId,
        resource: await ctx.services.resourceAuthoring.removeFile(ctx.user!, input.fileId, areas(ctx)),
      }),
      { removedFileId: null, resource: null },
    );
  }
}
