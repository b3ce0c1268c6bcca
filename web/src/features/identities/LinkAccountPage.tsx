import { Alert, Button, Field, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { AccountPageFrame } from '../account/AccountPageFrame';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';

interface PendingLink {
  provider: string;
  email: string;
}

type Loaded =
  { state: 'loading' } | { state: 'none'; message: string } | { state: 'ready'; link: PendingLink };

const LINK_URL = '/api/auth/oidc/link';

/**
 * /auth/link: the identity provider vouched for an email that an account here already has. Nothing
 * is linked by the email alone: the person proves the account with its password (a passkey later),
 * then the provider sign-in is linked and they are signed in (api/src/modules/identities).
 */
export default function LinkAccountPage() {
  useDocumentTitle('Link your account');
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    let live = true;
    void fetch(LINK_URL, { credentials: 'same-origin' })
      .then(async (res) => {
        const body = (await res.json().catch(() => ({}))) as Partial<PendingLink> & { message?: string };
        if (!live) return;
        if (res.ok && body.provider && body.email) {
          setLoaded({ state: 'ready', link: { provider: body.provider, email: body.email } });
        } else {
          setLoaded({ state: 'none', message: body.message ?? 'There is no account waiting to be linked.' });
        }
      })
      .catch(
        () =>
          live && setLoaded({ state: 'none', message: 'The page could not be loaded. Please try again.' }),
      );
    return () => {
      live = false;
    };
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password) {
      setProblem('Enter the password of the account');
      return;
    }
    setSending(true);
    setProblem(null);
    try {
      const res = await fetch(LINK_URL, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ password }),
      });
      const body = (await res.json().catch(() => ({}))) as { redirectTo?: string; message?: string };
      if (res.ok && body.redirectTo) {
        // A full load: the app starts again signed in.
        window.location.assign(body.redirectTo);
        return;
      }
      setProblem(body.message ?? 'The account could not be linked. Please try again.');
    } catch {
      setProblem('The account could not be linked. Check your connection and try again.');
    }
    setSending(false);
  }

  if (loaded.state === 'loading') return <PageSpinner label="Loading…" />;
  if (loaded.state === 'none') {
    return (
      <AccountPageFrame title="Link your account">
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{loaded.message}</Alert.Title>
        </Alert.Root>
      </AccountPageFrame>
    );
  }
  const { provider, email } = loaded.link;
  return (
    <AccountPageFrame
      title="Link your account"
      intro={`An account with this email exists — enter its password to link it to ${provider}.`}
    >
      <form onSubmit={(event) => void onSubmit(event)} aria-label="Link your account" noValidate>
        <Stack gap="4">
          <Text>
            {provider} says <strong>{email}</strong> is your address. To sign in to that account with{' '}
            {provider} from now on, prove it is yours once.
          </Text>
          <Field.Root invalid={!!problem}>
            <Field.Label>Password of the account</Field.Label>
            <Input
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <Field.ErrorText>{problem}</Field.ErrorText>
          </Field.Root>
          <Button type="submit" loading={sending} loadingText="Linking…">
            Link and sign in
          </Button>
          <Text textStyle="sm" color="fg.muted">
            Not your account, or forgot its password?{' '}
            <Link asChild colorPalette="blue" variant="underline">
              <RouterLink to="/forgot-password">Reset the password</RouterLink>
            </Link>{' '}
            first. Nothing is linked until you enter it here.
          </Text>
        </Stack>
      </form>
    </AccountPageFrame>
  );
}
