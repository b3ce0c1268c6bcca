import { Alert, Button, Field, Input, Link, Stack, Text } from '@chakra-ui/react';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { AccountPageFrame } from '../account';
import { answerWithPasskey } from '../passkeys';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';

interface PendingLink {
  provider: string;
  email: string;
}

const LINK_FAILED = 'The account could not be linked. Please try again.';

type Loaded =
  { state: 'loading' } | { state: 'none'; message: string } | { state: 'ready'; link: PendingLink };

const LINK_URL = '/api/auth/oidc/link';
const PASSKEY_OPTIONS_URL = '/api/auth/oidc/link/passkey-options';

/** The server's JSON answer, or an empty object when it sent none. */
async function post(url: string, body?: object): Promise<{ ok: boolean; body: Record<string, unknown> }> {
  const res = await fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  return { ok: res.ok, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

/**
 * /auth/link: the identity provider vouched for an email that an account here already has. Nothing
 * is linked by the email alone: the person proves the account with its password or one of its
 * passkeys, then the provider sign-in is linked and they are signed in (api/src/modules/identities).
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

  /** Sends the proof; on success the app starts again, signed in, where the person was going. */
  async function link(proof: { password: string } | { passkeyResponse: string }) {
    setSending(true);
    setProblem(null);
    try {
      const { ok, body } = await post(LINK_URL, proof);
      if (ok && typeof body.redirectTo === 'string') {
        // A full load: the app starts again signed in.
        window.location.assign(body.redirectTo);
        return;
      }
      setProblem(typeof body.message === 'string' ? body.message : LINK_FAILED);
    } catch {
      setProblem('The account could not be linked. Check your connection and try again.');
    }
    setSending(false);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password) {
      setProblem('Enter the password of the account');
      return;
    }
    await link({ password });
  }

  async function withPasskey() {
    setProblem(null);
    let options;
    try {
      options = await post(PASSKEY_OPTIONS_URL);
    } catch {
      setProblem('The account could not be linked. Check your connection and try again.');
      return;
    }
    if (!options.ok) {
      setProblem(typeof options.body.message === 'string' ? options.body.message : LINK_FAILED);
      return;
    }
    const answer = await answerWithPasskey(JSON.stringify(options.body));
    if ('problem' in answer) setProblem(answer.problem);
    else await link({ passkeyResponse: answer.response });
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
      intro={`An account with this email exists — enter its password, or use its passkey, to link it to ${provider}.`}
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
          {browserSupportsWebAuthn() && (
            <Button type="button" variant="outline" disabled={sending} onClick={() => void withPasskey()}>
              Use a passkey instead
            </Button>
          )}
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
