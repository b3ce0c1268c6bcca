import { useQuery } from '@apollo/client/react';
import { Alert, Button, Card, Container, Grid, Heading, Stack } from '@chakra-ui/react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Navigate, Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { VERIFYING_AUTHENTICATION } from '../../layouts/guards';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useCurrentUser } from '../auth';
import { OrderQueryDocument, OrderLines, OrderTotals } from '../purchases';
import { PaymentConfigQueryDocument, useCheckoutConfirm, useCheckoutStart } from './checkoutDocuments';
import { checkoutForOrder } from './checkoutSession';
import { SignInPrompt } from './SignInPrompt';
import { successPath } from './checkoutPaths';
import { StripeCardForm } from './StripeCardForm';
import { TestPaymentPanel } from './TestPaymentPanel';
import { useAfterPayment } from './useAfterPayment';

const TITLE = 'Card checkout';

/** What /checkout hands over when it sends the member here (lost on a reload). */
interface PaymentHandOver {
  clientSecret?: string | null;
  publishableKey?: string | null;
}

/** /checkout/stripe?order=ID: pays a pending order by card (Stripe Elements), or with the test provider. */
export default function StripeCheckoutPage() {
  useDocumentTitle(TITLE);
  const { user, loading } = useCurrentUser();
  if (loading || user === undefined) return <PageSpinner label={VERIFYING_AUTHENTICATION} />;
  if (!user) return <SignInPrompt title={TITLE} />;
  return <CardCheckout />;
}

function Notice({
  status,
  title,
  children,
}: {
  status: 'error' | 'info' | 'warning';
  title: string;
  children?: ReactNode;
}) {
  return (
    <Alert.Root status={status}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        {children ? <Alert.Description>{children}</Alert.Description> : null}
      </Alert.Content>
    </Alert.Root>
  );
}

function CardCheckout() {
  const [params] = useSearchParams();
  const orderId = params.get('order') ?? '';
  const handOver = (useLocation().state ?? null) as PaymentHandOver | null;
  const navigate = useNavigate();
  const afterPayment = useAfterPayment();
  const start = useCheckoutStart();
  const confirm = useCheckoutConfirm();

  const config = useQuery(PaymentConfigQueryDocument);
  const orderQuery = useQuery(OrderQueryDocument, {
    variables: { id: orderId },
    skip: !orderId,
    fetchPolicy: 'network-only',
  });
  const provider = config.data?.paymentConfig.provider;
  const order = orderQuery.data?.order;

  // After a reload the client secret is gone: the same idempotency key gives the same payment back.
  const [resumed, setResumed] = useState<PaymentHandOver | null>(null);
  const [resumeFailed, setResumeFailed] = useState(false);
  const resuming = useRef(false);
  const clientSecret = handOver?.clientSecret ?? resumed?.clientSecret ?? null;
  const { run: runStart } = start;
  useEffect(() => {
    if (provider !== 'stripe' || order?.status !== 'pending' || clientSecret || resuming.current) return;
    resuming.current = true;
    const stored = checkoutForOrder(order.id);
    if (!stored) {
      setResumeFailed(true);
      return;
    }
    void runStart({ idempotencyKey: stored.idempotencyKey, couponCode: stored.couponCode }).then((result) => {
      if (result?.order?.id === order.id && result.payment?.clientSecret) setResumed(result.payment);
      else setResumeFailed(true);
    });
  }, [provider, order, clientSecret, runStart]);

  async function paid() {
    const result = await confirm.run({ orderId });
    if (result?.order?.status === 'paid') afterPayment(orderId);
    // Stripe may still be settling: the success page waits for the webhook.
    if (result) navigate(successPath(orderId));
  }

  let body: ReactNode;
  if (!orderId) {
    body = (
      <Notice status="warning" title="There is no order to pay.">
        Start from <RouterLink to="/checkout">checkout</RouterLink>.
      </Notice>
    );
  } else if ((orderQuery.loading && !order) || (config.loading && !config.data)) {
    body = <PageSpinner label="Loading your order…" minHeight="12rem" />;
  } else if (!order) {
    body = (
      <Notice status="error" title="Order not found">
        {orderQuery.error?.message ?? 'It may belong to another account.'}
      </Notice>
    );
  } else if (order.status === 'paid') {
    return <Navigate to={successPath(order.id)} replace />;
  } else if (order.status !== 'pending') {
    body = (
      <Notice status="error" title={`Order ${order.number} can no longer be paid.`}>
        Go back to <RouterLink to="/checkout">checkout</RouterLink> to place a new order.
      </Notice>
    );
  } else if (provider !== 'stripe') {
    body = <TestPaymentPanel order={order} onCancelled={() => navigate('/checkout')} />;
  } else {
    const publishableKey =
      config.data?.paymentConfig.publishableKey ??
      handOver?.publishableKey ??
      resumed?.publishableKey ??
      null;
    const error = confirm.userErrors[0]?.message;
    body = (
      <Card.Root variant="outline" as="section" aria-label="Card payment">
        <Card.Body gap={4}>
          {error ? <Notice status="error" title={error} /> : null}
          {!publishableKey ? (
            <Notice status="error" title="Card payments are not configured on this server." />
          ) : clientSecret ? (
            <StripeCardForm
              publishableKey={publishableKey}
              clientSecret={clientSecret}
              totalCents={order.totalCents}
              onPaid={paid}
            />
          ) : resumeFailed ? (
            <Notice status="warning" title="This payment cannot be resumed here.">
              Go back to <RouterLink to="/checkout">checkout</RouterLink> and place the order again.
            </Notice>
          ) : (
            <PageSpinner label="Preparing the card payment…" minHeight="8rem" />
          )}
        </Card.Body>
      </Card.Root>
    );
  }

  return (
    <Container maxW="5xl" py={8}>
      <Stack gap={6}>
        <Heading as="h1" size="2xl">
          {TITLE}
        </Heading>
        {order && order.status === 'pending' ? (
          <Grid templateColumns={{ base: '1fr', md: '3fr 2fr' }} gap={6} alignItems="start">
            <Card.Root variant="outline" as="section" aria-labelledby="card-order-heading">
              <Card.Header>
                <Card.Title as="h2" id="card-order-heading">
                  Order {order.number}
                </Card.Title>
              </Card.Header>
              <Card.Body gap={4}>
                <OrderLines lines={order.lines} actions={false} />
                <OrderTotals {...order} />
              </Card.Body>
            </Card.Root>
            <Stack gap={4}>
              {body}
              <Button asChild variant="ghost" size="sm" alignSelf="flex-start">
                <RouterLink to="/checkout">Back to checkout</RouterLink>
              </Button>
            </Stack>
          </Grid>
        ) : (
          body
        )}
      </Stack>
    </Container>
  );
}
