import { describe, expect, it } from 'vitest';
import { parseForm } from './fake-stripe';

describe('fake Stripe form parsing', () => {
  it('reads nested keys and arrays the way the stripe SDK encodes them', () => {
    const body = parseForm(
      'amount=2599&currency=usd&metadata[orderId]=o-1&metadata[orderNumber]=DRX-000001' +
        '&automatic_payment_methods[enabled]=true&expand[0]=latest_charge&expand[1]=customer' +
        '&capabilities[card_payments][requested]=true&description=a%20b',
    );
    expect(body).toEqual({
      amount: '2599',
      currency: 'usd',
      metadata: { orderId: 'o-1', orderNumber: 'DRX-000001' },
      automatic_payment_methods: { enabled: 'true' },
      expand: ['latest_charge', 'customer'],
      capabilities: { card_payments: { requested: 'true' } },
      description: 'a b',
    });
  });
});
