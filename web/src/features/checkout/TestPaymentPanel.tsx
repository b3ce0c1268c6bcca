import { Alert, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { FlaskConical } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatCents } from '../../lib/currency';
import { successPath } from './checkoutPaths';
import { forgetCheckout } from './checkoutSession';
import { useCheckoutCancel, useCheckoutConfirm } from './checkoutDocuments';
import { useAfterPayment } from './useAfterPayment';

export const TEST_PAYMENT_TITLE = 'Test payment — no card is charged';

/**
 * The labelled test provider's payment step (no STRIPE_SECRET_KEY on the server): Pay confirms
 * the order, which the server then fulfils; Cancel gives the order up.
 */
export function TestPaymentPanel({
  order,
  onCancelled,
}: {
  order: { id: string; number: string; totalCents: number };
  onCancelled?: () => void;
}) {
  const navigate = useNavigate();
  const confirm = useCheckoutConfirm();
  const cancel = useCheckoutCancel();
  const afterPayment = useAfterPayment();

  async function pay() {
    const result = await confirm.run({ orderId: order.id });
    if (!result?.order) return;
    if (result.order.status === 'paid') afterPayment(order.id);
    navigate(successPath(order.id));
  }

  async function giveUp() {
    const result = await cancel.run({ orderId: order.id }, 'Order cancelled');
    if (!result) return;
    forgetCheckout();
    onCancelled?.();
  }

  return (
    <TestPaymentCard
      description={
        <>
          This store runs with the test payment provider. Paying marks order {order.number} as paid without
          charging any card, and gives you access to what you bought.
        </>
      }
      amount={formatCents(order.totalCents)}
      error={confirm.userErrors[0]?.message ?? cancel.userErrors[0]?.message}
      cancelLabel="Cancel order"
      onPay={() => void pay()}
      onCancel={() => void giveUp()}
      paying={confirm.loading}
      cancelling={cancel.loading}
    />
  );
}

/**
 * The labelled test payment card (checkout and booking payment): what paying does, the amount, a
 * Cancel button and Pay; an error, when given, above the amount.
 */
export function TestPaymentCard({
  description,
  amount,
  error,
  cancelLabel,
  onPay,
  onCancel,
  paying,
  cancelling,
}: {
  description: ReactNode;
  /** The formatted amount, e.g. "$60.00". */
  amount: string;
  error?: string;
  cancelLabel: string;
  onPay: () => void;
  onCancel: () => void;
  paying: boolean;
  cancelling: boolean;
}) {
  return (
    <Card.Root
      variant="outline"
      borderColor="orange.emphasized"
      borderWidth="2px"
      as="section"
      aria-labelledby="test-payment-heading"
      data-testid="test-payment-panel"
    >
      <Card.Header>
        <HStack gap={2}>
          <FlaskConical size={20} aria-hidden />
          <Card.Title as="h2" id="test-payment-heading">
            {TEST_PAYMENT_TITLE}
          </Card.Title>
        </HStack>
        <Card.Description>{description}</Card.Description>
      </Card.Header>
      <Card.Body>
        <Stack gap={3}>
          {error ? (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{error}</Alert.Title>
            </Alert.Root>
          ) : null}
          <HStack justify="space-between" wrap="wrap" gap={3}>
            <Text fontWeight="semibold">Amount: {amount}</Text>
            <HStack gap={2}>
              <Button variant="outline" onClick={onCancel} loading={cancelling} disabled={paying}>
                {cancelLabel}
              </Button>
              <Button
                colorPalette="brand"
                onClick={onPay}
                loading={paying}
                loadingText="Paying…"
                disabled={cancelling}
              >
                Pay {amount}
              </Button>
            </HStack>
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
