import { Button, Stack, Text } from '@chakra-ui/react';
import { KeyRound } from 'lucide-react';
import { useEffect } from 'react';
import { usePasskeySignIn } from './usePasskeySignIn';

/**
 * "Sign in with a passkey" under the sign-in form, and the browser's autofill offer of this site's
 * passkeys on the form's username field (`autocomplete="username webauthn"`), started when shown.
 */
export function PasskeySignIn() {
  const { signIn, offerAutofill, cancel, busy, problem } = usePasskeySignIn();

  useEffect(() => {
    void offerAutofill();
    return cancel;
    // Once per mount: a new offer replaces (aborts) the pending one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <Stack gap="2">
      <Button
        type="button"
        variant="outline"
        width="full"
        onClick={() => void signIn()}
        loading={busy}
        loadingText="Signing in..."
      >
        <KeyRound aria-hidden />
        Sign in with a passkey
      </Button>
      {problem && (
        <Text role="alert" textStyle="sm" color="fg.error">
          {problem}
        </Text>
      )}
    </Stack>
  );
}
