import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Connection } from '../../graphql/connection';
import { UserError } from '../../graphql/errors';
import { SafeInt } from '../../graphql/safe-int';
import { Order } from './order.entity';

@ObjectType({ description: 'A page of orders, newest first (a Relay connection).' })
export class OrderConnection extends Connection(Order, 'Order') {}

@ObjectType({
  description:
    'What my cart costs now, with a coupon if one is given (US cents). A quote reserves nothing and records no coupon use.',
})
export class CheckoutQuote {
  @Field(() => SafeInt, {
    description:
      'Sum of my purchasable cart lines at today’s catalog prices, US cents. May pass Int’s 32 bits (checkoutStart refuses an order above the configured maximum, MAX_ORDER_TOTAL_CENTS).',
  })
  subtotalCents!: number;

  @Field(() => Int, {
    description:
      'My membership’s resource discount percent now (0 when I have no membership giving benefits).',
  })
  memberDiscountPercent!: number;

  @Field(() => SafeInt, {
    description:
      'What my membership takes off the resource lines, US cents: memberDiscountPercent of each resource line, rounded half up per line; course lines never. 0 for a non-member. It comes before the coupon.',
  })
  memberDiscountCents!: number;

  @Field(() => SafeInt, {
    description:
      'What the coupon takes off, US cents, measured on what is left after the member discount (its percent and its minimum subtotal too): 0 without a coupon or when it does not apply; never more than subtotalCents − memberDiscountCents.',
  })
  discountCents!: number;

  @Field(() => SafeInt, {
    description:
      'subtotalCents − memberDiscountCents − discountCents, US cents: what checkoutStart would charge now.',
  })
  totalCents!: number;

  @Field(() => String, {
    nullable: true,
    description: 'The applied code (upper-cased); null when no code was given or it does not apply.',
  })
  couponCode!: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'Why the given code does not apply (e.g. “This coupon has expired”); null when it applies or no code was given.',
  })
  couponError!: string | null;

  @Field(() => Int, { description: 'Units in the cart (sum of the purchasable lines’ quantities).' })
  itemCount!: number;
}

@ObjectType({ description: 'How to pay: the provider and, for Stripe Elements, the keys.' })
export class PaymentSessionInfo {
  @Field({
    description:
      'test (the built-in test provider: checkoutConfirm is the payment, no money moves), stripe, free (a total of 0: nothing to pay), or none (paymentConfig only: no provider is configured and orders above 0 are refused).',
  })
  provider!: string;

  @Field(() => String, {
    nullable: true,
    description:
      'The Stripe PaymentIntent’s client secret for Stripe Elements; null for test and free orders, from paymentConfig, and when the order is no longer pending.',
  })
  clientSecret!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The Stripe publishable key (pk_…) when the provider is stripe; null otherwise.',
  })
  publishableKey!: string | null;
}

@InputType({ description: 'Checks out my cart.' })
export class CheckoutStartInput {
  @Field({
    description:
      'A key the client makes once per checkout attempt: 8 to 100 letters, digits or - _ . : (surrounding spaces are trimmed). Sending the same key again answers the same order instead of making another.',
  })
  idempotencyKey!: string;

  @Field(() => String, {
    nullable: true,
    description:
      'A coupon code to apply (matched case-insensitively); null or blank: no coupon. A code that does not apply fails the checkout with a COUPON_* userError on couponCode.',
  })
  couponCode?: string | null;
}

@InputType({ description: 'Names one of my orders.' })
export class OrderIdInput {
  @Field(() => ID, { description: 'The id of one of my orders (Order.id); anyone else’s is NOT_FOUND.' })
  orderId!: string;
}

@InputType({ description: 'A full refund of a paid order.' })
export class OrderRefundInput {
  @Field(() => ID, { description: 'The id of the order to refund (Order.id).' })
  orderId!: string;

  @Field({
    description:
      'Why the order is refunded: required, at most 500 characters after trimming; shown on the order (refundReason) and its receipt.',
  })
  reason!: string;
}

@ObjectType({ description: 'The order made from my cart and how to pay it.' })
export class CheckoutStartPayload {
  @Field(() => Order, {
    nullable: true,
    description:
      'The order: pending until paid, or already paid when its total is 0. A repeated idempotencyKey or an unchanged open checkout answers the same order. null when userErrors is not empty.',
  })
  order!: Order | null;

  @Field(() => PaymentSessionInfo, {
    nullable: true,
    description: 'How to pay the order; null when userErrors is not empty.',
  })
  payment!: PaymentSessionInfo | null;

  @Field(() => [UserError], {
    description: 'Why no order was made or its payment not started; empty on success.',
  })
  userErrors!: UserError[];
}

@ObjectType({ description: 'An order after a checkout step or a refund.' })
export class OrderPayload {
  @Field(() => Order, {
    nullable: true,
    description: 'The order after the change; null when userErrors is not empty.',
  })
  order!: Order | null;

  @Field(() => [UserError], { description: 'Why the step was refused or failed; empty on success.' })
  userErrors!: UserError[];
}

export enum TestDashboardAction {
  REFUND = 'REFUND',
  DISPUTE_OPEN = 'DISPUTE_OPEN',
  DISPUTE_WON = 'DISPUTE_WON',
  DISPUTE_LOST = 'DISPUTE_LOST',
}
registerEnumType(TestDashboardAction, {
  name: 'TestDashboardAction',
  description:
    'What the test payment provider’s stand-in for Stripe’s dashboard does: REFUND (a refund made outside DRX, in whole or in part), DISPUTE_OPEN (the buyer disputes the payment), DISPUTE_WON / DISPUTE_LOST (the dispute is decided).',
  valuesConfig: {
    REFUND: { description: 'Refund amountCents (default: what is left) outside DRX.' },
    DISPUTE_OPEN: { description: 'The buyer disputes the payment (a chargeback).' },
    DISPUTE_WON: { description: 'The dispute is decided for the seller: what it suspended comes back.' },
    DISPUTE_LOST: { description: 'The dispute is lost: the payment counts as refunded in whole.' },
  },
});

@InputType({ description: 'An event of the test provider’s stand-in for Stripe’s dashboard.' })
export class OrderTestDashboardInput {
  @Field(() => ID, { description: 'The order (paid with the test provider).' })
  orderId!: string;

  @Field(() => TestDashboardAction, { description: 'What happens.' })
  action!: TestDashboardAction;

  @Field(() => Int, {
    nullable: true,
    description: 'REFUND only: how much, US cents (1 to what is not yet refunded; default all of that).',
  })
  amountCents?: number | null;
}

@ObjectType({ description: 'A line of an order’s history: a refund or dispute made on the provider’s side.' })
export class OrderHistoryItem {
  @Field({
    description: 'provider_refund, provider_partial_refund, dispute_opened, dispute_won or dispute_lost.',
  })
  event!: string;

  @Field({
    description: 'What happened, in words: the amount, the lines taken back, suspended, given back or kept.',
  })
  note!: string;

  @Field(() => Int, { nullable: true, description: 'The amount concerned, US cents, when there is one.' })
  amountCents?: number | null;

  @Field({ description: 'When (ISO-8601, UTC).' })
  createdAt!: Date;
}
