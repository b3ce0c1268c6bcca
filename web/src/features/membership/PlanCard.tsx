import { Badge, Card, HStack, List, Stack, Text } from '@chakra-ui/react';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import type { MembershipPlanFragment } from '../../gql/graphql';
import { formatCents } from '../../lib/currency';
import {
  benefitLines,
  intervalSuffix,
  planPriceCents,
  yearlySaving,
  type BillingInterval,
} from './membershipFormat';

/**
 * One plan on /subscription: name, description, the price for the chosen interval (with the yearly
 * saving), its benefits, and `action` (subscribe, switch, sign in) at the bottom.
 */
export function PlanCard({
  plan,
  interval,
  current,
  action,
  note,
}: {
  plan: MembershipPlanFragment;
  interval: BillingInterval;
  /** The member's plan: marked "Your plan". */
  current: boolean;
  action: ReactNode;
  /** A line above the action (e.g. what a switch does). */
  note?: ReactNode;
}) {
  const price = planPriceCents(plan, interval);
  const saving = yearlySaving(plan);
  const headingId = `plan-${plan.id}-name`;
  return (
    <Card.Root
      as="article"
      aria-labelledby={headingId}
      variant="outline"
      height="full"
      borderColor={current ? 'brand.solid' : undefined}
      borderWidth={current ? '2px' : '1px'}
      data-testid="plan-card"
    >
      <Card.Header>
        <HStack justify="space-between" align="flex-start" gap={2}>
          <Card.Title as="h3" id={headingId} fontSize="xl">
            {plan.name}
          </Card.Title>
          {current ? (
            <Badge colorPalette="brand" variant="solid" data-testid="your-plan">
              Your plan
            </Badge>
          ) : null}
        </HStack>
        {plan.description ? <Card.Description>{plan.description}</Card.Description> : null}
      </Card.Header>
      <Card.Body gap={4}>
        <Stack gap={0}>
          <Text fontSize="3xl" fontWeight="bold" lineHeight="short" data-testid="plan-price">
            {formatCents(price)}
            <Text as="span" fontSize="md" fontWeight="normal" color="fg.muted">
              {intervalSuffix(interval)}
            </Text>
          </Text>
          {interval === 'year' && saving.cents > 0 ? (
            <Text fontSize="sm" color="green.fg">
              Save {formatCents(saving.cents)} a year ({saving.percent}%)
            </Text>
          ) : interval === 'month' && saving.cents > 0 ? (
            <Text fontSize="sm" color="fg.muted">
              or {formatCents(plan.yearlyPriceCents)}/year
            </Text>
          ) : null}
        </Stack>
        <List.Root gap={2} variant="plain" aria-label={`${plan.name} benefits`}>
          {benefitLines(plan, interval).map((line) => (
            <List.Item key={line} alignItems="flex-start">
              <List.Indicator asChild color="green.fg">
                <Check aria-hidden />
              </List.Indicator>
              {line}
            </List.Item>
          ))}
        </List.Root>
      </Card.Body>
      <Card.Footer flexDirection="column" alignItems="stretch" gap={2}>
        {note ? (
          <Text fontSize="sm" color="fg.muted">
            {note}
          </Text>
        ) : null}
        {action}
      </Card.Footer>
    </Card.Root>
  );
}
