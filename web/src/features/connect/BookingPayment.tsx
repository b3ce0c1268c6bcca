import { useQuery } from '@apollo/client/react';
import { Alert, Button, Card, Stack } from '@chakra-ui/react';
import { Timer } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { BookingDetailsFragment } from '../../gql/graphql';
import {
  PaymentConfigQueryDocument,
  useCheckoutCancel,
  useCheckoutConfirm,
  StripeCardForm,
  TestPaymentCard,
  useAfterPayment,
} from '../checkout';
import { PageSpinner } from '../../ui/PageSpinner';
import { formatMoney } from './connectFilters';
import { formatCountdown } from '../../lib/slotTime';

export interface PaymentHandOver {
  provider?: string | null;
  clientSecret?: string | null;
  publishableKey?: string | null;
}

/** Milliseconds until the hold runs out, ticking every second (null without a hold). */
export function useCountdown(until: string | null | undefined): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  return until ? new Date(until).getTime() - now : null;
}

/**
 * Pays a held booking's order: the test provider's Pay button (checkoutConfirm) or the Stripe card
 * form, with the 10-minute hold counting down. `onPaid` runs once the server took the payment.
 */
export function BookingPayment({
  booking,
  handOver,
  resume,
  onPaid,
  onGiveUp,
}: {
  booking: BookingDetailsFragment;
  handOver: PaymentHandOver | null;
  /** Asks the server again for the payment of this attempt (after a reload the card secret is gone). */
  resume: () => Promise<PaymentHandOver | null>;
  onPaid: () => void;
  onGiveUp: () => void;
}) {
  const config = useQuery(PaymentConfigQueryDocument);
  const provider = handOver?.provider ?? config.data?.paymentConfig.provider;
  const confirm = useCheckoutConfirm();
  const cancel = useCheckoutCancel();
  const afterPayment = useAfterPayment();
  const left = useCountdown(booking.holdExpiresAt ? String(booking.holdExpiresAt) : null);
  const expired = left !== null && left <= 0;
  const orderId = booking.orderId ?? '';

  const [resumed, setResumed] = useState<PaymentHandOver | null>(null);
  const [resumeFailed, setResumeFailed] = useState(false);
  const resuming = useRef(false);
  const clientSecret = handOver?.clientSecret ?? resumed?.clientSecret ?? null;
  useEffect(() => {
    if (provider !== 'stripe' || clientSecret || resuming.current) return;
    resuming.current = true;
    void resume().then((payment) => {
      if (payment?.clientSecret) setResumed(payment);
      else setResumeFailed(true);
    });
  }, [provider, clientSecret, resume]);

  async function paid() {
    const result = await confirm.run({ orderId });
    if (!result?.order) return;
    afterPayment(orderId);
    onPaid();
  }

  async function giveUp() {
    const result = await cancel.run({ orderId }, 'Booking given up');
    if (result) onGiveUp();
  }

  const error = confirm.userErrors[0]?.message ?? cancel.userErrors[0]?.message;
  const publishableKey =
    config.data?.paymentConfig.publishableKey ?? handOver?.publishableKey ?? resumed?.publishableKey ?? null;

  return (
    <Stack gap={4}>
      <Alert.Root status={expired ? 'error' : 'info'} data-testid="hold-countdown">
        <Timer size={20} aria-hidden />
        <Alert.Content>
          <Alert.Title>
            {expired
              ? 'Your hold on this time has run out.'
              : `This time is held for you for ${formatCountdown(left ?? 0)}.`}
          </Alert.Title>
          <Alert.Description>
            {expired
              ? 'Pick the time again (if it is still free) to book it.'
              : 'Pay before the countdown ends; afterwards the time is released for others.'}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      {error ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{error}</Alert.Title>
        </Alert.Root>
      ) : null}
      {expired ? (
        <Button alignSelf="flex-start" onClick={onGiveUp}>
          Pick another time
        </Button>
      ) : !provider ? (
        <PageSpinner label="Preparing the payment…" minHeight="6rem" />
      ) : provider !== 'stripe' ? (
        <TestPaymentCard
          description={
            <>
              This site runs with the test payment provider. Paying marks order {booking.orderNumber ?? ''} as
              paid without charging any card, and confirms your booking.
            </>
          }
          amount={formatMoney(booking.priceCents)}
          cancelLabel="Cancel booking"
          onPay={() => void paid()}
          onCancel={() => void giveUp()}
          paying={confirm.loading}
          cancelling={cancel.loading}
        />
      ) : (
        <Card.Root variant="outline" as="section" aria-label="Card payment">
          <Card.Body gap={4}>
            {!publishableKey ? (
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Title>Card payments are not configured on this server.</Alert.Title>
              </Alert.Root>
            ) : clientSecret ? (
              <StripeCardForm
                publishableKey={publishableKey}
                clientSecret={clientSecret}
                totalCents={booking.priceCents}
                onPaid={paid}
              />
            ) : resumeFailed ? (
              <Alert.Root status="warning">
                <Alert.Indicator />
                <Alert.Title>
                  This payment cannot be resumed here. Pick the time again to book it.
                </Alert.Title>
              </Alert.Root>
            ) : (
              <PageSpinner label="Preparing the card payment…" minHeight="6rem" />
            )}
            <Button
              variant="ghost"
              size="sm"
              alignSelf="flex-start"
              onClick={() => void giveUp()}
              loading={cancel.loading}
            >
              Cancel booking
            </Button>
          </Card.Body>
        </Card.Root>
      )}
    </Stack>
  );
}
