import { useMutation } from '@apollo/client/react';
import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { NO_ERRORS, settle, splitUserErrors, type FormErrors, FormProblems } from '../account';
import { TwoStepDisableDocument, TwoStepRecoveryCodesRegenerateDocument } from './twoStepDocuments';

/**
 * Two-step sign-in is on: turning it off or making new recovery codes needs a current code of the
 * app now (a recovery code also turns it off).
 */
export function TwoStepManage({
  recoveryCodesLeft,
  onDisabled,
  onNewCodes,
}: {
  recoveryCodesLeft: number;
  onDisabled: () => void;
  onNewCodes: (codes: string[]) => void;
}) {
  const [disable, { loading: disabling }] = useMutation(TwoStepDisableDocument);
  const [regenerate, { loading: regenerating }] = useMutation(TwoStepRecoveryCodesRegenerateDocument);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FormErrors<'code'>>(NO_ERRORS);

  const needCode = () => {
    if (code.trim()) return false;
    setErrors({ fields: { code: 'Enter the current code from your app' }, form: [] });
    return true;
  };

  async function turnOff() {
    if (needCode()) return;
    setErrors(NO_ERRORS);
    const outcome = await settle(
      disable({ variables: { input: { code: code.trim() } } }).then(({ data }) => data?.twoStepDisable),
    );
    if (!outcome.ok) return setErrors(splitUserErrors(outcome.errors, ['code']));
    setCode('');
    onDisabled();
  }

  async function newCodes() {
    if (needCode()) return;
    setErrors(NO_ERRORS);
    const outcome = await settle(
      regenerate({ variables: { input: { code: code.trim() } } }).then(
        ({ data }) => data?.twoStepRecoveryCodesRegenerate,
      ),
    );
    if (!outcome.ok) return setErrors(splitUserErrors(outcome.errors, ['code']));
    setCode('');
    onNewCodes([...outcome.payload.recoveryCodes]);
  }

  return (
    <Stack gap="4">
      <Text>
        Two-step sign-in is on. {recoveryCodesLeft} recovery {recoveryCodesLeft === 1 ? 'code' : 'codes'}{' '}
        left.
      </Text>
      <FormProblems messages={errors.form} />
      <Field.Root invalid={Boolean(errors.fields.code)}>
        <Field.Label>Current code from the app</Field.Label>
        <Input
          name="code"
          autoComplete="one-time-code"
          maxW="xs"
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <Field.HelperText>
          Needed to turn two-step sign-in off or to make new recovery codes.
        </Field.HelperText>
        <Field.ErrorText>{errors.fields.code}</Field.ErrorText>
      </Field.Root>
      <HStack gap="3" wrap="wrap">
        <Button variant="outline" onClick={() => void newCodes()} loading={regenerating}>
          New recovery codes
        </Button>
        <Button colorPalette="red" variant="outline" onClick={() => void turnOff()} loading={disabling}>
          Turn off two-step sign-in
        </Button>
      </HStack>
    </Stack>
  );
}
