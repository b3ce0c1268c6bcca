import { useQuery } from '@apollo/client/react';
import {
  Alert,
  EmptyState,
  Field,
  Heading,
  HStack,
  Input,
  Link,
  NativeSelect,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { Receipt } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { LoadMoreButton } from '../../ui/LoadMoreButton';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useLoadMore } from '../../ui/useLoadMore';
import {
  formatCents,
  formatOrderDate,
  itemCountLabel,
  ORDER_STATUSES,
  orderStatusLabel,
} from '../purchases/orderFormat';
import { OrderStatusBadge } from '../purchases/OrderStatusBadge';
import { AdminOrdersQueryDocument } from './adminOrderDocuments';

const PAGE_SIZE = 25;
const SEARCH_DEBOUNCE_MS = 300;

/** /admin/orders (staff): every order, filtered by status and searched by number or username. */
export default function AdminOrdersPage() {
  useDocumentTitle('Orders');
  const [status, setStatus] = useState('');
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const query = useQuery(AdminOrdersQueryDocument, {
    variables: { first: PAGE_SIZE, status: status || null, search: search || null },
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const pager = useLoadMore(query, 'adminOrders', {
    errorTitle: 'More orders could not be loaded',
    filterKey: `${status}\u0000${search}`,
  });
  const connection = (query.data ?? query.previousData)?.adminOrders;

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
      <HStack gap={3} align="flex-end" wrap="wrap">
        <Field.Root maxW="xs">
          <Field.Label>Search</Field.Label>
          <Input
            type="search"
            value={text}
            placeholder="Order number or username"
            onChange={(e) => setText(e.target.value)}
          />
        </Field.Root>
        <Field.Root maxW="2xs">
          <Field.Label>Status</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={status} onChange={(e) => setStatus(e.target.value)}>
              <option value="">All statuses</option>
              {ORDER_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {orderStatusLabel(value)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {connection ? (
          <Text color="fg.muted" fontSize="sm" pb={2} data-testid="order-count">
            {connection.totalCount} {connection.totalCount === 1 ? 'order' : 'orders'}
          </Text>
        ) : null}
      </HStack>
      {!connection && query.loading ? (
        <PageSpinner label="Loading orders…" minHeight="12rem" />
      ) : query.error && !connection ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>The orders could not be loaded: {query.error.message}</Alert.Title>
        </Alert.Root>
      ) : !connection || connection.nodes.length === 0 ? (
        <EmptyState.Root borderWidth="1px" borderRadius="l3" bg="bg">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <Receipt />
            </EmptyState.Indicator>
            <EmptyState.Title>No orders match</EmptyState.Title>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <>
          <Table.ScrollArea borderWidth="1px" borderRadius="l3" bg="bg">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Order</Table.ColumnHeader>
                  <Table.ColumnHeader>Date</Table.ColumnHeader>
                  <Table.ColumnHeader>Buyer</Table.ColumnHeader>
                  <Table.ColumnHeader>Items</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Total</Table.ColumnHeader>
                  <Table.ColumnHeader>Status</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {connection.nodes.map((order) => (
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
                          <RouterLink to={`/admin/users/${order.buyer.id}`}>
                            {order.buyer.username}
                          </RouterLink>
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
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          <LoadMoreButton pager={pager} />
        </>
      )}
    </Stack>
  );
}
