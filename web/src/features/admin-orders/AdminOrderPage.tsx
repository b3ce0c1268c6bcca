import { useQuery } from '@apollo/client/react';
import { Alert, Button, Card, DataList, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { ArrowLeft, Undo2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import {
  formatOrderDate,
  paymentProviderLabel,
  OrderLines,
  OrderStatusBadge,
  OrderTotals,
  ReceiptLinks,
} from '../purchases';
import { AdminOrderQueryDocument } from './adminOrderDocuments';
import { OrderHistoryCard } from './OrderHistoryCard';
import { RefundOrderDialog, type RefundTarget } from './RefundOrderDialog';

/** /admin/orders/:id (staff): the order, its buyer, lines and payment, and the refund. */
export default function AdminOrderPage() {
  const { id = '' } = useParams();
  const query = useQuery(AdminOrderQueryDocument, { variables: { id }, fetchPolicy: 'cache-and-network' });
  const order = query.data?.order;
  const [refunding, setRefunding] = useState<RefundTarget | null>(null);
  useDocumentTitle(order ? `Order ${order.number}` : 'Order');

  const back = (
    <Button asChild variant="ghost" size="sm" alignSelf="flex-start">
      <RouterLink to="/admin/orders">
        <ArrowLeft size={16} aria-hidden /> All orders
      </RouterLink>
    </Button>
  );

  if (query.loading && !order) return <PageSpinner label="Loading the order…" />;
  if (!order) {
    return (
      <Stack gap={4} maxW="4xl" mx="auto">
        {back}
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>Order not found{query.error ? `: ${query.error.message}` : ''}</Alert.Title>
        </Alert.Root>
      </Stack>
    );
  }

  const details: [string, ReactNode][] = [
    ['Placed', formatOrderDate(order.createdAt, true)],
    ['Paid', order.paidAt ? formatOrderDate(order.paidAt, true) : '—'],
    ['Payment provider', paymentProviderLabel(order.paymentProvider)],
    ['Payment reference', order.paymentReference ?? '—'],
    ...(order.refundReference ? [['Refund reference', order.refundReference] as [string, ReactNode]] : []),
    ['Currency', order.currency.toUpperCase()],
  ];

  return (
    <Stack gap={6} maxW="4xl" mx="auto">
      {back}
      <HStack justify="space-between" wrap="wrap" gap={3}>
        <HStack gap={3}>
          <Heading as="h1" size="2xl">
            Order {order.number}
          </Heading>
          <OrderStatusBadge status={order.status} />
        </HStack>
        {order.status === 'paid' ? (
          <Button
            colorPalette="red"
            variant="outline"
            onClick={() =>
              setRefunding({
                id: order.id,
                number: order.number,
                totalCents: order.totalCents,
                paymentProvider: order.paymentProvider,
              })
            }
          >
            <Undo2 size={16} aria-hidden /> Refund
          </Button>
        ) : null}
      </HStack>

      {order.status === 'refunded' ? (
        <Alert.Root status="warning" data-testid="refund-state">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Refunded {formatOrderDate(order.refundedAt, true)}</Alert.Title>
            {order.refundReason ? <Alert.Description>Reason: {order.refundReason}</Alert.Description> : null}
          </Alert.Content>
        </Alert.Root>
      ) : null}

      <Card.Root variant="outline" as="section" aria-labelledby="buyer-heading">
        <Card.Header>
          <Card.Title as="h2" id="buyer-heading">
            Buyer
          </Card.Title>
        </Card.Header>
        <Card.Body>
          {order.buyer ? (
            <Stack gap={0}>
              <Link asChild fontWeight="medium">
                <RouterLink to={`/admin/users/${order.buyer.id}`}>{order.buyer.displayName}</RouterLink>
              </Link>
              <Text fontSize="sm" color="fg.muted">
                @{order.buyer.username}
                {order.buyer.email ? ` · ${order.buyer.email}` : ''}
              </Text>
            </Stack>
          ) : (
            <Text color="fg.muted">The buyer's account no longer exists.</Text>
          )}
        </Card.Body>
      </Card.Root>

      <Card.Root variant="outline" as="section" aria-labelledby="lines-heading">
        <Card.Header>
          <Card.Title as="h2" id="lines-heading">
            Lines
          </Card.Title>
        </Card.Header>
        <Card.Body gap={5}>
          <OrderLines lines={order.lines} actions={false} staff />
          <OrderTotals {...order} />
        </Card.Body>
      </Card.Root>

      <Card.Root variant="outline" as="section" aria-labelledby="payment-heading">
        <Card.Header>
          <Card.Title as="h2" id="payment-heading">
            Payment
          </Card.Title>
        </Card.Header>
        <Card.Body>
          <DataList.Root orientation="horizontal">
            {details.map(([label, value]) => (
              <DataList.Item key={label}>
                <DataList.ItemLabel>{label}</DataList.ItemLabel>
                <DataList.ItemValue>{value}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
        </Card.Body>
        <Card.Footer>
          <ReceiptLinks receiptUrl={order.receiptUrl} receiptPdfUrl={order.receiptPdfUrl} />
        </Card.Footer>
      </Card.Root>

      <OrderHistoryCard history={order.history} disputeStatus={order.disputeStatus} />

      <RefundOrderDialog target={refunding} onClose={() => setRefunding(null)} />
    </Stack>
  );
}
