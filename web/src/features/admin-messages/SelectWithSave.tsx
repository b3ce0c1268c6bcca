import { Button, Field, HStack, NativeSelect, VisuallyHidden } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';

/**
 * A labelled select whose choice only takes effect with its Save button, so moving through the
 * options with the arrow keys changes nothing. Save is enabled once the choice differs from
 * `value`; after a successful save the select follows `value` again.
 */
export function SelectWithSave({
  label,
  what,
  value,
  disabled,
  onSave,
  children,
}: {
  label: string;
  /** Completes the Save button's accessible name: "Save status". */
  what: string;
  value: string;
  /** While true (e.g. another change is being saved) neither the select nor Save can be used. */
  disabled: boolean;
  /** Resolves to true when the choice was saved. */
  onSave: (choice: string) => Promise<boolean>;
  /** The <option> elements. */
  children: ReactNode;
}) {
  const [choice, setChoice] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const shown = choice ?? value;
  const save = async () => {
    if (choice === null || choice === value) return;
    setSaving(true);
    try {
      if (await onSave(choice)) setChoice(null);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Field.Root disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <HStack gap={2} w="full">
        <NativeSelect.Root flex="1">
          <NativeSelect.Field value={shown} onChange={(e) => setChoice(e.target.value)}>
            {children}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Button
          variant="outline"
          disabled={disabled || shown === value}
          loading={saving}
          onClick={() => void save()}
        >
          Save<VisuallyHidden> {what}</VisuallyHidden>
        </Button>
      </HStack>
    </Field.Root>
  );
}
