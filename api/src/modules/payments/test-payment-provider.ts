import { randomUUID } from 'node:crypto';
import {
  type ConnectedAccountStatus,
  type PaymentEvent,
  type PaymentProvider,
  PaymentRefusedError,
  type PaymentSession,
  type PaymentStatus,
  type ProviderPayout,
  type ProviderRefund,
  type TransferRequest,
} from './payment-provider';

/**
 * The labelled test provider used when no STRIPE_SECRET_KEY is set (as Vendure's dummy payment
 * handler): payments succeed when the checkout confirms them, refunds succeed, and Connect
 * onboarding is complete at once so the demo's seller payments work. No money moves.
 * Transfers and reversals are simulated as the fake Stripe does (dev/fake-stripe): a
 * transfer adds to the account's simulated balance, a reversal takes from it and is refused
 * (`balance_insufficient`) beyond it or beyond what is left of the transfer; a repeated idempotency
 * key answers the first answer. The app makes a provider per job run, so it rarely knows the
 * transfer it is asked to reverse: the reversal job then checks the balance the database holds for
 * the test provider (sellers/payouts.ts, `refuseTestReversalBeyondBalance`, beside its simulated
 * payouts) and an unknown transfer's reversal succeeds here.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test' as const;
  readonly publishableKey = null;
  readonly billing = null;
  private readonly payments = new Map<string, { status: PaymentStatus; amountCents: number }>();
  private readonly transfers = new Map<
    string,
    { accountId: string; amountCents: number; reversedCents: number; paidOut: boolean }
  >();
  /** Simulated payouts of connected accounts (`payOutAccount`). */
  private readonly payouts = new Map<string, ProviderPayout>();
  /** Simulated connected-account balances, in cents. */
  readonly balances = new Map<string, number>();
  /** idempotency key → the first answer (as Stripe keeps it). */
  private readonly answers = new Map<string, unknown>();

  private once<T>(key: string, make: () => T): T {
    if (this.answers.has(key)) {
      const first = this.answers.get(key);
      if (first instanceof Error) throw first;
      return first as T;
    }
    try {
      const answer = make();
      this.answers.set(key, answer);
      return answer;
    } catch (error) {
      this.answers.set(key, error);
      throw error;
    }
  }
  /** Refunds made (this process only; the orders keep the record). */
  private readonly refundsMade: { id: string; payment: string; amountCents: number; byDrx: boolean }[] = [];

  /** The test provider "takes" every payment (no money moves). */
  assertAvailable(): void {}

  async createPayment(args: { amountCents: number }): Promise<PaymentSession> {
    const reference = `test_pi_${randomUUID().replace(/-/g, '')}`;
    this.payments.set(reference, { status: 'requires_payment', amountCents: args.amountCents });
    return { reference, clientSecret: null, status: 'requires_payment' };
  }

  /** The test provider has no card form: the checkout's confirm call is the payment. */
  async retrievePayment(reference: string): Promise<{ status: PaymentStatus; amountCents: number }> {
    const payment = this.payments.get(reference);
    // Payments outlive a restart only in the database; an unknown test reference counts as paid
    // when confirmed (the order, not this map, is the record).
    return payment ?? { status: 'succeeded', amountCents: 0 };
  }

  async cancelPayment(reference: string): Promise<void> {
    const payment = this.payments.get(reference);
    if (payment) payment.status = 'canceled';
  }

  async refund(args: {
    reference: string;
    amountCents: number;
  }): Promise<{ reference: string; status: 'succeeded' }> {
    const reference = `test_re_${args.reference.slice(8, 24)}_${Date.now()}`;
    this.refundsMade.push({
      id: reference,
      payment: args.reference,
      amountCents: args.amountCents,
      byDrx: true,
    });
    return { reference, status: 'succeeded' };
  }

  /** The refunds of a payment, DRX's and the "dashboard's" (`dashboardRefund`), as Stripe lists them. */
  /** The test provider bills no memberships: no payment pays an invoice. */
  async invoiceOfPayment(): Promise<string | null> {
    return null;
  }

  async refundsOf(reference: string): Promise<ProviderRefund[]> {
    return this.refundsMade
      .filter((r) => r.payment === reference)
      .map(({ id, amountCents, byDrx }) => ({ id, amountCents, byDrx }));
  }

  /**
   * The test provider's stand-in for Stripe's dashboard (test-dashboard.ts): a refund made outside
   * DRX of `amountCents` of a payment of `totalCents` already refunded `refundedCents` by DRX and
   * the dashboard. Returns the `charge.refunded` event Stripe would send (the charge as it is now).
   */
  dashboardRefund(args: { reference: string; amountCents: number; totalCents: number }): PaymentEvent {
    const id = `test_re_${randomUUID().replace(/-/g, '').slice(0, 24)}`;
    this.refundsMade.push({ id, payment: args.reference, amountCents: args.amountCents, byDrx: false });
    const refunded = this.refundsMade
      .filter((r) => r.payment === args.reference)
      .reduce((sum, r) => sum + r.amountCents, 0);
    return {
      id: `test_evt_${randomUUID().replace(/-/g, '')}`,
      type: 'charge.refunded',
      created: new Date(),
      object: {
        id: `test_ch_${args.reference.slice(8, 32)}`,
        object: 'charge',
        payment_intent: args.reference,
        amount: args.totalCents,
        amount_refunded: refunded,
        refunded: refunded >= args.totalCents,
      },
    };
  }

  /** The test provider's dispute events (`charge.dispute.created` / `closed` won or lost). */
  disputeEvent(args: {
    reference: string;
    amountCents: number;
    status: 'needs_response' | 'won' | 'lost';
  }): PaymentEvent {
    return {
      id: `test_evt_${randomUUID().replace(/-/g, '')}`,
      type: args.status === 'needs_response' ? 'charge.dispute.created' : 'charge.dispute.closed',
      created: new Date(),
      object: {
        id: `test_dp_${args.reference.slice(8, 32)}`,
        object: 'dispute',
        payment_intent: args.reference,
        charge: `test_ch_${args.reference.slice(8, 32)}`,
        amount: args.amountCents,
        reason: 'fraudulent',
        status: args.status,
      },
    };
  }

  async createConnectedAccount(args: { sellerId: string }): Promise<{ accountId: string }> {
    return { accountId: `acct_test_${args.sellerId.replace(/-/g, '').slice(0, 16)}` };
  }

  async createAccountLink(args: { returnUrl: string }): Promise<{ url: string }> {
    return { url: args.returnUrl };
  }

  async retrieveAccount(accountId: string): Promise<ConnectedAccountStatus> {
    return {
      accountId,
      chargesEnabled: true,
      payoutsEnabled: true,
      detailsSubmitted: true,
      requirementsDue: [],
      disabledReason: null,
    };
  }

  async createTransfer(
    args: TransferRequest,
  ): Promise<{ transferId: string; sourceTransaction: string | null }> {
    return this.once(`transfer ${args.idempotencyKey}`, () => {
      if (!Number.isInteger(args.amountCents) || args.amountCents <= 0) {
        throw new PaymentRefusedError('A transfer needs a positive amount', 'parameter_invalid_integer');
      }
      const transferId = `test_tr_${randomUUID().replace(/-/g, '')}`;
      this.transfers.set(transferId, {
        accountId: args.accountId,
        amountCents: args.amountCents,
        reversedCents: 0,
        paidOut: false,
      });
      this.balances.set(args.accountId, (this.balances.get(args.accountId) ?? 0) + args.amountCents);
      return {
        transferId,
        sourceTransaction: args.paymentReference ? `test_ch_${args.paymentReference.slice(8)}` : null,
      };
    });
  }

  async reverseTransfer(args: {
    transferId: string;
    amountCents: number;
    idempotencyKey: string;
    metadata?: Record<string, string>;
  }): Promise<{ reversalId: string }> {
    return this.once(`reversal ${args.idempotencyKey}`, () => {
      const transfer = this.transfers.get(args.transferId);
      if (transfer) {
        if (args.amountCents > transfer.amountCents - transfer.reversedCents) {
          throw new PaymentRefusedError(
            'The reversal exceeds what is left of the transfer',
            'amount_too_large',
          );
        }
        const balance = this.balances.get(transfer.accountId) ?? 0;
        if (args.amountCents > balance) {
          throw new PaymentRefusedError(
            'The connected account has insufficient funds to cover the reversal',
            'balance_insufficient',
          );
        }
        transfer.reversedCents += args.amountCents;
        this.balances.set(transfer.accountId, balance - args.amountCents);
      }
      return { reversalId: `test_trr_${randomUUID().replace(/-/g, '')}` };
    });
  }

  /** Simulates Stripe paying an account's balance out to its bank (reversals then find nothing). */
  payOut(accountId: string): number {
    return this.payOutAccount(accountId)?.amountCents ?? 0;
  }

  /**
   * Stripe's automatic payout of the account's balance (as the fake Stripe's `payOutAccount`): the
   * balance goes to the bank, the payout covers the transfers not paid out before. Null when the
   * balance is 0. `applyPayoutEvent` records it from `payoutEvent(payout)`.
   */
  payOutAccount(accountId: string, status: 'paid' | 'failed' = 'paid'): ProviderPayout | null {
    const amount = this.balances.get(accountId) ?? 0;
    if (amount <= 0) return null;
    const covered = [...this.transfers.entries()].filter(
      ([, t]) => t.accountId === accountId && !t.paidOut && t.amountCents > t.reversedCents,
    );
    const payout: ProviderPayout = {
      id: `test_po_${randomUUID().replace(/-/g, '')}`,
      accountId,
      amountCents: amount,
      status,
      arrivalDate: new Date(),
      failureMessage: status === 'failed' ? 'The bank account could not be found (test).' : null,
      transferIds: covered.map(([id]) => id),
    };
    if (status === 'paid') {
      this.balances.set(accountId, 0);
      for (const [, t] of covered) t.paidOut = true;
    }
    this.payouts.set(payout.id, payout);
    return payout;
  }

  /** The `payout.paid` / `payout.failed` event Stripe sends about a connected account's payout. */
  payoutEvent(payout: ProviderPayout): PaymentEvent {
    return {
      id: `test_evt_${randomUUID().replace(/-/g, '')}`,
      type: `payout.${payout.status}`,
      created: new Date(),
      account: payout.accountId,
      object: { id: payout.id, object: 'payout', amount: payout.amountCents, status: payout.status },
    };
  }

  async retrievePayout(args: { accountId: string; payoutId: string }): Promise<ProviderPayout> {
    const payout = this.payouts.get(args.payoutId);
    if (!payout || payout.accountId !== args.accountId) {
      throw new PaymentRefusedError(`No such payout: '${args.payoutId}'`, 'resource_missing');
    }
    return { ...payout, transferIds: [...payout.transferIds] };
  }

  verifyWebhook(): never {
    throw new Error('The test payment provider receives no webhooks');
  }

  /** Marks a test payment as paid (the checkout's confirm step). */
  markSucceeded(reference: string): void {
    const payment = this.payments.get(reference);
    if (payment) payment.status = 'succeeded';
  }
}
