import { useQuery } from '@apollo/client/react';
import {
  Alert,
  Badge,
  Button,
  Card,
  HStack,
  Heading,
  List,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { CheckCircle2, Receipt, XCircle } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ConnectionListFrame } from '../../ui/ConnectionListFrame';
import { ListTable } from '../../ui/ListTable';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { usePagedConnection } from '../../ui/usePagedConnection';
import { PayoutStatusBadge } from './PayoutStatusBadge';
import { SellerOnly } from './SellerOnly';
import { StatCard } from '../../ui/StatCard';
import {
  SellerDashboardQueryDocument,
  SellerEarningsQueryDocument,
  StripeConnectStatusQueryDocument,
} from './sellerDocuments';
import {
  EARNING_STATUS_LABEL,
  EARNING_STATUS_PALETTE,
  formatCents,
  formatPercent,
  onboardingStep,
  requirementLabel,
} from './sellerFormat';
import { useStripeConnectStart } from './useStripeConnectStart';
import { SellerTransfersSection } from '../payouts/SellerTransfersSection';

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
        <ConnectCard />
        <Balances />
        <SellerTransfersSection />
        <EarningsLedger />
      </Stack>
    </SellerOnly>
  );
}

function Flag({ on, label }: { on: boolean; label: string }) {
  return (
    <HStack gap={2} color={on ? 'green.600' : 'fg.muted'}>
      {on ? <CheckCircle2 size={16} aria-hidden /> : <XCircle size={16} aria-hidden />}
      <Text>
        {label}: <strong>{on ? 'Yes' : 'No'}</strong>
      </Text>
    </HStack>
  );
}

function ConnectCard() {
  const location = useLocation();
  const navigate = useNavigate();
  const step = onboardingStep(location.search);
  const query = useQuery(StripeConnectStatusQueryDocument, { fetchPolicy: 'network-only' });
  const connect = useStripeConnectStart();
  const status = query.data?.stripeConnectStatus;

  // Back from Stripe: read the account again, then drop the marker from the address.
  useEffect(() => {
    if (!step) return;
    void query.refetch().finally(() => navigate('/seller/payments', { replace: true }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step]);

  if (!status) {
    return query.error ? (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>Your payout status could not be loaded: {query.error.message}</Alert.Title>
      </Alert.Root>
    ) : (
      <PageSpinner label="Checking your Stripe account…" minHeight="8rem" />
    );
  }
  const active = status.payoutStatus === 'active';
  return (
    <Card.Root>
      <Card.Body>
        <Stack gap={4}>
          {status.testMode ? (
            <Alert.Root status="warning" data-testid="payments-test-mode">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>Test mode: payouts are simulated</Alert.Title>
                <Alert.Description>
                  No Stripe keys are configured, so onboarding completes at once and no money moves.
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : null}
          <HStack justify="space-between" wrap="wrap" gap={3}>
            <Stack gap={1}>
              <HStack gap={2}>
                <Heading as="h2" size="md">
                  Stripe payouts
                </Heading>
                <PayoutStatusBadge status={status.payoutStatus} />
              </HStack>
              <Text fontSize="sm" color="fg.muted">
                {active
                  ? 'Your Stripe account can take charges and receive payouts.'
                  : status.accountId
                    ? 'Finish your Stripe onboarding to receive payouts.'
                    : 'Connect a Stripe account to receive payouts for your sales.'}
              </Text>
            </Stack>
            {!active ? (
              <Button colorPalette="purple" loading={connect.loading} onClick={() => void connect.start()}>
                {status.accountId ? 'Continue Stripe onboarding' : 'Connect with Stripe'}
              </Button>
            ) : null}
          </HStack>
          {status.errorMessage ? (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{status.errorMessage}</Alert.Title>
            </Alert.Root>
          ) : null}
          {status.accountId ? (
            <Stack gap={2} fontSize="sm">
              <Text color="fg.muted">Account {status.accountId}</Text>
              <SimpleGrid columns={{ base: 1, sm: 3 }} gap={2}>
                <Flag on={status.chargesEnabled} label="Charges enabled" />
                <Flag on={status.payoutsEnabled} label="Payouts enabled" />
                <Flag on={status.detailsSubmitted} label="Details submitted" />
              </SimpleGrid>
              {status.requirementsDue.length ? (
                <Stack gap={1}>
                  <Text fontWeight="medium">Stripe still needs:</Text>
                  <Text color="fg.muted" data-testid="accruing-note">
                    Your earnings keep accruing here; they are transferred once Stripe has these.
                  </Text>
                  <List.Root ps={5}>
                    {status.requirementsDue.map((r) => (
                      <List.Item key={r}>{requirementLabel(r)}</List.Item>
                    ))}
                  </List.Root>
                </Stack>
              ) : null}
            </Stack>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function Balances() {
  const query = useQuery(SellerDashboardQueryDocument, { fetchPolicy: 'cache-and-network' });
  const d = query.data?.sellerDashboard;
  if (!d) return null;
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap={4}>
      <StatCard label="Available" value={formatCents(d.availableBalanceCents)} hint="Ready for payout" />
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
                  <Badge colorPalette={EARNING_STATUS_PALETTE[e.status] ?? 'gray'}>
                    {EARNING_STATUS_LABEL[e.status] ?? e.status}
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
