import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Connection } from '../../graphql/connection';
import { ShopMoney } from './store-catalog.types';

@ObjectType({ description: 'One line of a store order, as the store reported it.' })
export class StoreOrderLine {
  @Field({ description: 'The product’s title at the time of the order.' })
  title!: string;

  @Field(() => String, {
    nullable: true,
    description: 'The variant’s title (e.g. "M / Black"); null for a product without variants.',
  })
  variantTitle!: string | null;

  @Field(() => Int, { description: 'How many were ordered.' })
  quantity!: number;

  @Field(() => Int, { description: 'How many of them the store refunded (0 when none).' })
  refundedQuantity!: number;

  @Field(() => ShopMoney, { description: 'The unit price in the order’s currency.' })
  price!: ShopMoney;

  @Field(() => String, { nullable: true, description: 'The variant’s SKU; null when it has none.' })
  sku!: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'course or resource when the SKU names a DRX item sold in the store (DRX-COURSE-<id> / DRX-RESOURCE-<id>); null for merchandise.',
  })
  drxItemType!: string | null;

  @Field(() => ID, {
    nullable: true,
    description: 'The id of the DRX course or resource the SKU names; null for merchandise.',
  })
  drxItemId!: string | null;
}

@ObjectType({
  description:
    'An order placed in the connected store (its checkout), as the store’s webhooks reported it. The store stays the system of record for payment, shipping and fulfilment.',
})
export class StoreOrder {
  @Field(() => ID, { description: 'The store’s order id (gid://shopify/Order/…).' })
  id!: string;

  @Field({ description: 'The order’s name in the store, e.g. "#1001".' })
  name!: string;

  @Field(() => String, { nullable: true, description: 'The buyer’s email; null when the store has none.' })
  email!: string | null;

  @Field({ description: 'When the order was placed (ISO-8601 instant, UTC).' })
  createdAt!: Date;

  @Field(() => String, {
    nullable: true,
    description:
      'The store’s payment status: paid, pending, authorized, partially_paid, refunded, partially_refunded or voided; null when unknown.',
  })
  financialStatus!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The store’s fulfilment status: fulfilled, partial, or null while nothing has shipped.',
  })
  fulfillmentStatus!: string | null;

  @Field(() => Date, {
    nullable: true,
    description: 'When the order was cancelled in the store; null if it was not.',
  })
  cancelledAt!: Date | null;

  @Field({
    description:
      'The order’s status in words: Cancelled, Refunded, Voided, Partially refunded, Fulfilled, Partially fulfilled, Paid, Partially paid or Pending.',
  })
  status!: string;

  @Field(() => ShopMoney, { description: 'The order’s total in its currency.' })
  total!: ShopMoney;

  @Field(() => [StoreOrderLine], { description: 'The order’s lines, in the store’s order.' })
  lines!: StoreOrderLine[];

  @Field(() => String, {
    nullable: true,
    description: 'The tracking number of the newest shipment; null before one is sent.',
  })
  trackingNumber!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The carrier’s tracking page of the newest shipment (http or https); null when unknown.',
  })
  trackingUrl!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The carrier of the newest shipment; null when unknown.',
  })
  trackingCompany!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The store’s own order status page for the buyer; null when the store gave none.',
  })
  statusUrl!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The buyer’s name as the store knows it (customer or address); null when unknown.',
  })
  customerName!: string | null;
}

@ObjectType()
export class StoreOrderConnection extends Connection(StoreOrder, 'StoreOrder') {}
