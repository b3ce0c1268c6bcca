import type { Request } from 'express';
import { text, type GraphRoute } from '../../rest/graph-route';
import { quantityOf } from './shop-bag.routes';

/**
 * REST row of the shop's checkout (docs/api.md): `POST /api/shop/checkout` `{ lines? }` → 200
 * `{ checkoutUrl }`. Errors `{ message, code, field }`: INVALID_INPUT / EMPTY_CART 400, NOT_FOUND 404,
 * STORE_UNAVAILABLE 503.
 */

/** The `lines` of a JSON body, or null when there are none (a member's own bag). */
function linesOf(req: Request): { variantId: string; quantity: number }[] | null {
  const lines: unknown = req.body?.lines;
  if (!Array.isArray(lines)) return null;
  return lines.map((line: { variantId?: unknown; quantity?: unknown } | null) => ({
    variantId: text(line?.variantId),
    quantity: quantityOf(line?.quantity),
  }));
}

export const shopCheckoutRoutes: GraphRoute[] = [
  {
    method: 'post',
    path: '/shop/checkout',
    operation: `mutation ShopCheckout($input: ShopCheckoutInput) {
      shopCheckout(input: $input) { checkoutUrl userErrors { code field message } } }`,
    variables: (req) => ({ input: { lines: linesOf(req) } }),
    select: (root) => ({ checkoutUrl: root.checkoutUrl }),
  },
];
