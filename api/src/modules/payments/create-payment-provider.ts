import type { Config } from '../../config';
import type { PaymentProvider } from './payment-provider';
import { TestPaymentProvider } from './test-payment-provider';

/** The StripeProvider when STRIPE_SECRET_KEY is set, else the labelled test provider. */
export function createPaymentProvider(config: Config): PaymentProvider {
  // The Stripe branch is added with stripe-payment-provider.ts.
  void config;
  return new TestPaymentProvider();
}
