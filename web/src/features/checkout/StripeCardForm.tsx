import { Alert, Box, Button, Field, Stack, Text } from '@chakra-ui/react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useState } from 'react';
import { formatCents } from '../../lib/currency';

// One Stripe.js per publishable key; `pure` loads the script only when a key exists (never in tests).
const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string) {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

export interface CardFormProps {
  publishableKey: string;
  clientSecret: string;
  totalCents: number;
  /** Called once Stripe accepted the card payment (the server then confirms the order). */
  onPaid: () => Promise<void> | void;
}

/** The Stripe Elements card form of /checkout/stripe. */
export function StripeCardForm(props: CardFormProps) {
  return (
    <Elements stripe={stripeFor(props.publishableKey)}>
      <CardForm {...props} />
    </Elements>
  );
}

function CardForm({ clientSecret, totalCents, onPaid }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  async function submit(event: { preventDefault: () => void }) {
    event.preventDefault();
    if (!stripe || !elements || paying) return;
    const card = elements.getElement(CardElement);
    if (!card) return;
    setPaying(true);
    setError(null);
    try {
      const result = await stripe.confirmCardPayment(clientSecret, { payment_method: { card } });
      if (result.error) {
        setError(result.error.message ?? 'The card payment did not go through. Please try again.');
        return;
      }
      await onPaid();
    } finally {
      setPaying(false);
    }
  }

  return (
    <form onSubmit={submit} aria-label="Card payment">
      <Stack gap={4}>
        <Field.Root invalid={Boolean(error)}>
          <Field.Label>Card details</Field.Label>
          <Box borderWidth="1px" borderRadius="l2" px={3} py={3} width="full" bg="bg">
            <CardElement options={{ hidePostalCode: false, style: { base: { fontSize: '16px' } } }} />
          </Box>
          {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
        </Field.Root>
        {!stripe ? (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>Loading the secure card form…</Alert.Title>
          </Alert.Root>
        ) : null}
        <Button type="submit" size="lg" loading={paying} loadingText="Paying…" disabled={!stripe}>
          Pay {formatCents(totalCents)}
        </Button>
        <Text fontSize="sm" color="fg.muted">
          Card details go straight to Stripe; DRX never sees them.
        </Text>
      </Stack>
    </form>
  );
}
