import type { EntityManager } from '@mikro-orm/postgresql';
import type { PaymentEvent, PaymentProvider } from '../payments';
import { applyAccountEvent, isAccountEvent } from './connected-accounts';
import { applyPayoutEvent, isPayoutEvent } from './payouts';

/**
 * Stripe Connect webhooks about the connected accounts of sellers and instructors:
 * `account.updated` (connected-accounts.ts) and `payout.*` (payouts.ts). Each reads the account or
 * payout from Stripe again and records it as it is now, so a repeated or late event changes nothing.
 */
export const isConnectEvent = (event: PaymentEvent) => isAccountEvent(event) || isPayoutEvent(event);

export function applyConnectEvent(
  em: EntityManager,
  event: PaymentEvent,
  payments: PaymentProvider,
): Promise<string> {
  return isAccountEvent(event)
    ? applyAccountEvent(em, event, payments)
    : applyPayoutEvent(em, event, payments);
}
