import { BigIntType, Entity, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, ObjectType } from 'type-graphql';
import { SafeInt } from '../../graphql/safe-int';
import { User } from '../users';

export const PAYOUT_STATUSES = ['pending', 'in_transit', 'paid', 'failed', 'canceled'] as const;

/**
 * A payout Stripe made from a seller's or instructor's connected account to their bank, on the
 * account's automatic schedule (payouts.ts records it from Stripe's `payout.*` webhooks). The
 * transfers it covers point at it (`seller_transfers.payout_id`).
 */
@ObjectType({
  description:
    'A payout Stripe made from my connected account to my bank (on Stripe’s automatic schedule), with the transfers — and so the orders — it covers. Amounts in US cents.',
})
@Entity({ tableName: 'seller_payouts' })
export class SellerPayout {
  [OptionalProps]?: 'createdAt' | 'updatedAt';

  @Field(() => ID, { description: 'The payout’s id in DRX.' })
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Field(() => User, { description: 'Whose account paid out (the seller or instructor).' })
  @ManyToOne(() => User)
  seller!: User;

  @Property({ type: 'string', length: 255 })
  destinationAccount!: string;

  @Field({ description: 'Stripe’s payout id (po_…).' })
  @Property({ type: 'string', length: 255, unique: true })
  stripePayoutId!: string;

  @Field(() => SafeInt, { description: 'What went to the bank, in US cents.' })
  @Property({ type: new BigIntType('number') })
  amountCents!: number;

  @Field({
    description:
      'pending or in_transit (on its way to the bank), paid (arrived), failed (the bank refused it: `failureMessage`; the money went back to the Stripe balance for a later payout) or canceled.',
  })
  @Property({ type: 'string', length: 20 })
  status!: string;

  @Field(() => Date, { nullable: true, description: 'When the money reaches (or reached) the bank.' })
  @Property({ type: 'Date', nullable: true })
  arrivalDate?: Date | null;

  @Field(() => String, { nullable: true, description: 'Why the payout failed; null otherwise.' })
  @Property({ type: 'text', nullable: true })
  failureMessage?: string | null;

  @Field({ description: 'When DRX first learnt of the payout (ISO-8601, UTC).' })
  @Property({ type: 'Date', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'Date', defaultRaw: 'now()' })
  updatedAt: Date = new Date();
}
