import { Field, NativeSelect, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { timeZoneOptions, zoneSummary } from '../../lib/slotTime';

/** The booker's zone picker (IANA zones) with "Times in … · instructor in …" under it. */
export function TimeZoneSelect({
  value,
  onChange,
  instructorZone,
}: {
  value: string;
  onChange: (zone: string) => void;
  /** The instructor's zone, shown next to the booker's (none on pages with many instructors). */
  instructorZone?: string;
}) {
  const zones = useMemo(
    () => timeZoneOptions(instructorZone ? [value, instructorZone] : [value]),
    [value, instructorZone],
  );
  return (
    <Field.Root maxW="sm">
      <Field.Label>Your time zone</Field.Label>
      <NativeSelect.Root size="sm" bg="bg">
        <NativeSelect.Field name="timeZone" value={value} onChange={(e) => onChange(e.target.value)}>
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.HelperText>
        <Text as="span" data-testid="zone-summary">
          {instructorZone ? zoneSummary(value, instructorZone) : `Times in ${value}`}
        </Text>
      </Field.HelperText>
    </Field.Root>
  );
}
