import { Badge, Table, Text } from '@chakra-ui/react';
import type { TransferRowFragment } from '../../gql/graphql';
import { formatCents } from '../../lib/currency';
import { ListTable } from '../../ui/ListTable';
import { TRANSFER_STATUS_LABEL, TRANSFER_STATUS_PALETTE } from './transferFormat';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

type Row = TransferRowFragment & { seller?: { id: string; username: string } | null };

/** Transfers with the order each covers: sent amount, what paid a negative balance, reversals. */
export function TransfersTable({
  transfers,
  showSeller = false,
}: {
  transfers: Row[];
  showSeller?: boolean;
}) {
  return (
    <ListTable
      header={
        <>
          <Table.ColumnHeader>Date</Table.ColumnHeader>
          {showSeller ? <Table.ColumnHeader>Seller</Table.ColumnHeader> : null}
          <Table.ColumnHeader>Order</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Net earning</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Transferred</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Reversed</Table.ColumnHeader>
          <Table.ColumnHeader>Status</Table.ColumnHeader>
        </>
      }
    >
      {transfers.map((t) => (
        <Table.Row key={t.id} data-testid="transfer-row">
          <Table.Cell>{dateFormat.format(new Date(String(t.paidAt ?? t.createdAt)))}</Table.Cell>
          {showSeller ? <Table.Cell>@{t.seller?.username ?? '?'}</Table.Cell> : null}
          <Table.Cell>
            {t.orderNumber}
            {t.stripeTransferId ? (
              <Text fontSize="xs" color="fg.muted">
                {t.stripeTransferId}
              </Text>
            ) : null}
          </Table.Cell>
          <Table.Cell textAlign="end">{formatCents(t.netCents)}</Table.Cell>
          <Table.Cell textAlign="end">
            {formatCents(t.amountCents)}
            {t.recoveredCents > 0 ? (
              <Text fontSize="xs" color="fg.muted">
                {formatCents(t.recoveredCents)} paid back a negative balance
              </Text>
            ) : null}
          </Table.Cell>
          <Table.Cell textAlign="end">{t.reversedCents > 0 ? formatCents(t.reversedCents) : '—'}</Table.Cell>
          <Table.Cell>
            <Badge colorPalette={TRANSFER_STATUS_PALETTE[t.status] ?? 'gray'}>
              {TRANSFER_STATUS_LABEL[t.status] ?? t.status}
            </Badge>
            {t.failureReason ? (
              <Text fontSize="xs" color="red.600" maxW="xs">
                {t.failureReason}
              </Text>
            ) : null}
          </Table.Cell>
        </Table.Row>
      ))}
    </ListTable>
  );
}
