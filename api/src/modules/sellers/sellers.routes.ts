import type { GraphRoute } from '../../rest/graph-route';

const STATUS_FIELDS = 'accountId chargesEnabled payoutsEnabled detailsSubmitted requirementsDue payoutStatus';

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
];
