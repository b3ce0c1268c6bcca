import { createHash } from 'node:crypto';

/** What the poll's tag covers: what the member sees of their cart. */
export interface TaggedCart {
  memberDiscountPercent: number;
  items: {
    id: string;
    itemId: string;
    unitPriceCents: number;
    quantity: number;
    title: string;
    imageUrl: string | null;
  }[];
}

/**
 * The version of a cart as its member sees it — lines, titles, images, prices, quantities and the
 * member's discount — as a weak ETag (cart-list.route.ts). The bench's bare handler tags with it too.
 */
export function cartTag(cart: TaggedCart): string {
  const hash = createHash('sha1');
  hash.update(String(cart.memberDiscountPercent));
  for (const line of cart.items) {
    hash.update(
      `|${line.id}:${line.itemId}:${line.unitPriceCents}:${line.quantity}:${line.title}:${line.imageUrl}`,
    );
  }
  return `W/"cart-${hash.digest('base64url').slice(0, 22)}"`;
}

/**
 * Whether an `If-None-Match` header names `tag` (weak comparison, RFC 9110 §13.1.2). Compared here,
 * not by Express's `req.fresh`: that ignores the header when the request says `Cache-Control:
 * no-cache`, which a browser's `fetch(…, { cache: 'no-store' })` always sends.
 */
export function namesTag(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  const opaque = (t: string) => t.trim().replace(/^W\//, '');
  return header.trim() === '*' || header.split(',').some((t) => opaque(t) === opaque(tag));
}
