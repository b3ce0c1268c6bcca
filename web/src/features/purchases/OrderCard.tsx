import { Card, HStack, Stack, Text } from '@chakra-ui/react';
import type { OrderDetailsFragment } from '../../gql/graphql';
import { OrderMessageSellers } from '../messages';
import { formatCents, formatOrderDate, itemCountLabel } from './orderFormat';
import { OrderLines } from './OrderLines';
import { OrderStatusBadge } from './OrderStatusBadge';
import { ReceiptLinks } from './ReceiptLinks';

/** One order on /my-purchases: number, date, status, lines with their links, total and receipt. */
export function OrderCard({ order }: { order: OrderDetailsFragment }) {
  const usable = order.status === 'paid';
  return (
    <Card.Root
      variant="outline"
      as="article"
      aria-label={`Order ${order.number}`}
      data-testid="purchase-order"
    >
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap={2}>
          <Stack gap={0}>
            <Card.Title as="h2" fontSize="lg">
              Order {order.number}
            </Card.Title>
            <Text fontSize="sm" color="fg.muted">
              {formatOrderDate(order.createdAt)} · {itemCountLabel(order.lines)}
            </Text>
          </Stack>
          <HStack gap={3}>
            <Text fontWeight="semibold">{formatCents(order.totalCents)}</Text>
            <OrderStatusBadge status={order.status} />
          </HStack>
        </HStack>
      </Card.Header>
      <Card.Body gap={3}>
        <OrderLines lines={order.lines} actions={usable} giveLicences={usable} />
        {order.memberDiscountCents > 0 ? (
          <Text fontSize="sm" color="fg.muted" data-testid="order-member-discount">
            Member discount ({order.memberDiscountPercent}%): −{formatCents(order.memberDiscountCents)}.
          </Text>
        ) : null}
        {order.discountCents > 0 ? (
          <Text fontSize="sm" color="fg.muted">
            Includes a discount of {formatCents(order.discountCents)}
            {order.couponCode ? ` (coupon ${order.couponCode})` : ''}.
          </Text>
        ) : null}
        {order.paymentProvider === 'credit' ? (
          <Text fontSize="sm" color="fg.muted" data-testid="order-credit">
            Paid with a membership credit: {formatCents(order.creditCents)} covered,{' '}
            {formatCents(order.totalCents)} charged.
          </Text>
        ) : null}
        {order.status === 'refunded' && order.paymentProvider === 'credit' ? (
          <Text fontSize="sm" color="fg.muted" data-testid="refund-note">
            Lesson credit given back {formatOrderDate(order.refundedAt)}
            {order.refundReason ? `: ${order.refundReason}` : ''}.
          </Text>
        ) : order.status === 'refunded' ? (
          <Text fontSize="sm" color="fg.muted" data-testid="refund-note">
            Refunded {formatOrderDate(order.refundedAt)}
            {order.refundReason ? `: ${order.refundReason}` : ''}. Downloads and course access ended with the
            refund.
          </Text>
        ) : null}
      </Card.Body>
      {order.status === 'paid' || order.status === 'refunded' ? (
        <Card.Footer flexWrap="wrap" gap={3} justifyContent="space-between">
          <ReceiptLinks receiptUrl={order.receiptUrl} receiptPdfUrl={order.receiptPdfUrl} />
          <OrderMessageSellers order={order} />
        </Card.Footer>
      ) : null}
    </Card.Root>
  );
}
