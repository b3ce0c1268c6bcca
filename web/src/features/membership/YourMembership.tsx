import { Alert, Button, Card, DataList, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { MyMembershipFragment } from '../../gql/graphql';
import { toaster } from '../../ui/toaster';
import { formatCents } from '../../lib/currency';
import { CancelMembershipDialog } from './CancelMembershipDialog';
import { InvoicesTable } from './InvoicesTable';
import { MembershipStateBadge } from './MembershipStateBadge';
import {
  formatMembershipDate,
  formatPlanPrice,
  intervalLabel,
  membershipNextLine,
  pendingChangeLine,
} from './membershipFormat';
import {
  SubscriptionCancelMutationDocument,
  SubscriptionPaymentMethodUpdateMutationDocument,
  SubscriptionResumeMutationDocument,
} from './membershipDocuments';
import { TestClockPanel } from './TestClockPanel';
import { useMembershipMutation } from './useMembershipMutation';

/** Whether the member can switch plans now (not while cancelling, failing or over). */
export const canChangePlan = (state: string) => state === 'active' || state === 'trialing';
const canCancel = (state: string) => state !== 'cancelling' && state !== 'ended';

/**
 * "Your membership" on /subscription: plan, state, what happens next, a pending downgrade, lesson
 * credits, the actions (change plan, cancel, resume, payment method), invoices and, with the test
 * provider, the test clock.
 */
export function YourMembership({
  subscription: sub,
  changingPlan,
  onChangePlan,
}: {
  subscription: MyMembershipFragment;
  changingPlan: boolean;
  onChangePlan: (changing: boolean) => void;
}) {
  const [cancelOpen, setCancelOpen] = useState(false);
  const cancel = useMembershipMutation(SubscriptionCancelMutationDocument, 'Membership not cancelled');
  const resume = useMembershipMutation(SubscriptionResumeMutationDocument, 'Membership not resumed');
  const paymentMethod = useMembershipMutation(
    SubscriptionPaymentMethodUpdateMutationDocument,
    'Payment method not updated',
  );
  const live = sub.state !== 'ended';
  const paid = sub.provider !== 'comp';

  async function updatePaymentMethod() {
    const payload = await paymentMethod.run();
    if (!payload) return;
    if (payload.url) {
      window.location.assign(payload.url);
      return;
    }
    toaster.create({ title: 'Payment method updated', type: 'success' });
  }

  return (
    <Stack as="section" aria-labelledby="your-membership-heading" gap={5} data-testid="your-membership">
      <Heading as="h2" size="xl" id="your-membership-heading">
        Your membership
      </Heading>
      {sub.state === 'grace' ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Your last payment failed</Alert.Title>
            <Alert.Description>
              Update your payment method by {formatMembershipDate(sub.graceEndsAt)} to keep your membership.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : sub.state === 'lapsed' ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Your membership benefits are paused</Alert.Title>
            <Alert.Description>
              The last payment failed and the grace period is over. Update your payment method to restore
              them.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      <Card.Root variant="outline">
        <Card.Body gap={4}>
          <HStack justify="space-between" wrap="wrap" gap={3}>
            <Stack gap={1}>
              <HStack gap={2}>
                <Text fontSize="xl" fontWeight="semibold" data-testid="membership-plan">
                  {sub.plan.name}
                </Text>
                <MembershipStateBadge state={sub.state} provider={sub.provider} />
              </HStack>
              <Text color="fg.muted">
                {intervalLabel(sub.interval)} · {formatPlanPrice(sub.priceCents, sub.interval)}
                {sub.provider === 'comp' ? ' · Complimentary' : ''}
              </Text>
            </Stack>
          </HStack>
          <Text fontWeight="medium" data-testid="membership-next">
            {membershipNextLine(sub)}
          </Text>
          {sub.pendingPlan ? (
            <Alert.Root status="info" size="sm" data-testid="pending-change">
              <Alert.Indicator />
              <Alert.Title>{pendingChangeLine(sub)}</Alert.Title>
            </Alert.Root>
          ) : null}
          <DataList.Root orientation="horizontal" size="sm">
            {sub.lessonCreditsIncluded > 0 ? (
              <DataList.Item>
                <DataList.ItemLabel>Lesson credits left</DataList.ItemLabel>
                <DataList.ItemValue data-testid="lesson-credits-left">
                  {sub.lessonCreditsLeft} of {sub.lessonCreditsIncluded} this period
                </DataList.ItemValue>
              </DataList.Item>
            ) : null}
            {sub.currentPeriodStart && sub.currentPeriodEnd && live ? (
              <DataList.Item>
                <DataList.ItemLabel>Current period</DataList.ItemLabel>
                <DataList.ItemValue>
                  {formatMembershipDate(sub.currentPeriodStart)} –{' '}
                  {formatMembershipDate(sub.currentPeriodEnd)}
                </DataList.ItemValue>
              </DataList.Item>
            ) : null}
            {sub.nextChargeAt && typeof sub.nextChargeCents === 'number' ? (
              <DataList.Item>
                <DataList.ItemLabel>Next charge</DataList.ItemLabel>
                <DataList.ItemValue>
                  {formatCents(sub.nextChargeCents)} on {formatMembershipDate(sub.nextChargeAt)}
                </DataList.ItemValue>
              </DataList.Item>
            ) : null}
            {sub.compReason ? (
              <DataList.Item>
                <DataList.ItemLabel>Complimentary</DataList.ItemLabel>
                <DataList.ItemValue>{sub.compReason}</DataList.ItemValue>
              </DataList.Item>
            ) : null}
          </DataList.Root>
          <HStack gap={2} wrap="wrap">
            {canChangePlan(sub.state) ? (
              <Button
                variant={changingPlan ? 'solid' : 'outline'}
                onClick={() => onChangePlan(!changingPlan)}
                aria-pressed={changingPlan}
              >
                {changingPlan ? 'Done changing plan' : 'Change plan'}
              </Button>
            ) : null}
            {sub.state === 'cancelling' && paid ? (
              <Button
                loading={resume.loading}
                onClick={() => void resume.run(undefined, 'Membership resumed')}
              >
                Resume membership
              </Button>
            ) : null}
            {live && paid ? (
              <Button
                variant="outline"
                loading={paymentMethod.loading}
                onClick={() => void updatePaymentMethod()}
              >
                Update payment method
              </Button>
            ) : null}
            {canCancel(sub.state) ? (
              <Button variant="ghost" colorPalette="red" onClick={() => setCancelOpen(true)}>
                Cancel membership
              </Button>
            ) : null}
          </HStack>
        </Card.Body>
      </Card.Root>
      {sub.testClockAvailable && live ? <TestClockPanel /> : null}
      <Stack gap={3} id="billing" as="section" aria-labelledby="invoices-heading">
        <Heading as="h3" size="md" id="invoices-heading">
          Invoices
        </Heading>
        <InvoicesTable invoices={sub.invoices} />
      </Stack>
      <CancelMembershipDialog
        open={cancelOpen}
        planName={sub.plan.name}
        accessUntil={sub.currentPeriodEnd}
        pending={cancel.loading}
        formError={cancel.formError}
        onConfirm={async (input) =>
          Boolean(
            await cancel.run({ input }, 'Membership cancelled — your benefits last until the period end'),
          )
        }
        onClose={() => setCancelOpen(false)}
      />
    </Stack>
  );
}
