import { Alert, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { FlaskConical } from 'lucide-react';
import type { SubscriptionTestClockAction } from '../../gql/graphql';
import { SubscriptionTestClockAdvanceMutationDocument } from './membershipDocuments';
import { useMembershipMutation } from './useMembershipMutation';

const ACTIONS: { action: SubscriptionTestClockAction; label: string; done: string }[] = [
  { action: 'RENEW', label: 'Renew now', done: 'Renewed: a new period started' },
  { action: 'FAIL_RENEWAL', label: 'Fail next renewal', done: 'The renewal payment failed' },
  { action: 'END_PERIOD', label: 'Jump to period end', done: 'The current period ended' },
  { action: 'END_GRACE', label: 'End grace period', done: 'The grace period ended' },
];

/**
 * The test provider's clock (never in production, never with Stripe): moves the membership through
 * a renewal, a failed renewal, the end of its period or of its grace period, for tests and the demo.
 */
export function TestClockPanel() {
  const advance = useMembershipMutation(
    SubscriptionTestClockAdvanceMutationDocument,
    'The clock did not move',
  );
  return (
    <Card.Root
      as="section"
      aria-labelledby="test-clock-heading"
      variant="outline"
      borderStyle="dashed"
      borderColor="orange.solid"
    >
      <Card.Header>
        <HStack gap={2}>
          <FlaskConical aria-hidden size={18} />
          <Card.Title as="h3" id="test-clock-heading">
            Test clock (test payments only)
          </Card.Title>
        </HStack>
      </Card.Header>
      <Card.Body>
        <Stack gap={3}>
          <Alert.Root status="warning" size="sm">
            <Alert.Indicator />
            <Alert.Title>
              Payments here are simulated; no card is charged. These buttons move your membership in time.
            </Alert.Title>
          </Alert.Root>
          <HStack gap={2} wrap="wrap">
            {ACTIONS.map(({ action, label, done }) => (
              <Button
                key={action}
                size="sm"
                variant="outline"
                colorPalette="orange"
                loading={advance.loading}
                onClick={() => void advance.run({ input: { action } }, done)}
              >
                {label}
              </Button>
            ))}
          </HStack>
          <Text fontSize="xs" color="fg.muted">
            Renew charges the next period; a failed renewal starts the grace period; the period end applies a
            cancellation or a pending downgrade.
          </Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
