import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, type UserError } from '../../graphql/errors';
import {
  type BagLineInput,
  isVariantId,
  MAX_BAG_LINES,
  MAX_BAG_QUANTITY,
  type PricedBag,
  priceLines,
} from './shop-bag-lines';

/**
 * A member's shop bag (shop_bag_items), and the pricing of a guest's bag kept in the browser.
 * Quantities change in single statements the database guards: adds meet on the primary key
 * (user_id, variant_id) with `on conflict … least(99, …)`; the line count is checked under a
 * per-member advisory lock, so concurrent adds cannot pass 50 lines.
 */

const NOT_IN_SHOP = 'This item isn’t available in the shop.';
const NOT_IN_BAG = 'This item isn’t in your bag.';
const TOO_MANY_LINES = `Your bag can hold at most ${MAX_BAG_LINES} different items.`;
const QUANTITY_RANGE = `Quantity must be a whole number from 1 to ${MAX_BAG_QUANTITY}.`;

/** The member's stored lines, oldest first. */
const LINES_SQL = `select variant_id, quantity from shop_bag_items where user_id = ? order by added_at, variant_id`;

/**
 * Adds to a line, or creates it when the variant is on sale in the shop and the bag has room.
 * Params: user id, variant id, quantity, user id (line count), user id + variant id (existing line).
 */
const ADD_SQL = `
  insert into shop_bag_items (user_id, variant_id, quantity)
  select ?, v.id, ? from store_product_variants v join store_products p on p.id = v.product_id
  where v.id = ? and p.visible and p.removed_at is null and p.store_status = 'ACTIVE'
    and ((select count(*) from shop_bag_items where user_id = ?) < ${MAX_BAG_LINES}
      or exists (select 1 from shop_bag_items where user_id = ? and variant_id = v.id))
  on conflict (user_id, variant_id) do update
    set quantity = least(${MAX_BAG_QUANTITY}, shop_bag_items.quantity + excluded.quantity), updated_at = now()
  returning quantity`;

/** Serializes one member's bag changes that may add a line (the 50-line cap). */
const LOCK_SQL = `select pg_advisory_xact_lock(hashtextextended('shop_bag:' || ?, 0))`;

const ON_SALE_SQL = `
  select (p.visible and p.removed_at is null and p.store_status = 'ACTIVE') as on_sale
  from store_product_variants v join store_products p on p.id = v.product_id where v.id = ?`;

function checkVariantId(variantId: unknown, field = 'variantId'): asserts variantId is string {
  if (!isVariantId(variantId)) throw new DomainError('NOT_FOUND', NOT_IN_SHOP, field);
}

function checkQuantity(quantity: unknown, min: number, field = 'quantity'): asserts quantity is number {
  if (
    typeof quantity !== 'number' ||
    !Number.isInteger(quantity) ||
    quantity < min ||
    quantity > MAX_BAG_QUANTITY
  ) {
    throw new DomainError('INVALID_INPUT', QUANTITY_RANGE, field);
  }
}

/** Why a variant cannot go into a bag (unknown, hidden, removed or off sale), or null. */
async function refusal(em: EntityManager, variantId: string, field: string): Promise<DomainError | null> {
  const [row] = await em.execute<{ on_sale: boolean }[]>(ON_SALE_SQL, [variantId]);
  return row?.on_sale ? null : new DomainError('NOT_FOUND', NOT_IN_SHOP, field);
}

export class ShopBagService {
  constructor(private readonly em: EntityManager) {}

  /** The member's stored lines, oldest first. */
  async storedLines(userId: string, em: EntityManager = this.em): Promise<BagLineInput[]> {
    const rows = await em.execute<{ variant_id: string; quantity: number }[]>(LINES_SQL, [userId]);
    return rows.map((row) => ({ variantId: row.variant_id, quantity: Number(row.quantity) }));
  }

  /** The member's bag priced from the cache (lines that cannot be bought stay, with their problem). */
  async bag(userId: string): Promise<PricedBag> {
    return priceLines(this.em, await this.storedLines(userId));
  }

  /**
   * A guest's bag (kept in the browser) priced from the cache. Forgiving, as it reads what a browser
   * kept: lines with a quantity below 1 or a malformed variant id are left out, a variant given twice
   * is one line, quantities above 99 are 99, and only the first 50 lines count.
   */
  async preview(lines: BagLineInput[]): Promise<PricedBag> {
    return priceLines(this.em, normalizeGuestLines(lines));
  }

  /** Adds `quantity` (1–99) of a variant; a line already in the bag grows, to 99 at most. */
  async add(userId: string, input: BagLineInput): Promise<PricedBag> {
    checkVariantId(input.variantId);
    checkQuantity(input.quantity, 1);
    await this.em.transactional((tx) => this.addIn(tx, userId, input.variantId, input.quantity, 'variantId'));
    return this.bag(userId);
  }

  /** Sets a line's quantity; 0 removes it. Only a line already in the bag. */
  async update(userId: string, input: BagLineInput): Promise<PricedBag> {
    checkVariantId(input.variantId);
    checkQuantity(input.quantity, 0);
    if (input.quantity === 0) {
      await this.em.execute('delete from shop_bag_items where user_id = ? and variant_id = ?', [
        userId,
        input.variantId,
      ]);
      return this.bag(userId);
    }
    const rows = await this.em.execute<unknown[]>(
      `update shop_bag_items set quantity = ?, updated_at = now() where user_id = ? and variant_id = ?
       returning variant_id`,
      [input.quantity, userId, input.variantId],
    );
    if (rows.length === 0) throw new DomainError('NOT_FOUND', NOT_IN_BAG, 'variantId');
    return this.bag(userId);
  }

  /** Removes a line (removing one that is not there changes nothing and is no error). */
  async remove(userId: string, variantId: string): Promise<PricedBag> {
    checkVariantId(variantId);
    await this.em.execute('delete from shop_bag_items where user_id = ? and variant_id = ?', [
      userId,
      variantId,
    ]);
    return this.bag(userId);
  }

  /**
   * Merges a guest's bag into the member's at sign-in: each line is added as shopBagAdd would. Lines
   * that cannot be added (unknown or unavailable variant, bad quantity, a full bag) are skipped and
   * reported; the others are kept. One transaction.
   */
  async merge(userId: string, lines: BagLineInput[]): Promise<{ bag: PricedBag; skipped: UserError[] }> {
    if (lines.length > MAX_BAG_LINES) {
      throw new DomainError('INVALID_INPUT', `At most ${MAX_BAG_LINES} lines can be merged.`, 'lines');
    }
    const skipped: UserError[] = [];
    await this.em.transactional(async (tx) => {
      for (const [index, line] of lines.entries()) {
        try {
          checkVariantId(line.variantId, `lines.${index}.variantId`);
          checkQuantity(line.quantity, 1, `lines.${index}.quantity`);
          await this.addIn(tx, userId, line.variantId, line.quantity, `lines.${index}.variantId`);
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          skipped.push(error.toUserError());
        }
      }
    });
    return { bag: await this.bag(userId), skipped };
  }

  /** One add in a transaction: the member's lock, then the guarded upsert. */
  private async addIn(
    tx: EntityManager,
    userId: string,
    variantId: string,
    quantity: number,
    field: string,
  ): Promise<void> {
    await tx.execute(LOCK_SQL, [userId]);
    const rows = await tx.execute<{ quantity: number }[]>(ADD_SQL, [
      userId,
      quantity,
      variantId,
      userId,
      userId,
    ]);
    if (rows.length > 0) return;
    throw (await refusal(tx, variantId, field)) ?? new DomainError('INVALID_INPUT', TOO_MANY_LINES, field);
  }
}

/** A browser's bag made sane: see ShopBagService.preview. */
export function normalizeGuestLines(lines: BagLineInput[]): BagLineInput[] {
  const quantities = new Map<string, number>();
  for (const line of lines) {
    if (!isVariantId(line.variantId) || !Number.isInteger(line.quantity) || line.quantity < 1) continue;
    if (!quantities.has(line.variantId) && quantities.size >= MAX_BAG_LINES) continue;
    const sum = (quantities.get(line.variantId) ?? 0) + line.quantity;
    quantities.set(line.variantId, Math.min(MAX_BAG_QUANTITY, sum));
  }
  return [...quantities].map(([variantId, quantity]) => ({ variantId, quantity }));
}
