import { Field, Input, SimpleGrid } from '@chakra-ui/react';
import { useZipLookup, zipLookupHint } from './useZipLookup';
import type { ZipPlace } from './zipLookup';

export interface PlaceValue {
  zip: string;
  city: string;
  state: string;
}

/**
 * ZIP code, city and state of a form: typing a US ZIP code fills city and state (editable
 * afterwards); `onPlace` also gets the found place (e.g. to suggest its time zone).
 */
export function ZipCityStateFields({
  value,
  onChange,
  onPlace,
  errorOf,
  helperText = 'A US ZIP code fills in the city and state.',
}: {
  value: PlaceValue;
  onChange: (next: PlaceValue) => void;
  onPlace?: (place: ZipPlace) => void;
  errorOf?: (field: 'zip' | 'city' | 'state') => string | null | undefined;
  helperText?: string;
}) {
  const lookup = useZipLookup(value.zip, (place) => {
    onChange({ zip: value.zip, city: place.city, state: place.state });
    onPlace?.(place);
  });
  const hint = zipLookupHint(lookup);
  const error = (field: 'zip' | 'city' | 'state') => errorOf?.(field) ?? null;
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap={4}>
      <Field.Root invalid={Boolean(error('zip'))}>
        <Field.Label>ZIP code</Field.Label>
        <Input
          name="zip"
          value={value.zip}
          maxLength={10}
          inputMode="numeric"
          autoComplete="postal-code"
          onChange={(e) => onChange({ ...value, zip: e.target.value })}
        />
        {error('zip') ? (
          <Field.ErrorText>{error('zip')}</Field.ErrorText>
        ) : (
          <Field.HelperText aria-live="polite">{hint ?? helperText}</Field.HelperText>
        )}
      </Field.Root>
      <Field.Root invalid={Boolean(error('city'))}>
        <Field.Label>City</Field.Label>
        <Input
          name="city"
          value={value.city}
          maxLength={100}
          autoComplete="address-level2"
          onChange={(e) => onChange({ ...value, city: e.target.value })}
        />
        {error('city') ? <Field.ErrorText>{error('city')}</Field.ErrorText> : null}
      </Field.Root>
      <Field.Root invalid={Boolean(error('state'))}>
        <Field.Label>State</Field.Label>
        <Input
          name="state"
          value={value.state}
          maxLength={100}
          autoComplete="address-level1"
          onChange={(e) => onChange({ ...value, state: e.target.value })}
        />
        {error('state') ? <Field.ErrorText>{error('state')}</Field.ErrorText> : null}
      </Field.Root>
    </SimpleGrid>
  );
}
