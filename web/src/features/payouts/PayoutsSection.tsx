import { Badge, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { Landmark } from 'lucide-react';
import { formatCents } from '../../lib/currency';
import { ConnectionListFrame } from '../../ui/ConnectionListFrame';
import { ListTable } from '../../ui/ListTable';
import { usePagedConnection } from '../../ui/usePagedConnection';
import { MyPayoutsQueryDocument } from './transferDocuments';
import { PAYOUT_STATUS_LABEL, PAYOUT_STATUS_PALETTE } from './transferFormat';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/**
 * My payouts (Stripe paying my connected account's balance to my bank on its schedule), each with
 * the orders its transfers came from. A seller's on /seller/payments, an instructor's on their
 * bookings page: one account, so the same payouts.
 */
export function PayoutsSection({ headingLevel }: { headingLevel: 'h2' | 'h3' }) {
  const { query, pager, connection } = usePagedConnection(
    MyPayoutsQueryDocument,
    'myPayouts',
    { first: 10 },
    { errorTitle: 'More payouts could not be loaded' },
  );
  return (
    <Stack gap={3} as="section" aria-labelledby="payouts-heading">
      <Heading as={headingLevel} size="md" id="payouts-heading">
        Payouts to your bank
      </Heading>
      <Text color="fg.muted" fontSize="sm">
        Stripe pays your Stripe balance out to your bank automatically on its schedule; each payout lists the
        orders whose transfers it carried.
      </Text>
      <ConnectionListFrame
        connection={connection}
        loading={query.loading}
        error={query.error}
        pager={pager}
        loadingLabel="Loading your payouts…"
        spinnerMinHeight="6rem"
        errorTitle="Your payouts could not be loaded"
        emptyIcon={<Landmark />}
        emptyTitle="No payouts yet"
        emptyDescription="Once money is transferred to your Stripe account, Stripe pays it out to your bank and it appears here."
      >
        {(payouts) => (
          <ListTable
            header={
              <>
                <Table.ColumnHeader>Date</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
                <Table.ColumnHeader>Arrives</Table.ColumnHeader>
                <Table.ColumnHeader>Orders</Table.ColumnHeader>
              </>
            }
          >
            {payouts.map((p) => (
              <Table.Row key={p.id} data-testid="payout-row">
                <Table.Cell>
                  {dateFormat.format(new Date(String(p.createdAt)))}
                  <Text fontSize="xs" color="fg.muted">
                    {p.stripePayoutId}
                  </Text>
                </Table.Cell>
                <Table.Cell textAlign="end">{formatCents(Number(p.amountCents))}</Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={PAYOUT_STATUS_PALETTE[p.status] ?? 'gray'}>
                    {PAYOUT_STATUS_LABEL[p.status] ?? p.status}
                  </Badge>
                  {p.failureMessage ? (
                    <Text fontSize="xs" color="red.600" maxW="xs">
                      {p.failureMessage}
                    </Text>
                  ) : null}
                </Table.Cell>
                <Table.Cell>
                  {p.arrivalDate ? dateFormat.format(new Date(String(p.arrivalDate))) : '—'}
                </Table.Cell>
                <Table.Cell data-testid="payout-orders">
                  {p.transfers.length
                    ? p.transfers.map((t) => t.orderNumber).join(', ')
                    : p.status === 'failed'
                      ? 'None: the money stayed on your Stripe balance'
                      : '—'}
                </Table.Cell>
              </Table.Row>
            ))}
          </ListTable>
        )}
      </ConnectionListFrame>
    </Stack>
  );
}
