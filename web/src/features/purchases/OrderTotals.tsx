import { HStack, Stack, Text } from '@chakra-ui/react';
import { formatCents } from './orderFormat';

/** Subtotal, the coupon's discount (when there is one) and the total. */
export function OrderTotals({
  subtotalCents,
  discountCents,
  totalCents,
  couponCode,
}: {
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  couponCode?: string | null;
}) {
  return (
    <Stack gap={1} data-testid="order-totals">
      <HStack justify="space-between">
        <Text color="fg.muted">Subtotal</Text>
        <Text>{formatCents(subtotalCents)}</Text>
      </HStack>
      {discountCents > 0 ? (
        <HStack justify="space-between">
          <Text color="fg.muted">Discount{couponCode ? ` (${couponCode})` : ''}</Text>
          <Text color="green.fg">−{formatCents(discountCents)}</Text>
        </HStack>
      ) : null}
      <HStack justify="space-between" fontWeight="bold" fontSize="lg">
        <Text>Total</Text>
        <Text data-testid="order-total">{formatCents(totalCents)}</Text>
      </HStack>
    </Stack>
  );
}
