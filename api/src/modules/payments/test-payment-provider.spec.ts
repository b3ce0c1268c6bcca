import { describe, expect, it } from 'vitest';
import { PaymentRefusedError } from './payment-provider';
import { TestPaymentProvider } from './test-payment-provider';

const transfer = (p: TestPaymentProvider, key: string, amountCents = 900) =>
  p.createTransfer({
    accountId: 'acct_test_1',
    amountCents,
    transferGroup: 'order_1',
    paymentReference: 'test_pi_abcdef0123456789',
    idempotencyKey: key,
    metadata: {},
  });

// The test provider simulates Connect transfers as the fake Stripe does (dev/fake-stripe).
describe('TestPaymentProvider transfers', () => {
  it('makes one transfer per idempotency key and adds it to the account balance', async () => {
    const p = new TestPaymentProvider();
    const first = await transfer(p, 'transfer-a');
    const again = await transfer(p, 'transfer-a');
    expect(again).toEqual(first);
    expect(first.transferId).toMatch(/^test_tr_/);
    expect(first.sourceTransaction).toMatch(/^test_ch_/);
    expect(p.balances.get('acct_test_1')).toBe(900);
  });

  it('reverses from the balance and refuses a reversal once the balance was paid out', async () => {
    const p = new TestPaymentProvider();
    const { transferId } = await transfer(p, 'transfer-b');
    await p.reverseTransfer({ transferId, amountCents: 300, idempotencyKey: 'rev-1', metadata: {} });
    expect(p.balances.get('acct_test_1')).toBe(600);
    expect(p.payOut('acct_test_1')).toBe(600);
    const refused = p.reverseTransfer({
      transferId,
      amountCents: 300,
      idempotencyKey: 'rev-2',
      metadata: {},
    });
    await expect(refused).rejects.toBeInstanceOf(PaymentRefusedError);
    await expect(refused).rejects.toMatchObject({ code: 'balance_insufficient' });
  });

  it('refuses a reversal beyond what is left of the transfer', async () => {
    const p = new TestPaymentProvider();
    const { transferId } = await transfer(p, 'transfer-c', 500);
    await expect(
      p.reverseTransfer({ transferId, amountCents: 501, idempotencyKey: 'rev-3', metadata: {} }),
    ).rejects.toMatchObject({ code: 'amount_too_large' });
  });
});
