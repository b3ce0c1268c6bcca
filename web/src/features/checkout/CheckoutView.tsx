import { useQuery } from '@apollo/client/react';
import {
  Alert,
  Button,
  Card,
  Container,
  Grid,
  Heading,
  HStack,
  Separator,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Lock } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { VERIFYING_AUTHENTICATION } from '../../layouts/guards';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useCurrentUser } from '../auth';
import { formatCents } from '../../lib/currency';
import { OrderTotals, lineKindLabel } from '../purchases';
import { CheckoutCartQueryDocument, CheckoutQuoteQueryDocument, useCheckoutStart } from './checkoutDocuments';
import { cartFingerprint, checkoutFor, forgetCheckout, rememberCheckoutOrder } from './checkoutSession';
import { cardPaymentPath, successPath } from './checkoutPaths';
import { CouponField } from './CouponField';
import { EmptyCartNotice } from './EmptyCartNotice';
import { SignInPrompt } from './SignInPrompt';
import { TestPaymentPanel } from './TestPaymentPanel';
import { useAfterPayment } from './useAfterPayment';

/** /checkout and /simple-checkout (they differ only in the title). Visitors are asked to sign in. */
export function CheckoutView({ title }: { title: string }) {
  useDocumentTitle(title);
  const { user, loading } = useCurrentUser();
  if (loading || user === undefined) return <PageSpinner label={VERIFYING_AUTHENTICATION} />;
  if (!user) return <SignInPrompt title={title} />;
  return <CheckoutForm title={title} />;
}

interface PendingOrder {
  id: string;
  number: string;
  totalCents: number;
}

function CheckoutForm({ title }: { title: string }) {
  const navigate = useNavigate();
  const afterPayment = useAfterPayment();
  const start = useCheckoutStart();
  const placing = useRef(false);
  const [coupon, setCoupon] = useState<string | null>(null);
  const [pendingOrder, setPendingOrder] = useState<PendingOrder | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const cartQuery = useQuery(CheckoutCartQueryDocument, { fetchPolicy: 'cache-and-network' });
  const cart = cartQuery.data?.cart;
  const items = cart?.items ?? [];
  const hasItems = items.length > 0;

  const quoteQuery = useQuery(CheckoutQuoteQueryDocument, {
    variables: { couponCode: coupon },
    fetchPolicy: 'network-only',
    skip: !hasItems,
  });
  // The quote follows the cart (the header keeps polling it): re-ask when its content changes.
  const cartKey = cartFingerprint(items, null);
  const quotedFor = useRef(cartKey);
  const { refetch: refetchQuote } = quoteQuery;
  useEffect(() => {
    if (cartKey === quotedFor.current || !hasItems) return;
    quotedFor.current = cartKey;
    void refetchQuote().catch(() => undefined);
  }, [cartKey, hasItems, refetchQuote]);

  const quote = (quoteQuery.data ?? quoteQuery.previousData)?.checkoutQuote;
  const quoteIsCurrent = Boolean(quoteQuery.data) && !quoteQuery.loading;
  const couponError =
    coupon && quoteIsCurrent && quote?.couponError
      ? quote.couponError
      : (start.fieldError('couponCode') ?? null);
  const couponForOrder =
    coupon && quoteIsCurrent && quote && !quote.couponError ? (quote.couponCode ?? coupon) : null;

  async function placeOrder() {
    if (placing.current || !hasItems) return;
    placing.current = true;
    setFailure(null);
    try {
      const fingerprint = cartFingerprint(items, couponForOrder);
      let checkout = checkoutFor(fingerprint, couponForOrder);
      let result = await start.run({ idempotencyKey: checkout.idempotencyKey, couponCode: couponForOrder });
      if (result?.order && result.order.id === checkout.orderId && result.order.status !== 'pending') {
        // The key's earlier order was settled since (paid in another step, canceled…) and the cart
        // was filled again: this is a new purchase, with a new key.
        forgetCheckout();
        checkout = checkoutFor(fingerprint, couponForOrder);
        result = await start.run({ idempotencyKey: checkout.idempotencyKey, couponCode: couponForOrder });
      }
      const order = result?.order;
      if (!result || !order) return;
      rememberCheckoutOrder(checkout.idempotencyKey, order.id);
      if (order.status === 'paid') {
        // A free order is paid at once.
        afterPayment(order.id);
        navigate(successPath(order.id));
      } else if (order.status !== 'pending') {
        forgetCheckout();
        setFailure('This order could not be paid. Please place it again.');
      } else if (result.payment?.provider === 'stripe') {
        // A full page load: only the card page's Content-Security-Policy lets Stripe.js in. The card
        // page gets the payment again with this checkout's idempotency key (no second payment).
        window.location.assign(cardPaymentPath(order.id));
      } else {
        setPendingOrder({ id: order.id, number: order.number, totalCents: order.totalCents });
      }
    } finally {
      placing.current = false;
    }
  }

  const otherErrors = start.userErrors.filter((e) => e.field !== 'couponCode');

  return (
    <Container maxW="5xl" py={8}>
      <Stack gap={6}>
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        {cartQuery.loading && !cart ? (
          <PageSpinner label="Loading your cart…" minHeight="12rem" />
        ) : cartQuery.error && !cart ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>Your cart could not be loaded: {cartQuery.error.message}</Alert.Title>
          </Alert.Root>
        ) : !hasItems && !pendingOrder ? (
          <EmptyCartNotice />
        ) : (
          <Grid templateColumns={{ base: '1fr', md: '3fr 2fr' }} gap={6} alignItems="start">
            <Card.Root variant="outline" as="section" aria-labelledby="order-summary-heading">
              <Card.Header>
                <Card.Title as="h2" id="order-summary-heading">
                  Order summary
                </Card.Title>
                <Card.Description>
                  {cart?.itemCount ?? 0} {cart?.itemCount === 1 ? 'item' : 'items'}
                </Card.Description>
              </Card.Header>
              <Card.Body>
                <Stack as="ul" listStyleType="none" gap={3} separator={<Separator />} aria-label="Cart items">
                  {items.map((item) => (
                    <HStack as="li" key={item.id} justify="space-between" gap={3} data-testid="checkout-line">
                      <Stack gap={0}>
                        <Text fontWeight="medium">{item.title}</Text>
                        <Text fontSize="sm" color="fg.muted">
                          {lineKindLabel(item)} · {formatCents(item.unitPriceCents)}
                          {item.itemType === 'course' ? '' : ' each'}
                        </Text>
                      </Stack>
                      <Text fontWeight="semibold">{formatCents(item.lineTotalCents)}</Text>
                    </HStack>
                  ))}
                </Stack>
              </Card.Body>
            </Card.Root>

            <Stack gap={4}>
              <Card.Root variant="outline" as="section" aria-label="Payment">
                <Card.Body gap={5}>
                  <CouponField
                    applied={coupon}
                    error={couponError}
                    checking={Boolean(coupon) && quoteQuery.loading}
                    disabled={pendingOrder !== null}
                    onApply={(code) => {
                      start.clearErrors();
                      setCoupon(code);
                    }}
                    onRemove={() => {
                      start.clearErrors();
                      setCoupon(null);
                    }}
                  />
                  <OrderTotals
                    subtotalCents={quote?.subtotalCents ?? cart?.subtotalCents ?? 0}
                    memberDiscountCents={quote?.memberDiscountCents ?? 0}
                    memberDiscountPercent={quote?.memberDiscountPercent ?? 0}
                    discountCents={couponForOrder ? (quote?.discountCents ?? 0) : 0}
                    totalCents={
                      couponForOrder
                        ? (quote?.totalCents ?? 0)
                        : (quote?.subtotalCents ?? cart?.subtotalCents ?? 0) -
                          (quote?.memberDiscountCents ?? 0)
                    }
                    couponCode={couponForOrder}
                  />
                  {otherErrors.length > 0 || failure ? (
                    <Alert.Root status="error" data-testid="checkout-errors">
                      <Alert.Indicator />
                      <Alert.Content>
                        {failure ? <Alert.Title>{failure}</Alert.Title> : null}
                        {otherErrors.map((error) => (
                          <Alert.Description key={`${error.code}-${error.message}`}>
                            {error.message}
                          </Alert.Description>
                        ))}
                      </Alert.Content>
                    </Alert.Root>
                  ) : null}
                  {pendingOrder ? null : (
                    <Button
                      size="lg"
                      onClick={() => void placeOrder()}
                      loading={start.loading}
                      loadingText="Placing order…"
                      disabled={
                        !hasItems || (Boolean(coupon) && (quoteQuery.loading || Boolean(quote?.couponError)))
                      }
                    >
                      <Lock size={16} aria-hidden /> Place order
                    </Button>
                  )}
                </Card.Body>
              </Card.Root>
              {pendingOrder ? (
                <TestPaymentPanel order={pendingOrder} onCancelled={() => setPendingOrder(null)} />
              ) : null}
            </Stack>
          </Grid>
        )}
      </Stack>
    </Container>
  );
}
