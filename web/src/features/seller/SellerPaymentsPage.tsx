import { useQuery } from '@apollo/client/react';
import { Badge, Heading, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { Receipt } from 'lucide-react';
import { ConnectionListFrame } from '../../ui/ConnectionListFrame';
import { ListTable } from '../../ui/ListTable';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { usePagedConnection } from '../../ui/usePagedConnection';
import { SellerOnly } from './SellerOnly';
import { StatCard } from '../../ui/StatCard';
import { SellerDashboardQueryDocument, SellerEarningsQueryDocument } from './sellerDocuments';
import { EARNING_STATE_LABEL, EARNING_STATE_PALETTE, formatCents, formatPercent } from './sellerFormat';
import { PayoutsSection, SellerTransfersSection, StripeConnectCard } from '../payouts';

/** /seller/payments: Stripe Connect onboarding and status, balances and the earnings ledger. */
export default function SellerPaymentsPage() {
  useDocumentTitle('Seller payments');
  return (
    <SellerOnly>
      <Stack gap={6} maxW="6xl" mx="auto">
        <Stack gap={1}>
          <Heading as="h1" size="2xl">
            Seller payments
          </Heading>
          <Text color="fg.muted">
            Connect Stripe to receive payouts, and follow what each sale earned you.
          </Text>
        </Stack>
        <StripeConnectCard page="SELLER_PAYMENTS" path="/seller/payments" what="sales" />
        <Balances />
        <SellerTransfersSection />
        <PayoutsSection headingLevel="h2" />
        <EarningsLedger />
      </Stack>
    </SellerOnly>
  );
}

function Balances() {
  const query = useQuery(SellerDashboardQueryDocument, { fetchPolicy: 'cache-and-network' });
  const d = query.data?.sellerDashboard;
  if (!d) return null;
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap={4}>
      <StatCard
        label="Available"
        value={formatCents(d.availableBalanceCents)}
        hint="Past the hold period, not yet transferred"
      />
      <StatCard
        label="Pending"
        value={formatCents(d.pendingBalanceCents)}
        hint={`Sales of the last ${d.holdDays} days`}
      />
      <StatCard label="Net earnings" value={formatCents(d.netEarningsCents)} hint="All time" />
      <StatCard
        label="Platform fee"
        value={formatPercent(d.platformFeePercent)}
        hint="Taken from each sale"
      />
    </SimpleGrid>
  );
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

function EarningsLedger() {
  const { query, pager, connection } = usePagedConnection(
    SellerEarningsQueryDocument,
    'sellerEarnings',
    { first: 25 },
    { errorTitle: 'More earnings could not be loaded' },
  );
  return (
    <Stack gap={2}>
      <Heading as="h2" size="md">
        Earnings ledger
      </Heading>
      <ConnectionListFrame
        connection={connection}
        loading={query.loading}
        error={query.error}
        pager={pager}
        loadingLabel="Loading your earnings…"
        spinnerMinHeight="8rem"
        errorTitle="Your earnings could not be loaded"
        emptyIcon={<Receipt />}
        emptyTitle="No sales yet"
        emptyDescription="Each sale of your resources appears here with its fee."
      >
        {(earnings) => (
          <ListTable
            header={
              <>
                <Table.ColumnHeader>Date</Table.ColumnHeader>
                <Table.ColumnHeader>Order</Table.ColumnHeader>
                <Table.ColumnHeader>Resource</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Gross</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Fee</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Net</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
              </>
            }
          >
            {earnings.map((e) => (
              <Table.Row key={e.id} data-testid="earning-row">
                <Table.Cell>{dateFormat.format(new Date(String(e.createdAt)))}</Table.Cell>
                <Table.Cell>{e.orderNumber}</Table.Cell>
                <Table.Cell>{e.resource?.title ?? 'Removed resource'}</Table.Cell>
                <Table.Cell textAlign="end">{formatCents(e.grossCents)}</Table.Cell>
                <Table.Cell textAlign="end">
                  {formatCents(e.feeCents)}{' '}
                  <Text as="span" color="fg.muted" fontSize="xs">
                    ({formatPercent(e.feePercent)})
                  </Text>
                </Table.Cell>
                <Table.Cell textAlign="end">{formatCents(e.netCents)}</Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={EARNING_STATE_PALETTE[e.payoutState] ?? 'gray'}>
                    {EARNING_STATE_LABEL[e.payoutState] ?? e.payoutState}
                  </Badge>
                </Table.Cell>
              </Table.Row>
            ))}
          </ListTable>
        )}
      </ConnectionListFrame>
    </Stack>
  );
}
