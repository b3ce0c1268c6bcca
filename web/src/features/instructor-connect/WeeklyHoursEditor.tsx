import { Alert, Box, Button, Card, Heading, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { Copy, Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useCourseMutation } from '../courses';
import { AvailabilityRulesSetMutationDocument } from './connectDocuments';
import {
  addRange,
  copyToAllDays,
  removeRange,
  rulesFromWeek,
  updateRange,
  WEEKDAY_LABEL,
  WEEKDAYS,
  weekErrors,
  weekFromRules,
  weeklyTotalHours,
  type RuleLike,
  type WeekHours,
} from './weeklyHours';

/** The weekly working hours: per weekday several ranges; saved whole with `availabilityRulesSet`. */
export function WeeklyHoursEditor({ rules, timeZone }: { rules: readonly RuleLike[]; timeZone: string }) {
  const initial = useMemo(() => weekFromRules(rules), [rules]);
  const [week, setWeek] = useState<WeekHours>(initial);
  const [dirty, setDirty] = useState(false);
  const save = useCourseMutation(AvailabilityRulesSetMutationDocument, 'Hours not saved', [
    'MyAvailability',
    'InstructorSlots',
  ]);
  const errors = weekErrors(week);
  const hasErrors = Object.keys(errors).length > 0;
  const change = (next: WeekHours) => {
    setWeek(next);
    setDirty(true);
  };

  async function submit(event: { preventDefault: () => void }) {
    event.preventDefault();
    if (hasErrors) return;
    const done = await save.run({ rules: rulesFromWeek(week) }, 'Weekly hours saved');
    if (done) setDirty(false);
  }

  return (
    <Card.Root as="form" onSubmit={submit} aria-labelledby="weekly-hours-heading">
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap={2}>
          <Stack gap={0}>
            <Heading as="h2" size="lg" id="weekly-hours-heading">
              Weekly hours
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              When clients can book you each week, in {timeZone}. {weeklyTotalHours(week)} hours a week.
            </Text>
          </Stack>
          <Button type="submit" loading={save.loading} loadingText="Saving…" disabled={hasErrors || !dirty}>
            Save hours
          </Button>
        </HStack>
      </Card.Header>
      <Card.Body>
        <Stack gap={0} divideY="1px">
          {WEEKDAYS.map((day) => (
            <HStack key={day} align="flex-start" gap={4} py={3} wrap={{ base: 'wrap', md: 'nowrap' }}>
              <Text fontWeight="medium" w="28" pt={2} flexShrink={0}>
                {WEEKDAY_LABEL[day]}
              </Text>
              <Stack gap={2} flex="1" data-testid={`hours-${day}`}>
                {week[day].length === 0 ? (
                  <Text color="fg.muted" pt={2}>
                    Unavailable
                  </Text>
                ) : (
                  week[day].map((range, index) => {
                    const error = errors[`${day}:${index}`];
                    return (
                      <Box key={index}>
                        <HStack gap={2}>
                          <Input
                            type="time"
                            size="sm"
                            maxW="32"
                            aria-label={`${WEEKDAY_LABEL[day]} range ${index + 1} start`}
                            value={range.start}
                            aria-invalid={Boolean(error)}
                            onChange={(e) =>
                              change(updateRange(week, day, index, { ...range, start: e.target.value }))
                            }
                          />
                          <Text>–</Text>
                          <Input
                            type="time"
                            size="sm"
                            maxW="32"
                            aria-label={`${WEEKDAY_LABEL[day]} range ${index + 1} end`}
                            value={range.end}
                            aria-invalid={Boolean(error)}
                            onChange={(e) =>
                              change(updateRange(week, day, index, { ...range, end: e.target.value }))
                            }
                          />
                          <IconButton
                            size="sm"
                            variant="ghost"
                            aria-label={`Remove ${WEEKDAY_LABEL[day]} ${range.start}–${range.end}`}
                            onClick={() => change(removeRange(week, day, index))}
                          >
                            <Trash2 />
                          </IconButton>
                        </HStack>
                        {error ? (
                          <Text color="fg.error" fontSize="sm" mt={1} role="alert">
                            {error}
                          </Text>
                        ) : null}
                      </Box>
                    );
                  })
                )}
              </Stack>
              <HStack gap={1} flexShrink={0}>
                <Button size="xs" variant="outline" onClick={() => change(addRange(week, day))}>
                  <Plus aria-hidden /> Add hours
                </Button>
                <Button
                  size="xs"
                  variant="ghost"
                  disabled={week[day].length === 0}
                  onClick={() => change(copyToAllDays(week, day))}
                  aria-label={`Copy ${WEEKDAY_LABEL[day]} to all days`}
                >
                  <Copy aria-hidden /> Copy to all
                </Button>
              </HStack>
            </HStack>
          ))}
        </Stack>
        {hasErrors ? (
          <Alert.Root status="warning" mt={3}>
            <Alert.Indicator />
            <Alert.Title>Fix the marked hours to save.</Alert.Title>
          </Alert.Root>
        ) : null}
        {save.userErrors.length > 0 ? (
          <Alert.Root status="error" mt={3}>
            <Alert.Indicator />
            <Alert.Title>{save.userErrors[0].message}</Alert.Title>
          </Alert.Root>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
