import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { ApiTokenRowFragment } from '../../gql/graphql';
import { formatDateTime } from '../../ui/dateFormat';
import { formatExpires, formatLastUsed, maskedToken } from './apiTokenFormat';
import { ScopeBadges, TokenStatusBadge } from './TokenBadges';

/**
 * My tokens as a list of cards rather than a table: the profile page is narrow, and on a phone each
 * token still reads top to bottom. Active tokens come first (the server's order).
 */
export function MyTokenList({
  tokens,
  onRevoke,
}: {
  tokens: readonly ApiTokenRowFragment[];
  onRevoke: (token: ApiTokenRowFragment) => void;
}) {
  return (
    <Stack as="ul" gap={3} listStyleType="none" m={0} p={0} aria-label="My API tokens">
      {tokens.map((token) => (
        <Box
          as="li"
          key={token.id}
          borderWidth="1px"
          borderRadius="l2"
          p={4}
          data-testid="api-token-item"
          opacity={token.status === 'ACTIVE' ? 1 : 0.85}
        >
          <Stack gap={3}>
            <HStack justify="space-between" align="flex-start" gap={3} wrap="wrap">
              <Stack gap={1} minW={0}>
                <HStack gap={2} wrap="wrap">
                  <Text fontWeight="semibold" wordBreak="break-word">
                    {token.name}
                  </Text>
                  <TokenStatusBadge status={token.status} />
                </HStack>
                <Text fontFamily="mono" fontSize="sm" color="fg.muted">
                  {maskedToken(token.tokenPrefix)}
                </Text>
              </Stack>
              {token.status === 'ACTIVE' ? (
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette="red"
                  aria-label={`Revoke ${token.name}`}
                  onClick={() => onRevoke(token)}
                >
                  Revoke
                </Button>
              ) : null}
            </HStack>
            <ScopeBadges scopes={token.scopes} />
            <HStack as="dl" gap={{ base: 2, sm: 6 }} wrap="wrap" fontSize="sm">
              <Fact label="Created" value={formatDateTime(token.createdAt)} />
              <Fact label="Last used" value={formatLastUsed(token.lastUsedAt)} />
              {token.revokedAt ? (
                <Fact label="Revoked" value={formatDateTime(token.revokedAt)} />
              ) : (
                <Fact
                  label={token.status === 'EXPIRED' ? 'Expired' : 'Expires'}
                  value={formatExpires(token.expiresAt)}
                />
              )}
            </HStack>
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <HStack gap={1}>
      <Text as="dt" color="fg.muted">
        {label}:
      </Text>
      <Text as="dd">{value}</Text>
    </HStack>
  );
}
