import {
  BigIntType,
  Entity,
  Index,
  ManyToOne,
  OptionalProps,
  PrimaryKey,
  Property,
  Unique,
} from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { User } from '../users';
import { Coupon } from './coupon.entity';

/**
 * One use of a coupon by an order (at most one per order). `releasedAt` is set when the order is
 * cancelled, fails or is refunded: the use is given back to the coupon exactly once.
 * `orderId` has no foreign key because the orders table is created after this one.
 */
@Entity({ tableName: 'coupon_redemptions' })
@Index({ properties: ['coupon', 'user'] })
export class CouponRedemption {
  [OptionalProps]?: 'createdAt' | 'releasedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Coupon, { deleteRule: 'cascade' })
  coupon!: Coupon;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @Unique()
  @Property({ type: 'uuid' })
  orderId!: string;

  @Property({ type: new BigIntType('number') })
  discountCents!: number;

  @Property({ type: 'Date', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'Date', nullable: true })
  releasedAt?: Date | null;
}
