import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../../../dev/fake-stripe/src';
import { StripePaymentProvider } from './stripe-payment-provider';

// The real `stripe` SDK against the local fake Stripe server: what the provider sends and reads.
describe('StripePaymentProvider against the fake Stripe', () => {
  let fake: FakeStripe;
  let provider: StripePaymentProvider;

  beforeAll(async () => {
    fake = await startFakeStripe();
    provider = new StripePaymentProvider({
      secretKey: 'sk_test_fake',
      publishableKey: 'pk_test_fake',
      webhookSecret: 'whsec_test',
      apiBase: fake.url,
    });
  });
  afterAll(() => fake.close());

  it('creates a PaymentIntent with form-encoded metadata and replays the same idempotency key', async () => {
    const args = {
      amountCents: 2599,
      currency: 'usd' as const,
      idempotencyKey: 'order-1',
      description: 'DRX order DRX-000001',
      metadata: { orderId: 'order-1', orderNumber: 'DRX-000001' },
    };
    const first = await provider.createPayment(args);
    expect(first.reference).toMatch(/^pi_/);
    expect(first.clientSecret).toMatch(new RegExp(`^${first.reference}_secret_`));
    expect(first.status).toBe('requires_payment');
    const stored = fake.paymentIntents.get(first.reference)!;
    expect(stored).toMatchObject({
      object: 'payment_intent',
      amount: 2599,
      currency: 'usd',
      metadata: args.metadata,
    });

    const again = await provider.createPayment(args);
    expect(again.reference).toBe(first.reference);
    expect(fake.paymentIntents.size).toBe(1);
    const posts = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    expect(posts).toHaveLength(2);
    expect(posts.every((r) => r.idempotencyKey === 'order-1')).toBe(true);
    expect(posts[0].body).toMatchObject({ amount: '2599', metadata: { orderId: 'order-1' } });
  });

  it('retrieves, cancels and refunds PaymentIntents', async () => {
    const a = await provider.createPayment({
      amountCents: 1000,
      currency: 'usd',
      idempotencyKey: 'order-2',
      description: 'x',
      metadata: {},
    });
    expect(await provider.retrievePayment(a.reference)).toEqual({
      status: 'requires_payment',
      amountCents: 1000,
    });
    fake.setPaymentIntentStatus(a.reference, 'succeeded');
    expect((await provider.retrievePayment(a.reference)).status).toBe('succeeded');
    // Cancelling a paid intent is a no-op rather than an error.
    await provider.cancelPayment(a.reference);
    expect(fake.paymentIntents.get(a.reference)!.status).toBe('succeeded');

    const refund = await provider.refund({
      reference: a.reference,
      amountCents: 1000,
      idempotencyKey: 'refund-2',
    });
    expect(refund.reference).toMatch(/^re_/);
    expect(refund.status).toBe('succeeded');
    const again = await provider.refund({
      reference: a.reference,
      amountCents: 1000,
      idempotencyKey: 'refund-2',
    });
    expect(again.reference).toBe(refund.reference);
    expect(fake.refunds.size).toBe(1);

    const b = await provider.createPayment({
      amountCents: 700,
      currency: 'usd',
      idempotencyKey: 'order-3',
      description: 'x',
      metadata: {},
    });
    await provider.cancelPayment(b.reference);
    expect((await provider.retrievePayment(b.reference)).status).toBe('canceled');
    await expect(provider.retrievePayment('pi_missing')).rejects.toThrow(/No such payment_intent/);
  });

  it('creates Connect accounts, onboarding links and reads their status', async () => {
    const { accountId } = await provider.createConnectedAccount({
      sellerId: 'seller-1',
      email: 'seller@example.com',
      idempotencyKey: 'connect-seller-1',
    });
    expect(accountId).toMatch(/^acct_/);
    const same = await provider.createConnectedAccount({
      sellerId: 'seller-1',
      email: null,
      idempotencyKey: 'connect-seller-1',
    });
    expect(same.accountId).toBe(accountId);
    expect(fake.accounts.size).toBe(1);

    const link = await provider.createAccountLink({
      accountId,
      refreshUrl: 'http://localhost/seller/payments?refresh=1',
      returnUrl: 'http://localhost/seller/payments',
    });
    expect(link.url).toMatch(/^https:\/\//);
    expect(await provider.retrieveAccount(accountId)).toEqual({
      accountId,
      chargesEnabled: false,
      payoutsEnabled: false,
      detailsSubmitted: false,
      requirementsDue: ['external_account', 'tos_acceptance.date', 'tos_acceptance.ip'],
      disabledReason: 'requirements.past_due',
    });
    fake.setAccountComplete(accountId, true);
    expect(await provider.retrieveAccount(accountId)).toMatchObject({
      chargesEnabled: true,
      requirementsDue: [],
      disabledReason: null,
    });
  });

  it('verifies webhook signatures made by signEvent and refuses tampered ones', () => {
    const { body, signature } = fake.signEvent({
      id: 'evt_1',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_1', object: 'payment_intent' } },
    });
    const event = provider.verifyWebhook(Buffer.from(body), signature);
    expect(event).toEqual({
      id: 'evt_1',
      type: 'payment_intent.succeeded',
      created: expect.any(Date),
      // a Connect event's connected account (`account`); none on the platform's own events
      account: null,
      object: { id: 'pi_1', object: 'payment_intent' },
    });
    expect(() => provider.verifyWebhook(Buffer.from(body.replace('pi_1', 'pi_2')), signature)).toThrow();
    const other = fake.signEvent({ type: 'x', data: { object: {} } }, 'whsec_other');
    expect(() => provider.verifyWebhook(Buffer.from(other.body), other.signature)).toThrow();
  });
});
