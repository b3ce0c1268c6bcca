import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { Connection } from '../../graphql/connection';
import { UserError } from '../../graphql/errors';
import { SafeInt } from '../../graphql/safe-int';
import { Order } from './order.entity';

@ObjectType()
export class OrderConnection extends Connection(Order, 'Order') {}

@ObjectType({ description: 'What my cart costs now, with a coupon if one is given (US cents).' })
export class CheckoutQuote {
  @Field(() => SafeInt, {
    description: 'May pass Int’s 32 bits (checkout refuses orders above the maximum).',
  })
  subtotalCents!: number;

  @Field(() => SafeInt)
  discountCents!: number;

  @Field(() => SafeInt)
  totalCents!: number;

  @Field(() => String, { nullable: true, description: 'The applied code (upper-cased), when it applies.' })
  couponCode!: string | null;

  @Field(() => String, { nullable: true, description: 'Why the given code does not apply.' })
  couponError!: string | null;

  @Field(() => Int, { description: 'Units in the cart (sum of quantities).' })
  itemCount!: number;
}

@ObjectType({ description: 'How to pay: the provider and, for Stripe Elements, the keys.' })
export class PaymentSessionInfo {
  @Field({ description: 'test, stripe, or free (nothing to pay).' })
  provider!: string;

  @Field(() => String, { nullable: true, description: 'The PaymentIntent client secret (Stripe).' })
  clientSecret!: string | null;

  @Field(() => String, { nullable: true })
  publishableKey!: string | null;
}

@InputType()
export class CheckoutStartInput {
  @Field({ description: 'A key the client makes once per checkout attempt (8–100 characters).' })
  idempotencyKey!: string;

  @Field(() => String, { nullable: true })
  couponCode?: string | null;
}

@InputType()
export class OrderIdInput {
  @Field(() => ID)
  orderId!: string;
}

@InputType()
export class OrderRefundInput {
  @Field(() => ID)
  orderId!: string;

  @Field({ description: 'Why the order is refunded (shown on the order; at most 500 characters).' })
  reason!: string;
}

@ObjectType()
export class CheckoutStartPayload {
  @Field(() => Order, { nullable: true })
  order!: Order | null;

  @Field(() => PaymentSessionInfo, { nullable: true })
  payment!: PaymentSessionInfo | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}

@ObjectType()
export class OrderPayload {
  @Field(() => Order, { nullable: true })
  order!: Order | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}
