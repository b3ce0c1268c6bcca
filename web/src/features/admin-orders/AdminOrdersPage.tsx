import { Heading, Link, Stack, Table, Text } from '@chakra-ui/react';
import { Receipt } from 'lucide-react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ConnectionListFrame } from '../../ui/ConnectionListFrame';
import { ListCount, ListToolbar, SearchField, StatusSelect } from '../../ui/ListToolbar';
import { ListTable } from '../../ui/ListTable';
import { useDebouncedSearch } from '../../ui/useDebouncedSearch';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { usePagedConnection } from '../../ui/usePagedConnection';
import {
  formatOrderDate,
  itemCountLabel,
  ORDER_STATUSES,
  orderStatusLabel,
  OrderStatusBadge,
} from '../purchases';
import { formatCents } from '../../lib/currency';
import { AdminOrdersQueryDocument } from './adminOrderDocuments';

const PAGE_SIZE = 25;
const STATUS_OPTIONS = ORDER_STATUSES.map((value) => ({ value, label: orderStatusLabel(value) }));

/** /admin/orders (staff): every order, filtered by status and searched by number or username. */
export default function AdminOrdersPage() {
  useDocumentTitle('Orders');
  const [status, setStatus] = useState('');
  const { text, setText, search } = useDebouncedSearch();

  const { query, pager, connection } = usePagedConnection(
    AdminOrdersQueryDocument,
    'adminOrders',
    { first: PAGE_SIZE, status: status || null, search: search || null },
    { errorTitle: 'More orders could not be loaded', filterKey: `${status}\u0000${search}` },
  );

  return (
    <Stack gap={6} maxW="6xl" mx="auto">
      <Stack gap={1}>
        <Heading as="h1" size="2xl">
          Orders
        </Heading>
        <Text color="fg.muted">
          Every order of the store: find one by number or buyer, see its payment, refund it.
        </Text>
      </Stack>
      <ListToolbar>
        <SearchField value={text} onChange={setText} placeholder="Order number or username" />
        <StatusSelect value={status} onChange={setStatus} options={STATUS_OPTIONS} />
        {connection ? (
          <ListCount count={connection.totalCount} singular="order" plural="orders" testId="order-count" />
        ) : null}
      </ListToolbar>
      <ConnectionListFrame
        connection={connection}
        loading={query.loading}
        error={query.error}
        pager={pager}
        loadingLabel="Loading orders…"
        errorTitle="The orders could not be loaded"
        emptyIcon={<Receipt />}
        emptyTitle="No orders match"
      >
        {(orders) => (
          <ListTable
            header={
              <>
                <Table.ColumnHeader>Order</Table.ColumnHeader>
                <Table.ColumnHeader>Date</Table.ColumnHeader>
                <Table.ColumnHeader>Buyer</Table.ColumnHeader>
                <Table.ColumnHeader>Items</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Total</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
              </>
            }
          >
            {orders.map((order) => (
              <Table.Row key={order.id} data-testid="admin-order-row">
                <Table.Cell>
                  <Link asChild fontWeight="medium" fontFamily="mono">
                    <RouterLink to={`/admin/orders/${order.id}`}>{order.number}</RouterLink>
                  </Link>
                </Table.Cell>
                <Table.Cell>{formatOrderDate(order.createdAt, true)}</Table.Cell>
                <Table.Cell>
                  {order.buyer ? (
                    <Link asChild>
                      <RouterLink to={`/admin/users/${order.buyer.id}`}>{order.buyer.username}</RouterLink>
                    </Link>
                  ) : (
                    '—'
                  )}
                </Table.Cell>
                <Table.Cell>{itemCountLabel(order.lines)}</Table.Cell>
                <Table.Cell textAlign="end">{formatCents(order.totalCents)}</Table.Cell>
                <Table.Cell>
                  <OrderStatusBadge status={order.status} />
                </Table.Cell>
              </Table.Row>
            ))}
          </ListTable>
        )}
      </ConnectionListFrame>
    </Stack>
  );
}
