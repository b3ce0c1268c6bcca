import { useQuery } from '@apollo/client/react';
import { Alert, Button, Container, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { VERIFYING_AUTHENTICATION } from '../../layouts/guards';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useCurrentUser } from '../auth';
import { MembershipSignInPrompt } from './MembershipSignInPrompt';
import {
  MySubscriptionQueryDocument,
  SubscriptionCheckoutConfirmMutationDocument,
} from './membershipDocuments';
import { SUCCESS_POLL_LIMIT_MS, SUCCESS_POLL_MS } from './membershipFormat';
import { useMembershipMutation } from './useMembershipMutation';

/**
 * /subscription/success[?session_id=…], a public page (spec section 2): a visitor, or a member whose
 * session ended during the payment, is asked to sign in to see their membership (and comes back
 * here); a member's payment is confirmed as below.
 */
export default function SubscriptionSuccessPage() {
  useDocumentTitle('Subscription confirmed');
  const { user, loading } = useCurrentUser();
  if (loading || user === undefined) return <PageSpinner label={VERIFYING_AUTHENTICATION} />;
  if (!user) return <MembershipSignInPrompt />;
  return <SubscriptionSuccess />;
}

/**
 * Confirms the Stripe Checkout session (when there is one), then asks for the membership every 2 s
 * until it gives its benefits (the webhook may come after the redirect), for up to 30 s.
 */
function SubscriptionSuccess() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? '';
  const confirm = useMembershipMutation(
    SubscriptionCheckoutConfirmMutationDocument,
    'The payment could not be confirmed yet',
    [],
  );
  const confirmRun = confirm.run;
  const [confirmed, setConfirmed] = useState(!sessionId);
  const asked = useRef(false);
  useEffect(() => {
    if (!sessionId || asked.current) return;
    asked.current = true;
    // A refusal is not final: the webhook may still activate the membership, so polling goes on.
    void confirmRun({ input: { sessionId } }).finally(() => setConfirmed(true));
  }, [sessionId, confirmRun]);

  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), SUCCESS_POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, []);

  const query = useQuery(MySubscriptionQueryDocument, { skip: !confirmed, fetchPolicy: 'network-only' });
  const subscription = query.data?.mySubscription ?? null;
  const active = Boolean(subscription?.benefitsActive);
  const polling = confirmed && !active && !timedOut;
  const { startPolling, stopPolling } = query;
  useEffect(() => {
    if (polling) startPolling(SUCCESS_POLL_MS);
    else stopPolling();
    return () => stopPolling();
  }, [polling, startPolling, stopPolling]);

  return (
    <Container maxW="3xl" py={{ base: 8, md: 12 }}>
      <Stack gap={6}>
        {active && subscription ? (
          <>
            <HStack gap={3}>
              <CircleCheck size={36} color="var(--chakra-colors-green-solid)" aria-hidden />
              <Heading as="h1" size="2xl" data-testid="membership-welcome">
                Welcome to {subscription.plan.name}!
              </Heading>
            </HStack>
            <Text>
              You&rsquo;re a member. Your benefits are ready: enrol in member-only courses at no charge, and
              your member discount is applied to curriculum resources in your cart.
            </Text>
            <HStack gap={3} wrap="wrap">
              <Button asChild>
                <RouterLink to="/courses">Browse member-only courses</RouterLink>
              </Button>
              <Button asChild variant="outline">
                <RouterLink to="/curriculum">Explore the curriculum</RouterLink>
              </Button>
              <Button asChild variant="ghost">
                <RouterLink to="/subscription">Manage membership</RouterLink>
              </Button>
            </HStack>
          </>
        ) : polling ? (
          <>
            <Heading as="h1" size="2xl">
              Confirming your payment…
            </Heading>
            <Alert.Root status="info" data-testid="membership-pending">
              <Spinner size="sm" />
              <Alert.Title>This usually takes a few seconds.</Alert.Title>
            </Alert.Root>
          </>
        ) : (
          <>
            <Heading as="h1" size="2xl">
              We could not confirm your membership yet
            </Heading>
            <Alert.Root status="warning" data-testid="membership-timeout">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>Your payment has not been confirmed yet.</Alert.Title>
                <Alert.Description>
                  {confirm.formError ? `${confirm.formError} ` : ''}
                  If you completed the payment, your membership appears on the membership page within a few
                  minutes.
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
            <Button asChild alignSelf="flex-start">
              <RouterLink to="/subscription">Back to membership</RouterLink>
            </Button>
          </>
        )}
      </Stack>
    </Container>
  );
}
