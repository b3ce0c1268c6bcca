import type { Config } from '../../config';
import type { PaymentProvider } from './payment-provider';
import { StripePaymentProvider } from './stripe-payment-provider';
import { TestPaymentProvider } from './test-payment-provider';

/** The StripeProvider when STRIPE_SECRET_KEY is set, else the labelled test provider. */
export function createPaymentProvider(config: Config): PaymentProvider {
  if (config.stripeSecretKey) {
    return new StripePaymentProvider({
      secretKey: config.stripeSecretKey,
      publishableKey: config.stripePublishableKey ?? null,
      webhookSecret: config.stripeWebhookSecret ?? null,
      apiBase: config.stripeApiBase,
    });
  }
  return new TestPaymentProvider();
}
