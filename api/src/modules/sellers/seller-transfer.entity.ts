import { Entity, ManyToOne, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { User } from '../users';

export const TRANSFER_STATUSES = ['pending', 'paid', 'failed', 'offset', 'canceled'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/**
 * One Stripe Connect transfer of one ledger row (`seller_earnings`) to the seller's or instructor's
 * connected account, made by the transfer job once the row's hold period ended
 * (seller-transfers.ts). `earningId` and `round` are unique: the claim that makes each row's transfer
 * happen once (a row is owed a second round only when a won chargeback gave back its earning).
 */
@ObjectType({
  description:
    'A transfer of one sale’s net earning to my connected Stripe account (Stripe Connect, one transfer group per order, from the order’s charge), in US cents. Made once the sale’s hold period ended; a refund reverses it (or leaves a negative balance that the next transfers pay back first).',
})
@Entity({ tableName: 'seller_transfers' })
@Unique({ properties: ['earningId', 'round'] })
export class SellerTransfer {
  [OptionalProps]?:
    | 'round'
    | 'recoveredCents'
    | 'reversalRequestedCents'
    | 'reversedCents'
    | 'status'
    | 'attempts'
    | 'attemptedAt'
    | 'createdAt'
    | 'updatedAt';

  @Field(() => ID, { description: 'The transfer’s id in DRX.' })
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Field(() => User, { description: 'Whose earning it pays (the seller or instructor).' })
  @ManyToOne(() => User)
  seller!: User;

  @Field(() => ID, {
    description:
      'The ledger row (SellerEarning) it pays; one transfer per row (a second one only after a chargeback the seller won gave the earning back).',
  })
  @Property({ type: 'uuid' })
  earningId!: string;

  /** Which transfer of the ledger row: 0, then 1… after a won chargeback (seller-transfers.ts). */
  @Property({ type: 'integer', default: 0 })
  round!: number;

  @Field(() => ID, { description: 'The buyer’s order the earning comes from.' })
  @Property({ type: 'uuid' })
  orderId!: string;

  @Field({ description: 'That order’s number as people see it, e.g. DRX-000123.' })
  @Property({ type: 'string', length: 40 })
  orderNumber!: string;

  @Property({ type: 'string', length: 255 })
  destinationAccount!: string;

  @Field({ description: 'Stripe’s transfer group: `order_<order id>`, one per order.' })
  @Property({ type: 'string', length: 80 })
  transferGroup!: string;

  @Property({ type: 'string', length: 255, nullable: true })
  paymentReference?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'The order’s charge the transfer is funded from (Stripe’s `source_transaction`); null for an order DRX paid itself (a membership lesson credit) or before Stripe answered.',
  })
  @Property({ type: 'string', length: 255, nullable: true })
  sourceTransaction?: string | null;

  @Field(() => Int, { description: 'The ledger row’s net earning when the transfer was made, in US cents.' })
  @Property({ type: 'integer' })
  netCents!: number;

  @Field(() => Int, {
    description: 'The part of `netCents` that paid back a negative balance (not sent), in US cents.',
  })
  @Property({ type: 'integer', default: 0 })
  recoveredCents: number = 0;

  @Field(() => Int, { description: 'What the transfer sends: netCents − recoveredCents, in US cents.' })
  @Property({ type: 'integer' })
  amountCents!: number;

  @Property({ type: 'integer', default: 0 })
  reversalRequestedCents: number = 0;

  @Field(() => Int, { description: 'What refunds took back from it so far (reversals made), in US cents.' })
  @Property({ type: 'integer', default: 0 })
  reversedCents: number = 0;

  @Field(() => String, {
    description:
      'pending (being sent to Stripe), paid (Stripe made it), failed (Stripe refused it: `failureReason`; tried again a day later), offset (all of it paid back a negative balance; nothing sent) or canceled (a refund took back all of a transfer that had failed).',
  })
  @Property({ type: 'string', length: 20, default: 'pending' })
  status: TransferStatus = 'pending';

  @Field(() => String, { nullable: true, description: 'Stripe’s transfer id (tr_…); null until made.' })
  @Property({ type: 'string', length: 255, nullable: true, unique: true })
  stripeTransferId?: string | null;

  @Field(() => String, { nullable: true, description: 'Why Stripe refused it; null otherwise.' })
  @Property({ type: 'text', nullable: true })
  failureReason?: string | null;

  /** The payout that took this transfer's money to the bank (payouts.ts); null until one did. */
  @Property({ type: 'uuid', nullable: true })
  payoutId?: string | null;

  @Property({ type: 'integer', default: 1 })
  attempts: number = 1;

  @Property({ type: 'Date', defaultRaw: 'now()' })
  attemptedAt: Date = new Date();

  @Field(() => Date, { nullable: true, description: 'When Stripe made it (ISO-8601, UTC).' })
  @Property({ type: 'Date', nullable: true })
  paidAt?: Date | null;

  @Field({ description: 'When the transfer was claimed for the ledger row (ISO-8601, UTC).' })
  @Property({ type: 'Date', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'Date', defaultRaw: 'now()' })
  updatedAt: Date = new Date();
}
