import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { UserError } from '../../graphql/errors';
import { SafeInt } from '../../graphql/safe-int';
import { CartItem, MAX_CART_QUANTITY } from './cart-item.entity';

@ObjectType({ description: 'My cart: its lines at today’s catalog prices.' })
export class Cart {
  @Field(() => [CartItem], {
    description:
      'The lines I can still buy, oldest first, with today’s catalog title, price and image. Lines whose item is no longer on sale, that I now own or that are in one of my paid orders are left out (they stay stored until cartRefresh drops them).',
  })
  items!: CartItem[];

  @Field(() => Int, { description: 'Sum of the quantities of the lines in items.' })
  itemCount!: number;

  @Field(() => SafeInt, {
    description: 'Sum of the lines’ lineTotalCents, US cents (may pass Int’s 32 bits).',
  })
  subtotalCents!: number;

  @Field(() => Int, {
    description:
      'My membership’s discount percent on curriculum-store resources (0 when I have no membership giving benefits now).',
  })
  memberDiscountPercent!: number;

  @Field(() => SafeInt, {
    description:
      'What my membership takes off the resource lines, US cents: memberDiscountPercent of each resource line’s lineTotalCents, rounded half up per line; course lines never. Shown as its own “Member discount” line; a coupon at checkout applies to what is left.',
  })
  memberDiscountCents!: number;

  @Field(() => SafeInt, {
    description:
      'subtotalCents − memberDiscountCents, US cents: what the cart costs before any coupon (checkoutQuote adds the coupon).',
  })
  totalCents!: number;
}

@InputType({ description: 'Adds an item, or raises its quantity when it is already in the cart.' })
export class CartItemAddInput {
  @Field(() => String, { description: 'course or resource (anything else is INVALID_INPUT).' })
  itemType!: string;

  @Field(() => ID, {
    description:
      'The id of the course or resource. It must be on sale (a published course; a published resource of a seller who is not suspended), else NOT_FOUND.',
  })
  itemId!: string;

  @Field(() => Int, {
    nullable: true,
    description: `How many to add, 1 to ${MAX_CART_QUANTITY} (null or omitted: 1). It is added to the quantity already in the cart, and a line holds at most ${MAX_CART_QUANTITY}; a course only 1 (one seat per buyer).`,
  })
  quantity?: number | null;
}

@InputType({ description: 'Sets a line’s quantity; below 1 removes the line.' })
export class CartItemUpdateInput {
  @Field(() => ID, { description: 'The id of one of my cart lines (CartItem.id, not the item’s id).' })
  id!: string;

  @Field(() => Int, {
    description: `The new quantity, at most ${MAX_CART_QUANTITY} (a course only 1); below 1 removes the line.`,
  })
  quantity!: number;
}

@InputType({ description: 'Which of my cart lines to remove.' })
export class CartItemRemoveInput {
  @Field(() => ID, { description: 'The id of one of my cart lines (CartItem.id, not the item’s id).' })
  id!: string;
}

@ObjectType({ description: 'The cart after the change and the line changed (null when removed).' })
export class CartPayload {
  @Field(() => Cart, {
    nullable: true,
    description: 'My cart after the change, at today’s catalog prices; null when userErrors is not empty.',
  })
  cart?: Cart | null;

  @Field(() => CartItem, {
    nullable: true,
    description:
      'The line added or changed; null when a line was removed, for cartClear and cartRefresh, and when userErrors is not empty.',
  })
  item?: CartItem | null;

  @Field(() => [UserError], {
    description: 'Why the change was refused (nothing changed then); empty on success.',
  })
  userErrors!: UserError[];
}
