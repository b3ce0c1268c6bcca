import { useQuery } from '@apollo/client/react';
import { Alert, Box, Button, HStack, IconButton, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useMemo } from 'react';
import { InstructorSlotsQueryDocument } from './connectDocuments';
import {
  addDays,
  dayKey,
  daysFrom,
  formatDayKey,
  formatTime,
  groupSlotsByDay,
  slotWindow,
} from '../../lib/slotTime';

export interface PickedSlot {
  start: string;
  end: string;
  seatsLeft?: number | null;
}

/**
 * A week of days (in the booker's zone) and the free slots of the chosen day from
 * `instructorSlots`. The week and day are controlled by the parent (they live in the URL).
 */
export function SlotPicker({
  instructorId,
  sessionTypeId,
  timeZone,
  weekStart,
  day,
  selectedStart,
  onWeekChange,
  onDayChange,
  onSelect,
  group,
}: {
  instructorId: string;
  sessionTypeId: string;
  timeZone: string;
  /** First day shown ('yyyy-MM-dd' in timeZone). */
  weekStart: string;
  day: string | null;
  selectedStart: string | null;
  onWeekChange: (weekStart: string) => void;
  onDayChange: (day: string) => void;
  onSelect: (slot: PickedSlot) => void;
  group: boolean;
}) {
  const today = dayKey(new Date(), timeZone);
  const days = useMemo(() => daysFrom(weekStart, 7), [weekStart]);
  const window = useMemo(() => slotWindow(days[0], days[6]), [days]);
  const { data, previousData, loading, error } = useQuery(InstructorSlotsQueryDocument, {
    variables: { instructorId, sessionTypeId, from: window.from, to: window.to },
    fetchPolicy: 'cache-and-network',
  });
  const raw = (data ?? previousData)?.instructorSlots;
  const slots = useMemo(
    () => (raw ?? []).map((s) => ({ start: String(s.start), end: String(s.end), seatsLeft: s.seatsLeft })),
    [raw],
  );
  const byDay = useMemo(() => groupSlotsByDay(slots, timeZone), [slots, timeZone]);
  const shownDay = day && days.includes(day) ? day : (days.find((d) => byDay.has(d)) ?? null);
  const daySlots = shownDay ? (byDay.get(shownDay) ?? []) : [];

  return (
    <Stack gap={4} data-testid="slot-picker">
      <HStack justify="space-between">
        <IconButton
          aria-label="Previous week"
          variant="outline"
          size="sm"
          disabled={weekStart <= today}
          onClick={() => onWeekChange(maxKey(addDays(weekStart, -7), today))}
        >
          <ChevronLeft />
        </IconButton>
        <Text fontWeight="medium" aria-live="polite">
          {formatDayKey(days[0])} – {formatDayKey(days[6])}
        </Text>
        <IconButton
          aria-label="Next week"
          variant="outline"
          size="sm"
          onClick={() => onWeekChange(addDays(weekStart, 7))}
        >
          <ChevronRight />
        </IconButton>
      </HStack>
      <SimpleGrid columns={{ base: 4, sm: 7 }} gap={2} role="group" aria-label="Days">
        {days.map((d) => {
          const count = byDay.get(d)?.length ?? 0;
          const selected = d === shownDay;
          return (
            <Button
              key={d}
              size="sm"
              h="auto"
              py={2}
              flexDirection="column"
              gap={0}
              variant={selected ? 'solid' : 'outline'}
              colorPalette="brand"
              aria-pressed={selected}
              disabled={count === 0}
              onClick={() => onDayChange(d)}
              data-day={d}
            >
              <Text as="span">{formatDayKey(d).split(', ')[0]}</Text>
              <Text as="span" fontWeight="bold">
                {formatDayKey(d).split(', ')[1]}
              </Text>
              <Text as="span" fontSize="xs" fontWeight="normal">
                {count ? `${count} free` : 'none'}
              </Text>
            </Button>
          );
        })}
      </SimpleGrid>
      {error && !data ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>The free times could not be loaded: {error.message}</Alert.Title>
        </Alert.Root>
      ) : loading && !data ? (
        <HStack>
          <Spinner size="sm" />
          <Text>Loading free times…</Text>
        </HStack>
      ) : !shownDay ? (
        <Text color="fg.muted">No free times this week — try the next week.</Text>
      ) : (
        <Box as="section" aria-label={`Free times on ${formatDayKey(shownDay, { long: true })}`}>
          <Text fontWeight="semibold" mb={2}>
            {formatDayKey(shownDay, { long: true })}
          </Text>
          <SimpleGrid columns={{ base: 2, sm: 3, md: 4 }} gap={2} data-testid="slot-list">
            {daySlots.map((slot) => {
              const start = slot.start;
              const selected =
                selectedStart !== null && new Date(selectedStart).getTime() === new Date(start).getTime();
              return (
                <Button
                  key={start}
                  variant={selected ? 'solid' : 'outline'}
                  colorPalette="brand"
                  aria-pressed={selected}
                  h="auto"
                  py={2}
                  flexDirection="column"
                  gap={0}
                  onClick={() => onSelect(slot)}
                  data-testid="slot"
                >
                  <Text as="span">{formatTime(start, timeZone)}</Text>
                  {group && slot.seatsLeft !== null && slot.seatsLeft !== undefined ? (
                    <Text as="span" fontSize="xs" fontWeight="normal">
                      {slot.seatsLeft === 1 ? '1 seat left' : `${slot.seatsLeft} seats left`}
                    </Text>
                  ) : null}
                </Button>
              );
            })}
          </SimpleGrid>
        </Box>
      )}
    </Stack>
  );
}

const maxKey = (a: string, b: string) => (a > b ? a : b);
