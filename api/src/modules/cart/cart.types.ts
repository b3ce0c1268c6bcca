import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { UserError } from '../../graphql/errors';
import { SafeInt } from '../../graphql/safe-int';
import { CartItem } from './cart-item.entity';

@ObjectType({ description: 'My cart: its lines at today’s catalog prices.' })
export class Cart {
  @Field(() => [CartItem])
  items!: CartItem[];

  @Field(() => Int, { description: 'Sum of the quantities of all lines.' })
  itemCount!: number;

  @Field(() => SafeInt, { description: 'Sum of the line totals, US cents (may pass Int’s 32 bits).' })
  subtotalCents!: number;
}

@InputType({ description: 'Adds an item, or raises its quantity when it is already in the cart.' })
export class CartItemAddInput {
  @Field(() => String, { description: 'course or resource.' })
  itemType!: string;

  @Field(() => ID)
  itemId!: string;

  @Field(() => Int, { nullable: true, description: 'How many to add (default 1).' })
  quantity?: number | null;
}

@InputType({ description: 'Sets a line’s quantity; below 1 removes the line.' })
export class CartItemUpdateInput {
  @Field(() => ID)
  id!: string;

  @Field(() => Int)
  quantity!: number;
}

@InputType()
export class CartItemRemoveInput {
  @Field(() => ID)
  id!: string;
}

@ObjectType({ description: 'The cart after the change and the line changed (null when removed).' })
export class CartPayload {
  @Field(() => Cart, { nullable: true })
  cart?: Cart | null;

  @Field(() => CartItem, { nullable: true })
  item?: CartItem | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}
