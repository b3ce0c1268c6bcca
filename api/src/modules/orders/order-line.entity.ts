import { BigIntType, Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Order } from './order.entity';

/** One bought item of an order, with the catalog price at the time of the order. */
@ObjectType({ description: 'A line of an order: the item and the price paid (US cents).' })
@Entity({ tableName: 'order_lines' })
@Index({ properties: ['order', 'position'] })
export class OrderLine {
  @Field(() => ID, { description: 'The order line’s id (for licenceAssign and licenceRevoke).' })
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Order, { deleteRule: 'cascade' })
  order!: Order;

  @Property({ type: 'integer' })
  position!: number;

  @Field(() => String, {
    description: 'course, resource or booking (a booked session; itemId is the Booking id).',
  })
  @Property({ type: 'string', length: 20 })
  itemType!: 'course' | 'resource' | 'booking';

  @Field(() => ID, { description: 'The id of the course, resource or booking bought (see itemType).' })
  @Property({ type: 'uuid' })
  itemId!: string;

  @Field({ description: 'The item’s title when the order was placed.' })
  @Property({ type: 'string', length: 200 })
  title!: string;

  @Field(() => Int, { description: 'The catalog price of one unit when the order was placed, US cents.' })
  @Property({ type: 'integer' })
  unitPriceCents!: number;

  @Field(() => Int, {
    description: 'Units bought: 1 for a course (one seat per buyer); for a resource, its number of licences.',
  })
  @Property({ type: 'integer' })
  quantity!: number;

  @Field(() => Int, {
    description:
      'unitPriceCents × quantity, US cents, before the member discount and this line’s share of the coupon discount.',
  })
  @Property({ type: new BigIntType('number') })
  lineTotalCents!: number;

  @Field(() => Int, {
    description:
      'What the buyer’s membership took off this line, US cents: round-half-up(lineTotalCents × the plan’s percent / 100) on a resource line of a member; 0 for courses, bookings and non-members.',
  })
  @Property({ type: new BigIntType('number') })
  memberDiscountCents: number = 0;

  /** This line's share of the order's discount (what the seller's earning is computed from). */
  @Field(() => Int, {
    description:
      'This line’s share of the order’s discountCents, US cents: the coupon discount split over the lines the coupon applies to, in proportion to what is left of them after the member discount (0 without a coupon). The seller earns on lineTotalCents − memberDiscountCents − discountCents.',
  })
  @Property({ type: new BigIntType('number') })
  discountCents: number = 0;

  @Field(() => String, {
    nullable: true,
    description:
      'The course’s cover image or the resource’s thumbnail URL when the order was placed; null when it had none.',
  })
  @Property({ type: 'string', length: 500, nullable: true })
  imageUrl?: string | null;

  /**
   * Of a resource line's `quantity` licences (one is the buyer's), how many the buyer gave to
   * colleagues (at most quantity − 1: a check constraint; raised by a conditional UPDATE).
   */
  @Property({ type: 'integer', default: 0 })
  licencesGiven: number = 0;

  /** The seller of a resource line (null for courses). */
  @Property({ type: 'uuid', nullable: true })
  sellerId?: string | null;
}
