import type { GraphRoute } from '../../rest/graph-route';

const intOrNull = (value: unknown) =>
  typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : null;
const textOrNull = (value: unknown) => (typeof value === 'string' && value ? value : null);

const STATUS_FIELDS =
  'accountId chargesEnabled payoutsEnabled detailsSubmitted requirementsDue requirements disabledReason disabledReasonText payoutStatus';

/** REST rows of seller payouts (the spec's /api/stripe-connect endpoints). */
export const sellersRoutes: GraphRoute[] = [
  {
    method: 'post',
    path: '/stripe-connect',
    operation: `mutation StripeConnectStart { stripeConnectStart { url accountId userErrors { code field message } } }`,
    select: (root) => ({ url: root.url, accountId: root.accountId }),
  },
  {
    method: 'get',
    path: '/stripe-connect/account-status',
    operation: `query StripeConnectStatus { stripeConnectStatus { ${STATUS_FIELDS} } }`,
  },
  {
    method: 'get',
    path: '/payouts',
    operation: `query MyPayouts($first: Int, $after: String) { myPayouts(first: $first, after: $after) {
      totalCount pageInfo { hasNextPage endCursor }
      nodes { id stripePayoutId amountCents status arrivalDate failureMessage createdAt
        transfers { id orderId orderNumber amountCents stripeTransferId } } } }`,
    variables: (req) => ({ first: intOrNull(req.query.first), after: textOrNull(req.query.after) }),
    select: (root) => {
      const page = root as { totalCount: number; pageInfo: unknown; nodes: unknown[] };
      return { items: page.nodes, totalCount: page.totalCount, pageInfo: page.pageInfo };
    },
  },
];
