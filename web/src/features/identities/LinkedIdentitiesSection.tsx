import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { formatDateTime } from '../../ui/dateFormat';
import { settle } from '../account';
import {
  IdentityUnlinkMutationDocument,
  MyIdentitiesQueryDocument,
  SignInProvidersQueryDocument,
} from './identityDocuments';

/**
 * "Sign-in with other services" on /profile: the identity provider sign-ins linked to my account,
 * each with "Unlink" (refused while it is my only way in). Hidden when the site has no provider and
 * nothing is linked.
 */
export function LinkedIdentitiesSection() {
  const { data, refetch } = useQuery(MyIdentitiesQueryDocument, { fetchPolicy: 'cache-and-network' });
  const { data: offered } = useQuery(SignInProvidersQueryDocument);
  const [unlink] = useMutation(IdentityUnlinkMutationDocument);
  const [busy, setBusy] = useState<string | null>(null);
  const [answer, setAnswer] = useState<{ ok: boolean; message: string } | null>(null);
  const identities = data?.myIdentities ?? [];
  const providers = offered?.signInProviders ?? [];
  if (!identities.length && !providers.length) return null;

  async function onUnlink(id: string) {
    setBusy(id);
    setAnswer(null);
    const outcome = await settle(unlink({ variables: { id } }).then(({ data }) => data?.identityUnlink));
    setAnswer(
      outcome.ok
        ? { ok: true, message: outcome.payload.message || 'The sign-in was unlinked.' }
        : { ok: false, message: outcome.errors[0]?.message ?? 'It could not be unlinked.' },
    );
    await refetch().catch(() => undefined);
    setBusy(null);
  }

  return (
    <Card.Root variant="outline" as="section" aria-labelledby="identities-heading">
      <Card.Header>
        <Heading as="h2" size="lg" id="identities-heading">
          Sign-in with other services
        </Heading>
        <Text color="fg.muted" textStyle="sm">
          {providers.length
            ? `Sign in with ${providers.map((p) => p.name).join(' or ')} on the sign-in page to link it.`
            : 'Services you can sign in with.'}
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          {answer && (
            <Alert.Root status={answer.ok ? 'success' : 'error'} role={answer.ok ? 'status' : 'alert'}>
              <Alert.Indicator />
              <Alert.Title>{answer.message}</Alert.Title>
            </Alert.Root>
          )}
          {identities.length === 0 ? (
            <Text textStyle="sm">No service is linked to your account.</Text>
          ) : (
            <Stack as="ul" gap="3" listStyleType="none" m={0} p={0} aria-label="Linked sign-ins">
              {identities.map((identity) => (
                <HStack
                  as="li"
                  key={identity.id}
                  justify="space-between"
                  borderWidth="1px"
                  rounded="md"
                  p="3"
                >
                  <Stack gap="0">
                    <Text fontWeight="semibold">{identity.providerName}</Text>
                    <Text textStyle="sm" color="fg.muted">
                      {identity.email ?? 'No email given'} · last used {formatDateTime(identity.lastUsedAt)}
                    </Text>
                  </Stack>
                  <Button
                    size="sm"
                    variant="outline"
                    colorPalette="red"
                    loading={busy === identity.id}
                    onClick={() => void onUnlink(identity.id)}
                    aria-label={`Unlink ${identity.providerName}`}
                  >
                    Unlink
                  </Button>
                </HStack>
              ))}
            </Stack>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
