// The payments module's front door: what other modules may use of it.
export { createPaymentProvider } from './create-payment-provider';
export {
  PaymentRefusedError,
  transferGroupOf,
  type ConnectedAccountStatus,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderPayout,
} from './payment-provider';
export { subscriptionSnapshot } from './stripe-subscription-billing';
export { type BillingSubscriptionSnapshot } from './subscription-billing';
export { TestPaymentProvider } from './test-payment-provider';
export { claimWebhookEvent, webhookEventProcessed } from './processed-webhook-events';
