import { SimpleGrid } from '@chakra-ui/react';
import type { PayoutBalanceFieldsFragment } from '../../gql/graphql';
import { formatCents } from '../../lib/currency';
import { StatCard } from '../../ui/StatCard';

/**
 * Where earnings stand against transfers: sent, waiting, refused, and any negative balance — of the
 * viewer's own account, or (`everyone`, the admin page) of every seller's and instructor's.
 */
export function PayoutBalanceCards({
  balance,
  everyone = false,
}: {
  balance: PayoutBalanceFieldsFragment;
  everyone?: boolean;
}) {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap={4} data-testid="payout-balance">
      <StatCard
        label="Transferred"
        value={formatCents(balance.transferredCents)}
        hint={everyone ? 'To sellers’ and instructors’ Stripe accounts' : 'To your Stripe account'}
      />
      <StatCard
        label="Awaiting transfer"
        value={formatCents(balance.awaitingTransferCents + balance.inTransitCents + balance.failedCents)}
        hint={
          balance.failedCount > 0
            ? `${balance.failedCount} failed, tried again daily`
            : 'Past the hold period'
        }
      />
      <StatCard label="Reversed" value={formatCents(balance.reversedCents)} hint="Taken back after refunds" />
      <StatCard
        label="Negative balance"
        value={formatCents(balance.negativeBalanceCents)}
        hint={
          everyone ? 'Paid back first from their next earnings' : 'Paid back first from your next earnings'
        }
      />
    </SimpleGrid>
  );
}
