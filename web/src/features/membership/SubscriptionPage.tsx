import { useQuery } from '@apollo/client/react';
import { Alert, Button, Container, EmptyState, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Crown } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { SignInLink, useCurrentUser } from '../auth';
import type { MembershipPlanFragment, MyMembershipFragment } from '../../gql/graphql';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { ChangePlanDialog, type PlanChangeTarget } from './ChangePlanDialog';
import { IntervalSwitch } from './IntervalSwitch';
import {
  bestYearlySavingPercent,
  isLiveMembership,
  planChangeKind,
  planPriceCents,
  type BillingInterval,
} from './membershipFormat';
import {
  MySubscriptionQueryDocument,
  SubscriptionChangeMutationDocument,
  SubscriptionCheckoutMutationDocument,
  SubscriptionPlansQueryDocument,
} from './membershipDocuments';
import { PlanCard } from './PlanCard';
import { useMembershipMutation } from './useMembershipMutation';
import { canChangePlan, YourMembership } from './YourMembership';

const newKey = () =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/**
 * /subscription: the plans side by side with a Monthly/Yearly switch; for a member, the current
 * plan marked and "Your membership" (billing, invoices, change, cancel, resume).
 */
export default function SubscriptionPage() {
  useDocumentTitle('Membership');
  const { user } = useCurrentUser();
  const plansQuery = useQuery(SubscriptionPlansQueryDocument, { fetchPolicy: 'cache-and-network' });
  const mine = useQuery(MySubscriptionQueryDocument, { skip: !user, fetchPolicy: 'cache-and-network' });
  const subscription = user ? (mine.data?.mySubscription ?? null) : null;
  const plans = plansQuery.data?.subscriptionPlans ?? [];

  const [billing, setBilling] = useState<BillingInterval | null>(null);
  const interval: BillingInterval = billing ?? (subscription?.interval === 'year' ? 'year' : 'month');
  const [changingPlan, setChangingPlan] = useState(false);

  // /subscription#billing (the payment banner's link): scroll to the billing section once it is shown.
  const { hash } = useLocation();
  const scrolled = useRef(false);
  useEffect(() => {
    if (scrolled.current || !hash || !subscription) return;
    const target = document.getElementById(hash.slice(1));
    if (target) {
      scrolled.current = true;
      target.scrollIntoView({ block: 'start' });
    }
  }, [hash, subscription]);

  return (
    <Container maxW="6xl" py={{ base: 8, md: 12 }}>
      <Stack gap={10}>
        <Stack gap={3} textAlign="center" align="center">
          <Heading as="h1" size="3xl">
            Membership
          </Heading>
          <Text color="fg.muted" maxW="2xl">
            Member-only courses, discounts on curriculum resources and private-lesson credits — one
            membership, cancel any time.
          </Text>
        </Stack>
        {subscription ? (
          <YourMembership
            subscription={subscription}
            changingPlan={changingPlan}
            onChangePlan={setChangingPlan}
          />
        ) : null}
        <Stack as="section" aria-labelledby="plans-heading" gap={6} id="plans">
          <Heading as="h2" size="xl" id="plans-heading" textAlign="center">
            {subscription && isLiveMembership(subscription) ? 'Plans' : 'Choose your plan'}
          </Heading>
          {plans.length > 0 ? (
            <IntervalSwitch
              value={interval}
              onChange={setBilling}
              savingPercent={bestYearlySavingPercent(plans)}
            />
          ) : null}
          {plans.length === 0 && plansQuery.loading ? (
            <PageSpinner label="Loading plans…" minHeight="12rem" />
          ) : plans.length === 0 && plansQuery.error ? (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>The plans could not be loaded: {plansQuery.error.message}</Alert.Title>
            </Alert.Root>
          ) : plans.length === 0 ? (
            <EmptyState.Root borderWidth="1px" borderRadius="l3" bg="bg">
              <EmptyState.Content>
                <EmptyState.Indicator>
                  <Crown />
                </EmptyState.Indicator>
                <EmptyState.Title>No plans are on offer right now</EmptyState.Title>
                <EmptyState.Description>Please come back soon.</EmptyState.Description>
              </EmptyState.Content>
            </EmptyState.Root>
          ) : (
            <PlanGrid
              plans={plans}
              interval={interval}
              signedIn={user ? true : user === null ? false : undefined}
              subscription={subscription}
              changingPlan={changingPlan}
              onChanged={() => setChangingPlan(false)}
            />
          )}
        </Stack>
      </Stack>
    </Container>
  );
}

function PlanGrid({
  plans,
  interval,
  signedIn,
  subscription,
  changingPlan,
  onChanged,
}: {
  plans: readonly MembershipPlanFragment[];
  interval: BillingInterval;
  /** undefined while the session is unknown. */
  signedIn: boolean | undefined;
  subscription: MyMembershipFragment | null;
  changingPlan: boolean;
  onChanged: () => void;
}) {
  const navigate = useNavigate();
  const checkout = useMembershipMutation(
    SubscriptionCheckoutMutationDocument,
    'Could not start your membership',
  );
  const change = useMembershipMutation(SubscriptionChangeMutationDocument, 'Plan not changed');
  const [pendingPlanId, setPendingPlanId] = useState<string | null>(null);
  const [changeTarget, setChangeTarget] = useState<PlanChangeTarget | null>(null);
  // One idempotency key per plan and interval until that checkout succeeds (a retried click is one checkout).
  const keys = useRef(new Map<string, string>());
  const live = isLiveMembership(subscription);

  async function subscribe(plan: MembershipPlanFragment) {
    const keyOf = `${plan.id}:${interval}`;
    const idempotencyKey = keys.current.get(keyOf) ?? newKey();
    keys.current.set(keyOf, idempotencyKey);
    setPendingPlanId(plan.id);
    try {
      const payload = await checkout.run({ input: { planId: plan.id, interval, idempotencyKey } });
      if (!payload) return;
      keys.current.delete(keyOf);
      if (payload.checkoutUrl) {
        window.location.assign(payload.checkoutUrl);
        return;
      }
      void navigate('/subscription/success');
    } finally {
      setPendingPlanId(null);
    }
  }

  async function confirmChange(target: PlanChangeTarget) {
    const payload = await change.run(
      { input: { planId: target.planId, interval: target.interval } },
      target.kind === 'upgrade'
        ? `Upgraded to ${target.planName}`
        : `${target.planName} starts at the end of the current period`,
    );
    if (payload) onChanged();
    return Boolean(payload);
  }

  return (
    <>
      <SimpleGrid columns={{ base: 1, md: Math.min(plans.length, 3) }} gap={6} alignItems="stretch">
        {plans.map((plan) => {
          const current = Boolean(live && subscription?.plan.id === plan.id);
          const sameChoice = current && subscription?.interval === interval;
          let action = null;
          let note: string | undefined;
          if (signedIn === false) {
            action = (
              <Button asChild>
                <SignInLink>Sign in to join</SignInLink>
              </Button>
            );
          } else if (signedIn && !live) {
            action = (
              <Button
                loading={pendingPlanId === plan.id}
                loadingText="Starting…"
                disabled={pendingPlanId !== null && pendingPlanId !== plan.id}
                onClick={() => void subscribe(plan)}
              >
                {plan.trialDays > 0 && !subscription
                  ? `Start ${plan.trialDays}-day free trial`
                  : `Join ${plan.name}`}
              </Button>
            );
          } else if (signedIn && subscription && sameChoice) {
            action = (
              <Button variant="outline" disabled>
                Current plan
              </Button>
            );
          } else if (signedIn && subscription && changingPlan && canChangePlan(subscription.state)) {
            const priceCents = planPriceCents(plan, interval);
            const kind = planChangeKind(
              {
                planId: subscription.plan.id,
                interval: subscription.interval,
                priceCents: subscription.priceCents,
              },
              { planId: plan.id, interval, priceCents },
            );
            note =
              kind === 'upgrade'
                ? 'Upgrade: takes effect now.'
                : 'Downgrade: takes effect at the end of your current period.';
            action = (
              <Button
                variant="outline"
                onClick={() =>
                  setChangeTarget({ planId: plan.id, planName: plan.name, interval, priceCents, kind })
                }
              >
                Switch to this plan
              </Button>
            );
          }
          return (
            <PlanCard
              key={plan.id}
              plan={plan}
              interval={interval}
              current={current}
              action={action}
              note={note}
            />
          );
        })}
      </SimpleGrid>
      {live && subscription && !changingPlan && canChangePlan(subscription.state) ? (
        <Text textAlign="center" color="fg.muted" fontSize="sm">
          To switch plans, choose “Change plan” under Your membership. An upgrade takes effect at once; a
          downgrade at the end of the current period.
        </Text>
      ) : null}
      {subscription ? (
        <ChangePlanDialog
          target={changeTarget}
          currentPlanName={subscription.plan.name}
          periodEnd={subscription.currentPeriodEnd}
          pending={change.loading}
          onConfirm={confirmChange}
          onClose={() => setChangeTarget(null)}
        />
      ) : null}
    </>
  );
}
