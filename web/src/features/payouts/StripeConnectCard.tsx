import { useQuery } from '@apollo/client/react';
import { Alert, Button, Card, HStack, Heading, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { PayoutPage } from '../../gql/graphql';
import { PageSpinner } from '../../ui/PageSpinner';
import {
  PayoutStatusBadge,
  StripeConnectStatusQueryDocument,
  onboardingStep,
  useStripeConnectStart,
} from '../seller';

function Flag({ on, label }: { on: boolean; label: string }) {
  return (
    <HStack gap={2} color={on ? 'green.600' : 'fg.muted'}>
      {on ? <CheckCircle2 size={16} aria-hidden /> : <XCircle size={16} aria-hidden />}
      <Text>
        {label}: <strong>{on ? 'Yes' : 'No'}</strong>
      </Text>
    </HStack>
  );
}

/**
 * Stripe Connect onboarding and status for whoever DRX pays — a seller on /seller/payments, an
 * instructor on their bookings page (one account either way): connect or continue, and while the
 * account is incomplete, what Stripe still needs in plain words (earnings keep accruing meanwhile).
 */
export function StripeConnectCard({
  page,
  path,
  what,
  headingLevel = 'h2',
}: {
  /** Where Stripe's onboarding sends the browser back. */
  page: PayoutPage;
  /** That page's path (the `?onboarding=` marker is dropped from it on return). */
  path: string;
  /** What earns the money, e.g. "sales" or "paid bookings". */
  what: string;
  headingLevel?: 'h2' | 'h3';
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const step = onboardingStep(location.search);
  const query = useQuery(StripeConnectStatusQueryDocument, { fetchPolicy: 'network-only' });
  const connect = useStripeConnectStart(undefined, page);
  const status = query.data?.stripeConnectStatus;

  // Back from Stripe: read the account again, then drop the marker from the address.
  useEffect(() => {
    if (!step) return;
    void query.refetch().finally(() => navigate(path, { replace: true }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step]);

  if (!status) {
    return query.error ? (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>Your payout status could not be loaded: {query.error.message}</Alert.Title>
      </Alert.Root>
    ) : (
      <PageSpinner label="Checking your Stripe account…" minHeight="8rem" />
    );
  }
  const active = status.payoutStatus === 'active';
  return (
    <Card.Root data-testid="stripe-connect-card">
      <Card.Body>
        <Stack gap={4}>
          {status.testMode ? (
            <Alert.Root status="warning" data-testid="payments-test-mode">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>Test mode: payouts are simulated</Alert.Title>
                <Alert.Description>
                  No Stripe keys are configured, so onboarding completes at once and no money moves.
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : null}
          <HStack justify="space-between" wrap="wrap" gap={3}>
            <Stack gap={1}>
              <HStack gap={2}>
                <Heading as={headingLevel} size="md">
                  Stripe payouts
                </Heading>
                <PayoutStatusBadge status={status.payoutStatus} />
              </HStack>
              <Text fontSize="sm" color="fg.muted">
                {active
                  ? 'Your Stripe account can take charges and receive payouts.'
                  : status.accountId
                    ? 'Finish your Stripe onboarding to receive payouts.'
                    : `Connect a Stripe account to receive payouts for your ${what}.`}
              </Text>
            </Stack>
            {!active ? (
              <Button colorPalette="purple" loading={connect.loading} onClick={() => void connect.start()}>
                {status.accountId ? 'Continue Stripe onboarding' : 'Connect with Stripe'}
              </Button>
            ) : null}
          </HStack>
          {status.errorMessage ? (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{status.errorMessage}</Alert.Title>
            </Alert.Root>
          ) : null}
          {status.accountId ? (
            <Stack gap={2} fontSize="sm">
              <Text color="fg.muted">Account {status.accountId}</Text>
              <SimpleGrid columns={{ base: 1, sm: 3 }} gap={2}>
                <Flag on={status.chargesEnabled} label="Charges enabled" />
                <Flag on={status.payoutsEnabled} label="Payouts enabled" />
                <Flag on={status.detailsSubmitted} label="Details submitted" />
              </SimpleGrid>
              {status.disabledReasonText ? (
                <Text color="orange.fg" data-testid="disabled-reason">
                  {status.disabledReasonText}
                </Text>
              ) : null}
              {status.requirements.length ? (
                <Stack gap={1}>
                  <Text fontWeight="medium">Stripe still needs:</Text>
                  <Text color="fg.muted" data-testid="accruing-note">
                    Your earnings keep accruing here; they are transferred once Stripe has these.
                  </Text>
                  <List.Root ps={5} data-testid="requirements-due">
                    {status.requirements.map((r) => (
                      <List.Item key={r}>{r}</List.Item>
                    ))}
                  </List.Root>
                </Stack>
              ) : null}
            </Stack>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
