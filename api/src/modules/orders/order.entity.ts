import { BigIntType, Entity, ManyToOne, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { User } from '../users';
import type { OrderKind } from './order-lifecycle';

export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'refunded', 'canceled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * `free` is an order whose total is 0 (paid at once, no provider involved); `credit` a booking order
 * paid with a membership lesson credit (total 0, the price shown as `creditCents`); `store` an order
 * of the connected store (paid there; kind `store`, not listed by the orders API).
 */
export type OrderPaymentProvider = 'test' | 'stripe' | 'free' | 'credit' | 'store';

/**
 * A purchase made from a member's cart. Rows are written with SQL by the checkout (the number comes
 * from the `order_number_seq` sequence, the status only moves by conditional UPDATEs), so this
 * entity is for reading. Amounts are whole US cents; total = subtotal − member discount − discount
 * − lesson credit.
 */
@ObjectType({ description: 'An order made at checkout (amounts in US cents).' })
@Entity({ tableName: 'orders' })
@Unique({ properties: ['user', 'idempotencyKey'] })
export class Order {
  [OptionalProps]?:
    | 'number'
    | 'status'
    | 'kind'
    | 'refundedCents'
    | 'currency'
    | 'discountCents'
    | 'memberDiscountCents'
    | 'memberDiscountPercent'
    | 'creditCents'
    | 'createdAt'
    | 'updatedAt'
    | 'paymentReference'
    | 'couponId'
    | 'couponCode'
    | 'disputeStatus';

  @Field(() => ID, {
    description: 'The order’s id (for order, checkoutConfirm, checkoutCancel and orderRefund).',
  })
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Field({
    description:
      'The order number people see: DRX- and a sequence number of at least six digits, e.g. DRX-000123.',
  })
  @Property({ type: 'string', length: 20 })
  number!: string;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @Field(() => String, {
    description:
      'cart (bought from the cart: courses and resources) or booking (paying one booked session; its one line has item type booking).',
  })
  @Property({ type: 'string', length: 20 })
  kind: OrderKind = 'cart';

  @Field(() => Int, {
    description:
      'How much of the total was refunded, US cents: the total for a full refund, less for a partial one (a booking canceled late keeps its fee).',
  })
  @Property({ type: 'integer' })
  refundedCents: number = 0;

  @Field(() => String, {
    description:
      'pending (awaiting payment), paid (paid and delivered), failed (the payment failed; it may still be paid or canceled), refunded (by staff, automatically when money was taken for an order that could not be delivered, in Stripe’s dashboard — in whole, or in part when refundedCents is below totalCents — or by a chargeback lost) or canceled (abandoned, replaced by a newer checkout, or undeliverable before any money was taken; nothing charged).',
  })
  @Property({ type: 'string', length: 20 })
  status: OrderStatus = 'pending';

  @Field({ description: 'Always USD.' })
  @Property({ type: 'string', length: 3 })
  currency: string = 'USD';

  // bigint columns read as numbers; checkout keeps every order within MAX_ORDER_TOTAL_CENTS (≤ 2³¹ − 1).
  @Field(() => Int, { description: 'Sum of the lines’ lineTotalCents, US cents.' })
  @Property({ type: new BigIntType('number') })
  subtotalCents!: number;

  @Field(() => Int, {
    description:
      'What the buyer’s membership took off the resource lines, US cents (the plan’s percent of each resource line, rounded half up; courses never): the sum of the lines’ memberDiscountCents; 0 for a non-member. It comes before the coupon.',
  })
  @Property({ type: new BigIntType('number') })
  memberDiscountCents: number = 0;

  @Field(() => Int, {
    description:
      'The membership’s resource discount percent when the order was placed (0 when the buyer was not a member).',
  })
  @Property({ type: 'integer' })
  memberDiscountPercent: number = 0;

  @Field(() => Int, {
    description:
      'What the coupon took off, US cents (0 without a coupon), measured on what was left after the member discount.',
  })
  @Property({ type: new BigIntType('number') })
  discountCents: number = 0;

  @Field(() => Int, {
    description:
      'What a membership lesson credit paid, US cents: the whole subtotal of a booking order paid with a credit (paymentProvider credit; nothing charged), 0 otherwise.',
  })
  @Property({ type: new BigIntType('number') })
  creditCents: number = 0;

  @Field(() => Int, {
    description:
      'subtotalCents − memberDiscountCents − discountCents − creditCents, US cents: the amount charged (0 for a free order or one paid with a lesson credit).',
  })
  @Property({ type: new BigIntType('number') })
  totalCents!: number;

  @Field(() => String, {
    description:
      'test (the built-in test provider; no money moves), stripe, free (a total of 0: no provider involved) or credit (a booked session paid with a membership lesson credit: nothing charged, nothing to refund).',
  })
  @Property({ type: 'string', length: 20 })
  paymentProvider!: OrderPaymentProvider;

  /** The Stripe PaymentIntent id (or `test_pi_…`). */
  @Property({ type: 'string', length: 255, nullable: true })
  paymentReference?: string | null;

  @Property({ type: 'string', length: 100 })
  idempotencyKey!: string;

  @Property({ type: 'uuid', nullable: true })
  couponId?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The coupon code applied (upper-cased); null when the order has no coupon.',
  })
  @Property({ type: 'string', length: 32, nullable: true })
  couponCode?: string | null;

  @Field({ description: 'When the order was placed by checkoutStart (ISO-8601, UTC).' })
  @Property({ type: 'Date', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'Date', defaultRaw: 'now()' })
  updatedAt: Date = new Date();

  @Field(() => Date, {
    nullable: true,
    description:
      'When the payment was taken (ISO-8601, UTC); null for an order never paid. A refunded order keeps it.',
  })
  @Property({ type: 'Date', nullable: true })
  paidAt?: Date | null;

  @Property({ type: 'Date', nullable: true })
  fulfilledAt?: Date | null;

  @Property({ type: 'Date', nullable: true })
  canceledAt?: Date | null;

  @Property({ type: 'Date', nullable: true })
  failedAt?: Date | null;

  @Field(() => Date, {
    nullable: true,
    description: 'When the order was refunded (ISO-8601, UTC); null unless its status is refunded.',
  })
  @Property({ type: 'Date', nullable: true })
  refundedAt?: Date | null;

  @Field(() => String, {
    nullable: true,
    description:
      'Why it was refunded: the staff’s reason, or “Refunded automatically: …” for an order that could not be delivered; null unless refunded.',
  })
  @Property({ type: 'string', length: 500, nullable: true })
  refundReason?: string | null;

  @Property({ type: 'string', length: 255, nullable: true })
  refundReference?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'The buyer’s dispute of the payment (a chargeback): open (what the order gave is suspended), won (given back) or lost (refunded in whole); null when none.',
  })
  @Property({ type: 'string', length: 20, nullable: true })
  disputeStatus?: 'open' | 'won' | 'lost' | null;

  /**
   * Set when money was taken for an order that could not be delivered (it is then `refunded` at
   * once); cleared when the provider has refunded it (automatic-refund.ts).
   */
  @Property({ type: 'Date', nullable: true })
  refundDueAt?: Date | null;
}
