import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { payload } from '../../graphql/payload';
import { StoreConnectionService } from './store-connection.service';
import {
  StoreCollection,
  StoreConfigEvent,
  StoreConfiguration,
  StoreConnectInput,
  StoreConnectionPayload,
  StoreTestConnectionPayload,
} from './store-connection.types';

const service = (ctx: Context) => new StoreConnectionService(ctx.em, ctx.config);

/** The store connection, for admins (store-connection.permissions.ts). */
@Resolver(() => StoreConfiguration)
export class StoreConnectionResolver {
  @Query(() => StoreConfiguration, {
    description:
      'The commerce store DRX is connected to (or the built-in demo store, or none), without secret values.',
  })
  storeConnection(@Ctx() ctx: Context): Promise<StoreConfiguration> {
    return service(ctx).view();
  }

  @Query(() => [StoreCollection], {
    description:
      'The connected store’s collections, read live, with the ones DRX shows marked. Empty when no store is connected; when the store cannot be reached, only the chosen ones (titled by id).',
  })
  storeCollections(@Ctx() ctx: Context): Promise<StoreCollection[]> {
    return service(ctx).collections();
  }

  @Mutation(() => StoreConnectionPayload, {
    description:
      'Connects a store (or changes the connection): tests it first, then saves the settings (tokens encrypted), registers the webhooks (a failure is a warning in the history) and queues a full product sync. A blank token keeps the one saved for the same shop; a new shop needs all three. userErrors: INVALID_INPUT (field named), UNAUTHORIZED (a token was refused; field names it), STORE_UNAVAILABLE (not reachable), CONFLICT (STORE_SECRETS_KEY not set).',
  })
  storeConnect(
    @Arg('input', () => StoreConnectInput, { description: 'The shop, API version and tokens.' })
    input: StoreConnectInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ connection: StoreConfiguration | null }>(
      async () => ({ connection: await service(ctx).connect(ctx.viewer!.id, input) }),
      { connection: null },
    );
  }

  @Mutation(() => StoreConnectionPayload, {
    description:
      'Connects the built-in demo store (outside production only), registers its webhooks and queues a full sync. userErrors: CONFLICT (not available here), STORE_UNAVAILABLE.',
  })
  storeConnectDemo(@Ctx() ctx: Context) {
    return payload<{ connection: StoreConfiguration | null }>(
      async () => ({ connection: await service(ctx).connectDemo(ctx.viewer!.id) }),
      { connection: null },
    );
  }

  @Mutation(() => StoreTestConnectionPayload, {
    description:
      'Tests a connection without saving anything: the given settings (blank tokens: the saved ones), or without input the saved connection. Returns the shop’s name and currency. userErrors: INVALID_INPUT, UNAUTHORIZED (field names the refused token), STORE_UNAVAILABLE.',
  })
  storeTestConnection(
    @Ctx() ctx: Context,
    @Arg('input', () => StoreConnectInput, {
      nullable: true,
      description: 'The settings to test; null: the saved connection.',
    })
    input?: StoreConnectInput | null,
  ) {
    return payload<{ shopName: string | null; currencyCode: string | null }>(
      () => service(ctx).test(input ?? null),
      { shopName: null, currencyCode: null },
    );
  }

  @Mutation(() => StoreConnectionPayload, {
    description:
      'Chooses the store collections whose products DRX shows (an empty list: every product) and queues a full sync. userErrors: INVALID_INPUT (an unknown collection), STORE_UNAVAILABLE.',
  })
  storeSetCollections(
    @Arg('collectionIds', () => [String], {
      description: 'The collections’ ids (gid://shopify/Collection/…).',
    })
    collectionIds: string[],
    @Ctx() ctx: Context,
  ) {
    return payload<{ connection: StoreConfiguration | null }>(
      async () => ({ connection: await service(ctx).setCollections(ctx.viewer!.id, collectionIds) }),
      { connection: null },
    );
  }

  @Mutation(() => StoreConnectionPayload, {
    description:
      'Disconnects the store: the shop closes and the saved tokens are deleted. userErrors: CONFLICT (none connected).',
  })
  storeDisconnect(@Ctx() ctx: Context) {
    return payload<{ connection: StoreConfiguration | null }>(
      async () => ({ connection: await service(ctx).disconnect(ctx.viewer!.id) }),
      { connection: null },
    );
  }

  @FieldResolver(() => [StoreConfigEvent], {
    description: 'The configuration’s history, newest first: who changed what and when.',
  })
  events(
    @Root() _connection: StoreConfiguration,
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { defaultValue: 20, description: 'How many entries, 1–100 (default 20).' })
    first: number,
  ): Promise<StoreConfigEvent[]> {
    return service(ctx).events(first);
  }
}
