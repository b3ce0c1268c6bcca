import { useQuery } from '@apollo/client/react';
import { Alert, Button, Card, Field, Heading, Input, InputGroup, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { hasRole, useCurrentUser } from '../auth';
import { useCourseMutation } from '../courses';
import { formatPercent } from '../seller';
import {
  PlatformSettingsQueryDocument,
  PlatformSettingsUpdateMutationDocument,
} from './adminSellersDocuments';
import { BookingHoldLimitsForm } from './BookingHoldLimitsForm';

/** /admin/settings: the platform fee and the booking-hold limits (admins change them; curriculum officers read them). */
export default function AdminSettingsPage() {
  useDocumentTitle('Settings');
  const { user } = useCurrentUser();
  const query = useQuery(PlatformSettingsQueryDocument, { fetchPolicy: 'cache-and-network' });
  const settings = query.data?.platformSettings;
  const isAdmin = hasRole(user, 'admin');
  return (
    <Stack gap={6} maxW="3xl" mx="auto">
      <Stack gap={1}>
        <Heading as="h1" size="2xl">
          Settings
        </Heading>
        <Text color="fg.muted">Platform-wide settings of the curriculum store.</Text>
      </Stack>
      {!settings && query.loading ? (
        <PageSpinner label="Loading settings…" minHeight="8rem" />
      ) : !settings ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>
            The settings could not be loaded{query.error ? `: ${query.error.message}` : ''}
          </Alert.Title>
        </Alert.Root>
      ) : isAdmin ? (
        <FeeForm key={settings.platformFeePercent} current={settings.platformFeePercent} />
      ) : (
        <Card.Root>
          <Card.Body>
            <Stack gap={1}>
              <Text fontWeight="medium">Platform fee</Text>
              <Text fontSize="2xl" data-testid="platform-fee">
                {formatPercent(settings.platformFeePercent)}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                Taken from each sale before the seller’s earnings. Only administrators can change it.
              </Text>
            </Stack>
          </Card.Body>
        </Card.Root>
      )}
      {settings ? (
        <BookingHoldLimitsForm
          key={`${settings.bookingHoldsMax}/${settings.bookingHoldsPerHour}`}
          current={settings}
          editable={isAdmin}
        />
      ) : null}
    </Stack>
  );
}

function FeeForm({ current }: { current: number }) {
  const [value, setValue] = useState(String(current));
  const save = useCourseMutation(PlatformSettingsUpdateMutationDocument, 'Settings not saved');
  const number = Number(value);

  async function submit(event: { preventDefault: () => void }) {
    event.preventDefault();
    await save.run({ platformFeePercent: number }, 'Platform fee saved');
  }

  return (
    <Card.Root as="form" onSubmit={submit}>
      <Card.Body>
        <Stack gap={4}>
          <Field.Root required invalid={Boolean(save.fieldError('platformFeePercent'))} maxW="xs">
            <Field.Label>
              Platform fee <Field.RequiredIndicator />
            </Field.Label>
            <InputGroup endElement="%">
              <Input
                name="platformFeePercent"
                type="number"
                inputMode="decimal"
                min={0}
                max={50}
                step={0.01}
                value={value}
                onChange={(e) => setValue(e.target.value)}
              />
            </InputGroup>
            {save.fieldError('platformFeePercent') ? (
              <Field.ErrorText>{save.fieldError('platformFeePercent')}</Field.ErrorText>
            ) : (
              <Field.HelperText>
                0 to 50 percent, up to two decimals. Applies to new sales; recorded sales keep their fee.
              </Field.HelperText>
            )}
          </Field.Root>
          <Button
            type="submit"
            alignSelf="flex-start"
            loading={save.loading}
            loadingText="Saving…"
            disabled={value.trim() === '' || !Number.isFinite(number)}
          >
            Save
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
