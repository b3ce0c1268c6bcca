import { Button, Heading, Link, Stack, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { RotateCcw, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { AdminRefundDueRowFragment } from '../../gql/graphql';
import { ConnectionListFrame } from '../../ui/ConnectionListFrame';
import { ListCount, ListToolbar } from '../../ui/ListToolbar';
import { ListTable } from '../../ui/ListTable';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { usePagedConnection } from '../../ui/usePagedConnection';
import { AdminNotice } from '../admin';
import { hasRole, useCurrentUser } from '../auth';
import { formatOrderDate } from '../purchases';
import { formatCents } from '../../lib/currency';
import { AdminRefundsDueQueryDocument, useRefundRetry } from './adminRefundsDocuments';
import { attemptsLabel } from './refundsFormat';

const PAGE_SIZE = 25;

/**
 * /admin/refunds (admins): automatic refunds still due — money taken for an order that could not
 * be delivered, which the payment provider has not given back yet — with the failed tries and the
 * provider's last answer, and "Retry now" per row. Curriculum officers get a notice.
 */
export default function AdminRefundsPage() {
  useDocumentTitle('Refunds due');
  const { user } = useCurrentUser();
  const isAdmin = hasRole(user, 'admin');
  return (
    <Stack gap={6} maxW="6xl" mx="auto" w="full">
      <Stack gap={1}>
        <Heading as="h1" size="2xl">
          Refunds due
        </Heading>
        <Text color="fg.muted">
          Money taken for orders that could not be delivered goes back by itself; these refunds were not sent
          yet. They are tried again every 15 minutes, or now with Retry now.
        </Text>
      </Stack>
      {isAdmin ? (
        <RefundsDueList />
      ) : (
        <AdminNotice title="Only administrators can see and retry refunds due." />
      )}
    </Stack>
  );
}

function RefundsDueList() {
  const { query, pager, connection } = usePagedConnection(
    AdminRefundsDueQueryDocument,
    'adminRefundsDue',
    { first: PAGE_SIZE },
    { errorTitle: 'More refunds could not be loaded' },
  );
  const retry = useRefundRetry();
  const [retrying, setRetrying] = useState<string | null>(null);

  const retryNow = async (refund: AdminRefundDueRowFragment) => {
    setRetrying(refund.id);
    try {
      await retry.run({ orderId: refund.id }, `Refund of ${refund.orderNumber} sent`);
    } finally {
      setRetrying(null);
    }
  };

  return (
    <>
      <ListToolbar>
        {connection ? (
          <ListCount
            count={connection.totalCount}
            singular="refund due"
            plural="refunds due"
            testId="refund-due-count"
          />
        ) : null}
      </ListToolbar>
      <ConnectionListFrame
        connection={connection}
        loading={query.loading}
        error={query.error}
        pager={pager}
        loadingLabel="Loading refunds due…"
        errorTitle="The refunds due could not be loaded"
        emptyIcon={<Undo2 />}
        emptyTitle="No refund is due: every automatic refund was sent"
      >
        {(refunds) => (
          <ListTable
            header={
              <>
                <Table.ColumnHeader>Order</Table.ColumnHeader>
                <Table.ColumnHeader>Buyer</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
                <Table.ColumnHeader>Attempts</Table.ColumnHeader>
                <Table.ColumnHeader>Last error</Table.ColumnHeader>
                <Table.ColumnHeader>Since</Table.ColumnHeader>
                <Table.ColumnHeader>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.ColumnHeader>
              </>
            }
          >
            {refunds.map((refund) => (
              <Table.Row key={refund.id} data-testid="refund-due-row">
                <Table.Cell>
                  <Link asChild fontWeight="medium" fontFamily="mono">
                    <RouterLink to={`/admin/orders/${refund.id}`}>{refund.orderNumber}</RouterLink>
                  </Link>
                </Table.Cell>
                <Table.Cell>
                  {refund.buyer ? (
                    <Stack gap={0}>
                      <Link asChild>
                        <RouterLink to={`/admin/users/${refund.buyer.id}`}>
                          {refund.buyer.username}
                        </RouterLink>
                      </Link>
                      {refund.buyer.email ? (
                        <Text fontSize="sm" color="fg.muted">
                          {refund.buyer.email}
                        </Text>
                      ) : null}
                    </Stack>
                  ) : (
                    '—'
                  )}
                </Table.Cell>
                <Table.Cell textAlign="end">{formatCents(refund.amountCents)}</Table.Cell>
                <Table.Cell>
                  {attemptsLabel(refund.attempts)}
                  {refund.lastAttemptAt ? (
                    <Text fontSize="sm" color="fg.muted">
                      last {formatOrderDate(refund.lastAttemptAt, true)}
                    </Text>
                  ) : null}
                </Table.Cell>
                <Table.Cell maxW="xs" whiteSpace="normal" wordBreak="break-word">
                  {refund.lastError ?? '—'}
                </Table.Cell>
                <Table.Cell>{formatOrderDate(refund.dueSince, true)}</Table.Cell>
                <Table.Cell>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => void retryNow(refund)}
                    loading={retrying === refund.id}
                    disabled={retrying !== null && retrying !== refund.id}
                  >
                    <RotateCcw /> Retry now
                    <VisuallyHidden>: the refund of {refund.orderNumber}</VisuallyHidden>
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </ListTable>
        )}
      </ConnectionListFrame>
    </>
  );
}
