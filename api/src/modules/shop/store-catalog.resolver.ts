import { Arg, Ctx, Float, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { AFTER_ARG_DESCRIPTION, FIRST_ARG_DESCRIPTION, pageSize } from '../../graphql/connection';
import { DomainError } from '../../graphql/errors';
import { payload } from '../../graphql/payload';
import { queueStoreSync } from './shop.jobs';
import {
  findShopProduct,
  listAdminStoreProducts,
  listShopProducts,
  shopFacets,
  shopStatus,
  updateStoreProduct,
} from './store-catalog.service';
import {
  AdminStoreProduct,
  AdminStoreProductConnection,
  ShopFacets,
  ShopProduct,
  ShopProductConnection,
  ShopProductSort,
  ShopStatus,
  StoreProductPayload,
  StoreProductUpdateInput,
  StoreProductVisibility,
  StoreSyncPayload,
} from './store-catalog.types';
import { getActiveStore } from './store-connection';

/** The shop's catalogue for everyone, and the staff's product management (store-catalog.permissions.ts). */
@Resolver(() => ShopProduct)
export class StoreCatalogResolver {
  @Query(() => ShopProductConnection, {
    description:
      'The shop’s products (visible, active in the store), filtered and sorted, from DRX’s copy of the store’s catalogue; empty when no store is connected. Filters combine (and). BAD_USER_INPUT for a negative price or minPrice above maxPrice.',
  })
  shopProducts(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true, description: FIRST_ARG_DESCRIPTION }) first?: number,
    @Arg('after', () => String, { nullable: true, description: AFTER_ARG_DESCRIPTION }) after?: string,
    @Arg('search', () => String, {
      nullable: true,
      description:
        'Words to find in the title, product type, vendor or tags, each as a word start (“bal sho” finds “Ballet Shoes”); null or blank: all.',
    })
    search?: string,
    @Arg('danceStyle', () => String, {
      nullable: true,
      description: 'Only products for this dance style (ShopFacets.danceStyles, any case); null: all.',
    })
    danceStyle?: string,
    @Arg('productType', () => String, {
      nullable: true,
      description: 'Only products of this type (ShopFacets.productTypes, any case); null: all.',
    })
    productType?: string,
    @Arg('minPrice', () => Float, {
      nullable: true,
      description:
        'Only products with a variant at this price or more (store currency); null: no lower bound.',
    })
    minPrice?: number,
    @Arg('maxPrice', () => Float, {
      nullable: true,
      description:
        'Only products with a variant at this price or less (store currency); null: no upper bound.',
    })
    maxPrice?: number,
    @Arg('featured', () => Boolean, {
      nullable: true,
      description: 'True: only featured products; false: only the others; null: all.',
    })
    featured?: boolean,
    @Arg('sort', () => ShopProductSort, {
      nullable: true,
      defaultValue: ShopProductSort.FEATURED,
      description: 'The order (default FEATURED: featured first, then by title).',
    })
    sort?: ShopProductSort,
  ): Promise<ShopProductConnection> {
    return listShopProducts(
      ctx.em,
      ctx.config,
      { search, danceStyle, productType, minPrice, maxPrice, featured, sort },
      pageSize(first),
      after,
    );
  }

  @Query(() => ShopProduct, {
    nullable: true,
    description:
      'One product of the shop by its handle; null when unknown, hidden, not active or gone from the store.',
  })
  shopProduct(
    @Arg('handle', () => String, { description: 'The product’s handle (ShopProduct.handle).' })
    handle: string,
    @Ctx() ctx: Context,
  ): Promise<ShopProduct | null> {
    return findShopProduct(ctx.em, ctx.config, handle);
  }

  @Query(() => ShopFacets, {
    description:
      'What the shop’s filters can offer: dance styles, product types and the price range of the products shown.',
  })
  shopFacets(@Ctx() ctx: Context): Promise<ShopFacets> {
    return shopFacets(ctx.em, ctx.config);
  }

  @Query(() => ShopStatus, {
    description:
      'Whether the shop is open (a store connected, or the demo store), its name and currency, and a notice when the store is not answering or is the demo store.',
  })
  shopStatus(@Ctx() ctx: Context): Promise<ShopStatus> {
    return shopStatus(ctx.em, ctx.config);
  }

  @Query(() => AdminStoreProductConnection, {
    description:
      'The synced store products with DRX’s choices and sync state (/admin/store/products), by title: those still in the store by default.',
  })
  adminStoreProducts(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true, description: FIRST_ARG_DESCRIPTION }) first?: number,
    @Arg('after', () => String, { nullable: true, description: AFTER_ARG_DESCRIPTION }) after?: string,
    @Arg('search', () => String, {
      nullable: true,
      description:
        'Words to find in the title, type, vendor, tags or handle (word starts); null or blank: all.',
    })
    search?: string,
    @Arg('visibility', () => StoreProductVisibility, {
      nullable: true,
      description: 'Only products shown, hidden or removed; null: all still in the store (shown and hidden).',
    })
    visibility?: StoreProductVisibility,
  ): Promise<AdminStoreProductConnection> {
    return listAdminStoreProducts(ctx.em, pageSize(first), after, { search, visibility });
  }

  @Mutation(() => StoreProductPayload, {
    description:
      'Shows or hides a synced product in the DRX shop, features it, or sets its dance styles, age groups and skill levels (kept across syncs). userErrors: NOT_FOUND, INVALID_INPUT (too many or too long tags).',
  })
  storeProductUpdate(
    @Arg('input', () => StoreProductUpdateInput, { description: 'The product and what changes.' })
    input: StoreProductUpdateInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ product: AdminStoreProduct | null }>(
      async () => ({ product: await updateStoreProduct(ctx.em, input) }),
      { product: null },
    );
  }

  @Mutation(() => StoreSyncPayload, {
    description:
      'Queues a sync of the store’s products now (it runs in the background within seconds): incremental (changed since the last sync) or full (every product; the ones gone are marked removed). userErrors: CONFLICT (no store connected).',
  })
  storeSyncNow(
    @Ctx() ctx: Context,
    @Arg('full', () => Boolean, {
      nullable: true,
      defaultValue: false,
      description: 'True: read every product; false (default): only those changed since the last sync.',
    })
    full?: boolean,
  ) {
    return payload<{ queued: boolean }>(
      async () => {
        if (!(await getActiveStore(ctx.em, ctx.config))) {
          throw new DomainError('CONFLICT', 'No store is connected: connect one on the Store page first.');
        }
        await queueStoreSync({ full: !!full });
        return { queued: true };
      },
      { queued: false },
    );
  }
}
