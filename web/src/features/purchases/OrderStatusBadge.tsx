import { Badge } from '@chakra-ui/react';
import { orderStatusLabel, orderStatusPalette } from './orderFormat';

/** The status of an order as a coloured badge (pending / paid / failed / refunded). */
export function OrderStatusBadge({ status }: { status: string }) {
  return (
    <Badge colorPalette={orderStatusPalette(status)} data-testid="order-status">
      {orderStatusLabel(status)}
    </Badge>
  );
}
