import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createPaymentProvider } from './create-payment-provider';
import { PAYMENTS_NOT_CONFIGURED } from './unconfigured-payment-provider';

const base = { SESSION_SECRET: 'x', DATA_DIR: '/tmp/drx-payments-spec' };
const providerFor = (env: Record<string, string>) => createPaymentProvider(loadConfig({ ...base, ...env }));

describe('createPaymentProvider', () => {
  it('uses the labelled test provider without a Stripe key outside production (npm start)', () => {
    const provider = providerFor({});
    expect(provider.name).toBe('test');
    expect(() => provider.assertAvailable()).not.toThrow();
  });

  it('takes no payments in production without a Stripe key: every payment call is refused', async () => {
    const provider = providerFor({ NODE_ENV: 'production' });
    expect(provider.name).toBe('none');
    expect(() => provider.assertAvailable()).toThrow(PAYMENTS_NOT_CONFIGURED);
    const refused = expect.objectContaining({
      code: 'PAYMENTS_NOT_CONFIGURED',
      message: PAYMENTS_NOT_CONFIGURED,
    });
    await expect(
      provider.createPayment({
        amountCents: 1000,
        currency: 'usd',
        idempotencyKey: 'k-1',
        description: 'x',
        metadata: {},
      }),
    ).rejects.toEqual(refused);
    await expect(provider.retrievePayment('test_pi_1')).rejects.toEqual(refused);
    await expect(
      provider.refund({ reference: 'pi_1', amountCents: 1, idempotencyKey: 'r-1' }),
    ).rejects.toEqual(refused);
    await expect(
      provider.createConnectedAccount({ sellerId: 's', email: null, idempotencyKey: 'c-1' }),
    ).rejects.toEqual(refused);
  });

  it('uses the test provider in production only when PAYMENTS_TEST_MODE=true', () => {
    expect(providerFor({ NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'true' }).name).toBe('test');
    expect(providerFor({ NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'false' }).name).toBe('none');
    expect(providerFor({ PAYMENTS_TEST_MODE: 'false' }).name).toBe('none');
  });

  it('uses Stripe whenever STRIPE_SECRET_KEY is set', () => {
    expect(providerFor({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_test_x' }).name).toBe('stripe');
    expect(providerFor({ STRIPE_SECRET_KEY: 'sk_test_x' }).name).toBe('stripe');
  });
});
