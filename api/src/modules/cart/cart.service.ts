import { CheckConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { queryRows } from '../../db/pg-query';
import { DomainError } from '../../graphql/errors';
import { courseAccessRefusal } from '../courses';
import { isEnrolled } from '../learning';
import { holdsResource } from '../resources';
import { memberLineDiscount } from './member-discount';
import type { HasRoles } from '../users';
import { isUuid } from '../../lib/ids';
import { CART_ITEM_TYPES, type CartItemType, MAX_CART_QUANTITY } from './cart-item.entity';
import { type CartLineRow, type CartRow, cartSql, UPSERT_SQL } from './cart-sql';

/** A cart line as the graph, the REST adapter and checkout see it (prices in US cents). */
export interface CartLine {
  id: string;
  itemType: CartItemType;
  itemId: string;
  title: string;
  unitPriceCents: number;
  quantity: number;
  imageUrl: string | null;
  createdAt: Date;
}

export interface CartView {
  items: CartLine[];
  itemCount: number;
  subtotalCents: number;
  /** The member's resource discount percent (0 without a membership giving benefits). */
  memberDiscountPercent: number;
  /** What it takes off the resource lines, per line rounded half up (member-discount.ts). */
  memberDiscountCents: number;
  /** subtotal − member discount (a coupon is applied at checkout). */
  totalCents: number;
}

export const NOT_AVAILABLE = 'This item is not available';
const LINE_NOT_FOUND = 'Cart item not found';
const TOO_MANY = `You can have at most ${MAX_CART_QUANTITY} of an item in your cart`;
/** A course line holds 1 (the `cart_items_course_one_seat_check` constraint); resources are licences. */
export const ONE_SEAT = 'A course is one seat per buyer: its quantity is always 1';

function toLine(row: CartLineRow): CartLine {
  return {
    id: row.id,
    itemType: row.item_type,
    itemId: row.item_id,
    title: row.title,
    unitPriceCents: Number(row.unit_price_cents),
    quantity: Number(row.quantity),
    imageUrl: row.image_url,
    createdAt: new Date(row.created_at),
  };
}

/** The cart of `CART_SQL`'s rows (one row of nulls but the discount for an empty cart). */
export function cartOfRows(rows: CartRow[]): CartView {
  const lines = rows.flatMap((row) => (row.id === null ? [] : [toLine(row as CartLineRow)]));
  return cartOf(lines, Number(rows[0]?.member_discount_percent ?? 0));
}

/** The cart of these lines for a member whose membership gives `memberDiscountPercent` (0: none). */
export function cartOf(items: CartLine[], memberDiscountPercent = 0): CartView {
  const subtotalCents = items.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const memberDiscountCents = items.reduce(
    (sum, line) => sum + memberLineDiscount(line, memberDiscountPercent),
    0,
  );
  return {
    items,
    itemCount: items.reduce((sum, line) => sum + line.quantity, 0),
    subtotalCents,
    memberDiscountPercent,
    memberDiscountCents,
    totalCents: subtotalCents - memberDiscountCents,
  };
}

interface CatalogRow {
  title: string;
  price_cents: number;
  image_url: string | null;
  member_only: boolean;
  owned: boolean;
}

/**
 * A member's cart. Prices, titles and images always come from the catalog; a line holds one course
 * or resource that is on sale and not yet owned. Checkout calls `linesFor`, `owns` and `clear`.
 */
export class CartService {
  constructor(private readonly em: EntityManager) {}

  /**
   * The member's purchasable lines at today's catalog prices (lines whose item left the store or
   * that the member now owns are left out). One SQL statement.
   */
  async linesFor(userId: string, em: EntityManager = this.em): Promise<CartLine[]> {
    const rows = await queryRows<CartLineRow>(em, cartSql().LINES_SQL, [userId]);
    return rows.map(toLine);
  }

  /** The member's cart with their membership discount: one prepared statement (CART_SQL). */
  async cart(userId: string, em: EntityManager = this.em): Promise<CartView> {
    return cartOfRows(await queryRows<CartRow>(em, cartSql().CART_SQL, [userId, userId]));
  }

  /** The cart's statement for a member whose id is the SQL `user` (SessionStore.readWith). */
  readonly cartStatement = { name: 'cart', sql: (user: string) => cartSql().cartFor(user) };

  /** Empties the member's cart (checkout passes its transaction's EntityManager). */
  async clear(em: EntityManager, userId: string): Promise<void> {
    await em.execute('delete from cart_items where user_id = ?', [userId], 'run');
  }

  /** Whether the member owns the item: a course enrollment or a resource entitlement. */
  async owns(
    userId: string,
    itemType: CartItemType,
    itemId: string,
    em: EntityManager = this.em,
  ): Promise<boolean> {
    if (!isUuid(itemId)) return false;
    return itemType === 'course' ? isEnrolled(em, userId, itemId) : holdsResource(em, userId, itemId);
  }

  /**
   * Adds `quantity` (default 1) of an item; an item already in the cart gets its quantity raised.
   * A course must pass the course access rule (course-access.ts) for `viewer`, as enrolment does.
   */
  async add(
    viewer: HasRoles & { id: string },
    input: { itemType: string; itemId: string; quantity?: number | null },
  ): Promise<{ cart: CartView; item: CartLine }> {
    const itemType = input.itemType as CartItemType;
    if (!CART_ITEM_TYPES.includes(itemType)) {
      throw new DomainError('INVALID_INPUT', 'Item type must be course or resource', 'itemType');
    }
    const quantity = input.quantity ?? 1;
    if (quantity < 1) throw new DomainError('INVALID_INPUT', 'Quantity must be at least 1', 'quantity');
    if (quantity > MAX_CART_QUANTITY) throw new DomainError('INVALID_INPUT', TOO_MANY, 'quantity');
    if (itemType === 'course' && quantity > 1) throw new DomainError('INVALID_INPUT', ONE_SEAT, 'quantity');
    if (!isUuid(input.itemId)) throw new DomainError('NOT_FOUND', NOT_AVAILABLE, 'itemId');

    const userId = viewer.id;
    const [catalog] = await this.em.execute<CatalogRow[]>(
      itemType === 'course' ? cartSql().COURSE_SQL : cartSql().RESOURCE_SQL,
      [userId, userId, input.itemId],
    );
    if (!catalog) throw new DomainError('NOT_FOUND', NOT_AVAILABLE, 'itemId');
    if (catalog.owned) {
      throw new DomainError('ALREADY_OWNED', `You already own this ${itemType}`, 'itemId');
    }
    const refusal = await courseAccessRefusal(
      this.em,
      viewer,
      { memberOnly: catalog.member_only },
      { field: 'itemId' },
    );
    if (refusal) throw refusal;
    const now = new Date();
    const [row] = await this.em.execute<CartLineRow[]>(UPSERT_SQL, [
      randomUUID(),
      userId,
      itemType,
      input.itemId,
      catalog.title,
      catalog.price_cents,
      quantity,
      catalog.image_url,
      now,
      now,
      itemType === 'course' ? 1 : MAX_CART_QUANTITY,
    ]);
    if (!row) throw new DomainError('INVALID_INPUT', itemType === 'course' ? ONE_SEAT : TOO_MANY, 'quantity');
    return { cart: await this.cart(userId), item: toLine(row) };
  }

  /** Sets a line's quantity; below 1 removes the line (the payload's item is then null). */
  async update(
    userId: string,
    input: { id: string; quantity: number },
  ): Promise<{ cart: CartView; item: CartLine | null }> {
    if (input.quantity < 1) return this.remove(userId, input.id);
    if (input.quantity > MAX_CART_QUANTITY) throw new DomainError('INVALID_INPUT', TOO_MANY, 'quantity');
    if (!isUuid(input.id)) throw new DomainError('NOT_FOUND', LINE_NOT_FOUND, 'id');
    const [row] = await this.em
      .execute<CartLineRow[]>(
        `update cart_items set quantity = ?, updated_at = ? where id = ? and user_id = ?
         returning id, item_type, item_id, title, unit_price_cents, quantity, image_url, created_at`,
        [input.quantity, new Date(), input.id, userId],
      )
      .catch((error: unknown) => {
        if (error instanceof CheckConstraintViolationException) {
          throw new DomainError('INVALID_INPUT', ONE_SEAT, 'quantity');
        }
        throw error;
      });
    if (!row) throw new DomainError('NOT_FOUND', LINE_NOT_FOUND, 'id');
    const cart = await this.cart(userId);
    return { cart, item: cart.items.find((line) => line.id === row.id) ?? toLine(row) };
  }

  /** Removes one of the member's lines (another member's line is NOT_FOUND). */
  async remove(userId: string, id: string): Promise<{ cart: CartView; item: null }> {
    if (!isUuid(id)) throw new DomainError('NOT_FOUND', LINE_NOT_FOUND, 'id');
    const rows = await this.em.execute<{ id: string }[]>(
      'delete from cart_items where id = ? and user_id = ? returning id',
      [id, userId],
    );
    if (rows.length === 0) throw new DomainError('NOT_FOUND', LINE_NOT_FOUND, 'id');
    return { cart: await this.cart(userId), item: null };
  }

  async clearMine(userId: string): Promise<{ cart: CartView; item: null }> {
    await this.clear(this.em, userId);
    return { cart: cartOf([]), item: null };
  }

  /**
   * Copies today's catalog title, price and image into every line and drops the lines that are no
   * longer on sale or are owned now (one transaction).
   */
  async refresh(userId: string): Promise<{ cart: CartView; item: null }> {
    const cart = await this.em.transactional(async (tx) => {
      await tx.execute(cartSql().DROP_UNAVAILABLE_SQL, [userId], 'run');
      await tx.execute(cartSql().REPRICE_SQL, [userId, new Date()], 'run');
      return this.cart(userId, tx);
    });
    return { cart, item: null };
  }
}
