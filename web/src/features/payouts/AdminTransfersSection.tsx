import { useMutation } from '@apollo/client/react';
import { Button, Heading, HStack, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { ArrowRightLeft } from 'lucide-react';
import { useState } from 'react';
import { formatCents } from '../../lib/currency';
import { ConnectionListFrame } from '../../ui/ConnectionListFrame';
import { ListTable } from '../../ui/ListTable';
import { toaster } from '../../ui/toaster';
import { usePagedConnection } from '../../ui/usePagedConnection';
import { PayoutBalanceCards } from './PayoutBalanceCards';
import { AdminSellerTransfersQueryDocument, SellerTransfersRunMutationDocument } from './transferDocuments';
import { TRANSFER_STATUS_LABEL } from './transferFormat';
import { TransfersTable } from './TransfersTable';

/** /admin/sellers: every transfer (failures with Stripe's reason), what is owed, a run now. */
export function AdminTransfersSection() {
  const [status, setStatus] = useState('');
  const { query, pager, connection } = usePagedConnection(
    AdminSellerTransfersQueryDocument,
    'adminSellerTransfers',
    { first: 25, status: status || null },
    { errorTitle: 'More transfers could not be loaded', filterKey: status },
  );
  const [runNow, run] = useMutation(SellerTransfersRunMutationDocument);
  const totals = query.data?.adminPayoutTotals;
  const owed = query.data?.adminPayoutBalances ?? [];

  async function startRun() {
    const { data } = await runNow();
    const errors = data?.sellerTransfersRun.userErrors ?? [];
    if (errors.length) {
      toaster.create({ title: 'Transfers not started', description: errors[0].message, type: 'error' });
      return;
    }
    toaster.create({ title: 'Transfer run queued', type: 'success' });
    window.setTimeout(() => void query.refetch(), 3000);
  }

  return (
    <Stack gap={3} as="section" aria-labelledby="admin-transfers-heading">
      <HStack justify="space-between" wrap="wrap" gap={3}>
        <Heading as="h2" size="lg" id="admin-transfers-heading">
          Transfers
        </Heading>
        <HStack gap={2}>
          <NativeSelect.Root size="sm" width="48">
            <NativeSelect.Field
              aria-label="Transfer status"
              value={status}
              onChange={(e) => setStatus(e.currentTarget.value)}
            >
              <option value="">All statuses</option>
              {Object.entries(TRANSFER_STATUS_LABEL).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Button size="sm" variant="outline" loading={run.loading} onClick={() => void startRun()}>
            Transfer due earnings now
          </Button>
        </HStack>
      </HStack>
      <Text color="fg.muted" fontSize="sm">
        Earnings past their hold period are transferred every hour to the sellers’ and instructors’ Stripe
        accounts; failed transfers are tried again a day later.
      </Text>
      {totals ? <PayoutBalanceCards balance={totals} everyone /> : null}
      {owed.length ? (
        <ListTable
          header={
            <>
              <Table.ColumnHeader>Owed to / by</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Awaiting transfer</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Failed</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Negative balance</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Owed</Table.ColumnHeader>
            </>
          }
        >
          {owed.map((f) => {
            return (
              <Table.Row key={f.seller?.id ?? 'all'} data-testid="payout-owed-row">
                <Table.Cell>@{f.seller?.username ?? '?'}</Table.Cell>
                <Table.Cell textAlign="end">
                  {formatCents(f.awaitingTransferCents + f.inTransitCents)}
                </Table.Cell>
                <Table.Cell textAlign="end">{formatCents(f.failedCents)}</Table.Cell>
                <Table.Cell textAlign="end">{formatCents(f.negativeBalanceCents)}</Table.Cell>
                <Table.Cell textAlign="end">{formatCents(f.owedCents)}</Table.Cell>
              </Table.Row>
            );
          })}
        </ListTable>
      ) : null}
      <ConnectionListFrame
        connection={connection}
        loading={query.loading}
        error={query.error}
        pager={pager}
        loadingLabel="Loading transfers…"
        errorTitle="The transfers could not be loaded"
        emptyIcon={<ArrowRightLeft />}
        emptyTitle="No transfers"
      >
        {(nodes) => <TransfersTable showSeller transfers={nodes} />}
      </ConnectionListFrame>
    </Stack>
  );
}
