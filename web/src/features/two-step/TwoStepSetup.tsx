import { useMutation } from '@apollo/client/react';
import { Box, Button, Code, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { NO_ERRORS, settle, splitUserErrors, type FormErrors, FormProblems } from '../account';
import { TwoStepSetupConfirmDocument, TwoStepSetupStartDocument } from './twoStepDocuments';

interface Secret {
  key: string;
  qrSize: number;
  qrPath: string;
}

/**
 * Setting up: a QR code and the key as text (from the server, shown once), then a current code of
 * the app confirms it; the recovery codes go to `onEnabled`.
 */
export function TwoStepSetup({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const [start, { loading: starting }] = useMutation(TwoStepSetupStartDocument);
  const [confirm, { loading: confirming }] = useMutation(TwoStepSetupConfirmDocument);
  const [secret, setSecret] = useState<Secret | null>(null);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FormErrors<'code'>>(NO_ERRORS);

  async function begin() {
    setErrors(NO_ERRORS);
    const outcome = await settle(start().then(({ data }) => data?.twoStepSetupStart));
    if (!outcome.ok) return setErrors(splitUserErrors(outcome.errors, []));
    const { key, qrSize, qrPath } = outcome.payload;
    if (key && qrSize && qrPath) setSecret({ key, qrSize, qrPath });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!code.trim()) return setErrors({ fields: { code: 'Enter the code from your app' }, form: [] });
    setErrors(NO_ERRORS);
    const outcome = await settle(
      confirm({ variables: { input: { code: code.trim() } } }).then(({ data }) => data?.twoStepSetupConfirm),
    );
    if (!outcome.ok) return setErrors(splitUserErrors(outcome.errors, ['code']));
    onEnabled([...outcome.payload.recoveryCodes]);
  }

  if (!secret) {
    return (
      <Stack gap="3" align="start">
        <FormProblems messages={errors.form} />
        <Button onClick={() => void begin()} loading={starting}>
          Set up two-step sign-in
        </Button>
      </Stack>
    );
  }
  return (
    <form onSubmit={onSubmit} aria-label="Confirm two-step sign-in" noValidate>
      <Stack gap="4">
        <Text>1. Scan this QR code with your authenticator app, or enter the key by hand.</Text>
        <Box bg="white" p="3" w="fit-content" borderWidth="1px" borderRadius="md">
          <svg
            role="img"
            aria-label="QR code for your authenticator app"
            width="192"
            height="192"
            viewBox={`-2 -2 ${secret.qrSize + 4} ${secret.qrSize + 4}`}
            shapeRendering="crispEdges"
          >
            <path d={secret.qrPath} fill="black" />
          </svg>
        </Box>
        <Text>
          Key: <Code data-testid="two-step-key">{secret.key}</Code>
        </Text>
        <FormProblems messages={errors.form} />
        <Field.Root invalid={Boolean(errors.fields.code)}>
          <Field.Label>2. Code from the app</Field.Label>
          <Input
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxW="xs"
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <Field.ErrorText>{errors.fields.code}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" alignSelf="start" loading={confirming}>
          Turn on two-step sign-in
        </Button>
      </Stack>
    </form>
  );
}
