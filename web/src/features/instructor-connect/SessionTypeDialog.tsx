import {
  Button,
  Checkbox,
  CloseButton,
  Dialog,
  Field,
  Fieldset,
  Grid,
  HStack,
  Input,
  InputGroup,
  NativeSelect,
  Portal,
  Stack,
  Text,
  Textarea,
  Wrap,
} from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import type { ConnectSessionTypeFragment } from '../../gql/graphql';
import { type PlaceValue, ZipCityStateFields } from '../../ui/ZipCityStateFields';
import { useCourseMutation } from '../courses';
import {
  formFromSessionType,
  graphEnum,
  newSessionTypeForm,
  SESSION_KIND_LABEL,
  sessionTypeInput,
  type FormErrors,
  type SessionDefaults,
  type SessionKind,
  type SessionTypeFormValues,
} from './connectForm';
import { SessionTypeCreateMutationDocument, SessionTypeUpdateMutationDocument } from './connectDocuments';
import {
  describeRecurrence,
  RRULE_DAY_LABEL,
  RRULE_DAY_SHORT,
  RRULE_DAYS,
  type RruleDay,
} from './recurrence';

/** `null`: closed; `{ kind }`: a new session type of that kind; `{ type }`: edit it. */
export type SessionTypeDialogTarget = null | { kind: SessionKind } | { type: ConnectSessionTypeFragment };

const REFETCH = ['MyInstructorProfile'];

export function SessionTypeDialog({
  target,
  defaults,
  onClose,
}: {
  target: SessionTypeDialogTarget;
  defaults: SessionDefaults;
  onClose: () => void;
}) {
  return (
    <Dialog.Root
      open={target !== null}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="center"
      size="lg"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          {target !== null ? (
            <SessionTypeForm
              key={'type' in target ? target.type.id : target.kind}
              target={target}
              defaults={defaults}
              onClose={onClose}
            />
          ) : null}
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function SessionTypeForm({
  target,
  defaults,
  onClose,
}: {
  target: NonNullable<SessionTypeDialogTarget>;
  defaults: SessionDefaults;
  onClose: () => void;
}) {
  const editing = 'type' in target ? target.type : null;
  const create = useCourseMutation(SessionTypeCreateMutationDocument, 'Session type not created', REFETCH);
  const update = useCourseMutation(SessionTypeUpdateMutationDocument, 'Session type not saved', REFETCH);
  const mutation = editing ? update : create;
  const [values, setValues] = useState<SessionTypeFormValues>(() =>
    editing
      ? formFromSessionType(editing)
      : newSessionTypeForm((target as { kind: SessionKind }).kind, defaults),
  );
  const [active, setActive] = useState(editing?.active ?? true);
  // An in-person type's own place (e.g. a studio); empty: the instructor's location.
  const [place, setPlace] = useState<PlaceValue>({
    zip: editing?.zip ?? '',
    city: editing?.city ?? '',
    state: editing?.state ?? '',
  });
  const [localErrors, setLocalErrors] = useState<FormErrors>({});
  const set = <K extends keyof SessionTypeFormValues>(key: K, value: SessionTypeFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const errorOf = (field: string) => localErrors[field] ?? mutation.fieldError(field);
  const kind = values.kind;

  async function submit(event: { preventDefault: () => void }) {
    event.preventDefault();
    const { input, errors } = sessionTypeInput(values);
    setLocalErrors(errors);
    if (Object.keys(errors).length > 0) return;
    const graphInput = {
      ...input,
      kind: graphEnum(input.kind),
      locationMode: graphEnum(input.locationMode),
      ...(input.locationMode === 'in_person'
        ? { zip: place.zip.trim(), city: place.city.trim(), state: place.state.trim() }
        : {}),
    };
    const done = editing
      ? await update.run(
          // The kind of a session type is fixed once created.
          { ...graphInput, kind: undefined, sessionTypeId: editing.id, active } as never,
          'Session type saved',
        )
      : await create.run(graphInput as never, 'Session type created');
    if (done) onClose();
  }

  const number = (
    field: keyof SessionTypeFormValues,
    errorField: string,
    label: string,
    helper: string,
    unit?: string,
  ) => (
    <Field.Root invalid={Boolean(errorOf(errorField))}>
      <Field.Label>{label}</Field.Label>
      <InputGroup endElement={unit}>
        <Input
          name={field}
          inputMode="decimal"
          value={values[field] as string}
          onChange={(e) => set(field, e.target.value as never)}
        />
      </InputGroup>
      {errorOf(errorField) ? (
        <Field.ErrorText>{errorOf(errorField)}</Field.ErrorText>
      ) : (
        <Field.HelperText>{helper}</Field.HelperText>
      )}
    </Field.Root>
  );

  return (
    <Dialog.Content as="form" onSubmit={submit}>
      <Dialog.Header>
        <Dialog.Title>
          {editing ? `Edit “${editing.title}”` : `New ${SESSION_KIND_LABEL[kind].toLowerCase()}`}
        </Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap={5}>
          <Field.Root required invalid={Boolean(errorOf('title'))}>
            <Field.Label>
              Title <Field.RequiredIndicator />
            </Field.Label>
            <Input
              name="title"
              value={values.title}
              maxLength={120}
              onChange={(e) => set('title', e.target.value)}
            />
            {errorOf('title') ? <Field.ErrorText>{errorOf('title')}</Field.ErrorText> : null}
          </Field.Root>
          <Field.Root invalid={Boolean(errorOf('description'))}>
            <Field.Label>Description</Field.Label>
            <Textarea
              name="description"
              rows={3}
              value={values.description}
              onChange={(e) => set('description', e.target.value)}
              placeholder="What happens in the session, what to bring"
            />
            {errorOf('description') ? <Field.ErrorText>{errorOf('description')}</Field.ErrorText> : null}
          </Field.Root>
          <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap={4}>
            {number('durationMinutes', 'durationMinutes', 'Length', '10 to 480 minutes.', 'min')}
            {kind === 'consultation' ? (
              <Field.Root>
                <Field.Label>Price</Field.Label>
                <Input value="Free" readOnly disabled />
                <Field.HelperText>A consultation is always free.</Field.HelperText>
              </Field.Root>
            ) : (
              <Field.Root required invalid={Boolean(errorOf('priceCents'))}>
                <Field.Label>
                  Price <Field.RequiredIndicator />
                </Field.Label>
                <InputGroup startElement="$">
                  <Input
                    name="price"
                    inputMode="decimal"
                    value={values.price}
                    placeholder="60.00"
                    onChange={(e) => set('price', e.target.value)}
                  />
                </InputGroup>
                {errorOf('priceCents') ? (
                  <Field.ErrorText>{errorOf('priceCents')}</Field.ErrorText>
                ) : (
                  <Field.HelperText>
                    In US dollars{kind === 'group' ? ', per seat' : ''}; 0 for free.
                  </Field.HelperText>
                )}
              </Field.Root>
            )}
            {kind === 'group'
              ? number('capacity', 'capacity', 'Seats', 'How many clients per class (2 to 500).')
              : null}
            <Field.Root invalid={Boolean(errorOf('locationMode'))}>
              <Field.Label>Where</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  name="locationMode"
                  value={values.locationMode}
                  onChange={(e) =>
                    set('locationMode', e.target.value === 'in_person' ? 'in_person' : 'online')
                  }
                >
                  <option value="online">Online</option>
                  <option value="in_person">In person</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              {errorOf('locationMode') ? <Field.ErrorText>{errorOf('locationMode')}</Field.ErrorText> : null}
            </Field.Root>
          </Grid>
          {values.locationMode === 'in_person' ? (
            <Fieldset.Root>
              <Fieldset.Legend>Place (optional)</Fieldset.Legend>
              <ZipCityStateFields
                value={place}
                onChange={setPlace}
                errorOf={(field) => errorOf(field)}
                helperText="A studio’s US ZIP code fills in the city and state. Empty: your profile’s location."
              />
            </Fieldset.Root>
          ) : null}

          {kind === 'group' ? (
            <RecurrenceBuilder values={values} set={set} error={errorOf('recurrenceRule')} />
          ) : null}

          <FormGroup title="Scheduling">
            <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap={4}>
              {number(
                'bufferBeforeMinutes',
                'bufferBeforeMinutes',
                'Buffer before',
                'Free time kept before.',
                'min',
              )}
              {number(
                'bufferAfterMinutes',
                'bufferAfterMinutes',
                'Buffer after',
                'Free time kept after.',
                'min',
              )}
              {number(
                'minNoticeHours',
                'minNoticeMinutes',
                'Minimum notice',
                'How soon before the start one can book.',
                'hours',
              )}
              {number(
                'horizonDays',
                'horizonDays',
                'Book ahead',
                'How far ahead one can book (1 to 365).',
                'days',
              )}
              {kind !== 'group'
                ? number('maxPerDay', 'maxPerDay', 'Max per day', 'Empty: no daily limit.')
                : null}
            </Grid>
            <Checkbox.Root
              checked={values.requiresApproval}
              onCheckedChange={(d) => set('requiresApproval', d.checked === true)}
            >
              <Checkbox.HiddenInput name="requiresApproval" />
              <Checkbox.Control />
              <Checkbox.Label>
                Requires my approval (bookings arrive as requests I accept or decline)
              </Checkbox.Label>
            </Checkbox.Root>
          </FormGroup>

          {kind !== 'consultation' ? (
            <FormGroup title="Cancellation policy">
              <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap={4}>
                {number(
                  'cancelFreeHours',
                  'cancelFreeHours',
                  'Free cancellation until',
                  'Hours before the start.',
                  'hours before',
                )}
                {number(
                  'lateCancelFeePercent',
                  'lateCancelFeePercent',
                  'Late-cancellation fee',
                  'Kept when the client cancels later; the rest is refunded.',
                  '%',
                )}
              </Grid>
            </FormGroup>
          ) : null}
          {editing ? (
            <Checkbox.Root checked={active} onCheckedChange={(d) => setActive(d.checked === true)}>
              <Checkbox.HiddenInput name="active" />
              <Checkbox.Control />
              <Checkbox.Label>Active (clients can book it)</Checkbox.Label>
            </Checkbox.Root>
          ) : null}
          {mutation.userErrors.some((e) => !e.field) ? (
            <Text color="fg.error" fontSize="sm">
              {mutation.userErrors.find((e) => !e.field)?.message}
            </Text>
          ) : null}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline" type="button">
            Cancel
          </Button>
        </Dialog.ActionTrigger>
        <Button type="submit" loading={mutation.loading} loadingText="Saving…">
          {editing ? 'Save session type' : 'Create session type'}
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" />
      </Dialog.CloseTrigger>
    </Dialog.Content>
  );
}

function FormGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={3} borderTopWidth="1px" pt={4}>
      <Text fontWeight="semibold">{title}</Text>
      {children}
    </Stack>
  );
}

/** Weekday chips, a start time and "every N weeks" → the class's RRULE, with the rule in words. */
function RecurrenceBuilder({
  values,
  set,
  error,
}: {
  values: SessionTypeFormValues;
  set: <K extends keyof SessionTypeFormValues>(key: K, value: SessionTypeFormValues[K]) => void;
  error?: string;
}) {
  const recurrence = values.recurrence;
  const update = (next: Partial<typeof recurrence>) => {
    set('recurrence', { ...recurrence, ...next });
    if (values.customRule) set('customRule', null);
  };
  const toggleDay = (day: RruleDay) =>
    update({
      days: recurrence.days.includes(day)
        ? recurrence.days.filter((d) => d !== day)
        : [...recurrence.days, day],
    });
  return (
    <FormGroup title="When the class meets">
      {values.customRule ? (
        <Text fontSize="sm" color="fg.muted">
          Current rule: <code>{values.customRule}</code> (change the days below to replace it).
        </Text>
      ) : null}
      <Field.Root invalid={Boolean(error)}>
        <Field.Label>Days</Field.Label>
        <Wrap gap={2}>
          {RRULE_DAYS.map((day) => {
            const selected = !values.customRule && recurrence.days.includes(day);
            return (
              <Button
                key={day}
                type="button"
                size="xs"
                minW="12"
                variant={selected ? 'solid' : 'outline'}
                aria-pressed={selected}
                aria-label={RRULE_DAY_LABEL[day]}
                onClick={() => toggleDay(day)}
              >
                {RRULE_DAY_SHORT[day]}
              </Button>
            );
          })}
        </Wrap>
        {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
      </Field.Root>
      <HStack gap={4} align="flex-end" wrap="wrap">
        <Field.Root maxW="40">
          <Field.Label>Starts at</Field.Label>
          <Input
            type="time"
            name="recurrenceTime"
            value={recurrence.time}
            step={300}
            onChange={(e) => update({ time: e.target.value })}
          />
        </Field.Root>
        <Field.Root maxW="48">
          <Field.Label>Repeats</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              name="recurrenceInterval"
              value={String(recurrence.interval)}
              onChange={(e) => update({ interval: Number(e.target.value) })}
            >
              <option value="1">Every week</option>
              <option value="2">Every 2 weeks</option>
              <option value="3">Every 3 weeks</option>
              <option value="4">Every 4 weeks</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </HStack>
      {!values.customRule && recurrence.days.length > 0 ? (
        <Text fontSize="sm" data-testid="recurrence-summary">
          {describeRecurrence(recurrence)}, in your time zone. Each class has its own seats.
        </Text>
      ) : null}
    </FormGroup>
  );
}
