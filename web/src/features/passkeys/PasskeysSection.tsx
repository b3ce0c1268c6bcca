import { useMutation, useQuery } from '@apollo/client/react';
import {
  Alert,
  Box,
  Button,
  Card,
  Field,
  Heading,
  HStack,
  Input,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { MyPasskeysQuery } from '../../gql/graphql';
import { formatDate, formatDateTime } from '../../ui/dateFormat';
import { settle, splitUserErrors, FormProblems } from '../account';
import {
  MyPasskeysQueryDocument,
  PasskeyRemoveMutationDocument,
  PasskeyRenameMutationDocument,
} from './passkeyDocuments';
import { PASSKEY_UI_TEXT } from './passkeyText';
import { usePasskeyAdd } from './usePasskeyAdd';

type Passkey = MyPasskeysQuery['myPasskeys'][number];

/**
 * "Passkeys" on /profile: my passkeys (renamed or removed in place), and "Add a passkey". Adding
 * needs a sign-in of the last 10 minutes; after that the server asks for the password, and a
 * password field appears.
 */
export function PasskeysSection({ username }: { username: string }) {
  const { data, loading, error } = useQuery(MyPasskeysQueryDocument, { fetchPolicy: 'cache-and-network' });
  const { addPasskey, loading: adding } = usePasskeyAdd();
  const [askPassword, setAskPassword] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [done, setDone] = useState<string | null>(null);

  const passkeys = data?.myPasskeys ?? [];

  async function onAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(null);
    setProblems([]);
    setPasswordError(null);
    const outcome = await addPasskey(askPassword ? password : null);
    if (outcome.ok) {
      setDone(`${PASSKEY_UI_TEXT.added} It is named “${outcome.name}”: rename it if you like.`);
      setAskPassword(false);
      setPassword('');
      return;
    }
    const split = splitUserErrors(outcome.errors, ['currentPassword']);
    if (split.fields.currentPassword) {
      setAskPassword(true);
      setPasswordError(split.fields.currentPassword);
    }
    setProblems(split.form);
  }

  return (
    <Card.Root variant="outline" as="section" aria-labelledby="passkeys-heading">
      <Card.Header>
        <Heading as="h2" size="lg" id="passkeys-heading">
          Passkeys
        </Heading>
        <Text color="fg.muted" textStyle="sm">
          Sign in with your fingerprint, face or screen lock instead of your password. We email you when a
          passkey is added or removed.
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          {done && (
            <Alert.Root status="success" role="status">
              <Alert.Indicator />
              <Alert.Title>{done}</Alert.Title>
            </Alert.Root>
          )}
          {error && !data ? (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>Your passkeys could not be loaded. Reload the page to try again.</Alert.Title>
            </Alert.Root>
          ) : loading && !data ? (
            <Skeleton height="16" aria-busy="true" aria-label="Loading your passkeys" />
          ) : passkeys.length === 0 ? (
            <Text textStyle="sm">You have no passkeys yet.</Text>
          ) : (
            <Stack as="ul" gap={3} listStyleType="none" m={0} p={0} aria-label="My passkeys">
              {passkeys.map((passkey) => (
                <PasskeyRow key={passkey.id} passkey={passkey} onDone={setDone} />
              ))}
            </Stack>
          )}
          <form onSubmit={onAdd} aria-label="Add a passkey" noValidate>
            <Stack gap="3">
              <FormProblems messages={problems} />
              {askPassword && (
                <>
                  {/* For password managers: whose password this is. */}
                  <input
                    type="text"
                    name="username"
                    autoComplete="username"
                    value={username}
                    readOnly
                    hidden
                  />
                  <Field.Root invalid={Boolean(passwordError)} maxW="sm">
                    <Field.Label>Password</Field.Label>
                    <Input
                      name="currentPassword"
                      type="password"
                      autoComplete="current-password"
                      value={password}
                      onChange={(event) => {
                        setPassword(event.target.value);
                        setPasswordError(null);
                      }}
                    />
                    {passwordError ? (
                      <Field.ErrorText>{passwordError}</Field.ErrorText>
                    ) : (
                      <Field.HelperText>
                        Needed because you signed in more than 10 minutes ago.
                      </Field.HelperText>
                    )}
                  </Field.Root>
                </>
              )}
              <Button type="submit" alignSelf="flex-start" size="sm" loading={adding} loadingText="Adding…">
                <KeyRound aria-hidden />
                Add a passkey
              </Button>
            </Stack>
          </form>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function PasskeyRow({ passkey, onDone }: { passkey: Passkey; onDone: (message: string) => void }) {
  const [rename, { loading: renaming }] = useMutation(PasskeyRenameMutationDocument);
  const [remove, { loading: removing }] = useMutation(PasskeyRemoveMutationDocument, {
    refetchQueries: [MyPasskeysQueryDocument],
  });
  const [mode, setMode] = useState<'show' | 'rename' | 'remove'>('show');
  const [name, setName] = useState(passkey.name);
  const [nameError, setNameError] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);

  async function onRename(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const outcome = await settle(
      rename({ variables: { input: { id: passkey.id, name } } }).then(({ data }) => data?.passkeyRename),
    );
    if (!outcome.ok) {
      const split = splitUserErrors(outcome.errors, ['name']);
      setNameError(split.fields.name ?? null);
      setProblems(split.form);
      return;
    }
    setMode('show');
    setProblems([]);
    onDone(PASSKEY_UI_TEXT.renamed);
  }

  async function onRemove() {
    const outcome = await settle(
      remove({ variables: { input: { id: passkey.id } } }).then(({ data }) => data?.passkeyRemove),
    );
    if (!outcome.ok) {
      setProblems(outcome.errors.map((e) => e.message));
      return;
    }
    onDone(PASSKEY_UI_TEXT.removed);
  }

  return (
    <Box as="li" borderWidth="1px" borderRadius="l2" p={4} data-testid="passkey-item">
      <Stack gap={3}>
        <FormProblems messages={problems} />
        {mode === 'rename' ? (
          <form onSubmit={onRename} aria-label={`Rename ${passkey.name}`} noValidate>
            <Stack direction={{ base: 'column', sm: 'row' }} gap={3} align={{ sm: 'flex-end' }}>
              <Field.Root invalid={Boolean(nameError)} maxW="sm">
                <Field.Label>Passkey name</Field.Label>
                <Input
                  name="name"
                  value={name}
                  maxLength={60}
                  onChange={(event) => {
                    setName(event.target.value);
                    setNameError(null);
                  }}
                />
                <Field.ErrorText>{nameError}</Field.ErrorText>
              </Field.Root>
              <HStack>
                <Button type="submit" size="sm" loading={renaming} loadingText="Saving…">
                  Save
                </Button>
                <Button type="button" size="sm" variant="ghost" onClick={() => setMode('show')}>
                  Cancel
                </Button>
              </HStack>
            </Stack>
          </form>
        ) : (
          <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" gap={3}>
            <HStack align="flex-start" gap={3} minW={0}>
              <Box color="fg.muted" pt={0.5} flexShrink={0}>
                <KeyRound size={20} aria-hidden />
              </Box>
              <Stack gap={1} minW={0}>
                <Text fontWeight="semibold" wordBreak="break-word">
                  {passkey.name}
                </Text>
                <Text textStyle="sm" color="fg.muted">
                  <span title={formatDateTime(passkey.createdAt)}>Added {formatDate(passkey.createdAt)}</span>
                  {' · '}
                  {passkey.lastUsedAt ? (
                    <span title={formatDateTime(passkey.lastUsedAt)}>
                      Last used {formatDate(passkey.lastUsedAt)}
                    </span>
                  ) : (
                    'Not used yet'
                  )}
                </Text>
              </Stack>
            </HStack>
            {mode === 'remove' ? (
              <HStack alignSelf="flex-start" wrap="wrap">
                <Text textStyle="sm">Remove this passkey?</Text>
                <Button
                  size="xs"
                  colorPalette="red"
                  onClick={() => void onRemove()}
                  loading={removing}
                  loadingText="Removing…"
                  aria-label={`Yes, remove ${passkey.name}`}
                >
                  Remove
                </Button>
                <Button size="xs" variant="ghost" onClick={() => setMode('show')}>
                  Cancel
                </Button>
              </HStack>
            ) : (
              <HStack alignSelf="flex-start">
                <Button
                  size="xs"
                  variant="outline"
                  aria-label={`Rename ${passkey.name}`}
                  onClick={() => {
                    setName(passkey.name);
                    setMode('rename');
                  }}
                >
                  Rename
                </Button>
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette="red"
                  aria-label={`Remove ${passkey.name}`}
                  onClick={() => setMode('remove')}
                >
                  Remove
                </Button>
              </HStack>
            )}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
