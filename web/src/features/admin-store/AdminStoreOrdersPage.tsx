import { Badge, Heading, Link, Stack, Table, Text } from '@chakra-ui/react';
import { ExternalLink, Receipt } from 'lucide-react';
import type { AdminStoreOrderRowFragment } from '../../gql/graphql';
import { ConnectionListFrame } from '../../ui/ConnectionListFrame';
import { formatDateTime } from '../../ui/dateFormat';
import { ListCount, ListToolbar } from '../../ui/ListToolbar';
import { ListTable } from '../../ui/ListTable';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { usePagedConnection } from '../../ui/usePagedConnection';
import { AdminNotice } from '../admin';
import { hasRole, useCurrentUser } from '../auth';
import { AdminStoreOrdersQueryDocument } from './adminStoreDocuments';
import { formatMoney, orderLineLabel, storeOrderPalette } from './storeFormat';

const PAGE_SIZE = 25;

/**
 * /admin/store/orders (admins): every order placed in the connected store, newest first, as its
 * webhooks reported them: buyer, status, total, lines and tracking. The store stays the system of
 * record; refunds and shipping are done there.
 */
export default function AdminStoreOrdersPage() {
  useDocumentTitle('Store orders');
  const { user } = useCurrentUser();
  const isAdmin = hasRole(user, 'admin');
  return (
    <Stack gap={6} maxW="7xl" mx="auto" w="full">
      <Stack gap={1}>
        <Heading as="h1" size="2xl">
          Store orders
        </Heading>
        <Text color="fg.muted">
          Orders placed in the store’s checkout, as the store reported them. Refunds, cancellations and
          shipping are handled in the store; DRX follows.
        </Text>
      </Stack>
      {isAdmin ? (
        <StoreOrdersList />
      ) : (
        <AdminNotice title="Only administrators can see the store’s orders." />
      )}
    </Stack>
  );
}

function StoreOrdersList() {
  const { query, pager, connection } = usePagedConnection(
    AdminStoreOrdersQueryDocument,
    'storeOrders',
    { first: PAGE_SIZE },
    { errorTitle: 'More orders could not be loaded' },
  );
  return (
    <>
      {connection ? (
        <ListToolbar>
          <ListCount
            count={connection.totalCount}
            singular="order"
            plural="orders"
            testId="store-order-count"
          />
        </ListToolbar>
      ) : null}
      <ConnectionListFrame
        connection={connection}
        loading={query.loading}
        error={query.error}
        pager={pager}
        loadingLabel="Loading store orders…"
        errorTitle="The store orders could not be loaded"
        emptyIcon={<Receipt />}
        emptyTitle="No store orders yet"
        emptyDescription="Orders appear here when the store reports them through its webhooks."
      >
        {(orders) => <StoreOrdersTable orders={orders} />}
      </ConnectionListFrame>
    </>
  );
}

function StoreOrdersTable({ orders }: { orders: readonly AdminStoreOrderRowFragment[] }) {
  return (
    <ListTable
      header={
        <>
          <Table.ColumnHeader>Order</Table.ColumnHeader>
          <Table.ColumnHeader>Date</Table.ColumnHeader>
          <Table.ColumnHeader>Customer</Table.ColumnHeader>
          <Table.ColumnHeader>Status</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Total</Table.ColumnHeader>
          <Table.ColumnHeader>Items</Table.ColumnHeader>
          <Table.ColumnHeader>Tracking</Table.ColumnHeader>
        </>
      }
    >
      {orders.map((order) => (
        <Table.Row key={order.id} data-testid="store-order-row">
          <Table.Cell fontWeight="medium" fontFamily="mono">
            {order.statusUrl ? (
              <Link href={order.statusUrl} target="_blank" rel="noopener noreferrer">
                {order.name}
                <Text as="span" srOnly>
                  {' '}
                  (order status page, opens in a new tab)
                </Text>
              </Link>
            ) : (
              order.name
            )}
          </Table.Cell>
          <Table.Cell whiteSpace="nowrap">{formatDateTime(order.createdAt)}</Table.Cell>
          <Table.Cell whiteSpace="normal" minW="40">
            {order.customerName ? <Text>{order.customerName}</Text> : null}
            {order.email ? (
              <Text
                fontSize={order.customerName ? 'xs' : undefined}
                color={order.customerName ? 'fg.muted' : undefined}
              >
                {order.email}
              </Text>
            ) : null}
            {!order.customerName && !order.email ? '—' : null}
          </Table.Cell>
          <Table.Cell>
            <Badge colorPalette={storeOrderPalette(order.status)} data-testid="store-order-status">
              {order.status}
            </Badge>
          </Table.Cell>
          <Table.Cell textAlign="end" whiteSpace="nowrap">
            {formatMoney(order.total)}
          </Table.Cell>
          <Table.Cell whiteSpace="normal" minW="56">
            <Stack as="ul" gap={0} listStyleType="none" m={0} p={0} fontSize="sm">
              {order.lines.map((line, index) => (
                <li key={`${line.sku ?? line.title}-${index}`}>
                  {orderLineLabel(line)}
                  {line.drxItemType ? (
                    <Badge ms={1} size="xs" colorPalette="purple">
                      DRX {line.drxItemType}
                    </Badge>
                  ) : null}
                  {line.refundedQuantity > 0 ? (
                    <Text as="span" color="fg.muted">
                      {' '}
                      ({line.refundedQuantity} refunded)
                    </Text>
                  ) : null}
                </li>
              ))}
            </Stack>
          </Table.Cell>
          <Table.Cell whiteSpace="normal" minW="32">
            {order.trackingUrl ? (
              <Link href={order.trackingUrl} target="_blank" rel="noopener noreferrer">
                {order.trackingCompany ?? 'Track'} {order.trackingNumber ?? ''}
                <ExternalLink size={14} aria-hidden />
                <Text as="span" srOnly>
                  (opens in a new tab)
                </Text>
              </Link>
            ) : order.trackingNumber ? (
              <Text>
                {order.trackingCompany ? `${order.trackingCompany} ` : ''}
                {order.trackingNumber}
              </Text>
            ) : (
              <Text color="fg.muted">—</Text>
            )}
          </Table.Cell>
        </Table.Row>
      ))}
    </ListTable>
  );
}
