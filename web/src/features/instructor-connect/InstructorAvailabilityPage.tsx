import { useQuery } from '@apollo/client/react';
import {
  Alert,
  Badge,
  Card,
  Field,
  Heading,
  HStack,
  Link,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Wrap,
} from '@chakra-ui/react';
import { Globe } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { dayKey, formatDayKey, formatTime, groupSlotsByDay } from '../../lib/slotTime';
import { InstructorSlotsQueryDocument, MyAvailabilityQueryDocument } from './connectDocuments';
import { ConnectNav } from './ConnectNav';
import { InstructorConnectOnly } from './InstructorConnectOnly';
import { OverridesSection } from './OverridesSection';
import { WeeklyHoursEditor } from './WeeklyHoursEditor';

const PREVIEW_DAYS = 14;

/** /instructor/availability: weekly hours, date overrides and a preview of the bookable slots. */
export default function InstructorAvailabilityPage() {
  useDocumentTitle('Availability');
  return (
    <InstructorConnectOnly>
      <Stack gap={6} maxW="5xl" mx="auto">
        <Stack gap={1}>
          <Heading as="h1" size="2xl">
            Availability
          </Heading>
          <Text color="fg.muted">
            Your working hours and exceptions. Clients see free times computed from these, your buffers,
            notice and existing bookings.
          </Text>
        </Stack>
        <ConnectNav />
        <AvailabilityContent />
      </Stack>
    </InstructorConnectOnly>
  );
}

function AvailabilityContent() {
  const query = useQuery(MyAvailabilityQueryDocument, { fetchPolicy: 'cache-and-network' });
  if (!query.data && query.loading) return <PageSpinner label="Loading your hours…" minHeight="12rem" />;
  if (!query.data) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>
          Your hours could not be loaded{query.error ? `: ${query.error.message}` : ''}
        </Alert.Title>
      </Alert.Root>
    );
  }
  const profile = query.data.myInstructorProfile;
  const today = dayKey(new Date(), profile.timeZone);
  return (
    <Stack gap={6}>
      <HStack gap={2} color="fg.muted" data-testid="availability-zone">
        <Globe aria-hidden size={16} />
        <Text>
          Times are in <strong>{profile.timeZone}</strong> —{' '}
          <Link asChild>
            <RouterLink to="/instructor/settings">change in Settings</RouterLink>
          </Link>
        </Text>
      </HStack>
      <WeeklyHoursEditor
        key={profile.availabilityRules.map((r) => r.id).join(',')}
        rules={profile.availabilityRules}
        timeZone={profile.timeZone}
      />
      <OverridesSection overrides={profile.availabilityOverrides} today={today} timeZone={profile.timeZone} />
      <SlotPreview
        instructorId={profile.id}
        timeZone={profile.timeZone}
        sessionTypes={profile.sessionTypes}
      />
    </Stack>
  );
}

function SlotPreview({
  instructorId,
  timeZone,
  sessionTypes,
}: {
  instructorId: string;
  timeZone: string;
  sessionTypes: readonly { id: string; title: string; durationMinutes: number }[];
}) {
  const [chosen, setChosen] = useState('');
  const sessionTypeId = chosen || sessionTypes[0]?.id || '';
  // The window is fixed for the page's life, so the query is not re-run on every render.
  const window = useMemo(() => {
    const from = new Date();
    const to = new Date(from.getTime() + PREVIEW_DAYS * 86_400_000);
    return { from: from.toISOString(), to: to.toISOString() };
  }, []);
  const slots = useQuery(InstructorSlotsQueryDocument, {
    variables: { instructorId, sessionTypeId, ...window },
    skip: !sessionTypeId,
    fetchPolicy: 'cache-and-network',
  });
  const days = groupSlotsByDay(
    (slots.data?.instructorSlots ?? []).map((slot) => ({ ...slot, start: String(slot.start) })),
    timeZone,
  );

  return (
    <Card.Root aria-labelledby="preview-heading">
      <Card.Header>
        <Heading as="h2" size="lg" id="preview-heading">
          What clients can book
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          The free start times of the next {PREVIEW_DAYS} days, in {timeZone}, as clients are offered them
          now.
        </Text>
      </Card.Header>
      <Card.Body>
        {sessionTypes.length === 0 ? (
          <Text color="fg.muted">
            Add a session type on{' '}
            <Link asChild>
              <RouterLink to="/connect/profile">your profile</RouterLink>
            </Link>{' '}
            to see its free times.
          </Text>
        ) : (
          <Stack gap={4}>
            <Field.Root maxW="sm">
              <Field.Label>Session type</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field value={sessionTypeId} onChange={(e) => setChosen(e.target.value)}>
                  {sessionTypes.map((type) => (
                    <option key={type.id} value={type.id}>
                      {type.title}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            {slots.error && !slots.data ? (
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Title>The free times could not be loaded: {slots.error.message}</Alert.Title>
              </Alert.Root>
            ) : !slots.data ? (
              <PageSpinner label="Finding free times…" minHeight="6rem" />
            ) : days.size === 0 ? (
              <Text color="fg.muted" data-testid="slot-preview-empty">
                No free times in the next {PREVIEW_DAYS} days: add weekly hours, or check the notice and
                horizon of this session type.
              </Text>
            ) : (
              <SimpleGrid columns={{ base: 1, md: 2 }} gap={4} data-testid="slot-preview">
                {[...days.entries()].slice(0, 8).map(([key, list]) => (
                  <Stack key={key} gap={1}>
                    <Text fontWeight="medium">{formatDayKey(key)}</Text>
                    <Wrap gap={1}>
                      {list.slice(0, 12).map((slot) => (
                        <Badge key={String(slot.start)} variant="outline" size="md">
                          {formatTime(slot.start, timeZone)}
                          {slot.seatsLeft !== null && slot.seatsLeft !== undefined
                            ? ` · ${slot.seatsLeft} left`
                            : ''}
                        </Badge>
                      ))}
                      {list.length > 12 ? (
                        <Text fontSize="xs" color="fg.muted">
                          +{list.length - 12} more
                        </Text>
                      ) : null}
                    </Wrap>
                  </Stack>
                ))}
              </SimpleGrid>
            )}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
