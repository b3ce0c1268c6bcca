import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { payload } from '../../graphql/payload';
import { ShopCheckoutService } from './shop-checkout.service';
import { ShopCheckoutInput, ShopCheckoutPayload } from './shop-checkout.types';

/** Checkout of a shop bag on the store (shop-checkout.permissions.ts). */
@Resolver(() => ShopCheckoutPayload)
export class ShopCheckoutResolver {
  @Mutation(() => ShopCheckoutPayload, {
    description:
      'Makes a cart of a shop bag in the connected store and answers its checkout URL (a member’s e-mail prefilled); the store takes the payment and its order webhooks bring the order back. A member’s bag is not emptied here (the order’s webhook removes the lines bought). userErrors: INVALID_INPUT (lines: a guest without lines, quantities not 1–99, more than 50 lines, lines that cannot be bought as they are — listed in the message —, or lines the store refused), NOT_FOUND (lines.<index>.variantId: not a variant id), EMPTY_CART (no lines), STORE_UNAVAILABLE (no store connected, or the store cannot be reached or refuses DRX now).',
  })
  shopCheckout(
    @Arg('input', () => ShopCheckoutInput, {
      nullable: true,
      description: 'The lines to buy; null or omitted for a member: my bag.',
    })
    input: ShopCheckoutInput | null | undefined,
    @Ctx() ctx: Context,
  ) {
    const buyer = ctx.viewer ? { id: ctx.viewer.id, email: ctx.user?.email ?? null } : null;
    return payload(() => new ShopCheckoutService(ctx.em, ctx.config).checkout(buyer, input?.lines), {
      checkoutUrl: null as string | null,
    });
  }
}
