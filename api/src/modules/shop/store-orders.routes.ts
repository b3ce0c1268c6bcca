import type { GraphRoute } from '../../rest/graph-route';

/**
 * REST row of store orders (docs/api.md): `GET /api/store/orders?first=&after=` → the signed-in
 * member's own store orders, `{ items, totalCount, pageInfo }`, newest first; 401 for a guest.
 */
export const STORE_ORDER_FIELDS = `
  id name email createdAt financialStatus fulfillmentStatus cancelledAt status total { amount currencyCode }
  lines { title variantTitle quantity refundedQuantity price { amount currencyCode } sku drxItemType drxItemId }
  trackingNumber trackingUrl trackingCompany statusUrl customerName
`;

const intOrNull = (value: unknown) =>
  typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : null;
const queryText = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

export const storeOrdersRoutes: GraphRoute[] = [
  {
    method: 'get',
    path: '/store/orders',
    operation: `query StoreOrders($first: Int, $after: String) {
      storeOrders(first: $first, after: $after) {
        totalCount pageInfo { hasNextPage endCursor } nodes { ${STORE_ORDER_FIELDS} } } }`,
    variables: (req) => ({ first: intOrNull(req.query.first), after: queryText(req.query.after) }),
    select: (root) => {
      const page = root as { totalCount: number; pageInfo: unknown; nodes: unknown[] };
      return { items: page.nodes, totalCount: page.totalCount, pageInfo: page.pageInfo };
    },
  },
];
