/** Where a checkout ends: /payment-success for the order. */
export const successPath = (orderId: string) => `/payment-success?order=${encodeURIComponent(orderId)}`;

/** The card payment page of a pending Stripe order. */
export const cardPaymentPath = (orderId: string) => `/checkout/stripe?order=${encodeURIComponent(orderId)}`;
