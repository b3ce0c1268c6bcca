import { DomainError } from '../../graphql/errors';
import type {
  ConnectedAccountStatus,
  PaymentEvent,
  PaymentProvider,
  PaymentSession,
  ProviderRefund,
} from './payment-provider';

export const PAYMENTS_NOT_CONFIGURED =
  'Payments are not configured on this server, so paid orders cannot be taken. Please try again later.';

function notConfigured(): DomainError {
  return new DomainError('PAYMENTS_NOT_CONFIGURED', PAYMENTS_NOT_CONFIGURED);
}

/**
 * The provider of a production server with no STRIPE_SECRET_KEY and no PAYMENTS_TEST_MODE: it takes
 * no payment at all. Checkout of anything not free is refused with PAYMENTS_NOT_CONFIGURED before
 * an order is made (free orders need no provider); seller payouts cannot be set up.
 */
export class UnconfiguredPaymentProvider implements PaymentProvider {
  readonly name = 'none' as const;
  readonly publishableKey = null;
  readonly billing = null;

  assertAvailable(): never {
    throw notConfigured();
  }

  async createPayment(): Promise<PaymentSession> {
    throw notConfigured();
  }

  async retrievePayment(): Promise<never> {
    throw notConfigured();
  }

  /** Nothing was started here, so there is nothing to cancel (an order can still be canceled). */
  async cancelPayment(): Promise<void> {}

  async refund(): Promise<never> {
    throw notConfigured();
  }

  async invoiceOfPayment(): Promise<string | null> {
    return null;
  }

  async refundsOf(): Promise<ProviderRefund[]> {
    return [];
  }

  async createConnectedAccount(): Promise<never> {
    throw notConfigured();
  }

  async createAccountLink(): Promise<never> {
    throw notConfigured();
  }

  async retrieveAccount(): Promise<ConnectedAccountStatus> {
    throw notConfigured();
  }

  async createTransfer(): Promise<never> {
    throw notConfigured();
  }

  async reverseTransfer(): Promise<never> {
    throw notConfigured();
  }

  async retrievePayout(): Promise<never> {
    throw notConfigured();
  }

  verifyWebhook(): PaymentEvent {
    throw new Error('No payment provider is configured: no webhooks are received');
  }
}
