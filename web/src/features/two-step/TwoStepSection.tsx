import { useQuery } from '@apollo/client/react';
import { Alert, Card, Heading, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { RecoveryCodesList } from './RecoveryCodesList';
import { TwoStepManage } from './TwoStepManage';
import { TwoStepSetup } from './TwoStepSetup';
import { MyTwoStepDocument } from './twoStepDocuments';

export const TWO_STEP_REQUIRED_TEXT = {
  staff: 'Admins and curriculum officers must use two-step sign-in. Set it up to use the staff pages.',
  payouts: 'Sellers and instructors must use two-step sign-in before changing payout details.',
} as const;

/** The "Two-step sign-in" section of /profile (`#two-step`): set up, recovery codes, turn off. */
export function TwoStepSection() {
  const { data, refetch } = useQuery(MyTwoStepDocument, { fetchPolicy: 'cache-and-network' });
  const [codes, setCodes] = useState<string[] | null>(null);
  const state = data?.myTwoStep;
  const required =
    state?.requiredFor === 'staff' || state?.requiredFor === 'payouts' ? state.requiredFor : null;

  return (
    <Card.Root variant="outline" as="section" id="two-step" aria-labelledby="two-step-heading">
      <Card.Header>
        <Heading as="h2" size="lg" id="two-step-heading">
          Two-step sign-in
        </Heading>
        <Text color="fg.muted" textStyle="sm">
          After your password, sign-ins also ask for a code from an authenticator app on your phone.
        </Text>
      </Card.Header>
      <Card.Body gap="4">
        {required && state && !state.hasSecondFactor ? (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Title>{TWO_STEP_REQUIRED_TEXT[required]}</Alert.Title>
          </Alert.Root>
        ) : null}
        {codes ? (
          <RecoveryCodesList
            codes={codes}
            onDone={() => {
              setCodes(null);
              void refetch();
            }}
          />
        ) : !state ? null : state.enabled ? (
          <TwoStepManage
            recoveryCodesLeft={state.recoveryCodesLeft}
            onDisabled={() => void refetch()}
            onNewCodes={setCodes}
          />
        ) : (
          <TwoStepSetup onEnabled={setCodes} />
        )}
      </Card.Body>
    </Card.Root>
  );
}
