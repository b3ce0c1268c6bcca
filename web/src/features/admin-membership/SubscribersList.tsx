import { Stack, Table, Text, Heading, HStack, Button } from '@chakra-ui/react';
import { Gift, Users } from 'lucide-react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { AdminSubscriptionRowFragment } from '../../gql/graphql';
import { ConnectionListFrame } from '../../ui/ConnectionListFrame';
import { ListCount, ListToolbar, SearchField, StatusSelect } from '../../ui/ListToolbar';
import { ListTable } from '../../ui/ListTable';
import { useDebouncedSearch } from '../../ui/useDebouncedSearch';
import { usePagedConnection } from '../../ui/usePagedConnection';
import { formatCents } from '../../lib/currency';
import {
  MembershipStateBadge,
  formatMembershipDate,
  formatPlanPrice,
  MEMBERSHIP_STATUS_OPTIONS,
} from '../membership';
import { AdminSubscriptionsQueryDocument } from './adminMembershipDocuments';

const PAGE_SIZE = 25;

/** The members list: every membership, newest first, with a state filter, search and paging. */
export function SubscribersList({ onComp }: { onComp: () => void }) {
  const [status, setStatus] = useState('');
  const { text, setText, search } = useDebouncedSearch();
  const { query, pager, connection } = usePagedConnection(
    AdminSubscriptionsQueryDocument,
    'adminSubscriptions',
    { first: PAGE_SIZE, status: status || null, search: search || null },
    { errorTitle: 'More members could not be loaded', filterKey: `${status}\u0000${search}` },
  );
  return (
    <Stack as="section" aria-labelledby="subscribers-heading" gap={4}>
      <HStack justify="space-between" wrap="wrap" gap={3}>
        <Heading as="h2" size="lg" id="subscribers-heading">
          Members
        </Heading>
        <Button variant="outline" onClick={onComp}>
          <Gift aria-hidden /> Comp a membership
        </Button>
      </HStack>
      <ListToolbar>
        <SearchField value={text} onChange={setText} placeholder="Username, name or e-mail" />
        <StatusSelect value={status} onChange={setStatus} options={MEMBERSHIP_STATUS_OPTIONS} />
        {connection ? (
          <ListCount
            count={connection.totalCount}
            singular="membership"
            plural="memberships"
            testId="subscriber-count"
          />
        ) : null}
      </ListToolbar>
      <ConnectionListFrame
        connection={connection}
        loading={query.loading}
        error={query.error}
        pager={pager}
        loadingLabel="Loading members…"
        errorTitle="The members could not be loaded"
        emptyIcon={<Users />}
        emptyTitle={status || search ? 'No memberships match' : 'No members yet'}
      >
        {(rows) => (
          <ListTable
            header={
              <>
                <Table.ColumnHeader>Member</Table.ColumnHeader>
                <Table.ColumnHeader>Plan</Table.ColumnHeader>
                <Table.ColumnHeader>State</Table.ColumnHeader>
                <Table.ColumnHeader>Next</Table.ColumnHeader>
                <Table.ColumnHeader>Since</Table.ColumnHeader>
              </>
            }
          >
            {rows.map((row) => (
              <SubscriberRow key={row.id} row={row} />
            ))}
          </ListTable>
        )}
      </ConnectionListFrame>
    </Stack>
  );
}

/** "Next" column: the next charge, the end (cancelling, comp), or the end of the grace period. */
function nextCell(row: AdminSubscriptionRowFragment): string {
  if (row.state === 'grace') return `Grace until ${formatMembershipDate(row.graceEndsAt)}`;
  if (row.provider === 'comp' && row.state !== 'ended')
    return `Free until ${formatMembershipDate(row.currentPeriodEnd)}`;
  if (row.state === 'cancelling') return `Ends ${formatMembershipDate(row.currentPeriodEnd)}`;
  if (row.state === 'ended' || row.state === 'lapsed') return '—';
  if (row.nextChargeAt && typeof row.nextChargeCents === 'number') {
    return `${formatCents(row.nextChargeCents)} on ${formatMembershipDate(row.nextChargeAt)}`;
  }
  return row.currentPeriodEnd ? `Until ${formatMembershipDate(row.currentPeriodEnd)}` : '';
}

function SubscriberRow({ row }: { row: AdminSubscriptionRowFragment }) {
  return (
    <Table.Row data-testid="subscriber-row">
      <Table.Cell>
        <Text asChild fontWeight="medium">
          <RouterLink to={`/admin/users/${encodeURIComponent(row.member.id)}`}>
            {row.member.displayName}
          </RouterLink>
        </Text>
        <Text fontSize="xs" color="fg.muted">
          @{row.member.username}
          {row.member.email ? ` · ${row.member.email}` : ''}
        </Text>
      </Table.Cell>
      <Table.Cell>
        <Text>{row.plan.name}</Text>
        <Text fontSize="xs" color="fg.muted">
          {row.provider === 'comp'
            ? `Complimentary${row.compReason ? `: ${row.compReason}` : ''}`
            : formatPlanPrice(row.priceCents, row.interval)}
        </Text>
      </Table.Cell>
      <Table.Cell>
        <MembershipStateBadge state={row.state} provider={row.provider} />
      </Table.Cell>
      <Table.Cell fontSize="sm">{nextCell(row)}</Table.Cell>
      <Table.Cell fontSize="sm">{formatMembershipDate(row.createdAt)}</Table.Cell>
    </Table.Row>
  );
}
