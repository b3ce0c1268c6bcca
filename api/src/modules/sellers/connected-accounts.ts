import type { EntityManager } from '@mikro-orm/postgresql';
import { log } from '../../observability/logger';
import type { ConnectedAccountStatus, PaymentEvent, PaymentProvider } from '../payments';
import { mirrorPayoutAccount, payoutAccountHolder, type PayoutStatus } from '../resources';

/**
 * A connected account (a seller's or an instructor's: the account lives on their
 * `seller_profiles` row either way) as DRX mirrors it from Stripe: payout status, what Stripe still
 * needs (`requirements.currently_due`) and why it holds the account back (`disabled_reason`).
 */

/** Active once Stripe lets the account take charges and receive payouts. */
export function payoutStatusOf(account: ConnectedAccountStatus): PayoutStatus {
  return account.chargesEnabled && account.payoutsEnabled ? 'active' : 'pending';
}

/** Stores what Stripe said about the account on the profile that holds it; the payout status. */
export async function mirrorAccount(
  em: EntityManager,
  account: ConnectedAccountStatus,
): Promise<PayoutStatus> {
  const status = payoutStatusOf(account);
  await mirrorPayoutAccount(em, account.accountId, {
    status,
    requirementsDue: account.requirementsDue,
    disabledReason: account.disabledReason,
  });
  return status;
}

/** Connect events DRX reads about its connected accounts (and their payouts: payouts.ts). */
export const isAccountEvent = (event: PaymentEvent) => event.type === 'account.updated';

/**
 * `account.updated` (a Connect webhook: onboarding finished, a requirement came due, Stripe
 * disabled or enabled payouts). The account is read from Stripe again rather than taken from the
 * event, so events arriving late or twice leave the mirror as Stripe has it now.
 */
export async function applyAccountEvent(
  em: EntityManager,
  event: PaymentEvent,
  payments: PaymentProvider,
): Promise<'updated' | 'ignored'> {
  const accountId = typeof event.object.id === 'string' ? event.object.id : (event.account ?? null);
  if (!accountId) return 'ignored';
  if (!(await payoutAccountHolder(em, accountId))) {
    log().info({ accountId }, '[connect] account.updated for an account DRX does not know');
    return 'ignored';
  }
  await mirrorAccount(em, await payments.retrieveAccount(accountId));
  return 'updated';
}
