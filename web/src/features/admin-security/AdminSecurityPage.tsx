import {
  Badge,
  Button,
  Field,
  HStack,
  Heading,
  Link,
  NativeSelect,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { ShieldAlert, X } from 'lucide-react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { AdminSecurityEventsQuery } from '../../gql/graphql';
import { ConnectionListFrame } from '../../ui/ConnectionListFrame';
import { formatDateTime } from '../../ui/dateFormat';
import { ListCount, ListToolbar } from '../../ui/ListToolbar';
import { ListTable } from '../../ui/ListTable';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { usePagedConnection } from '../../ui/usePagedConnection';
import { AdminSecurityEventsQueryDocument } from './adminSecurity';
import {
  detailText,
  KIND_OPTIONS,
  kindFilter,
  kindLabel,
  kindPalette,
  userAgentSummary,
} from './securityFormat';

const PAGE_SIZE = 25;

type SecurityEventRow = AdminSecurityEventsQuery['adminSecurityEvents']['nodes'][number];

/**
 * /admin/security: the audit log of accounts' security (passwords, emails, sessions signed out),
 * newest first, by kind (`?kind=`) and for one account (`?user=<id>`, linked from a user's page).
 */
export default function AdminSecurityPage() {
  useDocumentTitle('Security log');
  const [params, setParams] = useSearchParams();
  const kind = kindFilter(params.get('kind'));
  const userId = params.get('user') || null;
  const setParam = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );

  const { query, pager, connection } = usePagedConnection(
    AdminSecurityEventsQueryDocument,
    'adminSecurityEvents',
    { first: PAGE_SIZE, kind, userId },
    { errorTitle: 'More events could not be loaded', filterKey: `${kind ?? ''}\u0000${userId ?? ''}` },
  );
  const username = connection?.nodes.find((event) => event.userId === userId)?.username;

  return (
    <Stack gap={6} maxW="7xl" mx="auto">
      <Stack gap={1}>
        <Heading as="h1" size="2xl">
          Security log
        </Heading>
        <Text color="fg.muted">
          Changes to members’ sign-in security — passwords reset or changed, emails changed or verified,
          sessions signed out — with the address and browser of the request that made them. Newest first.
        </Text>
      </Stack>
      <ListToolbar>
        <Field.Root maxW="2xs">
          <Field.Label>Kind</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={kind ?? ''} onChange={(e) => setParam('kind', e.target.value)}>
              <option value="">All kinds</option>
              {KIND_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {userId ? (
          <HStack gap={2} pb={1.5}>
            <Badge size="lg" variant="subtle" colorPalette="brand" data-testid="security-user-filter">
              {username ? `Only @${username}` : 'Only one account'}
            </Badge>
            <Button size="xs" variant="ghost" onClick={() => setParam('user', null)}>
              <X aria-hidden />
              Show every account
            </Button>
          </HStack>
        ) : null}
        {connection ? <ListCount count={connection.totalCount} singular="event" plural="events" /> : null}
      </ListToolbar>
      <ConnectionListFrame
        connection={connection}
        loading={query.loading}
        error={query.error}
        pager={pager}
        loadingLabel="Loading the security log…"
        errorTitle="The security log could not be loaded"
        emptyIcon={<ShieldAlert />}
        emptyTitle={kind || userId ? 'No events match' : 'No security events yet'}
      >
        {(events) => (
          <ListTable
            header={
              <>
                <Table.ColumnHeader>Time</Table.ColumnHeader>
                <Table.ColumnHeader>Account</Table.ColumnHeader>
                <Table.ColumnHeader>What happened</Table.ColumnHeader>
                <Table.ColumnHeader>Address</Table.ColumnHeader>
                <Table.ColumnHeader>Browser</Table.ColumnHeader>
                <Table.ColumnHeader>Detail</Table.ColumnHeader>
              </>
            }
          >
            {events.map((event) => (
              <EventRow key={event.id} event={event} />
            ))}
          </ListTable>
        )}
      </ConnectionListFrame>
    </Stack>
  );
}

function EventRow({ event }: { event: SecurityEventRow }) {
  return (
    <Table.Row data-testid="security-event-row">
      <Table.Cell fontSize="sm" whiteSpace="nowrap">
        {formatDateTime(event.createdAt)}
      </Table.Cell>
      <Table.Cell>
        <Link asChild>
          <RouterLink to={`/admin/users/${encodeURIComponent(event.userId)}`}>@{event.username}</RouterLink>
        </Link>
      </Table.Cell>
      <Table.Cell>
        <Badge colorPalette={kindPalette(event.kind)} variant="subtle" whiteSpace="nowrap">
          {kindLabel(event.kind)}
        </Badge>
      </Table.Cell>
      <Table.Cell fontSize="sm" fontFamily="mono" whiteSpace="nowrap">
        {event.ip || '—'}
      </Table.Cell>
      <Table.Cell fontSize="sm" title={event.userAgent ?? undefined} minW="9rem">
        {userAgentSummary(event.userAgent) || '—'}
      </Table.Cell>
      <Table.Cell fontSize="sm" wordBreak="break-word" minW="8rem">
        {detailText(event.kind, event.detail) || '—'}
      </Table.Cell>
    </Table.Row>
  );
}
