import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { UserError } from '../../graphql/errors';

@ObjectType({
  description:
    'A DRX course or resource sold in the connected store as a product (admins only). A paid store order for its SKU grants the item to the buyer’s DRX account.',
})
export class StorePublishedItem {
  @Field({ description: 'course or resource.' })
  itemType!: string;

  @Field(() => ID, { description: 'The course’s or resource’s id.' })
  itemId!: string;

  @Field({ description: 'The item’s title in DRX (empty when the item was deleted).' })
  title!: string;

  @Field({ description: 'Its SKU in the store: DRX-COURSE-<id> or DRX-RESOURCE-<id>.' })
  sku!: string;

  @Field({
    description:
      'publishing (a push is under way), published (on sale in the store), failed (see pushError; retried by the next sync) or unpublished (archived in the store).',
  })
  status!: string;

  @Field(() => String, {
    nullable: true,
    description: 'The store product’s id; null until the first push worked.',
  })
  storeProductId!: string | null;

  @Field(() => Int, { description: 'Its DRX price in US cents (the store sells it at this price).' })
  priceCents!: number;

  @Field(() => Date, { description: 'When it was last published (or published again).' })
  publishedAt!: Date;

  @Field(() => Date, { nullable: true, description: 'When DRX last sent it to the store successfully.' })
  pushedAt!: Date | null;

  @Field(() => String, {
    nullable: true,
    description: 'Why the last push failed, or why it was taken off; null otherwise.',
  })
  pushError!: string | null;
}

@InputType({ description: 'A DRX course or resource.' })
export class StorePublishItemInput {
  @Field({ description: 'course or resource.' })
  itemType!: string;

  @Field(() => ID, { description: 'The course’s or resource’s id.' })
  itemId!: string;
}

@ObjectType({ description: 'A published DRX item after a change, or why the change was refused.' })
export class StorePublishItemPayload {
  @Field(() => StorePublishedItem, {
    nullable: true,
    description: 'The item after the change; null on userErrors.',
  })
  item!: StorePublishedItem | null;

  @Field(() => [UserError], { description: 'Why the change was refused; empty on success.' })
  userErrors!: UserError[];
}
