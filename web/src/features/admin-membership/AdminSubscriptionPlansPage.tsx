import { useQuery } from '@apollo/client/react';
import { Alert, Button, EmptyState, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Crown, Plus } from 'lucide-react';
import { useState } from 'react';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { AdminNotice } from '../admin';
import { hasRole, useCurrentUser } from '../auth';
import { AdminSubscriptionPlansQueryDocument } from './adminMembershipDocuments';
import { CompMembershipDialog } from './CompMembershipDialog';
import { MembershipSettingsSection } from './MembershipSettingsSection';
import { MembershipStatsPanel } from './MembershipStatsPanel';
import { PlanFormDialog, type PlanDialogTarget } from './PlanFormDialog';
import { PlansTable } from './PlansTable';
import { SubscribersList } from './SubscribersList';

/**
 * /admin/subscription-plans (admins): membership numbers and chart, the plans (create, edit),
 * every member with filters, complimentary memberships and the grace period setting.
 */
export default function AdminSubscriptionPlansPage() {
  useDocumentTitle('Subscription plans');
  const { user } = useCurrentUser();
  const isAdmin = hasRole(user, 'admin');
  return (
    <Stack gap={8} maxW="6xl" mx="auto">
      <Stack gap={1}>
        <Heading as="h1" size="2xl">
          Subscription plans
        </Heading>
        <Text color="fg.muted">
          Membership plans and their benefits, the members, revenue over time and the grace period after a
          failed payment.
        </Text>
      </Stack>
      {isAdmin ? (
        <AdminMembership />
      ) : (
        <AdminNotice title="Only administrators can manage membership plans." />
      )}
    </Stack>
  );
}

function AdminMembership() {
  const [dialog, setDialog] = useState<PlanDialogTarget>(null);
  const [compOpen, setCompOpen] = useState(false);
  const query = useQuery(AdminSubscriptionPlansQueryDocument, { fetchPolicy: 'cache-and-network' });
  const plans = query.data?.adminSubscriptionPlans;
  return (
    <>
      <MembershipStatsPanel />
      <Stack as="section" aria-labelledby="plans-heading" gap={4}>
        <HStack justify="space-between" wrap="wrap" gap={3}>
          <Heading as="h2" size="lg" id="plans-heading">
            Plans
          </Heading>
          <Button onClick={() => setDialog('new')}>
            <Plus aria-hidden /> New plan
          </Button>
        </HStack>
        {!plans && query.loading ? (
          <PageSpinner label="Loading plans…" minHeight="8rem" />
        ) : !plans ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>
              The plans could not be loaded{query.error ? `: ${query.error.message}` : ''}
            </Alert.Title>
          </Alert.Root>
        ) : plans.length === 0 ? (
          <EmptyState.Root borderWidth="1px" borderRadius="l3" bg="bg">
            <EmptyState.Content>
              <EmptyState.Indicator>
                <Crown />
              </EmptyState.Indicator>
              <EmptyState.Title>No plans yet</EmptyState.Title>
            </EmptyState.Content>
          </EmptyState.Root>
        ) : (
          <PlansTable plans={plans} onEdit={setDialog} />
        )}
      </Stack>
      <SubscribersList onComp={() => setCompOpen(true)} />
      <MembershipSettingsSection />
      <PlanFormDialog target={dialog} onClose={() => setDialog(null)} />
      <CompMembershipDialog open={compOpen} plans={plans ?? []} onClose={() => setCompOpen(false)} />
    </>
  );
}
