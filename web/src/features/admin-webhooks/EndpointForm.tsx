import {
  Button,
  Checkbox,
  CheckboxGroup,
  Field,
  Fieldset,
  Input,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useState } from 'react';
import { checkEndpointInput } from './webhookFormat';

export interface EventChoice {
  type: string;
  description: string;
}

export interface EndpointValues {
  url: string;
  description: string;
  events: string[];
}

export interface EndpointFormProps {
  eventTypes: readonly EventChoice[];
  initial?: EndpointValues;
  submitLabel: string;
  pending: boolean;
  /** The server's refusal for a field, e.g. fieldError('url'). */
  fieldError: (field: string) => string | undefined;
  /** Saves; the form clears itself when this resolves to true and `resetOnSave` is set. */
  onSubmit: (values: EndpointValues) => Promise<boolean>;
  resetOnSave?: boolean;
}

const EMPTY: EndpointValues = { url: '', description: '', events: [] };

/** An endpoint's URL, note and events (each with what it means), checked before sending. */
export function EndpointForm({
  eventTypes,
  initial = EMPTY,
  submitLabel,
  pending,
  fieldError,
  onSubmit,
  resetOnSave,
}: EndpointFormProps) {
  const [values, setValues] = useState<EndpointValues>(initial);
  const [checked, setChecked] = useState<{ url?: string; events?: string }>({});
  const urlError = checked.url ?? fieldError('url');
  const eventsError = checked.events ?? fieldError('events');
  const descriptionError = fieldError('description');

  async function submit(event: { preventDefault: () => void }) {
    event.preventDefault();
    const found = checkEndpointInput(values);
    setChecked(found);
    if (Object.keys(found).length > 0) return;
    const ordered = eventTypes.map((e) => e.type).filter((type) => values.events.includes(type));
    const saved = await onSubmit({
      url: values.url.trim(),
      description: values.description.trim(),
      events: ordered,
    });
    if (saved && resetOnSave) setValues(EMPTY);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap={5}>
        <Field.Root required invalid={Boolean(urlError)}>
          <Field.Label>
            URL <Field.RequiredIndicator />
          </Field.Label>
          <Input
            name="url"
            type="url"
            value={values.url}
            autoComplete="off"
            placeholder="https://example.com/webhooks/drx"
            onChange={(e) => setValues({ ...values, url: e.target.value })}
          />
          {urlError ? (
            <Field.ErrorText>{urlError}</Field.ErrorText>
          ) : (
            <Field.HelperText>
              DRX POSTs signed JSON here. Use https; private addresses are refused.
            </Field.HelperText>
          )}
        </Field.Root>
        <Field.Root invalid={Boolean(descriptionError)}>
          <Field.Label>Description</Field.Label>
          <Textarea
            name="description"
            value={values.description}
            maxLength={500}
            rows={2}
            placeholder="e.g. Accounting system"
            onChange={(e) => setValues({ ...values, description: e.target.value })}
          />
          {descriptionError ? <Field.ErrorText>{descriptionError}</Field.ErrorText> : null}
        </Field.Root>
        <Fieldset.Root invalid={Boolean(eventsError)}>
          <Fieldset.Legend>Events</Fieldset.Legend>
          <Fieldset.HelperText>What to send to this endpoint.</Fieldset.HelperText>
          {eventsError ? <Fieldset.ErrorText>{eventsError}</Fieldset.ErrorText> : null}
          <Fieldset.Content>
            <CheckboxGroup
              value={values.events}
              onValueChange={(events) => setValues({ ...values, events })}
              name="events"
            >
              <Stack gap={3} as="ul" listStyleType="none" m={0} p={0}>
                {eventTypes.map((event) => {
                  const descriptionId = `event-${event.type.replace(/[^a-z0-9]/gi, '-')}-description`;
                  return (
                    <li key={event.type}>
                      <Checkbox.Root value={event.type} alignItems="flex-start">
                        <Checkbox.HiddenInput aria-describedby={descriptionId} />
                        <Checkbox.Control mt={0.5} />
                        <Stack gap={0}>
                          <Checkbox.Label fontFamily="mono">{event.type}</Checkbox.Label>
                          <Text id={descriptionId} color="fg.muted" textStyle="sm">
                            {event.description}
                          </Text>
                        </Stack>
                      </Checkbox.Root>
                    </li>
                  );
                })}
              </Stack>
            </CheckboxGroup>
          </Fieldset.Content>
        </Fieldset.Root>
        <div>
          <Button type="submit" colorPalette="brand" loading={pending} loadingText="Saving…">
            {submitLabel}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
