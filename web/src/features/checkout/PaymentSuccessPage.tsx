import { useQuery } from '@apollo/client/react';
import {
  Alert,
  Button,
  Card,
  Container,
  Heading,
  HStack,
  Link,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { CircleCheck } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { VERIFYING_AUTHENTICATION } from '../../layouts/guards';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useCurrentUser } from '../auth';
import {
  OrderQueryDocument,
  formatOrderDate,
  orderPollInterval,
  PENDING_POLL_LIMIT_MS,
  OrderLines,
  OrderStatusBadge,
  OrderTotals,
  ReceiptLinks,
} from '../purchases';
import { SignInPrompt } from './SignInPrompt';
import { useAfterPayment } from './useAfterPayment';

const TITLE = 'Payment successful';

/** /payment-success?order=ID: the paid order, with the way to its courses, downloads and receipt. */
export default function PaymentSuccessPage() {
  useDocumentTitle(TITLE);
  const { user, loading } = useCurrentUser();
  if (loading || user === undefined) return <PageSpinner label={VERIFYING_AUTHENTICATION} />;
  if (!user) return <SignInPrompt title={TITLE} />;
  return <PaymentSuccess />;
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <Container maxW="4xl" py={8}>
      <Stack gap={6}>{children}</Stack>
    </Container>
  );
}

function PaymentSuccess() {
  const [params] = useSearchParams();
  const orderId = params.get('order') ?? '';
  const afterPayment = useAfterPayment();
  // The webhook may confirm a card payment a little later: ask again while the order is pending.
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), PENDING_POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, []);
  const query = useQuery(OrderQueryDocument, {
    variables: { id: orderId },
    skip: !orderId,
    fetchPolicy: 'network-only',
  });
  const order = query.data?.order;
  const pollInterval = orderPollInterval(order?.status, timedOut);
  const { startPolling, stopPolling } = query;
  useEffect(() => {
    if (pollInterval > 0) startPolling(pollInterval);
    else stopPolling();
    return () => stopPolling();
  }, [pollInterval, startPolling, stopPolling]);

  const paid = order?.status === 'paid';
  useEffect(() => {
    if (paid) afterPayment(orderId);
  }, [paid, orderId, afterPayment]);

  if (!orderId) {
    return (
      <Frame>
        <Heading as="h1" size="2xl">
          {TITLE}
        </Heading>
        <Text>
          There is no order to show. Your orders are in{' '}
          <Link asChild>
            <RouterLink to="/my-purchases">My Purchases</RouterLink>
          </Link>
          .
        </Text>
      </Frame>
    );
  }
  if (query.loading && !order) return <PageSpinner label="Loading your order…" />;
  if (!order) {
    return (
      <Frame>
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>Order not found{query.error ? `: ${query.error.message}` : ''}</Alert.Title>
        </Alert.Root>
        <Button asChild alignSelf="flex-start" variant="outline">
          <RouterLink to="/my-purchases">My Purchases</RouterLink>
        </Button>
      </Frame>
    );
  }

  return (
    <Frame>
      {paid ? (
        <HStack gap={3}>
          <CircleCheck size={36} color="var(--chakra-colors-green-solid)" aria-hidden />
          <Stack gap={0}>
            <Heading as="h1" size="2xl">
              {TITLE}
            </Heading>
            <Text color="fg.muted">Thank you! Everything you bought is ready below.</Text>
          </Stack>
        </HStack>
      ) : (
        <Heading as="h1" size="2xl">
          {order.status === 'pending' ? 'Confirming your payment' : `Order ${order.number}`}
        </Heading>
      )}
      {order.status === 'pending' ? (
        <Alert.Root status="info" data-testid="payment-pending">
          {pollInterval > 0 ? <Spinner size="sm" /> : <Alert.Indicator />}
          <Alert.Title>
            {pollInterval > 0
              ? 'Waiting for the payment to be confirmed…'
              : 'The payment has not been confirmed yet. The order shows in My Purchases once it is.'}
          </Alert.Title>
        </Alert.Root>
      ) : null}
      {order.status === 'failed' ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>The payment failed. Nothing was charged; you can check out again.</Alert.Title>
        </Alert.Root>
      ) : null}
      <Card.Root variant="outline" as="section" aria-labelledby="order-heading">
        <Card.Header>
          <HStack justify="space-between" wrap="wrap">
            <Card.Title as="h2" id="order-heading">
              Order <span data-testid="order-number">{order.number}</span>
            </Card.Title>
            <OrderStatusBadge status={order.status} />
          </HStack>
          <Card.Description>{formatOrderDate(order.paidAt ?? order.createdAt, true)}</Card.Description>
        </Card.Header>
        <Card.Body gap={5}>
          <OrderLines lines={order.lines} actions={paid} />
          <OrderTotals {...order} />
        </Card.Body>
        <Card.Footer justifyContent="space-between" flexWrap="wrap" gap={3}>
          {paid ? (
            <ReceiptLinks receiptUrl={order.receiptUrl} receiptPdfUrl={order.receiptPdfUrl} />
          ) : (
            <span />
          )}
          <HStack gap={2}>
            {order.status === 'failed' ? (
              <Button asChild variant="outline">
                <RouterLink to="/checkout">Back to checkout</RouterLink>
              </Button>
            ) : null}
            <Button asChild>
              <RouterLink to="/my-purchases">View my purchases</RouterLink>
            </Button>
          </HStack>
        </Card.Footer>
      </Card.Root>
    </Frame>
  );
}
