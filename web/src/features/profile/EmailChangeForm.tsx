import { useMutation } from '@apollo/client/react';
import { Alert, Button, Field, Input, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import {
  EmailChangeMutationDocument,
  NO_ERRORS,
  settle,
  splitUserErrors,
  type FormErrors,
  FormProblems,
} from '../account';
import { usePasskeyConfirmation } from '../passkeys';

type EmailField = 'newEmail' | 'password';

export const EMAIL_CHANGE_TEXT = {
  emailRequired: 'Enter the new email address',
  passwordRequired: 'Enter your current password',
  passwordOrPasskey: 'Enter your current password, or use a passkey instead',
  changed: (email: string) =>
    `We sent a confirmation link to ${email}. Your previous address was told about the change.`,
} as const;

type Proof = { password: string } | { passkeyResponse: string };

/**
 * Changes the account's email: the current password proves it is them, or one of their passkeys
 * ("Use a passkey instead", when they have one: an account made with a provider or a passkey may
 * have no password). The new address is unconfirmed until the link mailed there is opened; the
 * saved account comes back from the server and updates the page (and the header) through the cache.
 */
export function EmailChangeForm({ hasEmail }: { hasEmail: boolean }) {
  const [mutate, { loading }] = useMutation(EmailChangeMutationDocument);
  const passkey = usePasskeyConfirmation();
  const { confirming } = passkey;
  const canUsePasskey = passkey.available;
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FormErrors<EmailField>>(NO_ERRORS);
  const [done, setDone] = useState<string | null>(null);

  /** The new address, or null after saying what is missing (`needPassword`: the password too). */
  function checked(needPassword: boolean): string | null {
    setDone(null);
    const email = newEmail.trim();
    const fields: FormErrors<EmailField>['fields'] = {};
    if (!email) fields.newEmail = EMAIL_CHANGE_TEXT.emailRequired;
    if (needPassword && !password)
      fields.password = canUsePasskey
        ? EMAIL_CHANGE_TEXT.passwordOrPasskey
        : EMAIL_CHANGE_TEXT.passwordRequired;
    if (fields.newEmail || fields.password) {
      setErrors({ fields, form: [] });
      return null;
    }
    setErrors(NO_ERRORS);
    return email;
  }

  async function change(email: string, proof: Proof) {
    const outcome = await settle(
      mutate({ variables: { input: { newEmail: email, ...proof } } }).then(({ data }) => data?.emailChange),
    );
    if (!outcome.ok) {
      setErrors(splitUserErrors(outcome.errors, ['newEmail', 'password']));
      return;
    }
    setDone(EMAIL_CHANGE_TEXT.changed(outcome.payload.user?.email ?? email));
    setNewEmail('');
    setPassword('');
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = checked(true);
    if (email) await change(email, { password });
  }

  async function withPasskey() {
    const email = checked(false);
    if (!email) return;
    const answer = await passkey.confirm();
    if ('problem' in answer) setErrors({ fields: {}, form: [answer.problem] });
    else await change(email, { passkeyResponse: answer.response });
  }

  const clear = (field: EmailField) => {
    if (errors.fields[field]) setErrors({ ...errors, fields: { ...errors.fields, [field]: undefined } });
  };

  return (
    <form onSubmit={onSubmit} aria-labelledby="email-change-heading" noValidate>
      <Stack gap="4">
        {done && (
          <Alert.Root status="success">
            <Alert.Indicator />
            <Alert.Title>{done}</Alert.Title>
          </Alert.Root>
        )}
        <FormProblems messages={errors.form} />
        <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
          <Field.Root invalid={Boolean(errors.fields.newEmail)}>
            <Field.Label>{hasEmail ? 'New email' : 'Email'}</Field.Label>
            <Input
              name="newEmail"
              type="email"
              autoComplete="email"
              value={newEmail}
              onChange={(event) => {
                setNewEmail(event.target.value);
                clear('newEmail');
              }}
            />
            <Field.ErrorText>{errors.fields.newEmail}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errors.fields.password)}>
            <Field.Label>Current password</Field.Label>
            <Input
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                clear('password');
              }}
            />
            <Field.ErrorText>{errors.fields.password}</Field.ErrorText>
          </Field.Root>
        </Stack>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3" align={{ sm: 'center' }}>
          <Button type="submit" loading={loading && !confirming} loadingText="Saving…" disabled={confirming}>
            {hasEmail ? 'Change email' : 'Add email'}
          </Button>
          {canUsePasskey && (
            <Button
              type="button"
              variant="outline"
              loading={confirming}
              loadingText="Waiting for your passkey…"
              disabled={loading && !confirming}
              onClick={() => void withPasskey()}
            >
              Use a passkey instead
            </Button>
          )}
        </Stack>
      </Stack>
    </form>
  );
}
