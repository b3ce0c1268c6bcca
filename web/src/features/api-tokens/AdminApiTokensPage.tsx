import { Button, Heading, Link, Stack, Table, Text } from '@chakra-ui/react';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { ApiTokenRowFragment } from '../../gql/graphql';
import { ConnectionListFrame } from '../../ui/ConnectionListFrame';
import { formatDate, formatDateTime } from '../../ui/dateFormat';
import { ListCount, ListToolbar, SearchField, StatusSelect } from '../../ui/ListToolbar';
import { ListTable } from '../../ui/ListTable';
import { useDebouncedSearch } from '../../ui/useDebouncedSearch';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { usePagedConnection } from '../../ui/usePagedConnection';
import { useCourseMutation } from '../courses';
import { AdminApiTokenRevokeMutationDocument, AdminApiTokensQueryDocument } from './apiTokenDocuments';
import { formatExpires, formatLastUsed, maskedToken, STATUS_OPTIONS, statusFilter } from './apiTokenFormat';
import { RevokeTokenDialog } from './RevokeTokenDialog';
import { ScopeBadges, TokenStatusBadge } from './TokenBadges';

const PAGE_SIZE = 25;

/** /admin/api-tokens: every member's personal API tokens, searchable, by status; revoke any. */
export default function AdminApiTokensPage() {
  useDocumentTitle('API tokens');
  const { text, setText, search } = useDebouncedSearch();
  const [status, setStatus] = useState('');
  const [revoking, setRevoking] = useState<ApiTokenRowFragment | null>(null);
  const revoke = useCourseMutation(AdminApiTokenRevokeMutationDocument, 'Token not revoked');

  const { query, pager, connection } = usePagedConnection(
    AdminApiTokensQueryDocument,
    'adminApiTokens',
    { first: PAGE_SIZE, search: search || null, status: statusFilter(status) },
    { errorTitle: 'More tokens could not be loaded', filterKey: `${search}\u0000${status}` },
  );

  return (
    <Stack gap={6} maxW="7xl" mx="auto">
      <Stack gap={1}>
        <Heading as="h1" size="2xl">
          API tokens
        </Heading>
        <Text color="fg.muted">
          The personal tokens members made in their profile’s developer section. A token acts as its owner,
          within its scopes; revoking one refuses it from its next request.
        </Text>
      </Stack>
      <ListToolbar>
        <SearchField value={text} onChange={setText} placeholder="Name, prefix, username or email" />
        <StatusSelect value={status} onChange={setStatus} options={STATUS_OPTIONS} />
        {connection ? <ListCount count={connection.totalCount} singular="token" plural="tokens" /> : null}
      </ListToolbar>
      <ConnectionListFrame
        connection={connection}
        loading={query.loading}
        error={query.error}
        pager={pager}
        loadingLabel="Loading API tokens…"
        errorTitle="The API tokens could not be loaded"
        emptyIcon={<KeyRound />}
        emptyTitle={search || status ? 'No tokens match' : 'No API tokens yet'}
      >
        {(tokens) => (
          <ListTable
            header={
              <>
                <Table.ColumnHeader>Token</Table.ColumnHeader>
                <Table.ColumnHeader>Owner</Table.ColumnHeader>
                <Table.ColumnHeader>Scopes</Table.ColumnHeader>
                <Table.ColumnHeader>Created</Table.ColumnHeader>
                <Table.ColumnHeader>Last used</Table.ColumnHeader>
                <Table.ColumnHeader>Expires</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  <Text srOnly>Actions</Text>
                </Table.ColumnHeader>
              </>
            }
          >
            {tokens.map((token) => (
              <TokenRow key={token.id} token={token} onRevoke={() => setRevoking(token)} />
            ))}
          </ListTable>
        )}
      </ConnectionListFrame>
      <RevokeTokenDialog
        target={revoking}
        pending={revoke.loading}
        onConfirm={async () =>
          Boolean(revoking && (await revoke.run({ id: revoking.id }, `Token “${revoking.name}” revoked`)))
        }
        onClose={() => setRevoking(null)}
      />
    </Stack>
  );
}

function TokenRow({ token, onRevoke }: { token: ApiTokenRowFragment; onRevoke: () => void }) {
  return (
    <Table.Row data-testid="admin-api-token-row">
      <Table.Cell>
        <Text fontWeight="medium" wordBreak="break-word" minW="8rem">
          {token.name}
        </Text>
        <Text fontSize="xs" fontFamily="mono" color="fg.muted">
          {maskedToken(token.tokenPrefix)}
        </Text>
      </Table.Cell>
      <Table.Cell>
        {/* The graph gives the username only: the users list, searched for it, leads to the account. */}
        <Link asChild>
          <RouterLink to={`/admin/users?search=${encodeURIComponent(token.ownerUsername)}`}>
            @{token.ownerUsername}
          </RouterLink>
        </Link>
      </Table.Cell>
      <Table.Cell minW="10rem">
        <ScopeBadges scopes={token.scopes} />
      </Table.Cell>
      {/* Dates only where the day is enough, so the table fits beside the sidebar. */}
      <Table.Cell fontSize="sm" whiteSpace="nowrap" title={formatDateTime(token.createdAt)}>
        {formatDate(token.createdAt)}
      </Table.Cell>
      <Table.Cell fontSize="sm" minW="6rem">
        {formatLastUsed(token.lastUsedAt)}
      </Table.Cell>
      <Table.Cell fontSize="sm" whiteSpace="nowrap">
        {formatExpires(token.expiresAt)}
      </Table.Cell>
      <Table.Cell>
        <TokenStatusBadge status={token.status} />
        {token.revokedAt ? (
          <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
            {formatDateTime(token.revokedAt)}
          </Text>
        ) : null}
      </Table.Cell>
      <Table.Cell textAlign="end">
        {token.status === 'ACTIVE' ? (
          <Button
            size="xs"
            variant="outline"
            colorPalette="red"
            aria-label={`Revoke ${token.name} of @${token.ownerUsername}`}
            onClick={onRevoke}
          >
            Revoke
          </Button>
        ) : null}
      </Table.Cell>
    </Table.Row>
  );
}
