import { Entity, ManyToOne, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { User } from '../users';

export const CART_ITEM_TYPES = ['course', 'resource'] as const;
export type CartItemType = (typeof CART_ITEM_TYPES)[number];

/** Most of one item a cart line may hold. */
export const MAX_CART_QUANTITY = 99;

/**
 * One line of a member's cart: a course or a resource with a quantity. Title, unit price (whole US
 * cents) and image are copied from the catalog when the line is added or refreshed — never taken
 * from the client. One line per (user, item type, item id): adds of the same item raise its quantity.
 */
@ObjectType({ description: 'A line of my cart; the price is the catalog’s (US cents).' })
@Entity({ tableName: 'cart_items' })
@Unique({ properties: ['user', 'itemType', 'itemId'] })
export class CartItem {
  [OptionalProps]?: 'imageUrl' | 'createdAt' | 'updatedAt';

  @Field(() => ID, { description: 'The cart line’s id (for cartItemUpdate and cartItemRemove).' })
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @Field(() => String, { description: 'course or resource.' })
  @Property({ type: 'string', length: 20 })
  itemType!: CartItemType;

  @Field(() => ID, { description: 'The id of the course or resource this line buys (see itemType).' })
  @Property({ type: 'uuid' })
  itemId!: string;

  @Field({ description: 'The course’s or resource’s title, from the catalog.' })
  @Property({ type: 'string', length: 200 })
  title!: string;

  @Field(() => Int, { description: 'Unit price in US cents, from the catalog.' })
  @Property({ type: 'integer' })
  unitPriceCents!: number;

  @Field(() => Int, {
    description: `1 to ${MAX_CART_QUANTITY}: a resource's licences; a course is one seat per buyer (1).`,
  })
  @Property({ type: 'integer' })
  quantity!: number;

  @Field(() => String, {
    nullable: true,
    description:
      'The course’s cover image or the resource’s thumbnail URL, from the catalog; null when it has none.',
  })
  @Property({ type: 'string', length: 500, nullable: true })
  imageUrl?: string | null;

  @Field({ description: 'When the item was first added to the cart (ISO-8601, UTC).' })
  @Property({ type: 'Date', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'Date', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
