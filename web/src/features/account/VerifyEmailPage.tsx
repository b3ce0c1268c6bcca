import { useMutation } from '@apollo/client/react';
import { Alert, Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useCurrentUser } from '../auth';
import { tokenFromSearch } from '../notifications';
import { EmailVerifyMutationDocument } from './accountDocuments';
import { settle } from './accountErrors';
import { AccountPageFrame } from './AccountPageFrame';

export const VERIFY_TEXT = {
  confirmed: 'Your email address is confirmed',
  confirmedDescription: 'Purchases made in the DRX shop with this address now go to your account.',
  incompleteLink:
    'This confirmation link is incomplete. Open the whole link from the email, or send a new one from your profile.',
} as const;

type Verification = { state: 'checking' } | { state: 'confirmed' } | { state: 'failed'; message: string };

/**
 * /verify-email?token=… (the link of a confirmation mail): confirms the address at once, for
 * whoever opens it, signed in or not. The link works once, so the call is made once per token
 * (React's development double effect included).
 */
export default function VerifyEmailPage() {
  useDocumentTitle('Confirm your email');
  const token = tokenFromSearch(useLocation().search);
  const { user } = useCurrentUser();
  const [mutate] = useMutation(EmailVerifyMutationDocument);
  const [verification, setVerification] = useState<Verification>(
    token ? { state: 'checking' } : { state: 'failed', message: VERIFY_TEXT.incompleteLink },
  );
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    void settle(mutate({ variables: { token } }).then(({ data }) => data?.emailVerify)).then((outcome) =>
      setVerification(
        outcome.ok
          ? { state: 'confirmed' }
          : { state: 'failed', message: outcome.errors[0]?.message ?? VERIFY_TEXT.incompleteLink },
      ),
    );
  }, [token, mutate]);

  const next = user ? { to: '/profile', label: 'Go to your profile' } : { to: '/auth', label: 'Sign in' };

  return (
    <AccountPageFrame title="Confirm your email" footer={null}>
      <Stack gap="4">
        {verification.state === 'checking' && (
          <Stack direction="row" gap="3" align="center" role="status">
            <Spinner size="sm" />
            <Text>Confirming your email address…</Text>
          </Stack>
        )}
        {verification.state === 'confirmed' && (
          <Alert.Root status="success">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{VERIFY_TEXT.confirmed}</Alert.Title>
              <Alert.Description>{VERIFY_TEXT.confirmedDescription}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        {verification.state === 'failed' && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{verification.message}</Alert.Title>
          </Alert.Root>
        )}
        {verification.state !== 'checking' && (
          <Button asChild variant={verification.state === 'confirmed' ? 'solid' : 'outline'}>
            <RouterLink to={next.to}>{next.label}</RouterLink>
          </Button>
        )}
      </Stack>
    </AccountPageFrame>
  );
}
