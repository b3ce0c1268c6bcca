import { useQuery } from '@apollo/client/react';
import { Alert, Badge, Heading, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { Receipt } from 'lucide-react';
import { graphql } from '../../gql';
import { ConnectionListFrame } from '../../ui/ConnectionListFrame';
import { ListTable } from '../../ui/ListTable';
import { usePagedConnection } from '../../ui/usePagedConnection';
import { formatSession } from '../../lib/slotTime';
import { EARNING_STATE_LABEL, EARNING_STATE_PALETTE } from '../seller';
import { formatCents } from '../../lib/currency';
import { StatCard } from '../../ui/StatCard';
import { InstructorTransfersSection, PayoutsSection, StripeConnectCard } from '../payouts';

const InstructorEarningsSummaryQueryDocument = graphql(`
  query InstructorEarningsSummary {
    instructorEarningsSummary {
      bookingsCount
      netCents
      pendingCents
      availableCents
      reversedCount
      reversedGrossCents
      refundedCents
      holdDays
    }
  }
`);

const InstructorEarningsQueryDocument = graphql(`
  query InstructorEarnings($first: Int, $after: String) {
    instructorEarnings(first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        id
        orderNumber
        grossCents
        feeCents
        netCents
        status
        payoutState
        createdAt
        booking {
          id
          title
          start
          end
          timeZone
        }
      }
    }
  }
`);

/** /instructor/bookings: what my paid bookings earned (pending, available, refunded) and the latest rows. */
export function InstructorEarningsSection() {
  return (
    <Stack gap={3} as="section" aria-labelledby="instructor-earnings-heading">
      <Heading as="h2" size="lg" id="instructor-earnings-heading">
        Earnings
      </Heading>
      <StripeConnectCard
        page="INSTRUCTOR_EARNINGS"
        path="/instructor/bookings"
        what="paid bookings"
        headingLevel="h3"
      />
      <EarningsSummary />
      <EarningsRows />
      <InstructorTransfersSection />
      <PayoutsSection headingLevel="h3" />
    </Stack>
  );
}

function EarningsSummary() {
  const query = useQuery(InstructorEarningsSummaryQueryDocument, { fetchPolicy: 'cache-and-network' });
  const s = query.data?.instructorEarningsSummary;
  if (query.error && !s) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>Your earnings totals could not be loaded</Alert.Title>
      </Alert.Root>
    );
  }
  if (!s) return null;
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap={4} data-testid="instructor-earnings-summary">
      <StatCard label="Available" value={formatCents(s.availableCents)} hint="Ready for payout" />
      <StatCard
        label="Pending"
        value={formatCents(s.pendingCents)}
        hint={`Available ${s.holdDays} days after payment`}
      />
      <StatCard
        label="Net earnings"
        value={formatCents(s.netCents)}
        hint={`${s.bookingsCount} paid ${s.bookingsCount === 1 ? 'booking' : 'bookings'}, after the platform fee`}
      />
      <StatCard
        label="Refunded"
        value={formatCents(s.refundedCents)}
        hint={`${s.reversedCount} fully refunded (${formatCents(s.reversedGrossCents)})`}
      />
    </SimpleGrid>
  );
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

function EarningsRows() {
  const { query, pager, connection } = usePagedConnection(
    InstructorEarningsQueryDocument,
    'instructorEarnings',
    { first: 10 },
    { errorTitle: 'More earnings could not be loaded' },
  );
  return (
    <ConnectionListFrame
      connection={connection}
      loading={query.loading}
      error={query.error}
      pager={pager}
      loadingLabel="Loading your earnings…"
      spinnerMinHeight="8rem"
      errorTitle="Your earnings could not be loaded"
      emptyIcon={<Receipt />}
      emptyTitle="No paid bookings yet"
      emptyDescription="Each paid booking appears here with the platform fee and your share."
    >
      {(earnings) => (
        <ListTable
          header={
            <>
              <Table.ColumnHeader>Paid</Table.ColumnHeader>
              <Table.ColumnHeader>Session</Table.ColumnHeader>
              <Table.ColumnHeader>Order</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Gross</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Fee</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Net</Table.ColumnHeader>
              <Table.ColumnHeader>Status</Table.ColumnHeader>
            </>
          }
        >
          {earnings.map((e) => (
            <Table.Row key={e.id} data-testid="instructor-earning-row">
              <Table.Cell>{dateFormat.format(new Date(String(e.createdAt)))}</Table.Cell>
              <Table.Cell>
                {e.booking ? (
                  <Stack gap={0}>
                    <Text>{e.booking.title}</Text>
                    <Text color="fg.muted" fontSize="xs">
                      {formatSession(String(e.booking.start), String(e.booking.end), e.booking.timeZone)}
                    </Text>
                  </Stack>
                ) : (
                  'Booked session'
                )}
              </Table.Cell>
              <Table.Cell>{e.orderNumber}</Table.Cell>
              <Table.Cell textAlign="end">{formatCents(e.grossCents)}</Table.Cell>
              <Table.Cell textAlign="end">{formatCents(e.feeCents)}</Table.Cell>
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
  );
}
