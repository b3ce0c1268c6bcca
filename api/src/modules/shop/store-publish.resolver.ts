import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { payload } from '../../graphql/payload';
import { listPublishedItems, type PublishedItemRow, publishItem, unpublishItem } from './store-publish';
import { StorePublishedItem, StorePublishItemInput, StorePublishItemPayload } from './store-publish.types';

function view(row: PublishedItemRow): StorePublishedItem {
  return {
    itemType: row.item_type,
    itemId: row.item_id,
    title: row.title ?? '',
    sku: row.sku,
    status: row.status,
    storeProductId: row.store_product_id,
    priceCents: row.price_cents ?? 0,
    publishedAt: new Date(row.published_at),
    pushedAt: row.pushed_at ? new Date(row.pushed_at) : null,
    pushError: row.push_error,
  };
}

/** DRX courses and resources sold in the store, for admins (store-publish.permissions.ts). */
@Resolver(() => StorePublishedItem)
export class StorePublishResolver {
  @Query(() => [StorePublishedItem], {
    description:
      'The DRX courses and resources published to the store (also unpublished ones), newest first.',
  })
  async storePublishedItems(@Ctx() ctx: Context): Promise<StorePublishedItem[]> {
    return (await listPublishedItems(ctx.em)).map(view);
  }

  @Mutation(() => StorePublishItemPayload, {
    description:
      'Publishes a published, paid DRX course or resource to the store as a product (SKU DRX-COURSE-<id>/DRX-RESOURCE-<id>, price, description and image from DRX), or pushes it again; it is kept in step afterwards. userErrors: INVALID_INPUT (a draft, free or member-only item), NOT_FOUND, STORE_UNAVAILABLE (no store, or the store refused: the item is then failed with pushError), UNAUTHORIZED, CONFLICT (a push under way).',
  })
  storePublishItem(
    @Arg('input', () => StorePublishItemInput, { description: 'The course or resource.' })
    input: StorePublishItemInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ item: StorePublishedItem | null }>(
      async () => ({ item: view(await publishItem(ctx.em, ctx.config, ctx.viewer!.id, input)) }),
      { item: null },
    );
  }

  @Mutation(() => StorePublishItemPayload, {
    description:
      'Takes a DRX item off the store: its product is archived (past orders keep their lines). userErrors: NOT_FOUND (not published), CONFLICT (already off, or a push under way), STORE_UNAVAILABLE.',
  })
  storeUnpublishItem(
    @Arg('input', () => StorePublishItemInput, { description: 'The course or resource.' })
    input: StorePublishItemInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ item: StorePublishedItem | null }>(
      async () => ({ item: view(await unpublishItem(ctx.em, ctx.config, input)) }),
      { item: null },
    );
  }
}
