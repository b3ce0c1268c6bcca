import { Arg, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { payload } from '../../graphql/payload';
import { SafeInt } from '../../graphql/safe-int';
import { CartItem, MAX_CART_QUANTITY } from './cart-item.entity';
import type { CartLine, CartView } from './cart.service';
import { Cart, CartItemAddInput, CartItemRemoveInput, CartItemUpdateInput, CartPayload } from './cart.types';

type CartResult = { cart: CartView | null; item: CartLine | null };
const EMPTY: CartResult = { cart: null, item: null };

/** The signed-in member's cart (ownership of lines is checked by CartService). */
@Resolver(() => CartItem)
export class CartResolver {
  @Query(() => Cart, {
    description:
      'My cart: the lines I can still buy at today’s catalog prices, with their count and subtotal. Reads only; lines no longer purchasable are hidden here and dropped by cartRefresh.',
  })
  cart(@Ctx() ctx: Context): Promise<CartView> {
    return ctx.services.cart.cart(ctx.viewer!.id);
  }

  @Mutation(() => CartPayload, {
    description: `Adds a course or resource to my cart with the catalog’s title, price and image, or raises the quantity of its line when it is already there. userErrors: INVALID_INPUT (itemType; quantity below 1, a line above ${MAX_CART_QUANTITY}, a course above 1), NOT_FOUND (the item is not on sale), ALREADY_OWNED (I own it or it is in one of my paid orders), MEMBERSHIP_REQUIRED (a member-only course without a membership).`,
  })
  cartItemAdd(
    @Arg('input', () => CartItemAddInput, { description: 'The item and how many to add.' })
    input: CartItemAddInput,
    @Ctx() ctx: Context,
  ) {
    return payload<CartResult>(() => ctx.services.cart.add(ctx.viewer!, input), EMPTY);
  }

  @Mutation(() => CartPayload, {
    description: `Sets the quantity of one of my cart lines; a quantity below 1 removes the line (item is then null). userErrors: INVALID_INPUT (above ${MAX_CART_QUANTITY}, or a course above 1), NOT_FOUND (no such line of mine).`,
  })
  cartItemUpdate(
    @Arg('input', () => CartItemUpdateInput, { description: 'The line and its new quantity.' })
    input: CartItemUpdateInput,
    @Ctx() ctx: Context,
  ) {
    return payload<CartResult>(() => ctx.services.cart.update(ctx.viewer!.id, input), EMPTY);
  }

  @Mutation(() => CartPayload, {
    description: 'Removes one of my cart lines. userErrors: NOT_FOUND (no such line of mine).',
  })
  cartItemRemove(
    @Arg('input', () => CartItemRemoveInput, { description: 'The line to remove.' })
    input: CartItemRemoveInput,
    @Ctx() ctx: Context,
  ) {
    return payload<CartResult>(() => ctx.services.cart.remove(ctx.viewer!.id, input.id), EMPTY);
  }

  @Mutation(() => CartPayload, {
    description: 'Deletes every line of my cart and answers the empty cart. Returns no userErrors.',
  })
  cartClear(@Ctx() ctx: Context) {
    return payload<CartResult>(() => ctx.services.cart.clearMine(ctx.viewer!.id), EMPTY);
  }

  @Mutation(() => CartPayload, {
    description:
      'Copies today’s catalog prices, titles and images into my stored lines and deletes the ones no longer on sale, already owned or in one of my paid orders (one transaction). Returns no userErrors.',
  })
  cartRefresh(@Ctx() ctx: Context) {
    return payload<CartResult>(() => ctx.services.cart.refresh(ctx.viewer!.id), EMPTY);
  }

  @FieldResolver(() => SafeInt, { description: 'unitPriceCents × quantity (may pass Int’s 32 bits).' })
  lineTotalCents(@Root() line: CartLine): number {
    return line.unitPriceCents * line.quantity;
  }
}
