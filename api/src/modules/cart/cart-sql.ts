import { coursesOnSaleSql } from '../courses';
import { enrolledSql } from '../learning';
import { memberResourceDiscountSql } from '../memberships';
import { holdsResourceSql, resourcesOnSaleSql } from '../resources';
import { paidOrderSql } from './paid-orders';

/**
 * The SQL of the cart. A line is *purchasable* when its course is published, or its resource is
 * published by a seller who is not suspended, and the member does not own it yet (course:
 * an enrollment; resource: an entitlement) nor has it in a paid order (never paid for twice). Catalog values are joined in, so one statement reads a
 * whole cart at today's prices whatever its size. What is on sale and owned is each owner's SQL
 * (courses, resources, learning, memberships: their fragments, inlined by PostgreSQL); so is the
 * paid orders' (never paid for twice), which the orders module registers at load because it
 * imports the cart (paid-orders.ts): the statements that use it are built on first use
 * (`cartSql()`), once.
 */

/** Joins the catalog row of a cart line (alias `ci`) when it is on sale: `c` a course, `r` a resource. */
const CATALOG_JOINS = `
  left join (${coursesOnSaleSql}) c on ci.item_type = 'course' and c.id = ci.item_id
  left join (${resourcesOnSaleSql}) r on ci.item_type = 'resource' and r.id = ci.item_id`;

/** The line (alias `ci`, joined as above) is on sale and not owned by its member. */
const purchasable = () => `(c.id is not null or r.id is not null)
  and not (ci.item_type = 'course' and ${enrolledSql('ci.user_id', 'ci.item_id')})
  and not (ci.item_type = 'resource' and ${holdsResourceSql('ci.user_id', 'ci.item_id')})
  and not ${paidOrderSql('ci.user_id', 'ci.item_type', 'ci.item_id')}`;

export interface CartLineRow {
  id: string;
  item_type: 'course' | 'resource';
  item_id: string;
  title: string;
  unit_price_cents: number;
  quantity: number;
  image_url: string | null;
  created_at: Date;
}

/** A cart row: the member's resource discount percent, with a line (all line columns null when the cart is empty). */
export interface CartRow extends Omit<CartLineRow, 'id'> {
  id: string | null;
  member_discount_percent: number;
}

/** The cart's statements that read other modules' SQL, built on first use (see paid-orders.ts). */
export interface CartStatements {
  /** A member's purchasable lines. Param: user id. */
  LINES_SQL: string;
  /** A member's whole cart (`cartFor('?')`). Params: user id ×2. */
  CART_SQL: string;
  /** A member's whole cart, `user` their id's SQL (e.g. a column of a statement it is part of). */
  cartFor: (user: string) => string;
  DROP_UNAVAILABLE_SQL: string;
  REPRICE_SQL: string;
  COURSE_SQL: string;
  RESOURCE_SQL: string;
}

let statements: CartStatements | null = null;

/** The cart's statements (built once, on first use: the orders module's fragment is registered by then). */
export function cartSql(): CartStatements {
  statements ??= buildStatements();
  return statements;
}

function buildStatements(): CartStatements {
  /** A member's purchasable lines at catalog prices, oldest first; `user`: their id's SQL. */
  const linesFor = (user: string) => `
    select ci.id, ci.item_type, ci.item_id, ci.quantity, ci.created_at,
      coalesce(c.title, r.title) as title,
      coalesce(c.price_cents, r.price_cents) as unit_price_cents,
      coalesce(c.cover_image_url, r.thumbnail_url) as image_url
    from cart_items ci ${CATALOG_JOINS}
    where ci.user_id = ${user} and ${purchasable()}
    order by ci.created_at, ci.id`;

  /**
   * A member's whole cart in one statement: the resource discount percent their membership gives now
   * (the `membership_benefits` rule, 0 without one) on every row, left-joined to the purchasable lines
   * (one row of nulls for an empty cart); `user`: their id's SQL. The cart is polled every 3 s by
   * every signed-in header: one round trip, not two (bench/README.md).
   */
  const cartFor = (user: string) => `
    select m.member_discount_percent, l.*
    from (select coalesce(${memberResourceDiscountSql(user)}, 0) as member_discount_percent) m
    left join lateral (${linesFor(user)}) l on true
    order by l.created_at, l.id`;

  /** Deletes a member's lines that are no longer purchasable. Param: user id. */
  const DROP_UNAVAILABLE_SQL = `
    delete from cart_items d where d.user_id = ? and d.id not in (
      select ci.id from cart_items ci ${CATALOG_JOINS}
      where ci.user_id = d.user_id and ${purchasable()})`;

  /** Copies today's title, price and image of the catalog into a member's lines. Params: user id, now. */
  const REPRICE_SQL = `
    with catalog as (
      select ci.id, coalesce(c.title, r.title) as title,
        coalesce(c.price_cents, r.price_cents) as price_cents,
        coalesce(c.cover_image_url, r.thumbnail_url) as image_url
      from cart_items ci ${CATALOG_JOINS}
      where ci.user_id = ? and (c.id is not null or r.id is not null))
    update cart_items t set title = catalog.title, unit_price_cents = catalog.price_cents,
      image_url = catalog.image_url, updated_at = ?
    from catalog where t.id = catalog.id`;

  /** `or` the member has the item (alias `alias`) in a paid order. Param: user id. */
  const PAID_BEFORE = (type: 'course' | 'resource', alias: string) =>
    `or ${paidOrderSql('?', `'${type}'`, `${alias}.id`)}`;

  /** A course on sale with whether the member owns it and whether it is member-only. Params: user id ×2, course id. */
  const COURSE_SQL = `
    select c.title, c.price_cents, c.cover_image_url as image_url, c.member_only,
      ${enrolledSql('?', 'c.id')} ${PAID_BEFORE('course', 'c')} as owned
    from (${coursesOnSaleSql}) c where c.id = ?`;

  /** A resource on sale with whether the member owns it. Params: user id ×2, resource id. */
  const RESOURCE_SQL = `
    select r.title, r.price_cents, r.thumbnail_url as image_url, false as member_only,
      ${holdsResourceSql('?', 'r.id')} ${PAID_BEFORE('resource', 'r')} as owned
    from (${resourcesOnSaleSql}) r where r.id = ?`;
  return {
    LINES_SQL: linesFor('?'),
    CART_SQL: cartFor('?'),
    cartFor,
    DROP_UNAVAILABLE_SQL,
    REPRICE_SQL,
    COURSE_SQL,
    RESOURCE_SQL,
  };
}

/**
 * Adds to a line or creates it; the unique (user_id, item_type, item_id) constraint makes concurrent
 * adds meet on one row. Returns nothing when the sum would pass the cap.
 * Params: id, user id, type, item id, title, price, quantity, image, now, now, cap.
 */
export const UPSERT_SQL = `
  insert into cart_items (id, user_id, item_type, item_id, title, unit_price_cents, quantity, image_url, created_at, updated_at)
  values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
  on conflict (user_id, item_type, item_id) do update set
    quantity = cart_items.quantity + excluded.quantity, title = excluded.title,
    unit_price_cents = excluded.unit_price_cents, image_url = excluded.image_url,
    updated_at = excluded.updated_at
  where cart_items.quantity + excluded.quantity <= ?
  returning id, item_type, item_id, title, unit_price_cents, quantity, image_url, created_at`;
