import { Heading, Stack, Text } from '@chakra-ui/react';
import { ArrowRightLeft } from 'lucide-react';
import { ConnectionListFrame } from '../../ui/ConnectionListFrame';
import { usePagedConnection } from '../../ui/usePagedConnection';
import { PayoutBalanceCards } from './PayoutBalanceCards';
import { InstructorTransfersQueryDocument } from './transferDocuments';
import { TransfersTable } from './TransfersTable';

/** The instructor's earnings page: transfers of booking earnings, each with its order. */
export function InstructorTransfersSection() {
  const { query, pager, connection } = usePagedConnection(
    InstructorTransfersQueryDocument,
    'instructorTransfers',
    { first: 10 },
    { errorTitle: 'More transfers could not be loaded' },
  );
  const balance = query.data?.instructorPayoutBalance;
  return (
    <Stack gap={3} as="section" aria-labelledby="instructor-transfers-heading">
      <Heading as="h3" size="md" id="instructor-transfers-heading">
        Transfers
      </Heading>
      <Text color="fg.muted" fontSize="sm">
        Paid bookings past their hold period are transferred to your connected Stripe account.
      </Text>
      {balance ? <PayoutBalanceCards balance={balance} /> : null}
      <ConnectionListFrame
        connection={connection}
        loading={query.loading}
        error={query.error}
        pager={pager}
        loadingLabel="Loading your transfers…"
        spinnerMinHeight="6rem"
        errorTitle="Your transfers could not be loaded"
        emptyIcon={<ArrowRightLeft />}
        emptyTitle="No transfers yet"
        emptyDescription="Earnings are transferred once their hold period ends and a Stripe account is connected."
      >
        {(nodes) => <TransfersTable transfers={nodes} />}
      </ConnectionListFrame>
    </Stack>
  );
}
