import type { GraphRoute } from '../../rest/graph-route';
import { differsFromCharged, sentPrice } from './sent-price';

/**
 * REST rows of the cart in the spec's shape (`GET /api/cart`, the poll, is cart-list.route.ts): prices are dollars (`price`, `details.price`). A POST
 * takes the spec client's whole line (title, price, itemType, itemId, quantity, imageUrl, details);
 * the line is made from itemType, itemId and quantity, with the catalog's title, price and image.
 * The price the client sent is read (sent-price.ts) only to say in the answer whether it differed.
 */
const ITEM_FIELDS = 'id itemType itemId title unitPriceCents quantity imageUrl createdAt';
const PAYLOAD_FIELDS = `cart { items { ${ITEM_FIELDS} } } item { ${ITEM_FIELDS} } userErrors { code field message }`;

interface GraphItem {
  id: string;
  itemType: string;
  itemId: string;
  title: string;
  unitPriceCents: number;
  quantity: number;
  imageUrl: string | null;
  createdAt: string;
}

/** A cart line as the spec's client reads it. */
export function restItem(item: GraphItem) {
  const price = item.unitPriceCents / 100;
  return {
    id: item.id,
    itemType: item.itemType,
    itemId: item.itemId,
    title: item.title,
    price,
    quantity: item.quantity,
    imageUrl: item.imageUrl,
    createdAt: item.createdAt,
    details: { price },
  };
}

const items = (cart: unknown) => ((cart as { items: GraphItem[] }).items ?? []).map(restItem);

/** Whole numbers only; anything else reaches the service as NaN-free null/0 and is refused there. */
function quantityOf(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return null;
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && Math.abs(n) < 2 ** 31 ? n : Number.NaN;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export const cartRoutes: GraphRoute[] = [
  {
    method: 'post',
    path: '/cart',
    operation: `mutation CartItemAdd($input: CartItemAddInput!) { cartItemAdd(input: $input) { ${PAYLOAD_FIELDS} } }`,
    variables: (req) => ({
      input: {
        itemType: text(req.body?.itemType),
        itemId: text(req.body?.itemId),
        quantity: quantityOf(req.body?.quantity),
      },
    }),
    // A price that differs from the catalog's is no error: the line is added at the catalog's price
    // and `priceChanged` tells the client that what it showed was not what is charged.
    select: (root, req) => {
      const item = root.item as GraphItem;
      const shown = sentPrice(req.body);
      return {
        ...restItem(item),
        priceChanged: shown !== null && differsFromCharged(shown, item.unitPriceCents),
      };
    },
    status: 201,
  },
  {
    method: 'post',
    path: '/cart/refresh',
    operation: `mutation CartRefresh { cartRefresh { ${PAYLOAD_FIELDS} } }`,
    select: (root) => items(root.cart),
  },
  {
    method: 'patch',
    path: '/cart/:id',
    operation: `mutation CartItemUpdate($input: CartItemUpdateInput!) { cartItemUpdate(input: $input) { ${PAYLOAD_FIELDS} } }`,
    variables: (req) => ({
      input: { id: String(req.params.id), quantity: quantityOf(req.body?.quantity) ?? Number.NaN },
    }),
    // Below 1 the line is removed: the answer says so instead of a line.
    select: (root) =>
      root.item
        ? restItem(root.item as GraphItem)
        : { success: true, removed: true, items: items(root.cart) },
  },
  {
    method: 'delete',
    path: '/cart/:id',
    operation: `mutation CartItemRemove($input: CartItemRemoveInput!) { cartItemRemove(input: $input) { ${PAYLOAD_FIELDS} } }`,
    variables: (req) => ({ input: { id: String(req.params.id) } }),
    select: () => ({ success: true }),
  },
  {
    method: 'delete',
    path: '/cart',
    operation: `mutation CartClear { cartClear { ${PAYLOAD_FIELDS} } }`,
    select: () => ({ success: true }),
  },
];
