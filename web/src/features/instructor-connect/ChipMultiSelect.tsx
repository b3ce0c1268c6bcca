import { Button, Fieldset, Wrap } from '@chakra-ui/react';
import { Check } from 'lucide-react';

/** A labelled group of toggle chips: pick any number of `options` (kept in the options' order). */
export function ChipMultiSelect({
  label,
  helper,
  error,
  options,
  value,
  onChange,
}: {
  label: string;
  helper?: string;
  error?: string;
  options: readonly string[];
  value: readonly string[];
  onChange: (value: string[]) => void;
}) {
  // A value no longer in the list (renamed or removed) stays shown, so it can be unpicked.
  const all = [...options, ...value.filter((v) => !options.includes(v))];
  const toggle = (option: string) => {
    const next = value.includes(option) ? value.filter((v) => v !== option) : [...value, option];
    onChange(all.filter((o) => next.includes(o)));
  };
  return (
    <Fieldset.Root invalid={Boolean(error)}>
      <Fieldset.Legend fontWeight="medium">{label}</Fieldset.Legend>
      {helper && !error ? <Fieldset.HelperText>{helper}</Fieldset.HelperText> : null}
      <Wrap gap={2} mt={1}>
        {all.map((option) => {
          const selected = value.includes(option);
          return (
            <Button
              key={option}
              type="button"
              size="xs"
              borderRadius="full"
              variant={selected ? 'solid' : 'outline'}
              aria-pressed={selected}
              onClick={() => toggle(option)}
            >
              {selected ? <Check aria-hidden /> : null}
              {option}
            </Button>
          );
        })}
      </Wrap>
      {error ? <Fieldset.ErrorText>{error}</Fieldset.ErrorText> : null}
    </Fieldset.Root>
  );
}
