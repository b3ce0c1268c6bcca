import { useMutation } from '@apollo/client/react';
import { Alert, Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { PasswordResetRequestMutationDocument } from './accountDocuments';
import { NO_ERRORS, settle, splitUserErrors, type FormErrors } from './accountErrors';
import { AccountPageFrame } from './AccountPageFrame';
import { FormProblems } from './FormProblems';

export const FORGOT_TEXT = {
  loginRequired: 'Enter your username or email address',
  sentFallback: 'If an account matches, we have sent a link to choose a new password to its email address.',
} as const;

/**
 * /forgot-password ("Forgot password?" on /auth): asks for a link to choose a new password. The
 * answer is the server's, the same whether or not an account matched; only an empty field and the
 * address's hourly limit are refused.
 */
export default function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const [mutate, { loading }] = useMutation(PasswordResetRequestMutationDocument);
  const [login, setLogin] = useState('');
  const [errors, setErrors] = useState<FormErrors<'login'>>(NO_ERRORS);
  const [sent, setSent] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = login.trim();
    if (!name) {
      setErrors({ fields: { login: FORGOT_TEXT.loginRequired }, form: [] });
      return;
    }
    setErrors(NO_ERRORS);
    const outcome = await settle(
      mutate({ variables: { input: { login: name } } }).then(({ data }) => data?.passwordResetRequest),
    );
    if (outcome.ok) setSent(outcome.payload.message || FORGOT_TEXT.sentFallback);
    else setErrors(splitUserErrors(outcome.errors, ['login']));
  }

  if (sent) {
    return (
      <AccountPageFrame title="Check your email">
        <Stack gap="4">
          <Alert.Root status="success">
            <Alert.Indicator />
            <Alert.Title>{sent}</Alert.Title>
          </Alert.Root>
          <Text color="fg.muted" textStyle="sm">
            No mail after a few minutes? Check your spam folder, and that you typed the username or address of
            your account.
          </Text>
          <Button variant="outline" onClick={() => setSent(null)}>
            Send another link
          </Button>
        </Stack>
      </AccountPageFrame>
    );
  }

  return (
    <AccountPageFrame
      title="Forgot your password?"
      intro="Enter your username or email address and we will send you a link to choose a new password."
    >
      <form onSubmit={onSubmit} aria-label="Forgot password" noValidate>
        <Stack gap="4">
          <FormProblems messages={errors.form} />
          <Field.Root invalid={Boolean(errors.fields.login)}>
            <Field.Label>Username or email</Field.Label>
            <Input
              name="login"
              autoComplete="username"
              autoFocus
              value={login}
              onChange={(event) => {
                setLogin(event.target.value);
                if (errors.fields.login) setErrors(NO_ERRORS);
              }}
            />
            <Field.ErrorText>{errors.fields.login}</Field.ErrorText>
          </Field.Root>
          <Button type="submit" loading={loading} loadingText="Sending…" width="full">
            Send reset link
          </Button>
        </Stack>
      </form>
    </AccountPageFrame>
  );
}
