import {
  Alert,
  Button,
  Checkbox,
  CheckboxGroup,
  CloseButton,
  Dialog,
  Field,
  Fieldset,
  Input,
  NativeSelect,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import {
  checkTokenInput,
  DEFAULT_EXPIRY,
  EXPIRY_OPTIONS,
  expiresInDays,
  type FormErrors,
} from './apiTokenFormat';

export interface ScopeChoice {
  name: string;
  description: string;
}

export interface NewTokenInput {
  name: string;
  scopes: string[];
  expiresInDays: number | null;
}

export interface CreateTokenFormProps {
  /** The scopes to offer (without `admin` for non-staff: choosableScopes). */
  scopes: readonly ScopeChoice[];
  pending: boolean;
  /** The server's refusals of the last try. */
  errors: FormErrors;
  /** Creates the token; the dialog closes when it resolves to true. */
  onCreate: (input: NewTokenInput) => Promise<boolean>;
  onClose: () => void;
}

const NAME_MAX = 100;

/**
 * The content of the "Create token" dialog: a name, an expiry, and scopes (each with what it
 * allows; the long list comes last, so the short fields are seen without scrolling).
 */
export function CreateTokenForm({ scopes, pending, errors, onCreate, onClose }: CreateTokenFormProps) {
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [expiry, setExpiry] = useState(DEFAULT_EXPIRY);
  const [checked, setChecked] = useState<FormErrors['fields']>({});

  const nameError = checked.name ?? errors.fields.name;
  const scopesError = checked.scopes ?? errors.fields.scopes;
  const expiryError = errors.fields.expiresInDays;

  async function submit(event: { preventDefault: () => void }) {
    event.preventDefault();
    const found = checkTokenInput({ name, scopes: chosen });
    setChecked(found);
    if (Object.keys(found).length > 0) return;
    // In the order of the list, not of the clicks.
    const ordered = scopes.map((s) => s.name).filter((scope) => chosen.includes(scope));
    if (await onCreate({ name: name.trim(), scopes: ordered, expiresInDays: expiresInDays(expiry) })) {
      onClose();
    }
  }

  return (
    // The form's own checks say what is missing next to each field (the browser's bubbles would not).
    <Dialog.Content asChild>
      <form onSubmit={submit} noValidate>
        <Dialog.Header>
          <Dialog.Title>Create an API token</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap={5}>
            <Text color="fg.muted" textStyle="sm">
              The token acts as you, within the scopes you choose, and never beyond what your account may do.
            </Text>
            {errors.form.map((message) => (
              <Alert.Root key={message} status="error">
                <Alert.Indicator />
                <Alert.Title>{message}</Alert.Title>
              </Alert.Root>
            ))}
            <Field.Root required invalid={Boolean(nameError)}>
              <Field.Label>
                Name <Field.RequiredIndicator />
              </Field.Label>
              <Input
                name="name"
                value={name}
                maxLength={NAME_MAX}
                autoComplete="off"
                placeholder="e.g. Studio website"
                onChange={(e) => setName(e.target.value)}
              />
              {nameError ? (
                <Field.ErrorText>{nameError}</Field.ErrorText>
              ) : (
                <Field.HelperText>Where you use it, to tell your tokens apart.</Field.HelperText>
              )}
            </Field.Root>
            <Field.Root invalid={Boolean(expiryError)}>
              <Field.Label>Expires</Field.Label>
              <NativeSelect.Root maxW="xs">
                <NativeSelect.Field
                  name="expiresInDays"
                  value={expiry}
                  onChange={(e) => setExpiry(e.target.value)}
                >
                  {EXPIRY_OPTIONS.map((option) => (
                    <option key={option.label} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              {expiryError ? (
                <Field.ErrorText>{expiryError}</Field.ErrorText>
              ) : (
                <Field.HelperText>You can revoke it at any time.</Field.HelperText>
              )}
            </Field.Root>
            <Fieldset.Root invalid={Boolean(scopesError)}>
              <Fieldset.Legend>Scopes</Fieldset.Legend>
              <Fieldset.HelperText>
                What the token may do. A write scope includes its read scope.
              </Fieldset.HelperText>
              {scopesError ? <Fieldset.ErrorText>{scopesError}</Fieldset.ErrorText> : null}
              <Fieldset.Content>
                <CheckboxGroup value={chosen} onValueChange={setChosen} name="scopes">
                  <Stack gap={3} as="ul" listStyleType="none" m={0} p={0}>
                    {scopes.map((scope) => {
                      const descriptionId = `scope-${scope.name.replace(/[^a-z0-9]/gi, '-')}-description`;
                      return (
                        <li key={scope.name}>
                          <Checkbox.Root value={scope.name} alignItems="flex-start">
                            <Checkbox.HiddenInput aria-describedby={descriptionId} />
                            <Checkbox.Control mt={0.5} />
                            <Stack gap={0}>
                              <Checkbox.Label fontFamily="mono">{scope.name}</Checkbox.Label>
                              <Text id={descriptionId} color="fg.muted" textStyle="sm">
                                {scope.description}
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
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Dialog.ActionTrigger asChild>
            <Button variant="outline" type="button">
              Cancel
            </Button>
          </Dialog.ActionTrigger>
          <Button type="submit" loading={pending} loadingText="Creating…">
            Create token
          </Button>
        </Dialog.Footer>
        <Dialog.CloseTrigger asChild>
          <CloseButton size="sm" aria-label="Close" />
        </Dialog.CloseTrigger>
      </form>
    </Dialog.Content>
  );
}
