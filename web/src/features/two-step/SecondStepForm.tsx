import { useMutation } from '@apollo/client/react';
import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { NO_ERRORS, settle, splitUserErrors, type FormErrors, FormProblems } from '../account';
import { AUTH_TEXT, afterAuthPath } from '../auth';
import { queueToastForNextPage } from '../../ui/toaster';
import { usePasskeySignIn } from '../passkeys';
import { LoginSecondStepDocument } from './twoStepDocuments';

export const SECOND_STEP_TEXT = {
  intro:
    'Confirm it’s you: enter the 6-digit code from your authenticator app, or use a passkey of this account.',
  introRecovery: 'Enter one of your recovery codes. Each works once.',
  codeLabel: 'Authentication code',
  recoveryLabel: 'Recovery code',
  codeRequired: 'Enter the code',
  useRecovery: 'Use a recovery code',
  useApp: 'Use the authenticator app',
  verify: 'Verify',
  usePasskey: 'Use a passkey',
  startOver: 'Sign in again',
} as const;

/**
 * The second step of /auth's sign-in: one code (the app's, or a recovery code); then where a
 * sign-in goes (`?returnTo=`, else /dashboard) with a full reload, like the password step.
 */
export function SecondStepForm({ onStartOver }: { onStartOver: () => void }) {
  const [mutate, { loading }] = useMutation(LoginSecondStepDocument);
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FormErrors<'code'>>(NO_ERRORS);
  // A passkey is a strong sign-in of its own: it gives the second step too (auth/sign-in.ts).
  const passkey = usePasskeySignIn();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!code.trim()) {
      setErrors({ fields: { code: SECOND_STEP_TEXT.codeRequired }, form: [] });
      return;
    }
    setErrors(NO_ERRORS);
    const outcome = await settle(
      mutate({ variables: { input: { code: code.trim() } } }).then(({ data }) => data?.loginSecondStep),
    );
    if (!outcome.ok || !outcome.payload.user) {
      setErrors(outcome.ok ? NO_ERRORS : splitUserErrors(outcome.errors, ['code']));
      return;
    }
    queueToastForNextPage({
      title: AUTH_TEXT.loginSuccessTitle,
      description: AUTH_TEXT.loginSuccessDescription,
      type: 'success',
    });
    window.location.assign(afterAuthPath(window.location.search));
  }

  return (
    <form onSubmit={onSubmit} aria-label="Two-step sign-in" noValidate>
      <Stack gap="4">
        <Text>{recovery ? SECOND_STEP_TEXT.introRecovery : SECOND_STEP_TEXT.intro}</Text>
        <FormProblems messages={errors.form} />
        <Field.Root invalid={Boolean(errors.fields.code)}>
          <Field.Label>{recovery ? SECOND_STEP_TEXT.recoveryLabel : SECOND_STEP_TEXT.codeLabel}</Field.Label>
          <Input
            name="code"
            autoComplete="one-time-code"
            inputMode={recovery ? 'text' : 'numeric'}
            autoFocus
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <Field.ErrorText>{errors.fields.code}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" loading={loading} width="full">
          {SECOND_STEP_TEXT.verify}
        </Button>
        <Button
          type="button"
          variant="outline"
          width="full"
          onClick={() => void passkey.signIn()}
          loading={passkey.busy}
        >
          <KeyRound aria-hidden />
          {SECOND_STEP_TEXT.usePasskey}
        </Button>
        {passkey.problem && (
          <Text role="alert" textStyle="sm" color="fg.error">
            {passkey.problem}
          </Text>
        )}
        <Button
          type="button"
          variant="plain"
          size="sm"
          colorPalette="blue"
          onClick={() => {
            setRecovery(!recovery);
            setCode('');
            setErrors(NO_ERRORS);
          }}
        >
          {recovery ? SECOND_STEP_TEXT.useApp : SECOND_STEP_TEXT.useRecovery}
        </Button>
        <Button type="button" variant="plain" size="sm" onClick={onStartOver}>
          {SECOND_STEP_TEXT.startOver}
        </Button>
      </Stack>
    </form>
  );
}
