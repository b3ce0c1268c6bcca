import type { Request } from 'express';
import { optionalText, text, type GraphRoute } from '../../rest/graph-route';

/**
 * REST rows of checkout and orders. Lists answer `{ items, totalCount, pageInfo }`; the checkout
 * rows answer `{ order, payment }` or the order; errors `{ message, code, field }` with the status
 * of their code (EMPTY_CART 400, ALREADY_OWNED 409, COUPON_* 400/409, PAYMENT_FAILED 402).
 */
export const ORDER_FIELDS = `
  id number status currency subtotalCents memberDiscountPercent memberDiscountCents discountCents totalCents
  couponCode paymentProvider
  createdAt paidAt refundedAt refundReason receiptUrl receiptPdfUrl
  lines { id itemType itemId title unitPriceCents quantity lineTotalCents memberDiscountCents discountCents imageUrl downloadUrl courseUrl
    licences licencesLeft licenceHolders { username displayName givenAt } }
`;
const PAYMENT_FIELDS = 'provider clientSecret publishableKey';

const intOrNull = (value: unknown) =>
  typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : null;
const queryText = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

type Page = { totalCount: number; pageInfo: unknown; nodes: unknown[] };
const asList = (root: Record<string, unknown>) => {
  const page = root as unknown as Page;
  return { items: page.nodes, totalCount: page.totalCount, pageInfo: page.pageInfo };
};

/** The checkout's idempotency key: the JSON body's `idempotencyKey`, else the Idempotency-Key header. */
export function idempotencyKeyOf(req: Request): string {
  return text(req.body?.idempotencyKey) || req.get('idempotency-key') || '';
}

export const CHECKOUT_START = `mutation CheckoutStart($input: CheckoutStartInput!) {
  checkoutStart(input: $input) { order { ${ORDER_FIELDS} } payment { ${PAYMENT_FIELDS} } userErrors { code field message } } }`;
export const CHECKOUT_CONFIRM = `mutation CheckoutConfirm($input: OrderIdInput!) {
  checkoutConfirm(input: $input) { order { ${ORDER_FIELDS} } userErrors { code field message } } }`;

export const checkoutStartVariables = (req: Request) => ({
  input: { idempotencyKey: idempotencyKeyOf(req), couponCode: optionalText(req.body?.couponCode) },
});

const myOrdersRow = (path: string, itemType: string | null): GraphRoute => ({
  method: 'get',
  path,
  operation: `query MyOrders($first: Int, $after: String, $itemType: String, $status: String) {
    myOrders(first: $first, after: $after, itemType: $itemType, status: $status) {
      totalCount pageInfo { hasNextPage endCursor } nodes { ${ORDER_FIELDS} } } }`,
  variables: (req) => ({
    first: intOrNull(req.query.first),
    after: queryText(req.query.after),
    itemType,
    status: queryText(req.query.status),
  }),
  select: asList,
});

export const ordersRoutes: GraphRoute[] = [
  {
    method: 'post',
    path: '/checkout',
    operation: CHECKOUT_START,
    variables: checkoutStartVariables,
    select: (root) => ({ order: root.order, payment: root.payment }),
  },
  {
    method: 'post',
    path: '/checkout/confirm',
    operation: CHECKOUT_CONFIRM,
    variables: (req) => ({ input: { orderId: text(req.body?.orderId) } }),
    select: (root) => root.order,
  },
  {
    method: 'post',
    path: '/checkout/cancel',
    operation: `mutation CheckoutCancel($input: OrderIdInput!) {
      checkoutCancel(input: $input) { order { ${ORDER_FIELDS} } userErrors { code field message } } }`,
    variables: (req) => ({ input: { orderId: text(req.body?.orderId) } }),
    select: (root) => root.order,
  },
  {
    method: 'get',
    path: '/checkout/quote',
    operation: `query CheckoutQuote($couponCode: String) {
      checkoutQuote(couponCode: $couponCode) {
        subtotalCents memberDiscountPercent memberDiscountCents discountCents totalCents couponCode couponError itemCount } }`,
    variables: (req) => ({ couponCode: queryText(req.query.couponCode) }),
  },
  myOrdersRow('/orders', null),
  myOrdersRow('/resource-orders', 'resource'),
  {
    method: 'get',
    path: '/admin/orders',
    operation: `query AdminOrders($first: Int, $after: String, $status: String, $search: String) {
      adminOrders(first: $first, after: $after, status: $status, search: $search) {
        totalCount pageInfo { hasNextPage endCursor }
        nodes { ${ORDER_FIELDS} buyer { id username email displayName } } } }`,
    variables: (req) => ({
      first: intOrNull(req.query.first),
      after: queryText(req.query.after),
      status: queryText(req.query.status),
      search: queryText(req.query.search),
    }),
    select: asList,
  },
  {
    method: 'get',
    path: '/orders/:id',
    operation: `query Order($id: ID!) { order(id: $id) { ${ORDER_FIELDS} buyer { id username email displayName } } }`,
    variables: (req) => ({ id: String(req.params.id) }),
    whenNull: { status: 404, message: 'Order not found' },
  },
  {
    method: 'post',
    path: '/orders/:id/refund',
    operation: `mutation OrderRefund($input: OrderRefundInput!) {
      orderRefund(input: $input) { order { ${ORDER_FIELDS} } userErrors { code field message } } }`,
    variables: (req) => ({ input: { orderId: String(req.params.id), reason: text(req.body?.reason) } }),
    select: (root) => root.order,
  },
];
