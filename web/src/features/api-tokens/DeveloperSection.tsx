import { useQuery } from '@apollo/client/react';
import {
  Alert,
  Button,
  Card,
  Code,
  EmptyState,
  Heading,
  HStack,
  Link,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import type { ApiTokenRowFragment } from '../../gql/graphql';
import { FormDialog } from '../../ui/FormDialog';
import { canEnterAdminArea } from '../auth';
import { useCourseMutation } from '../courses';
import {
  ApiTokenCreateMutationDocument,
  ApiTokenRevokeMutationDocument,
  DeveloperSettingsQueryDocument,
} from './apiTokenDocuments';
import { choosableScopes, splitUserErrors } from './apiTokenFormat';
import { CreateTokenForm, type NewTokenInput } from './CreateTokenForm';
import { MyTokenList } from './MyTokenList';
import { NewTokenSecret } from './NewTokenSecret';
import { RevokeTokenDialog } from './RevokeTokenDialog';

/**
 * The "Developer" section of /profile: what API tokens are for, my tokens, creating one (its secret
 * shown once, until dismissed) and revoking one.
 */
export function DeveloperSection() {
  const { data, loading, error } = useQuery(DeveloperSettingsQueryDocument);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiTokenRowFragment | null>(null);
  // The list gains the new token by refetching: it is sorted by the server (active first).
  const create = useCourseMutation(ApiTokenCreateMutationDocument, 'Token not created', [
    'DeveloperSettings',
  ]);
  // The revoked token comes back whole, so the cache updates its row in place.
  const revoke = useCourseMutation(ApiTokenRevokeMutationDocument, 'Token not revoked');

  const staff = canEnterAdminArea(data?.me);
  const scopes = choosableScopes(data?.apiTokenScopes ?? [], staff);
  const tokens = data?.apiTokens ?? [];

  async function onCreate(input: NewTokenInput): Promise<boolean> {
    const payload = await create.run(input);
    if (!payload?.token || !payload.apiToken) return false;
    setCreated({ name: payload.apiToken.name, secret: payload.token });
    return true;
  }

  return (
    <Card.Root variant="outline" as="section" aria-labelledby="developer-heading">
      <Card.Header>
        <Heading as="h2" size="lg" id="developer-heading">
          Developer
        </Heading>
        <Stack gap={2} color="fg.muted" textStyle="sm">
          <Text>
            Personal API tokens let your own scripts and other apps use the DRX API as you, within the scopes
            you choose. Send a token in the <Code size="sm">Authorization: Bearer &lt;token&gt;</Code> header
            of each request.
          </Text>
          <Text>
            Try queries in the{' '}
            <Link href="/graphql" color="brand.fg" fontWeight="semibold" textDecoration="underline">
              API playground
            </Link>
            .
          </Text>
        </Stack>
      </Card.Header>
      <Card.Body>
        <Stack gap={4}>
          <HStack justify="space-between" gap={3} wrap="wrap">
            <Heading as="h3" size="md">
              API tokens
            </Heading>
            <Button
              size="sm"
              onClick={() => {
                create.clearErrors();
                setCreating(true);
              }}
              disabled={!data}
            >
              <Plus aria-hidden />
              Create token
            </Button>
          </HStack>
          {created ? (
            <NewTokenSecret name={created.name} secret={created.secret} onDismiss={() => setCreated(null)} />
          ) : null}
          {error && !data ? (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>Your API tokens could not be loaded. Reload the page to try again.</Alert.Title>
            </Alert.Root>
          ) : loading && !data ? (
            <Stack gap={3} aria-busy="true" aria-label="Loading API tokens">
              {[0, 1].map((i) => (
                <Skeleton key={i} height="24" />
              ))}
            </Stack>
          ) : tokens.length === 0 ? (
            <EmptyState.Root borderWidth="1px" borderRadius="l2" size="sm">
              <EmptyState.Content>
                <EmptyState.Indicator>
                  <KeyRound />
                </EmptyState.Indicator>
                <EmptyState.Title>No API tokens yet</EmptyState.Title>
                <EmptyState.Description>
                  Create one to use the API from a script or app.
                </EmptyState.Description>
              </EmptyState.Content>
            </EmptyState.Root>
          ) : (
            <MyTokenList tokens={tokens} onRevoke={setRevoking} />
          )}
        </Stack>
      </Card.Body>
      <FormDialog open={creating} onClose={() => setCreating(false)} size="lg" scrollBehavior="inside">
        <CreateTokenForm
          scopes={scopes}
          pending={create.loading}
          errors={splitUserErrors(create.userErrors)}
          onCreate={onCreate}
          onClose={() => setCreating(false)}
        />
      </FormDialog>
      <RevokeTokenDialog
        target={revoking}
        pending={revoke.loading}
        onConfirm={async () =>
          Boolean(revoking && (await revoke.run({ id: revoking.id }, `Token “${revoking.name}” revoked`)))
        }
        onClose={() => setRevoking(null)}
      />
    </Card.Root>
  );
}
