import { Button, Field, Input, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { NO_ERRORS, splitUserErrors, type FormErrors, FormProblems } from '../account';
import { usePasskeyConfirmation } from '../passkeys';
import { PRIVACY_TEXT } from './privacyText';
import { useAccountDelete } from './useAccountDelete';

type DeleteField = 'password' | 'confirmation';

/**
 * "Delete my account": the current password (the server checks it) — or one of my passkeys ("Use a
 * passkey instead", when I have one) — and the word DELETE typed out
 * (checked here: it only guards against a slip). A refusal (last admin, upcoming lessons, a store
 * balance, a membership that renews) is shown above the form, a wrong password beside its field.
 */
export function AccountDeleteForm({ username }: { username: string }) {
  const { remove, loading } = useAccountDelete();
  const [values, setValues] = useState<Record<DeleteField, string>>({ password: '', confirmation: '' });
  const [errors, setErrors] = useState<FormErrors<DeleteField>>(NO_ERRORS);
  const passkey = usePasskeyConfirmation();

  /** Whether the form may go (else says what is missing); `needPassword`: the password too. */
  function checked(needPassword: boolean): boolean {
    const fields: FormErrors<DeleteField>['fields'] = {};
    if (needPassword && !values.password) fields.password = PRIVACY_TEXT.passwordRequired;
    if (values.confirmation.trim() !== PRIVACY_TEXT.confirmWord)
      fields.confirmation = PRIVACY_TEXT.confirmMismatch;
    setErrors({ fields, form: [] });
    return !fields.password && !fields.confirmation;
  }

  async function send(proof: { password: string } | { passkeyResponse: string }) {
    const outcome = await remove(proof);
    if (!outcome.ok) setErrors(splitUserErrors(outcome.errors, ['password']));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (checked(true)) await send({ password: values.password });
  }

  async function withPasskey() {
    if (!checked(false)) return;
    const answer = await passkey.confirm();
    if ('problem' in answer) setErrors({ fields: {}, form: [answer.problem] });
    else await send({ passkeyResponse: answer.response });
  }

  const bind = (field: DeleteField) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [field]: event.target.value }));
      if (errors.fields[field]) setErrors({ ...errors, fields: { ...errors.fields, [field]: undefined } });
    },
  });

  return (
    <form onSubmit={onSubmit} aria-labelledby="account-delete-heading" noValidate>
      <Stack gap="4">
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        <FormProblems messages={errors.form} />
        <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
          <Field.Root invalid={Boolean(errors.fields.password)}>
            <Field.Label>{PRIVACY_TEXT.passwordLabel}</Field.Label>
            <Input type="password" autoComplete="current-password" {...bind('password')} />
            <Field.ErrorText>{errors.fields.password}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errors.fields.confirmation)}>
            <Field.Label>{PRIVACY_TEXT.confirmLabel}</Field.Label>
            <Input autoComplete="off" spellCheck={false} {...bind('confirmation')} />
            <Field.ErrorText>{errors.fields.confirmation}</Field.ErrorText>
          </Field.Root>
        </Stack>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3" align={{ sm: 'center' }}>
          <Button
            type="submit"
            colorPalette="red"
            loading={loading && !passkey.confirming}
            loadingText={PRIVACY_TEXT.deleting}
            disabled={passkey.confirming}
          >
            {PRIVACY_TEXT.deleteButton}
          </Button>
          {passkey.available && (
            <Button
              type="button"
              variant="outline"
              colorPalette="red"
              loading={passkey.confirming}
              loadingText="Waiting for your passkey…"
              disabled={loading}
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
