import { Button, Field, HStack, Input, List, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { OrderLineLicencesFragment } from '../../gql/graphql';
import { licencesLeftLabel } from './licenceFormat';
import { formatOrderDate } from './orderFormat';
import { useLicenceAssign } from './useLicenceAssign';
import { useLicenceRevoke } from './useLicenceRevoke';

/**
 * The licences of a paid resource line on /my-purchases: the colleagues holding one (with Take
 * back) and, while licences are left, a small "Give a licence" form taking a username.
 */
export function LineLicences({ line, title }: { line: OrderLineLicencesFragment; title: string }) {
  const holders = line.licenceHolders ?? [];
  const left = line.licencesLeft ?? 0;
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { assign, loading } = useLicenceAssign();
  const { revoke, loading: revoking } = useLicenceRevoke();
  const trimmed = username.trim();

  if (holders.length === 0 && left === 0) return null;
  return (
    <Stack gap={2} ps={{ base: 0, md: 4 }} data-testid="line-licences">
      {holders.length > 0 ? (
        <List.Root gap={1} variant="plain" aria-label={`Colleagues holding a licence of ${title}`}>
          {holders.map((holder) => (
            <List.Item key={holder.username} data-testid="licence-holder">
              <HStack gap={2} wrap="wrap" fontSize="sm">
                <Text>
                  Licence given to <Text as="strong">{holder.displayName}</Text>
                  {holder.displayName !== holder.username ? ` (${holder.username})` : ''}
                  <Text as="span" color="fg.muted">
                    {' '}
                    · {formatOrderDate(holder.givenAt)}
                  </Text>
                </Text>
                <Button
                  size="2xs"
                  variant="ghost"
                  colorPalette="red"
                  loading={revoking}
                  aria-label={`Take back the licence of ${holder.username}`}
                  onClick={() => void revoke(line.id, holder.username)}
                >
                  Take back
                </Button>
              </HStack>
            </List.Item>
          ))}
        </List.Root>
      ) : null}
      {left > 0 ? (
        <form
          aria-label={`Give a licence of ${title}`}
          data-testid="licence-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (!trimmed) return;
            void assign(line.id, trimmed).then((result) => {
              setError(result.error);
              if (result.ok) setUsername('');
            });
          }}
        >
          <Field.Root invalid={Boolean(error)} maxW="md">
            <Field.Label fontSize="sm">Give a licence to a colleague</Field.Label>
            <HStack gap={2} width="full">
              <Input
                size="sm"
                name="username"
                value={username}
                autoComplete="off"
                placeholder="Their username"
                onChange={(e) => {
                  setUsername(e.target.value);
                  setError(null);
                }}
              />
              <Button type="submit" size="sm" variant="outline" loading={loading} disabled={!trimmed}>
                Give a licence
              </Button>
            </HStack>
            {error ? (
              <Field.ErrorText data-testid="licence-error">{error}</Field.ErrorText>
            ) : (
              <Field.HelperText>{licencesLeftLabel(left)}</Field.HelperText>
            )}
          </Field.Root>
        </form>
      ) : null}
    </Stack>
  );
}
