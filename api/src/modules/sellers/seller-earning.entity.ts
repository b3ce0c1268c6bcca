import { DecimalType, Entity, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { Resource } from '../resources/resource.entity';
import { User } from '../users/user.entity';

export const EARNING_STATUSES = ['pending', 'available', 'reversed'] as const;
export type EarningStatus = (typeof EARNING_STATUSES)[number];

/**
 * One row of a seller's earnings ledger: one sold order line. Amounts are whole US cents;
 * `netCents = grossCents − feeCents` (a check constraint holds it). The order is referenced by id
 * only (orders belong to another module). Rows are never deleted: a refund marks them reversed.
 */
@ObjectType({ description: 'A sale in my earnings ledger: gross, platform fee and net, in cents.' })
@Entity({ tableName: 'seller_earnings' })
export class SellerEarning {
  [OptionalProps]?: 'status' | 'createdAt' | 'reversedAt' | 'resource';

  @Field(() => ID)
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User)
  seller!: User;

  @Field(() => ID)
  @Property({ type: 'uuid' })
  orderId!: string;

  @Field()
  @Property({ type: 'string', length: 40 })
  orderNumber!: string;

  @Field(() => ID)
  @Property({ type: 'uuid', unique: true })
  orderLineId!: string;

  @ManyToOne(() => Resource, { nullable: true, deleteRule: 'set null' })
  resource?: Resource | null;

  @Field(() => Int)
  @Property({ type: 'integer' })
  grossCents!: number;

  @Field(() => Float, { description: 'The platform fee in percent at the time of the sale.' })
  @Property({ type: new DecimalType('number'), columnType: 'numeric(5,2)' })
  feePercent!: number;

  @Field(() => Int)
  @Property({ type: 'integer' })
  feeCents!: number;

  @Field(() => Int)
  @Property({ type: 'integer' })
  netCents!: number;

  @Field(() => String, { description: 'pending | available | reversed' })
  @Property({ type: 'string', length: 20, default: 'pending' })
  status: EarningStatus = 'pending';

  @Field()
  @Property({ type: 'Date', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Field(() => Date, { nullable: true })
  @Property({ type: 'Date', nullable: true })
  reversedAt?: Date | null;
}
