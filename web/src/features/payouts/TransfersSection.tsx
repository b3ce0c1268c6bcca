import { Heading, Stack, Text } from '@chakra-ui/react';
import { ArrowRightLeft } from 'lucide-react';
import type { ComponentProps } from 'react';
import type { PayoutBalanceFieldsFragment } from '../../gql/graphql';
import { ConnectionListFrame } from '../../ui/ConnectionListFrame';
import type { LoadMore } from '../../ui/useLoadMore';
import { PayoutBalanceCards } from './PayoutBalanceCards';
import { TransfersTable } from './TransfersTable';

type Transfer = ComponentProps<typeof TransfersTable>['transfers'][number];

/**
 * A payee's transfers (a seller's on /seller/payments, an instructor's on their earnings page): the
 * balance cards, then the transfers, each with its order.
 */
export function TransfersSection({
  headingId,
  headingLevel,
  intro,
  emptyDescription,
  balance,
  connection,
  loading,
  error,
  pager,
  spinnerMinHeight,
}: {
  headingId: string;
  headingLevel: 'h2' | 'h3';
  intro: string;
  emptyDescription: string;
  balance: PayoutBalanceFieldsFragment | null | undefined;
  connection: { nodes: Transfer[] } | null | undefined;
  loading: boolean;
  error?: { message: string } | null;
  pager: LoadMore;
  spinnerMinHeight: string;
}) {
  return (
    <Stack gap={3} as="section" aria-labelledby={headingId}>
      <Heading as={headingLevel} size="md" id={headingId}>
        Transfers
      </Heading>
      <Text color="fg.muted" fontSize="sm">
        {intro}
      </Text>
      {balance ? <PayoutBalanceCards balance={balance} /> : null}
      <ConnectionListFrame
        connection={connection}
        loading={loading}
        error={error}
        pager={pager}
        loadingLabel="Loading your transfers…"
        spinnerMinHeight={spinnerMinHeight}
        errorTitle="Your transfers could not be loaded"
        emptyIcon={<ArrowRightLeft />}
        emptyTitle="No transfers yet"
        emptyDescription={emptyDescription}
      >
        {(nodes) => <TransfersTable transfers={nodes} />}
      </ConnectionListFrame>
    </Stack>
  );
}
