import { useQuery } from '@apollo/client/react';
import { Alert, Button, Card, Field, Heading, HStack, Input, InputGroup, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { PageSpinner } from '../../ui/PageSpinner';
import { useCourseMutation } from '../courses';
import {
  MembershipSettingsQueryDocument,
  MembershipSettingsUpdateMutationDocument,
} from './adminMembershipDocuments';

/** The grace period after a failed payment, in days (an admin setting). */
export function MembershipSettingsSection() {
  const query = useQuery(MembershipSettingsQueryDocument, { fetchPolicy: 'cache-and-network' });
  const settings = query.data?.membershipSettings;
  return (
    <Stack as="section" aria-labelledby="membership-settings-heading" gap={3}>
      <Heading as="h2" size="lg" id="membership-settings-heading">
        Settings
      </Heading>
      {!settings && query.loading ? (
        <PageSpinner label="Loading settings…" minHeight="6rem" />
      ) : !settings ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>
            The settings could not be loaded{query.error ? `: ${query.error.message}` : ''}
          </Alert.Title>
        </Alert.Root>
      ) : (
        <GraceDaysForm key={settings.graceDays} current={settings.graceDays} />
      )}
    </Stack>
  );
}

function GraceDaysForm({ current }: { current: number }) {
  const [value, setValue] = useState(String(current));
  const save = useCourseMutation(MembershipSettingsUpdateMutationDocument, 'Settings not saved', [
    'MembershipSettings',
  ]);
  const valid = /^\d+$/.test(value.trim()) && Number(value) <= 60;
  const error = valid ? save.fieldError('graceDays') : 'A whole number of days from 0 to 60.';

  async function submit(event: { preventDefault: () => void }) {
    event.preventDefault();
    if (!valid) return;
    await save.run({ graceDays: Number(value) }, 'Grace period saved');
  }

  return (
    <Card.Root as="form" onSubmit={submit} variant="outline">
      <Card.Body>
        <HStack gap={3} align="flex-end" wrap="wrap">
          <Field.Root invalid={Boolean(error)} maxW="xs">
            <Field.Label>Grace period after a failed payment</Field.Label>
            <InputGroup endElement="days">
              <Input
                name="graceDays"
                inputMode="numeric"
                value={value}
                onChange={(e) => setValue(e.target.value)}
              />
            </InputGroup>
            {error ? (
              <Field.ErrorText>{error}</Field.ErrorText>
            ) : (
              <Field.HelperText>
                Benefits stay on this long while the member updates the card.
              </Field.HelperText>
            )}
          </Field.Root>
          <Button type="submit" loading={save.loading} disabled={!valid || Number(value) === current}>
            Save
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
