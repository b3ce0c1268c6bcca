import { useQuery } from '@apollo/client/react';
import { Alert, Button, Container } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useCurrentUser } from '../auth';
import { MembershipStatusQueryDocument } from './membershipDocuments';
import { formatMembershipDate } from './membershipFormat';

/** The banner's text for a membership in its grace period (a renewal payment failed). */
export function graceBannerText(graceEndsAt: unknown): string {
  const date = formatMembershipDate(graceEndsAt);
  return `Your last payment failed — update your payment method${date ? ` by ${date}` : ''} to keep your membership.`;
}

/**
 * Under the public header, for a signed-in member whose renewal payment failed: the date the
 * benefits stop and the way to the payment method. Asks only for signed-in users, from the cache first.
 */
export function GraceBanner() {
  const { user } = useCurrentUser();
  const { data } = useQuery(MembershipStatusQueryDocument, { skip: !user, fetchPolicy: 'cache-first' });
  const subscription = user ? data?.mySubscription : null;
  if (!subscription || subscription.state !== 'grace') return null;
  return (
    <Alert.Root status="error" borderRadius="0" data-testid="grace-banner">
      <Container maxW="7xl" display="flex" gap={3} alignItems="center" flexWrap="wrap">
        <Alert.Indicator />
        <Alert.Title flex="1" minW="60%">
          {graceBannerText(subscription.graceEndsAt)}
        </Alert.Title>
        <Button asChild size="sm" colorPalette="red">
          <RouterLink to="/subscription#billing">Update payment method</RouterLink>
        </Button>
      </Container>
    </Alert.Root>
  );
}
