import { Button, Card, Field, Grid, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useCourseMutation } from '../courses';
import { PlatformSettingsUpdateMutationDocument } from './adminSellersDocuments';

interface HoldLimits {
  bookingHoldsMax: number;
  bookingHoldsPerHour: number;
}

const HELP =
  'A paid Connect session is held for 10 minutes while the member pays. These limits stop one member holding an instructor’s times.';

/** The booking-hold limits per member: admins change them, curriculum officers read them. */
export function BookingHoldLimitsForm({ current, editable }: { current: HoldLimits; editable: boolean }) {
  const [max, setMax] = useState(String(current.bookingHoldsMax));
  const [perHour, setPerHour] = useState(String(current.bookingHoldsPerHour));
  const save = useCourseMutation(PlatformSettingsUpdateMutationDocument, 'Settings not saved');

  if (!editable) {
    return (
      <Card.Root>
        <Card.Body>
          <Stack gap={1}>
            <Text fontWeight="medium">Booking holds per member</Text>
            <Text data-testid="booking-hold-limits">
              {current.bookingHoldsMax} unpaid at once · {current.bookingHoldsPerHour} started an hour
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {HELP} Only administrators can change them.
            </Text>
          </Stack>
        </Card.Body>
      </Card.Root>
    );
  }

  async function submit(event: { preventDefault: () => void }) {
    event.preventDefault();
    await save.run(
      { bookingHoldsMax: Number(max), bookingHoldsPerHour: Number(perHour) },
      'Booking-hold limits saved',
    );
  }

  const whole = (text: string) => /^\d+$/.test(text.trim());
  const field = (
    name: 'bookingHoldsMax' | 'bookingHoldsPerHour',
    label: string,
    value: string,
    onChange: (v: string) => void,
    range: [number, number],
    helper: string,
  ) => (
    <Field.Root required invalid={Boolean(save.fieldError(name))}>
      <Field.Label>
        {label} <Field.RequiredIndicator />
      </Field.Label>
      <Input
        name={name}
        type="number"
        inputMode="numeric"
        min={range[0]}
        max={range[1]}
        step={1}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {save.fieldError(name) ? (
        <Field.ErrorText>{save.fieldError(name)}</Field.ErrorText>
      ) : (
        <Field.HelperText>{helper}</Field.HelperText>
      )}
    </Field.Root>
  );

  return (
    <Card.Root as="form" onSubmit={submit} aria-labelledby="hold-limits-heading">
      <Card.Body>
        <Stack gap={4}>
          <Stack gap={1}>
            <Text fontWeight="medium" id="hold-limits-heading">
              Booking holds per member
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {HELP}
            </Text>
          </Stack>
          <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap={4}>
            {field('bookingHoldsMax', 'Unpaid holds at once', max, setMax, [1, 50], '1 to 50; 3 by default.')}
            {field(
              'bookingHoldsPerHour',
              'Holds started an hour',
              perHour,
              setPerHour,
              [1, 500],
              '1 to 500; 10 by default.',
            )}
          </Grid>
          <Button
            type="submit"
            alignSelf="flex-start"
            loading={save.loading}
            loadingText="Saving…"
            disabled={!whole(max) || !whole(perHour)}
          >
            Save limits
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
