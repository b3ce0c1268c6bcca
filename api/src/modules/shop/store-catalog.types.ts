import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Connection } from '../../graphql/connection';
import { UserError } from '../../graphql/errors';

/**
 * The shop's catalogue in the graph: products of the connected store as DRX caches them
 * (store_products / store_product_variants), for everyone, and the staff's view with DRX's own
 * choices (visibility, featured, tags) and the sync state.
 */

@ObjectType({ description: 'An amount of money in the store’s currency.' })
export class ShopMoney {
  @Field({ description: 'The amount as a decimal string, e.g. "12.50".' })
  amount!: string;

  @Field({ description: 'ISO 4217 currency code, e.g. "USD".' })
  currencyCode!: string;
}

@ObjectType({ description: 'A product image, served by the store.' })
export class ShopImage {
  @Field({ description: 'Absolute URL of the image.' })
  url!: string;

  @Field(() => String, {
    nullable: true,
    description: 'The image’s alternative text; null when the store has none.',
  })
  altText!: string | null;

  @Field(() => Int, { nullable: true, description: 'Width in pixels; null when unknown.' })
  width!: number | null;

  @Field(() => Int, { nullable: true, description: 'Height in pixels; null when unknown.' })
  height!: number | null;
}

@ObjectType({ description: 'An option a buyer picks, such as Size or Colour, with its values.' })
export class ShopProductOption {
  @Field({ description: 'The option’s name, e.g. "Size".' })
  name!: string;

  @Field(() => [String], { description: 'Its values in the store’s order, e.g. ["S", "M", "L"].' })
  values!: string[];
}

@ObjectType({ description: 'One option value of a variant, e.g. Size = M.' })
export class ShopSelectedOption {
  @Field({ description: 'The option’s name.' })
  name!: string;

  @Field({ description: 'The variant’s value of that option.' })
  value!: string;
}

@ObjectType({ description: 'One buyable version of a product (a size/colour combination).' })
export class ShopVariant {
  @Field(() => ID, { description: 'The store’s variant id (a Shopify gid). Bag lines name variants by it.' })
  id!: string;

  @Field({
    description: 'The variant’s title, e.g. "M / Black" ("Default Title" for a product without options).',
  })
  title!: string;

  @Field(() => String, { nullable: true, description: 'Its SKU; null when the store has none.' })
  sku!: string | null;

  @Field(() => ShopMoney, { description: 'Its price.' })
  price!: ShopMoney;

  @Field(() => ShopMoney, {
    nullable: true,
    description: 'The price before a reduction, shown struck through; null when it is not reduced.',
  })
  compareAtPrice!: ShopMoney | null;

  @Field({ description: 'Whether it can be bought now (in stock, or sold without stock tracking).' })
  available!: boolean;

  @Field(() => Int, {
    nullable: true,
    description: 'How many are in stock as of the last sync; null when the store does not track it.',
  })
  quantityAvailable!: number | null;

  @Field(() => [ShopSelectedOption], { description: 'Its value of each of the product’s options.' })
  selectedOptions!: ShopSelectedOption[];

  @Field(() => String, { nullable: true, description: 'The variant’s own image; null when it has none.' })
  imageUrl!: string | null;
}

@ObjectType({
  description:
    'A product of the connected store, as DRX last synced it (prices, stock and availability may have changed in the store since).',
})
export class ShopProduct {
  @Field(() => ID, { description: 'The store’s product id (a Shopify gid).' })
  id!: string;

  @Field({ description: 'The product’s URL name in the store; its DRX page is /shop/{handle}.' })
  handle!: string;

  @Field({ description: 'The product’s title.' })
  title!: string;

  @Field({ description: 'The store’s description as HTML (written by the store’s staff).' })
  descriptionHtml!: string;

  @Field({ description: 'The store’s product type, e.g. "Shoes"; empty when none.' })
  productType!: string;

  @Field({ description: 'The product’s vendor or brand; empty when none.' })
  vendor!: string;

  @Field(() => [String], {
    description:
      'Dance styles it is for (DRX style names where they match), from the store’s tags or set by staff.',
  })
  danceStyles!: string[];

  @Field(() => [String], { description: 'Age groups it is for, from the store’s tags or set by staff.' })
  ageGroups!: string[];

  @Field(() => [String], { description: 'Skill levels it is for, from the store’s tags or set by staff.' })
  skillLevels!: string[];

  @Field(() => [ShopImage], { description: 'Its images, the main one first.' })
  images!: ShopImage[];

  @Field(() => [ShopProductOption], { description: 'The options a buyer picks (Size, Colour …).' })
  options!: ShopProductOption[];

  @Field(() => [ShopVariant], { description: 'Its variants in the store’s order.' })
  variants!: ShopVariant[];

  @Field(() => ShopMoney, { description: 'The lowest variant price.' })
  minPrice!: ShopMoney;

  @Field(() => ShopMoney, { description: 'The highest variant price.' })
  maxPrice!: ShopMoney;

  @Field({ description: 'Whether any variant can be bought now.' })
  available!: boolean;

  @Field(() => Int, {
    nullable: true,
    description:
      'Stock of all its variants together as of the last sync; null when the store does not track it.',
  })
  totalInventory!: number | null;

  @Field({ description: 'Whether staff feature it (listed first, shown on the home page).' })
  featured!: boolean;
}

@ObjectType()
export class ShopProductConnection extends Connection(ShopProduct, 'ShopProduct') {}

export enum ShopProductSort {
  FEATURED = 'featured',
  TITLE = 'title',
  PRICE_ASC = 'price_asc',
  PRICE_DESC = 'price_desc',
  NEWEST = 'newest',
}

registerEnumType(ShopProductSort, {
  name: 'ShopProductSort',
  description: 'The order of the shop’s products.',
  valuesConfig: {
    FEATURED: { description: 'Featured products first, then by title.' },
    TITLE: { description: 'By title, A to Z.' },
    PRICE_ASC: { description: 'Cheapest first (by the lowest variant price).' },
    PRICE_DESC: { description: 'Dearest first (by the highest variant price).' },
    NEWEST: { description: 'Most recently changed in the store first.' },
  },
});

@ObjectType({
  description: 'What the shop’s filters can offer: the values present among the products shown.',
})
export class ShopFacets {
  @Field(() => [String], { description: 'Dance styles of the products shown, alphabetically.' })
  danceStyles!: string[];

  @Field(() => [String], { description: 'Product types of the products shown, alphabetically.' })
  productTypes!: string[];

  @Field(() => Float, {
    nullable: true,
    description: 'The lowest price of any product shown; null when none.',
  })
  minPrice!: number | null;

  @Field(() => Float, {
    nullable: true,
    description: 'The highest price of any product shown; null when none.',
  })
  maxPrice!: number | null;
}

@ObjectType({ description: 'Whether the shop is open and what buyers should be told about it.' })
export class ShopStatus {
  @Field({ description: 'True when a store is connected (or the built-in demo store is used).' })
  enabled!: boolean;

  @Field({ description: 'True when the shop is the built-in demo store: example products, no money moves.' })
  demo!: boolean;

  @Field(() => String, { nullable: true, description: 'The store’s name; null when unknown or no store.' })
  shopName!: string | null;

  @Field(() => String, { nullable: true, description: 'The store’s currency (ISO 4217); null when unknown.' })
  currencyCode!: string | null;

  @Field({
    description:
      'False when the store did not answer at the last sync: products are served from DRX’s copy and checkout is paused.',
  })
  storeReachable!: boolean;

  @Field(() => String, {
    nullable: true,
    description: 'A notice to show above the shop (store not answering, or demo store); null when none.',
  })
  notice!: string | null;

  @Field(() => Date, { nullable: true, description: 'When the products were last synced with the store.' })
  lastSyncAt!: Date | null;
}

export enum StoreProductVisibility {
  VISIBLE = 'visible',
  HIDDEN = 'hidden',
  REMOVED = 'removed',
}

registerEnumType(StoreProductVisibility, {
  name: 'StoreProductVisibility',
  description: 'Which synced products the staff list shows.',
  valuesConfig: {
    VISIBLE: { description: 'Shown in the DRX shop: visible, active in the store and not removed.' },
    HIDDEN: { description: 'Not shown: hidden by staff, or draft/archived in the store (not removed).' },
    REMOVED: { description: 'Gone from the store (deleted, or outside the chosen collections).' },
  },
});

@ObjectType({ description: 'A synced product as staff manage it (/admin/store/products).' })
export class AdminStoreProduct {
  /** The product id (keyset pages load by it; the graph reads it as product.id). */
  id!: string;

  @Field(() => ShopProduct, { description: 'The product as the shop shows it.' })
  product!: ShopProduct;

  @Field({ description: 'Whether staff show it in the DRX shop (kept across syncs).' })
  visible!: boolean;

  @Field(() => [String], { description: 'The store’s own tags, as synced.' })
  storeTags!: string[];

  @Field({
    description:
      'True when staff edited its dance styles, age groups or skill levels: syncs then keep them instead of mapping the store’s tags.',
  })
  tagsEdited!: boolean;

  @Field({
    description: 'Its status in the store: ACTIVE, DRAFT or ARCHIVED (only ACTIVE products are shown).',
  })
  storeStatus!: string;

  @Field({ description: 'True when it is gone from the store (deleted, or outside the chosen collections).' })
  removed!: boolean;

  @Field(() => Date, { description: 'When DRX last saved it from the store.' })
  syncedAt!: Date;

  @Field(() => String, {
    nullable: true,
    description: 'Why the last sync could not save it; null when it went well.',
  })
  syncError!: string | null;

  @Field(() => Date, { description: 'When it last changed in the store.' })
  storeUpdatedAt!: Date;
}

@ObjectType()
export class AdminStoreProductConnection extends Connection(AdminStoreProduct, 'AdminStoreProduct') {}

@InputType({ description: 'Staff’s choices for a synced product; absent fields stay as they are.' })
export class StoreProductUpdateInput {
  @Field(() => ID, { description: 'The product’s id (ShopProduct.id).' })
  productId!: string;

  @Field(() => Boolean, { nullable: true, description: 'Show it in the DRX shop (true) or hide it (false).' })
  visible?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Feature it (listed first, shown on the home page).' })
  featured?: boolean | null;

  @Field(() => [String], {
    nullable: true,
    description:
      'Its dance styles (at most 20, each 1 to 60 characters). Setting any tag list keeps the staff’s tags across syncs (tagsEdited).',
  })
  danceStyles?: string[] | null;

  @Field(() => [String], {
    nullable: true,
    description: 'Its age groups (at most 20, each 1 to 60 characters).',
  })
  ageGroups?: string[] | null;

  @Field(() => [String], {
    nullable: true,
    description: 'Its skill levels (at most 20, each 1 to 60 characters).',
  })
  skillLevels?: string[] | null;

  @Field(() => Boolean, {
    nullable: true,
    description:
      'True: forget the staff’s tags and map them from the store’s tags again (tagsEdited becomes false). Not with tag lists.',
  })
  tagsFromStore?: boolean | null;
}

@ObjectType({ description: 'A synced product after staff changed it, or why the change was refused.' })
export class StoreProductPayload {
  @Field(() => AdminStoreProduct, {
    nullable: true,
    description: 'The product after the change; null on userErrors.',
  })
  product!: AdminStoreProduct | null;

  @Field(() => [UserError], { description: 'Why it was refused (nothing changed then); empty on success.' })
  userErrors!: UserError[];
}

@ObjectType({ description: 'Whether a sync with the store was queued.' })
export class StoreSyncPayload {
  @Field({ description: 'True when the sync was queued (it runs in the background within seconds).' })
  queued!: boolean;

  @Field(() => [UserError], { description: 'Why it was refused (no store connected); empty on success.' })
  userErrors!: UserError[];
}
