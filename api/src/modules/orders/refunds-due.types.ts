import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { Connection } from '../../graphql/connection';
import { UserError } from '../../graphql/errors';
import { SafeInt } from '../../graphql/safe-int';
import { User } from '../users';
import { Order } from './order.entity';

@ObjectType({
  description:
    'An automatic refund still due: money was taken for an order that could not be delivered, and the payment provider has not refunded it yet (each try that failed is counted). Admins only.',
})
export class RefundDue {
  @Field(() => ID, { description: 'The order’s id (Order.id): what adminRefundRetry takes.' })
  id!: string;

  @Field({ description: 'The order’s number, e.g. DRX-20261205-0001.' })
  orderNumber!: string;

  /** Resolved from this id (the graph's own User rules apply to its fields). */
  buyerId!: string;

  @Field(() => User, { nullable: true, description: 'Who paid; null when the account no longer exists.' })
  buyer?: User | null;

  @Field(() => SafeInt, { description: 'What is to be given back, in US cents (the order’s total).' })
  amountCents!: number;

  @Field({ description: 'The payment provider that took the money: stripe or test.' })
  paymentProvider!: string;

  @Field(() => Int, { description: 'How many tries to send it failed so far (0: none failed yet).' })
  attempts!: number;

  @Field(() => String, {
    nullable: true,
    description: 'Why the last try failed (the provider’s answer); null before any failed try.',
  })
  lastError!: string | null;

  @Field(() => Date, {
    nullable: true,
    description: 'When it was last tried and failed (ISO-8601, UTC); null before any failed try.',
  })
  lastAttemptAt!: Date | null;

  @Field({ description: 'Since when it is due: when the order was refunded (ISO-8601, UTC).' })
  dueSince!: Date;
}

@ObjectType()
export class RefundDueConnection extends Connection(RefundDue, 'RefundDue') {}

@InputType({ description: 'Names an order whose automatic refund is due.' })
export class RefundRetryInput {
  @Field(() => ID, { description: 'The order’s id (RefundDue.id, Order.id).' })
  orderId!: string;
}

@ObjectType({ description: 'What a new try of a due refund did.' })
export class RefundRetryPayload {
  @Field(() => Order, {
    nullable: true,
    description: 'The order once its refund was sent (no longer due); null otherwise.',
  })
  order!: Order | null;

  @Field(() => RefundDue, {
    nullable: true,
    description:
      'The refund when it is still due after this try (with the try counted); null when it was sent.',
  })
  refund!: RefundDue | null;

  @Field(() => [UserError], { description: 'Why the refund was not sent; empty when it was.' })
  userErrors!: UserError[];
}
