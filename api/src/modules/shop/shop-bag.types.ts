import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { UserError } from '../../graphql/errors';
import { ShopMoney, ShopProduct, ShopVariant } from './store-catalog.types';
import { MAX_BAG_LINES, MAX_BAG_QUANTITY } from './shop-bag-lines';

/**
 * The shop bag in the graph: store products a buyer means to buy, priced from DRX's copy of the
 * catalogue. Members keep theirs on the server (shop_bag_items); guests keep theirs in the browser
 * and have it priced by shopBagPreview.
 */

@ObjectType({ description: 'One line of a shop bag: a store variant and how many of it.' })
export class ShopBagLine {
  @Field(() => ID, { description: 'The store’s variant id (ShopVariant.id, a Shopify gid).' })
  variantId!: string;

  @Field(() => Int, { description: `How many, 1 to ${MAX_BAG_QUANTITY}.` })
  quantity!: number;

  @Field(() => ShopProduct, {
    nullable: true,
    description: 'The variant’s product as DRX last synced it; null when DRX no longer knows the variant.',
  })
  product!: ShopProduct | null;

  @Field(() => ShopVariant, {
    nullable: true,
    description: 'The variant as DRX last synced it; null when DRX no longer knows it.',
  })
  variant!: ShopVariant | null;

  @Field(() => ShopMoney, {
    nullable: true,
    description:
      'The variant’s price × quantity; null when the line cannot be bought (no longer available or sold out).',
  })
  lineTotal!: ShopMoney | null;

  @Field(() => String, {
    nullable: true,
    description:
      'Why the line cannot be bought as it is, for people: "No longer available" (the product was removed, hidden or taken off sale), "Sold out", or "Only 2 left" (fewer in stock than the quantity, as of the last sync). Null when it can be bought; checkout refuses a bag with such lines.',
  })
  problem!: string | null;
}

@ObjectType({ description: 'A shop bag, priced from DRX’s copy of the store’s catalogue.' })
export class ShopBag {
  @Field(() => [ShopBagLine], {
    description: `Its lines, oldest first (at most ${MAX_BAG_LINES}); lines that cannot be bought stay, with their problem.`,
  })
  lines!: ShopBagLine[];

  @Field(() => Int, { description: 'Sum of the quantities of all its lines.' })
  totalQuantity!: number;

  @Field(() => ShopMoney, {
    nullable: true,
    description:
      'Sum of the lines’ lineTotal (the lines that can be bought). Null when no line has a price. Tax and shipping are added by the store at checkout.',
  })
  subtotal!: ShopMoney | null;
}

@InputType({ description: 'A store variant and a quantity.' })
export class ShopBagLineInput {
  @Field(() => ID, { description: 'The store’s variant id (ShopVariant.id).' })
  variantId!: string;

  @Field(() => Int, {
    description: `How many, 1 to ${MAX_BAG_QUANTITY} (shopBagUpdate: 0 removes the line).`,
  })
  quantity!: number;
}

@ObjectType({ description: 'My shop bag after a change, or why the change was refused.' })
export class ShopBagPayload {
  @Field(() => ShopBag, {
    nullable: true,
    description:
      'My bag after the change; null when the change was refused (shopBagMerge answers the bag even when it skipped lines).',
  })
  bag!: ShopBag | null;

  @Field(() => [UserError], {
    description:
      'Why the change was refused (nothing changed then) — for shopBagMerge, the lines it skipped; empty on success.',
  })
  userErrors!: UserError[];
}
