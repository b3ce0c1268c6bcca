import type { EntityManager } from '@mikro-orm/postgresql';
import type { ShopMoney, ShopProduct, ShopVariant } from './store-catalog.types';
import { loadShopProducts } from './store-catalog.service';

/**
 * Pricing a shop bag from DRX's copy of the store's catalogue (store_products and
 * store_product_variants): each line gets its product, variant, line total and — when it cannot be
 * bought as it is — a problem for people. Members' bags, guests' previews and checkout all use it.
 */

/** A line holds at most this many (the `shop_bag_items` check constraint). */
export const MAX_BAG_QUANTITY = 99;
/** A bag holds at most this many lines. */
export const MAX_BAG_LINES = 50;
/** Variant ids are Shopify gids stored as varchar(100). */
export const MAX_VARIANT_ID_LENGTH = 100;

export const NO_LONGER_AVAILABLE = 'No longer available';
export const SOLD_OUT = 'Sold out';
export const onlyLeft = (n: number) => `Only ${n} left`;

export interface BagLineInput {
  variantId: string;
  quantity: number;
}

export interface PricedLine {
  variantId: string;
  quantity: number;
  product: ShopProduct | null;
  variant: ShopVariant | null;
  lineTotal: ShopMoney | null;
  problem: string | null;
}

export interface PricedBag {
  lines: PricedLine[];
  totalQuantity: number;
  subtotal: ShopMoney | null;
}

/** What decides whether a cached variant can be put in a bag and bought. */
interface VariantState {
  variant_id: string;
  product_id: string;
  /** visible on DRX, not removed from the store and ACTIVE there. */
  on_sale: boolean;
  available: boolean;
  quantity: number | null;
}

const STATE_SQL = `
  select v.id as variant_id, v.product_id, v.available, v.quantity,
    (p.visible and p.removed_at is null and p.store_status = 'ACTIVE') as on_sale
  from store_product_variants v join store_products p on p.id = v.product_id
  where v.id in (?)`;

async function variantStates(em: EntityManager, ids: string[]): Promise<Map<string, VariantState>> {
  if (ids.length === 0) return new Map();
  const rows = await em.execute<VariantState[]>(STATE_SQL, [ids]);
  return new Map(rows.map((row) => [row.variant_id, row]));
}

/** A plausible variant id: 1 to 100 characters, no control characters. */
export function isVariantId(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length > 0 &&
    value.length <= MAX_VARIANT_ID_LENGTH &&
    // eslint-disable-next-line no-control-regex
    !/[\u0000-\u001f\u007f]/.test(value)
  );
}

/** Why a line cannot be bought, or null. */
function problemOf(state: VariantState | undefined, quantity: number): string | null {
  if (!state || !state.on_sale) return NO_LONGER_AVAILABLE;
  if (!state.available) return SOLD_OUT;
  if (state.quantity !== null && state.quantity > 0 && state.quantity < quantity)
    return onlyLeft(state.quantity);
  return null;
}

/** A decimal string ("12.50") as a whole number of hundredths. */
function hundredths(amount: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?\d*$/.exec(amount.trim());
  if (!match) throw new Error(`Not a money amount: ${amount}`);
  const value = BigInt(match[2]) * 100n + BigInt((match[3] ?? '').padEnd(2, '0') || '0');
  return match[1] ? -value : value;
}

function amountOf(value: bigint): string {
  const whole = value / 100n;
  const cents = (value % 100n).toString().padStart(2, '0');
  return `${whole}.${cents}`;
}

/**
 * Prices these lines (in their order) from the cache. Unknown variants come back with no product or
 * variant and the problem "No longer available".
 */
export async function priceLines(em: EntityManager, inputs: BagLineInput[]): Promise<PricedBag> {
  const ids = [...new Set(inputs.map((line) => line.variantId))];
  const states = await variantStates(em, ids);
  const productIds = [...new Set([...states.values()].map((state) => state.product_id))];
  const products = new Map((await loadShopProducts(em, productIds)).map((product) => [product.id, product]));
  let subtotal: bigint | null = null;
  let currencyCode: string | null = null;
  let mixedCurrencies = false;
  const lines = inputs.map((input): PricedLine => {
    const state = states.get(input.variantId);
    const product = state ? (products.get(state.product_id) ?? null) : null;
    const variant = product?.variants.find((v) => v.id === input.variantId) ?? null;
    const problem = problemOf(variant ? state : undefined, input.quantity);
    let lineTotal: ShopMoney | null = null;
    if (variant && problem !== NO_LONGER_AVAILABLE && problem !== SOLD_OUT) {
      const total = hundredths(variant.price.amount) * BigInt(input.quantity);
      lineTotal = { amount: amountOf(total), currencyCode: variant.price.currencyCode };
      if (currencyCode === null) currencyCode = variant.price.currencyCode;
      else if (currencyCode !== variant.price.currencyCode) mixedCurrencies = true;
      subtotal = (subtotal ?? 0n) + total;
    }
    return { variantId: input.variantId, quantity: input.quantity, product, variant, lineTotal, problem };
  });
  return {
    lines,
    totalQuantity: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotal:
      subtotal !== null && currencyCode !== null && !mixedCurrencies
        ? { amount: amountOf(subtotal), currencyCode }
        : null,
  };
}

/** A line of the priced bag for people: "Ballet slipper (Size 5)". */
export function lineLabel(line: PricedLine): string {
  if (!line.product) return 'An item';
  const title = line.variant?.title;
  return title && title !== 'Default Title' ? `${line.product.title} (${title})` : line.product.title;
}
