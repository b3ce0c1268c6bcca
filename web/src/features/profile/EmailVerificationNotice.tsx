import { useMutation } from '@apollo/client/react';
import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { EmailVerificationSendMutationDocument, settle } from '../account';

const SENT_FALLBACK = 'We sent a new confirmation link to your email address.';

/**
 * Below an unconfirmed address: why to confirm it, and "Send again" (a new link; the server allows
 * a few an hour and says so when it refuses).
 */
export function EmailVerificationNotice({ email }: { email: string }) {
  const [send, { loading }] = useMutation(EmailVerificationSendMutationDocument);
  const [answer, setAnswer] = useState<{ ok: boolean; message: string } | null>(null);

  async function sendAgain() {
    setAnswer(null);
    const outcome = await settle(send().then(({ data }) => data?.emailVerificationSend));
    setAnswer(
      outcome.ok
        ? { ok: true, message: outcome.payload.message || SENT_FALLBACK }
        : { ok: false, message: outcome.errors[0]?.message ?? '' },
    );
  }

  return (
    <Stack gap="3">
      <Text color="fg.muted" textStyle="sm">
        We sent a link to <strong>{email}</strong>. Open it to confirm the address is yours: until then,
        purchases made in the DRX shop with it are not given to your account.
      </Text>
      {answer && (
        <Alert.Root status={answer.ok ? 'success' : 'error'}>
          <Alert.Indicator />
          <Alert.Title>{answer.message}</Alert.Title>
        </Alert.Root>
      )}
      <Button
        alignSelf="flex-start"
        size="sm"
        variant="outline"
        onClick={() => void sendAgain()}
        loading={loading}
        loadingText="Sending…"
      >
        Send again
      </Button>
    </Stack>
  );
}
