import { useQuery } from '@apollo/client/react';
import {
  Alert,
  Button,
  Card,
  Field,
  Grid,
  Heading,
  HStack,
  Input,
  InputGroup,
  NativeSelect,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import type { MyInstructorProfileFragment } from '../../gql/graphql';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { detectTimeZone, timeZoneOptions } from '../../lib/slotTime';
import { useZipPlace } from '../../ui/useZipLookup';
import { useCourseMutation } from '../courses';
import { minutesToHours, policyLabel, settingsInput, wholeNumber, type SettingsValues } from './connectForm';
import {
  InstructorSettingsUpdateMutationDocument,
  MyInstructorProfileQueryDocument,
} from './connectDocuments';
import { ConnectNav } from './ConnectNav';
import { InstructorConnectOnly } from './InstructorConnectOnly';

/** /instructor/settings: time zone and the booking defaults of new session types. */
export default function InstructorSettingsPage() {
  useDocumentTitle('Instructor settings');
  return (
    <InstructorConnectOnly>
      <Stack gap={6} maxW="3xl" mx="auto">
        <Stack gap={1}>
          <Heading as="h1" size="2xl">
            Instructor settings
          </Heading>
          <Text color="fg.muted">
            Your time zone and booking defaults. New session types start from these; each can change them.
          </Text>
        </Stack>
        <ConnectNav />
        <SettingsContent />
      </Stack>
    </InstructorConnectOnly>
  );
}

function SettingsContent() {
  const query = useQuery(MyInstructorProfileQueryDocument, { fetchPolicy: 'cache-and-network' });
  if (!query.data && query.loading) return <PageSpinner label="Loading your settings…" minHeight="12rem" />;
  if (!query.data) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>
          Your settings could not be loaded{query.error ? `: ${query.error.message}` : ''}
        </Alert.Title>
      </Alert.Root>
    );
  }
  return <SettingsForm key={query.data.myInstructorProfile.id} profile={query.data.myInstructorProfile} />;
}

function SettingsForm({ profile }: { profile: MyInstructorProfileFragment }) {
  const browserZone = useMemo(() => detectTimeZone(), []);
  // The zone of the profile's ZIP code (where lessons in person happen), suggested beside the browser's.
  const zipZone = useZipPlace(profile.zip)?.timeZone ?? null;
  const zones = useMemo(
    () => timeZoneOptions([profile.timeZone, browserZone, ...(zipZone ? [zipZone] : [])]),
    [profile.timeZone, browserZone, zipZone],
  );
  const [values, setValues] = useState<SettingsValues>({
    timeZone: profile.timeZone,
    bufferBeforeMinutes: String(profile.bufferBeforeMinutes),
    bufferAfterMinutes: String(profile.bufferAfterMinutes),
    minNoticeHours: minutesToHours(profile.minNoticeMinutes),
    horizonDays: String(profile.horizonDays),
    cancelFreeHours: String(profile.cancelFreeHours),
    lateCancelFeePercent: String(profile.lateCancelFeePercent),
  });
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const save = useCourseMutation(InstructorSettingsUpdateMutationDocument, 'Settings not saved', [
    'MyInstructorProfile',
  ]);
  const errorOf = (field: string) => localErrors[field] ?? save.fieldError(field);
  const set = (key: keyof SettingsValues, value: string) => setValues((v) => ({ ...v, [key]: value }));
  const free = wholeNumber(values.cancelFreeHours);
  const fee = wholeNumber(values.lateCancelFeePercent);

  async function submit(event: { preventDefault: () => void }) {
    event.preventDefault();
    const { input, errors } = settingsInput(values);
    setLocalErrors(errors);
    if (Object.keys(errors).length > 0) return;
    await save.run(input, 'Settings saved');
  }

  const number = (
    key: keyof SettingsValues,
    errorField: string,
    label: string,
    unit: string,
    helper: string,
  ) => (
    <Field.Root invalid={Boolean(errorOf(errorField))}>
      <Field.Label>{label}</Field.Label>
      <InputGroup endElement={unit}>
        <Input
          name={key}
          inputMode="decimal"
          value={values[key]}
          onChange={(e) => set(key, e.target.value)}
        />
      </InputGroup>
      {errorOf(errorField) ? (
        <Field.ErrorText>{errorOf(errorField)}</Field.ErrorText>
      ) : (
        <Field.HelperText>{helper}</Field.HelperText>
      )}
    </Field.Root>
  );

  return (
    <Card.Root as="form" onSubmit={submit}>
      <Card.Body>
        <Stack gap={6}>
          <Stack gap={2}>
            <Heading as="h2" size="md">
              Time zone
            </Heading>
            <Field.Root invalid={Boolean(errorOf('timeZone'))}>
              <Field.Label>Your time zone</Field.Label>
              <HStack gap={3} wrap="wrap" w="full">
                <NativeSelect.Root maxW="sm">
                  <NativeSelect.Field
                    name="timeZone"
                    value={values.timeZone}
                    onChange={(e) => set('timeZone', e.target.value)}
                  >
                    {zones.map((zone) => (
                      <option key={zone} value={zone}>
                        {zone.replaceAll('_', ' ')}
                        {zone === browserZone ? ' (this browser)' : ''}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                {values.timeZone !== browserZone ? (
                  <Button
                    size="sm"
                    variant="outline"
                    type="button"
                    onClick={() => set('timeZone', browserZone)}
                  >
                    Use {browserZone}
                  </Button>
                ) : null}
                {zipZone && zipZone !== browserZone && values.timeZone !== zipZone ? (
                  <Button size="sm" variant="outline" type="button" onClick={() => set('timeZone', zipZone)}>
                    Use {zipZone} (ZIP code {profile.zip})
                  </Button>
                ) : null}
              </HStack>
              {errorOf('timeZone') ? (
                <Field.ErrorText>{errorOf('timeZone')}</Field.ErrorText>
              ) : (
                <Field.HelperText>
                  Your weekly hours are wall-clock times in this zone, daylight-saving changes included.
                  Clients see times in their own zone.
                </Field.HelperText>
              )}
            </Field.Root>
          </Stack>
          <Stack gap={3}>
            <Heading as="h2" size="md">
              Booking defaults
            </Heading>
            <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap={4}>
              {number(
                'bufferBeforeMinutes',
                'bufferBeforeMinutes',
                'Buffer before',
                'min',
                'Free time kept before each session.',
              )}
              {number(
                'bufferAfterMinutes',
                'bufferAfterMinutes',
                'Buffer after',
                'min',
                'Free time kept after each session.',
              )}
              {number(
                'minNoticeHours',
                'minNoticeMinutes',
                'Minimum notice',
                'hours',
                'How soon before the start one can book.',
              )}
              {number(
                'horizonDays',
                'horizonDays',
                'Book ahead',
                'days',
                'How far ahead one can book (1 to 365 days).',
              )}
            </Grid>
          </Stack>
          <Stack gap={3}>
            <Heading as="h2" size="md">
              Cancellation policy
            </Heading>
            <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap={4}>
              {number(
                'cancelFreeHours',
                'cancelFreeHours',
                'Free cancellation until',
                'hours before',
                'Clients cancel for free until then.',
              )}
              {number(
                'lateCancelFeePercent',
                'lateCancelFeePercent',
                'Late-cancellation fee',
                '%',
                'Kept when a client cancels later.',
              )}
            </Grid>
            {free !== null && !Number.isNaN(free) && fee !== null && !Number.isNaN(fee) && fee <= 100 ? (
              <Text fontSize="sm" color="fg.muted" data-testid="policy-summary">
                {policyLabel(free, fee)} When you cancel, the client always gets a full refund.
              </Text>
            ) : null}
          </Stack>
          {save.userErrors.some((e) => !e.field) ? (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{save.userErrors.find((e) => !e.field)?.message}</Alert.Title>
            </Alert.Root>
          ) : null}
          <Button type="submit" alignSelf="flex-start" loading={save.loading} loadingText="Saving…">
            Save settings
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
