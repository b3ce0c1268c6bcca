import { Button, Field, HStack, Input, Stack, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';

export interface AssignmentFormValues {
  title: string;
  instructions: string;
  dueDaysAfterEnrollment: number | null;
}

/** Title, instructions and the due rule (days after enrolment, or none) of an assignment. */
export function AssignmentForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial?: AssignmentFormValues;
  submitLabel: string;
  onSubmit: (values: AssignmentFormValues) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const [title, setTitle] = useState(initial?.title ?? '');
  const [instructions, setInstructions] = useState(initial?.instructions ?? '');
  const [due, setDue] = useState(
    initial?.dueDaysAfterEnrollment ? String(initial.dueDaysAfterEnrollment) : '',
  );
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const done = await onSubmit({
      title,
      instructions,
      dueDaysAfterEnrollment: due.trim() ? Number(due) : null,
    });
    setBusy(false);
    if (done && !initial) {
      setTitle('');
      setInstructions('');
      setDue('');
    }
  }

  return (
    <Stack as="form" gap={2} onSubmit={submit}>
      <Field.Root required>
        <Field.Label>Assignment title</Field.Label>
        <Input size="sm" value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} />
      </Field.Root>
      <Field.Root>
        <Field.Label>Instructions</Field.Label>
        <Textarea
          size="sm"
          value={instructions}
          maxLength={5000}
          placeholder="Perform the combination at full speed, front and side view"
          onChange={(e) => setInstructions(e.target.value)}
        />
      </Field.Root>
      <Field.Root>
        <Field.Label>Due (days after enrolment)</Field.Label>
        <Input
          size="sm"
          type="number"
          min={1}
          max={3650}
          maxW="40"
          value={due}
          placeholder="No due date"
          onChange={(e) => setDue(e.target.value)}
        />
      </Field.Root>
      <HStack>
        <Button size="sm" type="submit" loading={busy} disabled={!title.trim()}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button size="sm" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </HStack>
    </Stack>
  );
}
