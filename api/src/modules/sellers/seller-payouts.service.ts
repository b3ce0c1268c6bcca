import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../graphql/errors';
import type { ConnectedAccountStatus, PaymentProvider } from '../payments';
import { claimPayoutAccount, SellerProfile } from '../resources';
import type { User } from '../users';
import { mirrorAccount } from './connected-accounts';
import { canHaveStore, ensureSellerProfile } from './seller-access';
import { disabledReasonInWords, requirementsInWords } from './stripe-requirements';
import { PayoutPage, type StripeConnectStatus } from './sellers.types';
import { log } from '../../observability/logger';

/** Where a payee follows their payouts: a seller on /seller/payments, an instructor on their bookings page. */
export const PAYOUT_PAGES: Record<PayoutPage, string> = {
  SELLER_PAYMENTS: '/seller/payments',
  INSTRUCTOR_EARNINGS: '/instructor/bookings',
};

/** The page a payee is sent back to by default: their store's, else (an instructor) their bookings'. */
export const defaultPayoutPage = (user: User): PayoutPage =>
  canHaveStore(user) ? PayoutPage.SELLER_PAYMENTS : PayoutPage.INSTRUCTOR_EARNINGS;

/** The onboarding return and refresh pages (/seller/payments, or the instructor's page). */
export function onboardingUrls(
  publicUrl: string,
  page: PayoutPage = PayoutPage.SELLER_PAYMENTS,
): { returnUrl: string; refreshUrl: string } {
  const base = `${publicUrl.replace(/\/+$/, '')}${PAYOUT_PAGES[page]}`;
  return { returnUrl: `${base}?onboarding=return`, refreshUrl: `${base}?onboarding=refresh` };
}

function providerUnavailable(error: unknown): DomainError {
  if (error instanceof DomainError) return error; // e.g. no payment provider configured
  log().error(
    { detail: error instanceof Error ? error.message : error },
    '[stripe-connect] provider call failed',
  );
  return new DomainError(
    'PAYMENT_FAILED',
    'Stripe could not be reached to set up payouts. Please try again in a moment.',
  );
}

/**
 * Stripe Connect for everyone DRX pays — sellers and instructors alike (one implementation): one
 * Express account per person (created once, with an idempotency key per person) kept on their
 * `seller_profiles` row (created for an instructor too: it is where the transfer job looks), an
 * onboarding link back to the page they came from, and the account's status, what Stripe still
 * needs and why it holds the account back mirrored on the profile (connected-accounts.ts).
 */
export class SellerPayoutsService {
  constructor(
    private readonly em: EntityManager,
    private readonly payments: PaymentProvider,
  ) {}

  get testMode(): boolean {
    return this.payments.name === 'test';
  }

  /** Creates my connected account if I have none and returns an onboarding link. */
  async start(
    user: User,
    publicUrl: string,
    page: PayoutPage = defaultPayoutPage(user),
  ): Promise<{ url: string; accountId: string; status: StripeConnectStatus }> {
    const profile = await ensureSellerProfile(this.em, user);
    if (profile.suspended) {
      throw new DomainError('SUSPENDED', 'Your account is suspended; payouts cannot be set up');
    }
    let accountId = profile.stripeAccountId ?? null;
    if (!accountId) {
      let created: { accountId: string };
      try {
        created = await this.payments.createConnectedAccount({
          sellerId: user.id,
          email: user.email ?? null,
          idempotencyKey: `connect-account-${user.id}`,
        });
      } catch (error) {
        throw providerUnavailable(error);
      }
      // Two starts at once get the same account (same idempotency key); the first write wins.
      await claimPayoutAccount(this.em, user.id, created.accountId);
      await this.em.refresh(profile);
      accountId = profile.stripeAccountId ?? created.accountId;
    }
    let link: { url: string };
    try {
      // The test provider's "onboarding" is our own return page: a relative link keeps the
      // browser on the host it used (PUBLIC_URL may name another one in development).
      const urls = onboardingUrls(this.testMode ? '' : publicUrl, page);
      link = await this.payments.createAccountLink({ accountId, ...urls });
    } catch (error) {
      throw providerUnavailable(error);
    }
    return { url: link.url, accountId, status: this.statusFrom(profile, null) };
  }

  /** Reads my account from Stripe and updates my payout status. */
  async status(user: User): Promise<StripeConnectStatus> {
    // Reading creates no store: staff without one simply have not started.
    const profile = await this.em.findOne(SellerProfile, { user: user.id });
    if (!profile?.stripeAccountId) {
      return {
        accountId: null,
        chargesEnabled: false,
        payoutsEnabled: false,
        detailsSubmitted: false,
        requirementsDue: [],
        requirements: [],
        disabledReason: null,
        disabledReasonText: null,
        payoutStatus: profile?.payoutStatus ?? 'not_started',
        testMode: this.testMode,
        errorMessage: null,
      };
    }
    let account: ConnectedAccountStatus;
    try {
      account = await this.payments.retrieveAccount(profile.stripeAccountId);
    } catch (error) {
      // The page still shows what we know; the message says Stripe did not answer.
      return { ...this.statusFrom(profile, null), errorMessage: providerUnavailable(error).message };
    }
    await mirrorAccount(this.em, account);
    await this.em.refresh(profile);
    return this.statusFrom(profile, account);
  }

  /** From Stripe's answer, or (null: Stripe was not read) from what the profile last mirrored. */
  private statusFrom(profile: SellerProfile, account: ConnectedAccountStatus | null): StripeConnectStatus {
    const requirementsDue = account?.requirementsDue ?? profile.requirementsDue ?? [];
    const disabledReason = account ? account.disabledReason : (profile.disabledReason ?? null);
    return {
      accountId: profile.stripeAccountId ?? null,
      chargesEnabled: account?.chargesEnabled ?? false,
      payoutsEnabled: account?.payoutsEnabled ?? false,
      detailsSubmitted: account?.detailsSubmitted ?? false,
      requirementsDue,
      requirements: requirementsInWords(requirementsDue),
      disabledReason,
      disabledReasonText: disabledReasonInWords(disabledReason),
      payoutStatus: profile.payoutStatus,
      testMode: this.testMode,
      errorMessage: null,
    };
  }
}
