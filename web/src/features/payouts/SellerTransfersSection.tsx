import { Heading, Stack, Text } from '@chakra-ui/react';
import { ArrowRightLeft } from 'lucide-react';
import { ConnectionListFrame } from '../../ui/ConnectionListFrame';
import { usePagedConnection } from '../../ui/usePagedConnection';
import { PayoutBalanceCards } from './PayoutBalanceCards';
import { SellerTransfersQueryDocument } from './transferDocuments';
import { TransfersTable } from './TransfersTable';

/** /seller/payments: my Stripe transfers, one per sale past its hold period, with its order. */
export function SellerTransfersSection() {
  const { query, pager, connection } = usePagedConnection(
    SellerTransfersQueryDocument,
    'sellerTransfers',
    { first: 25 },
    { errorTitle: 'More transfers could not be loaded' },
  );
  const balance = query.data?.sellerPayoutBalance;
  return (
    <Stack gap={3} as="section" aria-labelledby="seller-transfers-heading">
      <Heading as="h2" size="md" id="seller-transfers-heading">
        Transfers
      </Heading>
      <Text color="fg.muted" fontSize="sm">
        Each sale is transferred to your Stripe account once its hold period ends; Stripe then pays it out to
        your bank. A refund takes its transfer back.
      </Text>
      {balance ? <PayoutBalanceCards balance={balance} /> : null}
      <ConnectionListFrame
        connection={connection}
        loading={query.loading}
        error={query.error}
        pager={pager}
        loadingLabel="Loading your transfers…"
        spinnerMinHeight="8rem"
        errorTitle="Your transfers could not be loaded"
        emptyIcon={<ArrowRightLeft />}
        emptyTitle="No transfers yet"
        emptyDescription="Sales past their hold period are transferred every hour once your Stripe account is ready."
      >
        {(nodes) => <TransfersTable transfers={nodes} />}
      </ConnectionListFrame>
    </Stack>
  );
}
