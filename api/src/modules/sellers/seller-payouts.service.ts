import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../graphql/errors';
import type { ConnectedAccountStatus, PaymentProvider } from '../payments/payment-provider';
import { type PayoutStatus, SellerProfile } from '../resources/seller-profile.entity';
import type { User } from '../users/user.entity';
import { ensureSellerProfile } from './seller-access';
import type { StripeConnectStatus } from './sellers.types';
import { log } from '../../observability/logger';

/** Active once Stripe lets the account take charges and receive payouts. */
export function payoutStatusOf(account: ConnectedAccountStatus): PayoutStatus {
  return account.chargesEnabled && account.payoutsEnabled ? 'active' : 'pending';
}

/** The onboarding return and refresh pages (/seller/payments). */
export function onboardingUrls(publicUrl: string): { returnUrl: string; refreshUrl: string } {
  const base = `${publicUrl.replace(/\/+$/, '')}/seller/payments`;
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
 * Stripe Connect for sellers: one Express account per seller (created once, with an idempotency
 * key per seller), an onboarding link, and the account's status mirrored into `payoutStatus`.
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
  ): Promise<{ url: string; accountId: string; status: StripeConnectStatus }> {
    const profile = await ensureSellerProfile(this.em, user);
    if (profile.suspended) {
      throw new DomainError('SUSPENDED', 'Your store is suspended; payouts cannot be set up');
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
      await this.em.execute(
        `update seller_profiles set stripe_account_id = ?, payout_status = 'pending', updated_at = now()
         where user_id = ? and stripe_account_id is null`,
        [created.accountId, user.id],
      );
      await this.em.refresh(profile);
      accountId = profile.stripeAccountId ?? created.accountId;
    }
    let link: { url: string };
    try {
      // The test provider's "onboarding" is our own return page: a relative link keeps the
      // browser on the host it used (PUBLIC_URL may name another one in development).
      const urls = onboardingUrls(this.testMode ? '' : publicUrl);
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
    const payoutStatus = payoutStatusOf(account);
    if (profile.payoutStatus !== payoutStatus) {
      profile.payoutStatus = payoutStatus;
      await this.em.flush();
    }
    return this.statusFrom(profile, account);
  }

  private statusFrom(profile: SellerProfile, account: ConnectedAccountStatus | null): StripeConnectStatus {
    return {
      accountId: profile.stripeAccountId ?? null,
      chargesEnabled: account?.chargesEnabled ?? false,
      payoutsEnabled: account?.payoutsEnabled ?? false,
      detailsSubmitted: account?.detailsSubmitted ?? false,
      requirementsDue: account?.requirementsDue ?? [],
      payoutStatus: profile.payoutStatus,
      testMode: this.testMode,
      errorMessage: null,
    };
  }
}
