import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { AFTER_ARG_DESCRIPTION, FIRST_ARG_DESCRIPTION, pageSize } from '../../graphql/connection';
import { listStoreOrders } from './store-orders.service';
import { StoreOrder, StoreOrderConnection } from './store-orders.types';

/** Store orders: a member's own, or all of them for admins (store-orders.permissions.ts). */
@Resolver(() => StoreOrder)
export class StoreOrdersResolver {
  @Query(() => StoreOrderConnection, {
    description:
      'Orders placed in the connected store, newest first: the viewer’s own (the store orders whose buyer email is the viewer’s account email), or with `all: true` every store order (admins only; FORBIDDEN for anyone else).',
  })
  storeOrders(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true, description: FIRST_ARG_DESCRIPTION }) first?: number,
    @Arg('after', () => String, { nullable: true, description: AFTER_ARG_DESCRIPTION }) after?: string,
    @Arg('all', () => Boolean, {
      nullable: true,
      defaultValue: false,
      description:
        'True: every store order, of every buyer (admins only). False (the default): the viewer’s own.',
    })
    all?: boolean,
  ): Promise<StoreOrderConnection> {
    return listStoreOrders(ctx.em, all ? null : ctx.viewer!.id, pageSize(first), after);
  }
}
