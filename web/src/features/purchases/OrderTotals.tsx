import { HStack, Stack, Text } from '@chakra-ui/react';
import { formatCents } from './orderFormat';

/**
 * Subtotal, the membership's discount on resources (when there is one), the coupon's discount (when
 * there is one), what a membership lesson credit paid (a booked session paid with a credit) and the
 * total.
 */
export function OrderTotals({
  subtotalCents,
  memberDiscountCents = 0,
  memberDiscountPercent = 0,
  discountCents,
  creditCents = 0,
  totalCents,
  couponCode,
}: {
  subtotalCents: number;
  memberDiscountCents?: number;
  memberDiscountPercent?: number;
  discountCents: number;
  creditCents?: number;
  totalCents: number;
  couponCode?: string | null;
}) {
  return (
    <Stack gap={1} data-testid="order-totals">
      <HStack justify="space-between">
        <Text color="fg.muted">Subtotal</Text>
        <Text>{formatCents(subtotalCents)}</Text>
      </HStack>
      {memberDiscountCents > 0 ? (
        <HStack justify="space-between" data-testid="member-discount">
          <Text color="fg.muted">
            Member discount{memberDiscountPercent > 0 ? ` (${memberDiscountPercent}%)` : ''}
          </Text>
          <Text color="green.fg">−{formatCents(memberDiscountCents)}</Text>
        </HStack>
      ) : null}
      {discountCents > 0 ? (
        <HStack justify="space-between">
          <Text color="fg.muted">Discount{couponCode ? ` (${couponCode})` : ''}</Text>
          <Text color="green.fg">−{formatCents(discountCents)}</Text>
        </HStack>
      ) : null}
      {creditCents > 0 ? (
        <HStack justify="space-between" data-testid="membership-credit">
          <Text color="fg.muted">Membership credit</Text>
          <Text color="green.fg">−{formatCents(creditCents)}</Text>
        </HStack>
      ) : null}
      <HStack justify="space-between" fontWeight="bold" fontSize="lg">
        <Text>Total</Text>
        <Text data-testid="order-total">{formatCents(totalCents)}</Text>
      </HStack>
    </Stack>
  );
}
