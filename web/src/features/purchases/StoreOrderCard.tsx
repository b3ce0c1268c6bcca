import { Badge, Card, HStack, Icon, Link, Stack, Text } from '@chakra-ui/react';
import { ExternalLink, Truck } from 'lucide-react';
import type { StoreOrderDetailsFragment } from '../../gql/graphql';
import { formatMoney } from '../shop';
import { formatOrderDate, itemCountLabel } from './orderFormat';

const STATUS_PALETTE: Record<string, string> = {
  paid: 'green',
  fulfilled: 'blue',
  'partially fulfilled': 'blue',
  refunded: 'purple',
  'partially refunded': 'purple',
  cancelled: 'gray',
  canceled: 'gray',
  pending: 'orange',
};

/** The badge colour of a store order's status ("Paid", "Fulfilled"…; gray when unknown). */
export function storeOrderPalette(status: string): string {
  return STATUS_PALETTE[status.toLowerCase()] ?? 'gray';
}

/** Only web links are followed (a store's tracking URL is data from outside DRX). */
function webUrl(url: string | null | undefined): string | null {
  return url && /^https?:\/\//i.test(url) ? url : null;
}

/** One store order on /my-purchases: name, date, status, total, lines and the tracking link. */
export function StoreOrderCard({ order }: { order: StoreOrderDetailsFragment }) {
  const trackingUrl = webUrl(order.trackingUrl);
  const statusUrl = webUrl(order.statusUrl);
  const tracking = [order.trackingCompany, order.trackingNumber].filter(Boolean).join(' ');
  return (
    <Card.Root
      variant="outline"
      as="article"
      aria-label={`Store order ${order.name}`}
      data-testid="store-order"
    >
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap={2}>
          <Stack gap={0}>
            <Card.Title as="h3" fontSize="lg">
              Store order {order.name}
            </Card.Title>
            <Text fontSize="sm" color="fg.muted">
              {formatOrderDate(order.createdAt)} · {itemCountLabel(order.lines)}
            </Text>
          </Stack>
          <HStack gap={3}>
            <Text fontWeight="semibold" data-testid="store-order-total">
              {formatMoney(order.total)}
            </Text>
            <Badge colorPalette={storeOrderPalette(order.status)} data-testid="store-order-status">
              {order.status}
            </Badge>
          </HStack>
        </HStack>
      </Card.Header>
      <Card.Body gap={3}>
        <Stack as="ul" gap={2} listStyleType="none" aria-label="Order lines">
          {order.lines.map((line, index) => (
            <HStack
              as="li"
              key={`${line.sku ?? line.title}-${index}`}
              justify="space-between"
              gap={3}
              wrap="wrap"
            >
              <Stack gap={0} flex="1" minW="12rem">
                <Text fontWeight="medium">{line.title}</Text>
                {line.variantTitle ? (
                  <Text fontSize="sm" color="fg.muted">
                    {line.variantTitle}
                  </Text>
                ) : null}
              </Stack>
              <Stack gap={0} align="flex-end">
                <Text fontSize="sm" color="fg.muted">
                  {line.quantity} × {formatMoney(line.price)}
                </Text>
                {line.refundedQuantity > 0 ? (
                  <Text fontSize="xs" color="fg.muted">
                    {line.refundedQuantity === line.quantity
                      ? 'Refunded'
                      : `${line.refundedQuantity} refunded`}
                  </Text>
                ) : null}
              </Stack>
            </HStack>
          ))}
        </Stack>
        {order.cancelledAt ? (
          <Text fontSize="sm" color="fg.muted">
            Cancelled {formatOrderDate(order.cancelledAt)}.
          </Text>
        ) : null}
      </Card.Body>
      {tracking || trackingUrl || statusUrl ? (
        <Card.Footer flexDirection="column" alignItems="flex-start" gap={2}>
          {trackingUrl || tracking ? (
            <HStack gap={2} wrap="wrap" data-testid="store-order-tracking">
              <Icon color="fg.muted" boxSize={4}>
                <Truck aria-hidden />
              </Icon>
              {trackingUrl ? (
                <Link href={trackingUrl} target="_blank" rel="noopener noreferrer" fontWeight="medium">
                  Track package
                  <Text as="span" srOnly>
                    {' '}
                    (opens in a new tab)
                  </Text>
                </Link>
              ) : (
                <Text fontWeight="medium">Tracking</Text>
              )}
              {tracking ? (
                <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
                  {tracking}
                </Text>
              ) : null}
            </HStack>
          ) : null}
          {statusUrl ? (
            <Link href={statusUrl} target="_blank" rel="noopener noreferrer" fontSize="sm">
              Order status at the store
              <ExternalLink aria-hidden size={14} />
              <Text as="span" srOnly>
                {' '}
                (opens in a new tab)
              </Text>
            </Link>
          ) : null}
        </Card.Footer>
      ) : null}
    </Card.Root>
  );
}
