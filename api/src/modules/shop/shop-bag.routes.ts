import { text, type GraphRoute } from '../../rest/graph-route';

/**
 * REST rows of the shop bag (docs/api.md): the same operations as the graph.
 * `GET /api/shop/bag` → my bag; `POST /api/shop/bag` `{ variantId, quantity? }` → my bag after adding.
 * Errors `{ message, code, field }`: INVALID_INPUT 400, UNAUTHENTICATED 401, NOT_FOUND 404.
 * Checkout is shop-checkout.routes.ts.
 */
const MONEY = 'amount currencyCode';
const BAG_FIELDS = `lines { variantId quantity problem lineTotal { ${MONEY} }
    product { id handle title images { url altText } }
    variant { id title sku available quantityAvailable price { ${MONEY} } selectedOptions { name value } imageUrl } }
  totalQuantity subtotal { ${MONEY} }`;
const ERRORS = 'userErrors { code field message }';

/** A whole number from a JSON body; anything else is -1, which the graph refuses as INVALID_INPUT. */
export function quantityOf(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && Math.abs(n) < 2 ** 31 ? n : -1;
}

export const shopBagRoutes: GraphRoute[] = [
  {
    method: 'get',
    path: '/shop/bag',
    operation: `query ShopBag { shopBag { ${BAG_FIELDS} } }`,
  },
  {
    method: 'post',
    path: '/shop/bag',
    operation: `mutation ShopBagAdd($input: ShopBagLineInput!) { shopBagAdd(input: $input) { bag { ${BAG_FIELDS} } ${ERRORS} } }`,
    variables: (req) => ({
      input: {
        variantId: text(req.body?.variantId),
        quantity: req.body?.quantity === undefined ? 1 : quantityOf(req.body.quantity),
      },
    }),
    select: (root) => root.bag,
  },
];
