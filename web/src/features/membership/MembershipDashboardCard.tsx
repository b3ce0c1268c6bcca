import { useQuery } from '@apollo/client/react';
import { Box, Button, Card, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import { Crown } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { MembershipStateBadge } from './MembershipStateBadge';
import { MembershipStatusQueryDocument } from './membershipDocuments';
import { membershipNextLine } from './membershipFormat';

/** The member dashboard's "Membership" card: plan, state and next date, or a way to become a member. */
export function MembershipDashboardCard() {
  const { data, loading } = useQuery(MembershipStatusQueryDocument, { fetchPolicy: 'cache-and-network' });
  const subscription = data?.mySubscription ?? null;
  const member = subscription && subscription.state !== 'ended';
  return (
    <Card.Root
      as="section"
      aria-labelledby="dashboard-membership-heading"
      variant="outline"
      bg="brand.subtle"
    >
      <Card.Body>
        <Stack
          direction={{ base: 'column', md: 'row' }}
          gap={4}
          justify="space-between"
          align={{ md: 'center' }}
        >
          <HStack gap={3} align="flex-start">
            <Box bg="brand.muted" color="brand.fg" borderRadius="lg" p={2.5}>
              <Icon boxSize={5}>
                <Crown />
              </Icon>
            </Box>
            <Stack gap={1}>
              <Card.Title as="h2" fontSize="lg" id="dashboard-membership-heading">
                Membership
              </Card.Title>
              {member && subscription ? (
                <>
                  <HStack gap={2}>
                    <Text fontWeight="medium" data-testid="dashboard-membership-plan">
                      {subscription.plan.name}
                    </Text>
                    <MembershipStateBadge state={subscription.state} provider={subscription.provider} />
                  </HStack>
                  <Text color="fg.muted" fontSize="sm">
                    {membershipNextLine(subscription)}
                  </Text>
                </>
              ) : (
                <Text color="fg.muted">
                  {loading
                    ? 'Loading your membership…'
                    : 'Members enrol in member-only courses at no charge, save on curriculum resources and get private-lesson credits.'}
                </Text>
              )}
            </Stack>
          </HStack>
          <Button asChild size="sm" variant={member ? 'outline' : 'solid'}>
            <RouterLink to="/subscription">{member ? 'Manage membership' : 'Become a member'}</RouterLink>
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
