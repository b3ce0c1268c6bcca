import { optionalText, text, type GraphRoute } from '../../rest/graph-route';

/**
 * REST rows of memberships (docs/api.md): the same operations as the graph. Errors
 * `{ message, code, field }`: INVALID_INPUT 400, UNAUTHENTICATED 401, NOT_FOUND 404, CONFLICT 409.
 */
const PLAN_FIELDS = `id name description monthlyPriceCents yearlyPriceCents trialDays active position memberOnlyCourses
  resourceDiscountPercent lessonCredits`;

export const SUBSCRIPTION_FIELDS = `id plan { ${PLAN_FIELDS} } interval priceCents provider status state benefitsActive
  currentPeriodStart currentPeriodEnd trialEnd cancelAtPeriodEnd cancelRequestedAt endedAt paymentFailedAt graceEndsAt
  pendingPlan { id name } pendingInterval pendingPriceCents nextChargeAt nextChargeCents lessonCreditsIncluded
  lessonCreditsLeft compReason createdAt
  invoices { id number description amountCents status periodStart periodEnd paidAt receiptUrl hostedInvoiceUrl }`;

const ERRORS = 'userErrors { code field message }';

export const membershipsRoutes: GraphRoute[] = [
  {
    method: 'get',
    path: '/subscription-plans',
    operation: `query SubscriptionPlans { subscriptionPlans { ${PLAN_FIELDS} } }`,
  },
  {
    method: 'get',
    path: '/subscription',
    operation: `query MySubscription { mySubscription { ${SUBSCRIPTION_FIELDS} } }`,
  },
  {
    method: 'post',
    path: '/subscription/checkout',
    status: 201,
    operation: `mutation SubscriptionCheckout($input: SubscriptionCheckoutInput!) {
      subscriptionCheckout(input: $input) { subscription { ${SUBSCRIPTION_FIELDS} } checkoutUrl ${ERRORS} } }`,
    variables: (req) => ({
      input: {
        planId: text(req.body?.planId),
        interval: text(req.body?.interval),
        idempotencyKey: optionalText(req.get('idempotency-key') ?? req.body?.idempotencyKey),
      },
    }),
    select: (root) => ({ subscription: root.subscription ?? null, checkoutUrl: root.checkoutUrl ?? null }),
  },
  {
    method: 'post',
    path: '/subscription/cancel',
    operation: `mutation SubscriptionCancel($input: SubscriptionCancelInput!) {
      subscriptionCancel(input: $input) { subscription { ${SUBSCRIPTION_FIELDS} } ${ERRORS} } }`,
    variables: (req) => ({
      input: { reason: optionalText(req.body?.reason), comment: optionalText(req.body?.comment) },
    }),
    select: (root) => root.subscription,
  },
  {
    method: 'post',
    path: '/subscription/resume',
    operation: `mutation SubscriptionResume { subscriptionResume { subscription { ${SUBSCRIPTION_FIELDS} } ${ERRORS} } }`,
    select: (root) => root.subscription,
  },
  {
    method: 'post',
    path: '/subscription/change',
    operation: `mutation SubscriptionChange($input: SubscriptionChangeInput!) {
      subscriptionChange(input: $input) { subscription { ${SUBSCRIPTION_FIELDS} } ${ERRORS} } }`,
    variables: (req) => ({
      input: { planId: text(req.body?.planId), interval: text(req.body?.interval) },
    }),
    select: (root) => root.subscription,
  },
];
