import type { Config } from '../../config';
import type { PaymentProvider } from './payment-provider';
import { StripePaymentProvider } from './stripe-payment-provider';
import { TestPaymentProvider } from './test-payment-provider';
import { UnconfiguredPaymentProvider } from './unconfigured-payment-provider';

/**
 * The StripeProvider when STRIPE_SECRET_KEY is set; else the labelled test provider when
 * PAYMENTS_TEST_MODE is on (the default outside production); else a provider that refuses.
 */
export function createPaymentProvider(config: Config): PaymentProvider {
  if (config.stripeSecretKey) {
    return new StripePaymentProvider({
      secretKey: config.stripeSecretKey,
      publishableKey: config.stripePublishableKey ?? null,
      webhookSecret: config.stripeWebhookSecret ?? null,
      apiBase: config.stripeApiBase,
    });
  }
  return config.paymentsTestMode ? new TestPaymentProvider() : new UnconfiguredPaymentProvider();
}
