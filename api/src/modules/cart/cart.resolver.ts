import { Arg, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { payload } from '../../graphql/payload';
import { SafeInt } from '../../graphql/safe-int';
import { CartItem } from './cart-item.entity';
import type { CartLine, CartView } from './cart.service';
import { Cart, CartItemAddInput, CartItemRemoveInput, CartItemUpdateInput, CartPayload } from './cart.types';

type CartResult = { cart: CartView | null; item: CartLine | null };
const EMPTY: CartResult = { cart: null, item: null };

/** The signed-in member's cart (ownership of lines is checked by CartService). */
@Resolver(() => CartItem)
export class CartResolver {
  @Query(() => Cart, { description: 'My cart at today’s catalog prices (signed in).' })
  cart(@Ctx() ctx: Context): Promise<CartView> {
    return ctx.services.cart.cart(ctx.viewer!.id);
  }

  @Mutation(() => CartPayload, {
    description: 'Adds an item (the catalog’s price), or raises its quantity when already in the cart.',
  })
  cartItemAdd(@Arg('input', () => CartItemAddInput) input: CartItemAddInput, @Ctx() ctx: Context) {
    return payload<CartResult>(() => ctx.services.cart.add(ctx.viewer!, input), EMPTY);
  }

  @Mutation(() => CartPayload, { description: 'Sets the quantity of one of my lines; below 1 removes it.' })
  cartItemUpdate(@Arg('input', () => CartItemUpdateInput) input: CartItemUpdateInput, @Ctx() ctx: Context) {
    return payload<CartResult>(() => ctx.services.cart.update(ctx.viewer!.id, input), EMPTY);
  }

  @Mutation(() => CartPayload, { description: 'Removes one of my lines.' })
  cartItemRemove(@Arg('input', () => CartItemRemoveInput) input: CartItemRemoveInput, @Ctx() ctx: Context) {
    return payload<CartResult>(() => ctx.services.cart.remove(ctx.viewer!.id, input.id), EMPTY);
  }

  @Mutation(() => CartPayload, { description: 'Empties my cart.' })
  cartClear(@Ctx() ctx: Context) {
    return payload<CartResult>(() => ctx.services.cart.clearMine(ctx.viewer!.id), EMPTY);
  }

  @Mutation(() => CartPayload, {
    description:
      'Copies today’s catalog prices, titles and images into my lines and drops the ones no longer on sale or already owned.',
  })
  cartRefresh(@Ctx() ctx: Context) {
    return payload<CartResult>(() => ctx.services.cart.refresh(ctx.viewer!.id), EMPTY);
  }

  @FieldResolver(() => SafeInt, { description: 'unitPriceCents × quantity (may pass Int’s 32 bits).' })
  lineTotalCents(@Root() line: CartLine): number {
    return line.unitPriceCents * line.quantity;
  }
}
