import {
  Badge,
  Button,
  Card,
  Field,
  Heading,
  HStack,
  IconButton,
  Input,
  NativeSelect,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ListTable } from '../../ui/ListTable';
import { formatDayKey } from '../../lib/slotTime';
import { useCourseMutation } from '../courses';
import {
  AvailabilityOverrideAddMutationDocument,
  AvailabilityOverrideRemoveMutationDocument,
} from './connectDocuments';
import { overrideLabel } from './weeklyHours';

interface Override {
  id: string;
  date: string;
  kind: string;
  startTime?: string | null;
  endTime?: string | null;
  note: string;
}

type OverrideChoice = 'day_off' | 'blocked' | 'extra';

// The slot preview below changes with the overrides.
const REFETCH = ['MyAvailability', 'InstructorSlots'];

/** Date overrides: days off, blocked ranges and extra hours, with add and remove. */
export function OverridesSection({
  overrides,
  today,
  timeZone,
}: {
  overrides: readonly Override[];
  /** Today in the instructor's zone ('yyyy-MM-dd'): earlier overrides are shown as past. */
  today: string;
  timeZone: string;
}) {
  const add = useCourseMutation(AvailabilityOverrideAddMutationDocument, 'Date not added', REFETCH);
  const remove = useCourseMutation(AvailabilityOverrideRemoveMutationDocument, 'Date not removed', REFETCH);
  const [date, setDate] = useState('');
  const [choice, setChoice] = useState<OverrideChoice>('day_off');
  const [start, setStart] = useState('09:00');
  const [end, setEnd] = useState('12:00');
  const [note, setNote] = useState('');
  const [localError, setLocalError] = useState<Record<string, string>>({});
  const errorOf = (field: string) => localError[field] ?? add.fieldError(field);
  const upcoming = [...overrides].filter((o) => o.date >= today).sort((a, b) => a.date.localeCompare(b.date));

  async function submit(event: { preventDefault: () => void }) {
    event.preventDefault();
    const errors: Record<string, string> = {};
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) errors.date = 'Pick a date';
    else if (date < today) errors.date = 'Pick today or a later date';
    if (choice !== 'day_off' && !(start && end && start < end))
      errors.endTime = 'The end must be after the start';
    setLocalError(errors);
    if (Object.keys(errors).length > 0) return;
    const done = await add.run(
      {
        date,
        kind: choice === 'extra' ? 'EXTRA' : 'OFF',
        startTime: choice === 'day_off' ? null : start,
        endTime: choice === 'day_off' ? null : end,
        note: note.trim(),
      } as never,
      'Date added',
    );
    if (done) {
      setDate('');
      setNote('');
    }
  }

  return (
    <Card.Root aria-labelledby="overrides-heading">
      <Card.Header>
        <Heading as="h2" size="lg" id="overrides-heading">
          Date overrides
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          Days off, holidays, blocked hours or extra hours on one date ({timeZone}). Existing bookings stay.
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap={5}>
          <Stack as="form" gap={3} onSubmit={submit} aria-label="Add a date override">
            <HStack gap={3} align="flex-start" wrap="wrap">
              <Field.Root maxW="44" invalid={Boolean(errorOf('date'))}>
                <Field.Label>Date</Field.Label>
                <Input
                  type="date"
                  name="date"
                  value={date}
                  min={today}
                  onChange={(e) => setDate(e.target.value)}
                />
                {errorOf('date') ? <Field.ErrorText>{errorOf('date')}</Field.ErrorText> : null}
              </Field.Root>
              <Field.Root maxW="44">
                <Field.Label>What</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field
                    name="overrideKind"
                    value={choice}
                    onChange={(e) => setChoice(e.target.value as OverrideChoice)}
                  >
                    <option value="day_off">Day off</option>
                    <option value="blocked">Blocked hours</option>
                    <option value="extra">Extra hours</option>
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              {choice !== 'day_off' ? (
                <>
                  <Field.Root maxW="32" invalid={Boolean(errorOf('startTime'))}>
                    <Field.Label>From</Field.Label>
                    <Input
                      type="time"
                      name="startTime"
                      value={start}
                      onChange={(e) => setStart(e.target.value)}
                    />
                    {errorOf('startTime') ? <Field.ErrorText>{errorOf('startTime')}</Field.ErrorText> : null}
                  </Field.Root>
                  <Field.Root maxW="32" invalid={Boolean(errorOf('endTime'))}>
                    <Field.Label>To</Field.Label>
                    <Input type="time" name="endTime" value={end} onChange={(e) => setEnd(e.target.value)} />
                    {errorOf('endTime') ? <Field.ErrorText>{errorOf('endTime')}</Field.ErrorText> : null}
                  </Field.Root>
                </>
              ) : null}
              <Field.Root maxW="xs" invalid={Boolean(errorOf('note'))}>
                <Field.Label>Note</Field.Label>
                <Input
                  name="note"
                  value={note}
                  maxLength={200}
                  placeholder="e.g. Holiday"
                  onChange={(e) => setNote(e.target.value)}
                />
                {errorOf('note') ? <Field.ErrorText>{errorOf('note')}</Field.ErrorText> : null}
              </Field.Root>
            </HStack>
            <Button
              type="submit"
              alignSelf="flex-start"
              size="sm"
              loading={add.loading}
              loadingText="Adding…"
            >
              Add date
            </Button>
            {add.userErrors.some((e) => !e.field) ? (
              <Text color="fg.error" fontSize="sm">
                {add.userErrors.find((e) => !e.field)?.message}
              </Text>
            ) : null}
          </Stack>
          {upcoming.length === 0 ? (
            <Text color="fg.muted">No upcoming overrides: your weekly hours apply every week.</Text>
          ) : (
            <ListTable
              header={
                <>
                  <Table.ColumnHeader>Date</Table.ColumnHeader>
                  <Table.ColumnHeader>Change</Table.ColumnHeader>
                  <Table.ColumnHeader>Note</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">
                    <Text srOnly>Actions</Text>
                  </Table.ColumnHeader>
                </>
              }
            >
              {upcoming.map((override) => (
                <Table.Row key={override.id} data-testid="override-row">
                  <Table.Cell>{formatDayKey(override.date, { long: true })}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={override.kind.toLowerCase() === 'extra' ? 'green' : 'red'}>
                      {overrideLabel(override)}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell color="fg.muted">{override.note}</Table.Cell>
                  <Table.Cell textAlign="end">
                    <IconButton
                      size="xs"
                      variant="ghost"
                      aria-label={`Remove ${overrideLabel(override)} on ${override.date}`}
                      loading={remove.loading}
                      onClick={() => void remove.run({ overrideId: override.id } as never, 'Date removed')}
                    >
                      <Trash2 />
                    </IconButton>
                  </Table.Cell>
                </Table.Row>
              ))}
            </ListTable>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
