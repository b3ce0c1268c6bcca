import { Badge, Wrap } from '@chakra-ui/react';
import type { ApiTokenStatus } from '../../gql/graphql';
import { ADMIN_SCOPE, statusBadge } from './apiTokenFormat';

/** A token's status: Active, Expired or Revoked. */
export function TokenStatusBadge({ status }: { status: ApiTokenStatus }) {
  const badge = statusBadge(status);
  return <Badge colorPalette={badge.palette}>{badge.label}</Badge>;
}

/** A token's scopes, one badge each (the admin scope stands out). */
export function ScopeBadges({ scopes }: { scopes: readonly string[] }) {
  return (
    <Wrap gap={1} as="ul" aria-label="Scopes" listStyleType="none" m={0} p={0}>
      {scopes.map((scope) => (
        <Badge
          as="li"
          key={scope}
          variant="outline"
          fontFamily="mono"
          colorPalette={scope === ADMIN_SCOPE ? 'orange' : 'gray'}
        >
          {scope}
        </Badge>
      ))}
    </Wrap>
  );
}
