import { DecimalType, Entity, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { Resource } from '../resources';
import { User } from '../users';

export const EARNING_STATUSES = ['pending', 'available', 'reversed'] as const;
export type EarningStatus = (typeof EARNING_STATUSES)[number];

/**
 * One row of a seller's earnings ledger: one sold order line. Amounts are whole US cents;
 * `netCents = grossCents − feeCents` (a check constraint holds it). The order is referenced by id
 * only (orders belong to another module). Rows are never deleted: a refund marks them reversed.
 */
@ObjectType({
  description:
    'A sale in my earnings ledger (one sold order line): gross, platform fee and net, in US cents. A refund marks it reversed; it is never deleted.',
})
@Entity({ tableName: 'seller_earnings' })
export class SellerEarning {
  [OptionalProps]?: 'status' | 'createdAt' | 'reversedAt' | 'resource';

  @Field(() => ID, { description: 'The ledger row’s id.' })
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User)
  seller!: User;

  @Field(() => ID, { description: 'The id of the buyer’s order the sale belongs to.' })
  @Property({ type: 'uuid' })
  orderId!: string;

  @Field({ description: 'That order’s number as people see it, e.g. DRX-000123.' })
  @Property({ type: 'string', length: 40 })
  orderNumber!: string;

  @Field(() => ID, { description: 'The id of the sold order line (one ledger row per line).' })
  @Property({ type: 'uuid', unique: true })
  orderLineId!: string;

  @ManyToOne(() => Resource, { nullable: true, deleteRule: 'set null' })
  resource?: Resource | null;

  @Field(() => Int, { description: 'What the buyer paid for the line, in US cents (after any discount).' })
  @Property({ type: 'integer' })
  grossCents!: number;

  @Field(() => Float, { description: 'The platform fee in percent at the time of the sale.' })
  @Property({ type: new DecimalType('number'), columnType: 'numeric(5,2)' })
  feePercent!: number;

  @Field(() => Int, {
    description: 'The platform’s fee: grossCents × feePercent / 100, rounded half-up to the cent.',
  })
  @Property({ type: 'integer' })
  feeCents!: number;

  @Field(() => Int, { description: 'My share: grossCents − feeCents, in US cents.' })
  @Property({ type: 'integer' })
  netCents!: number;

  @Field(() => String, {
    description:
      'pending (in the hold period: younger than `SellerDashboard.holdDays`), available (past it; it stays so once transferred or paid out: `payoutState` says where the money is) or reversed (the order was refunded).',
  })
  @Property({ type: 'string', length: 20, default: 'pending' })
  status: EarningStatus = 'pending';

  @Field({ description: 'When the sale was recorded, on payment (ISO-8601, UTC).' })
  @Property({ type: 'Date', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Field(() => Date, {
    nullable: true,
    description: 'When a refund reversed it (ISO-8601, UTC); null while it is not reversed.',
  })
  @Property({ type: 'Date', nullable: true })
  reversedAt?: Date | null;
}
