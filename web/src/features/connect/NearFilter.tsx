import { Field, HStack, Input, NativeSelect } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { fetchZipPlace, placeLabel, zipToLookUp } from '../../ui/zipLookup';
import { type ConnectFilters, DEFAULT_NEAR_RADIUS, NEAR_RADII } from './connectFilters';

/**
 * /connect's "In person near" filter: a US ZIP code (applied on Enter or when the box loses focus,
 * once it has 5 digits) and a radius of 10, 25 or 50 miles. Names the place of the applied code.
 */
export function NearFilter({
  near,
  radius,
  onChange,
}: {
  near: string;
  radius: ConnectFilters['radius'];
  onChange: (change: Partial<ConnectFilters>) => void;
}) {
  const [text, setText] = useState(near);
  const [shown, setShown] = useState(near);
  if (near !== shown) {
    setShown(near);
    setText(near);
  }
  const [hint, setHint] = useState<string | null>(null);
  useEffect(() => {
    if (!near) {
      setHint(null);
      return;
    }
    const controller = new AbortController();
    fetchZipPlace(near, controller.signal)
      .then((place) => {
        if (!controller.signal.aborted)
          setHint(place ? `Near ${placeLabel(place)}` : `ZIP code ${near} was not found`);
      })
      .catch(() => {
        if (!controller.signal.aborted) setHint(null);
      });
    return () => controller.abort();
  }, [near]);

  const typed = text.trim();
  const malformed = typed !== '' && !zipToLookUp(typed);
  const commit = () => {
    if (typed === '') onChange({ near: '', radius: '' });
    else {
      const zip = zipToLookUp(typed);
      if (zip) onChange({ near: zip });
    }
  };

  return (
    <HStack gap={2} align="flex-start">
      <Field.Root invalid={malformed}>
        <Field.Label>In person near</Field.Label>
        <Input
          size="sm"
          bg="bg"
          name="near"
          placeholder="ZIP code"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={10}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit();
          }}
        />
        {malformed ? (
          <Field.ErrorText>A US ZIP code: 5 digits</Field.ErrorText>
        ) : hint ? (
          <Field.HelperText data-testid="near-place">{hint}</Field.HelperText>
        ) : null}
      </Field.Root>
      <Field.Root maxW="24">
        <Field.Label>Within</Field.Label>
        <NativeSelect.Root size="sm" bg="bg">
          <NativeSelect.Field
            name="radius"
            value={radius || DEFAULT_NEAR_RADIUS}
            onChange={(e) => onChange({ radius: e.target.value as ConnectFilters['radius'] })}
          >
            {NEAR_RADII.map((miles) => (
              <option key={miles} value={miles}>
                {miles} mi
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
    </HStack>
  );
}
