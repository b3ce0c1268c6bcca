import { useMutation } from '@apollo/client/react';
import { Alert, Button, Field, Input, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { queueToastForNextPage } from '../../ui/toaster';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { DEFAULT_AFTER_AUTH_PATH } from '../auth';
import { tokenFromSearch } from '../notifications';
import { PasswordResetMutationDocument } from './accountDocuments';
import { NO_ERRORS, settle, splitUserErrors, type FormErrors } from './accountErrors';
import { AccountPageFrame } from './AccountPageFrame';
import { FormProblems } from './FormProblems';
import { checkNewPassword, isClear, PASSWORD_TEXT } from './passwordRules';

type ResetField = 'newPassword' | 'confirmPassword' | 'token';

export const RESET_TEXT = {
  incompleteLink:
    'This password reset link is incomplete. Open the whole link from the email, or ask for a new one.',
  changedTitle: 'Password changed',
  changedDescription: 'You are signed in with your new password.',
} as const;

/**
 * /reset-password?token=… (the link of a reset mail): a new password, typed twice. Success signs
 * this browser in (the server ends every other session) and reloads the app on /dashboard with
 * the "Password changed" toast, as a sign-in does; a used, expired or garbled link says so and
 * offers a new one.
 */
export default function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const token = tokenFromSearch(useLocation().search);
  const [mutate, { loading }] = useMutation(PasswordResetMutationDocument);
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<FormErrors<ResetField>>(NO_ERRORS);
  const [done, setDone] = useState(false);

  const linkProblem = token ? errors.fields.token : RESET_TEXT.incompleteLink;
  if (linkProblem) {
    return (
      <AccountPageFrame title="Choose a new password">
        <Stack gap="4">
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{linkProblem}</Alert.Title>
          </Alert.Root>
          <Button asChild>
            <RouterLink to="/forgot-password">Ask for a new link</RouterLink>
          </Button>
        </Stack>
      </AccountPageFrame>
    );
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!token) return;
    const problems = checkNewPassword(newPassword, confirmPassword);
    if (!isClear(problems)) {
      setErrors({ fields: problems, form: [] });
      return;
    }
    setErrors(NO_ERRORS);
    const outcome = await settle(
      mutate({ variables: { input: { token, newPassword } } }).then(({ data }) => data?.passwordReset),
    );
    if (!outcome.ok) {
      setErrors(splitUserErrors(outcome.errors, ['newPassword', 'token']));
      return;
    }
    // Signed in now: a full load on /dashboard, so every query starts with the new session.
    setDone(true);
    queueToastForNextPage({
      title: RESET_TEXT.changedTitle,
      description: RESET_TEXT.changedDescription,
      type: 'success',
    });
    // With two-step sign-in on, no session yet: the code step of /auth finishes the sign-in.
    window.location.assign(outcome.payload.user ? DEFAULT_AFTER_AUTH_PATH : '/auth?step=code');
  }

  const clear = (field: ResetField) => {
    if (errors.fields[field]) setErrors({ ...errors, fields: { ...errors.fields, [field]: undefined } });
  };

  return (
    <AccountPageFrame
      title="Choose a new password"
      intro="Your other sessions will be signed out, and we will tell you by email."
    >
      <form onSubmit={onSubmit} aria-label="Choose a new password" noValidate>
        <Stack gap="4">
          <FormProblems messages={errors.form} />
          <Field.Root invalid={Boolean(errors.fields.newPassword)}>
            <Field.Label>New password</Field.Label>
            <Input
              name="newPassword"
              type="password"
              autoComplete="new-password"
              value={newPassword}
              onChange={(event) => {
                setNewPassword(event.target.value);
                clear('newPassword');
              }}
            />
            {errors.fields.newPassword ? (
              <Field.ErrorText>{errors.fields.newPassword}</Field.ErrorText>
            ) : (
              <Field.HelperText>{PASSWORD_TEXT.hint}</Field.HelperText>
            )}
          </Field.Root>
          <Field.Root invalid={Boolean(errors.fields.confirmPassword)}>
            <Field.Label>Confirm new password</Field.Label>
            <Input
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              value={confirmPassword}
              onChange={(event) => {
                setConfirmPassword(event.target.value);
                clear('confirmPassword');
              }}
            />
            <Field.ErrorText>{errors.fields.confirmPassword}</Field.ErrorText>
          </Field.Root>
          <Button type="submit" loading={loading || done} loadingText="Saving…" width="full">
            Change password
          </Button>
        </Stack>
      </form>
    </AccountPageFrame>
  );
}
