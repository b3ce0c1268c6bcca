import { useMutation } from '@apollo/client/react';
import { Alert, Button, Field, Input, Link, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  PasswordChangeMutationDocument,
  NO_ERRORS,
  settle,
  splitUserErrors,
  type FormErrors,
  FormProblems,
  checkNewPassword,
  isClear,
  PASSWORD_TEXT,
} from '../account';

type PasswordField = 'currentPassword' | 'newPassword' | 'confirmPassword';

const EMPTY: Record<PasswordField, string> = { currentPassword: '', newPassword: '', confirmPassword: '' };

export const PASSWORD_CHANGE_TEXT = {
  currentRequired: 'Enter your current password',
  changedFallback: 'Your password was changed. Your other sessions were signed out.',
} as const;

/**
 * Changes the password of the signed-in account: the current one, then the new one twice. This
 * session stays; the server ends the others and mails a notice.
 */
export function PasswordChangeForm({ username }: { username: string }) {
  const [mutate, { loading }] = useMutation(PasswordChangeMutationDocument);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FormErrors<PasswordField>>(NO_ERRORS);
  const [done, setDone] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(null);
    const fields: FormErrors<PasswordField>['fields'] = checkNewPassword(
      values.newPassword,
      values.confirmPassword,
    );
    if (!values.currentPassword) fields.currentPassword = PASSWORD_CHANGE_TEXT.currentRequired;
    if (!isClear(fields)) {
      setErrors({ fields, form: [] });
      return;
    }
    setErrors(NO_ERRORS);
    const { currentPassword, newPassword } = values;
    const outcome = await settle(
      mutate({ variables: { input: { currentPassword, newPassword } } }).then(
        ({ data }) => data?.passwordChange,
      ),
    );
    if (!outcome.ok) {
      setErrors(splitUserErrors(outcome.errors, ['currentPassword', 'newPassword']));
      return;
    }
    setDone(outcome.payload.message || PASSWORD_CHANGE_TEXT.changedFallback);
    setValues(EMPTY);
  }

  const bind = (field: PasswordField) => ({
    name: field,
    type: 'password',
    value: values[field],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [field]: event.target.value }));
      if (errors.fields[field]) setErrors({ ...errors, fields: { ...errors.fields, [field]: undefined } });
    },
  });

  return (
    <form onSubmit={onSubmit} aria-labelledby="password-heading" noValidate>
      <Stack gap="4">
        {/* For password managers: whose password this is. */}
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        {done && (
          <Alert.Root status="success">
            <Alert.Indicator />
            <Alert.Title>{done}</Alert.Title>
          </Alert.Root>
        )}
        <FormProblems messages={errors.form} />
        <Field.Root invalid={Boolean(errors.fields.currentPassword)}>
          <Field.Label>Current password</Field.Label>
          <Input autoComplete="current-password" {...bind('currentPassword')} />
          <Field.ErrorText>{errors.fields.currentPassword}</Field.ErrorText>
          <Field.HelperText>
            Forgot it?{' '}
            <Link asChild colorPalette="blue" variant="underline">
              <RouterLink to="/forgot-password">Reset your password by email</RouterLink>
            </Link>
          </Field.HelperText>
        </Field.Root>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
          <Field.Root invalid={Boolean(errors.fields.newPassword)}>
            <Field.Label>New password</Field.Label>
            <Input autoComplete="new-password" {...bind('newPassword')} />
            {errors.fields.newPassword ? (
              <Field.ErrorText>{errors.fields.newPassword}</Field.ErrorText>
            ) : (
              <Field.HelperText>{PASSWORD_TEXT.hint}</Field.HelperText>
            )}
          </Field.Root>
          <Field.Root invalid={Boolean(errors.fields.confirmPassword)}>
            <Field.Label>Confirm new password</Field.Label>
            <Input autoComplete="new-password" {...bind('confirmPassword')} />
            <Field.ErrorText>{errors.fields.confirmPassword}</Field.ErrorText>
          </Field.Root>
        </Stack>
        <Button type="submit" alignSelf="flex-start" loading={loading} loadingText="Saving…">
          Change password
        </Button>
      </Stack>
    </form>
  );
}
