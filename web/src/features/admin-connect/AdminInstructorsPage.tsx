import { Badge, Button, Heading, HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import { Star, UserCog } from 'lucide-react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { AdminInstructorRowFragment } from '../../gql/graphql';
import { Avatar } from '../../ui/Avatar';
import { ConnectionListFrame } from '../../ui/ConnectionListFrame';
import { ListCount, ListToolbar, SearchField, StatusSelect } from '../../ui/ListToolbar';
import { ListTable } from '../../ui/ListTable';
import { ReasonDialog, ReasonForm } from '../../ui/ReasonDialog';
import { useDebouncedSearch } from '../../ui/useDebouncedSearch';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { usePagedConnection } from '../../ui/usePagedConnection';
import { useCourseMutation } from '../courses';
import {
  normalizeStatus,
  PROFILE_STATUS_OPTIONS,
  profileStatusLabel,
  profileStatusPalette,
  StaleListError,
} from '../instructor-connect';
import { formatCents } from '../../lib/currency';
import {
  AdminInstructorFeatureSetMutationDocument,
  AdminInstructorsQueryDocument,
  AdminInstructorStatusSetMutationDocument,
} from './adminConnectDocuments';

const PAGE_SIZE = 25;
const MAX_REASON = 500;
const REFETCH = ['AdminInstructors'];

/** /admin/instructors: every instructor profile; approve, suspend with a reason, feature. */
export default function AdminInstructorsPage() {
  useDocumentTitle('Instructors');
  const [status, setStatus] = useState('');
  const { text, setText, search } = useDebouncedSearch();
  const [suspending, setSuspending] = useState<AdminInstructorRowFragment | null>(null);

  const { query, pager, connection } = usePagedConnection(
    AdminInstructorsQueryDocument,
    'adminInstructors',
    { first: PAGE_SIZE, status: (status || null) as never, search: search || null },
    { errorTitle: 'More instructors could not be loaded', filterKey: `${status}\u0000${search}` },
  );

  return (
    <Stack gap={6} maxW="6xl" mx="auto">
      <Stack gap={1}>
        <Heading as="h1" size="2xl">
          Instructors
        </Heading>
        <Text color="fg.muted">
          Connect profiles: approve new instructors, suspend one with a reason, feature the best first on
          /connect.
        </Text>
      </Stack>
      <ListToolbar>
        <SearchField value={text} onChange={setText} placeholder="Name, headline or city" />
        <StatusSelect value={status} onChange={setStatus} options={PROFILE_STATUS_OPTIONS} />
        {connection ? (
          <ListCount
            count={connection.totalCount}
            singular="instructor"
            plural="instructors"
            testId="instructor-count"
          />
        ) : null}
      </ListToolbar>
      <StaleListError error={query.error} shown={Boolean(connection)} />
      <ConnectionListFrame
        connection={connection}
        loading={query.loading}
        error={query.error}
        pager={pager}
        loadingLabel="Loading instructors…"
        errorTitle="The instructors could not be loaded"
        emptyIcon={<UserCog />}
        emptyTitle="No instructors match"
      >
        {(instructors) => (
          <ListTable
            header={
              <>
                <Table.ColumnHeader>Instructor</Table.ColumnHeader>
                <Table.ColumnHeader>Teaches</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">From</Table.ColumnHeader>
                <Table.ColumnHeader>Rating</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  <Text srOnly>Actions</Text>
                </Table.ColumnHeader>
              </>
            }
          >
            {instructors.map((instructor) => (
              <InstructorRow
                key={instructor.id}
                instructor={instructor}
                onSuspend={() => setSuspending(instructor)}
              />
            ))}
          </ListTable>
        )}
      </ConnectionListFrame>
      <ReasonDialog open={suspending !== null} onClose={() => setSuspending(null)}>
        {suspending ? (
          <SuspendForm key={suspending.id} instructor={suspending} onClose={() => setSuspending(null)} />
        ) : null}
      </ReasonDialog>
    </Stack>
  );
}

function InstructorRow({
  instructor,
  onSuspend,
}: {
  instructor: AdminInstructorRowFragment;
  onSuspend: () => void;
}) {
  const setStatus = useCourseMutation(
    AdminInstructorStatusSetMutationDocument,
    'Instructor not approved',
    REFETCH,
  );
  const feature = useCourseMutation(AdminInstructorFeatureSetMutationDocument, 'Not changed', REFETCH);
  const status = normalizeStatus(instructor.status);
  const where = [
    instructor.teachesOnline ? 'Online' : null,
    instructor.teachesInPerson
      ? [instructor.city, instructor.state].filter(Boolean).join(', ') || 'In person'
      : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Table.Row data-testid="admin-instructor-row">
      <Table.Cell>
        <HStack gap={3}>
          <Avatar src={instructor.avatarUrl} name={instructor.displayName} size="sm" />
          <Stack gap={0}>
            <Link asChild fontWeight="medium">
              <RouterLink to={`/instructors/${instructor.id}`}>{instructor.displayName}</RouterLink>
            </Link>
            <Text fontSize="xs" color="fg.muted" maxW="2xs" truncate title={instructor.headline}>
              {instructor.headline || 'No headline yet'}
            </Text>
          </Stack>
        </HStack>
      </Table.Cell>
      <Table.Cell fontSize="sm">
        <Text>{instructor.styles.slice(0, 3).join(', ') || '—'}</Text>
        <Text color="fg.muted" fontSize="xs">
          {where} · {instructor.timeZone}
        </Text>
      </Table.Cell>
      <Table.Cell textAlign="end">
        {instructor.priceFromCents === null || instructor.priceFromCents === undefined
          ? '—'
          : instructor.priceFromCents === 0
            ? 'Free'
            : formatCents(instructor.priceFromCents)}
      </Table.Cell>
      <Table.Cell>
        {instructor.rating ? (
          <HStack gap={1}>
            <Star size={14} aria-hidden />
            <Text>
              {instructor.rating.toFixed(1)} ({instructor.reviewCount})
            </Text>
          </HStack>
        ) : (
          <Text color="fg.muted">No reviews</Text>
        )}
      </Table.Cell>
      <Table.Cell>
        <HStack gap={1} wrap="wrap">
          <Badge colorPalette={profileStatusPalette(instructor.status)}>
            {profileStatusLabel(instructor.status)}
          </Badge>
          {instructor.featured ? <Badge colorPalette="yellow">Featured</Badge> : null}
        </HStack>
        {status === 'suspended' && instructor.statusReason ? (
          <Text fontSize="xs" color="fg.muted" maxW="40" truncate title={instructor.statusReason}>
            {instructor.statusReason}
          </Text>
        ) : null}
      </Table.Cell>
      <Table.Cell textAlign="end">
        <HStack gap={1} justify="flex-end">
          {status !== 'approved' ? (
            <Button
              size="xs"
              loading={setStatus.loading}
              onClick={() =>
                void setStatus.run(
                  { instructorId: instructor.id, status: 'APPROVED' as const },
                  status === 'suspended' ? 'Instructor reinstated' : 'Instructor approved',
                )
              }
            >
              {status === 'suspended' ? 'Reinstate' : 'Approve'}
            </Button>
          ) : null}
          {status !== 'suspended' ? (
            <Button size="xs" variant="outline" colorPalette="red" onClick={onSuspend}>
              Suspend
            </Button>
          ) : null}
          <Button
            size="xs"
            variant="ghost"
            loading={feature.loading}
            onClick={() =>
              void feature.run(
                { instructorId: instructor.id, featured: !instructor.featured },
                instructor.featured ? 'No longer featured' : 'Instructor featured',
              )
            }
          >
            {instructor.featured ? 'Unfeature' : 'Feature'}
          </Button>
        </HStack>
      </Table.Cell>
    </Table.Row>
  );
}

function SuspendForm({
  instructor,
  onClose,
}: {
  instructor: AdminInstructorRowFragment;
  onClose: () => void;
}) {
  const suspend = useCourseMutation(
    AdminInstructorStatusSetMutationDocument,
    'Instructor not suspended',
    REFETCH,
  );
  return (
    <ReasonForm
      title={<>Suspend {instructor.displayName}?</>}
      description="Their profile leaves Connect and nobody can book them until you reinstate them. Bookings already made stay; cancel them on Bookings if needed. The instructor sees your reason."
      placeholder="e.g. Complaints about no-shows"
      maxLength={MAX_REASON}
      confirmLabel="Suspend instructor"
      pendingLabel="Suspending…"
      pending={suspend.loading}
      reasonError={suspend.fieldError('reason')}
      formError={suspend.userErrors.find((e) => e.field !== 'reason')?.message}
      onConfirm={async (reason) =>
        Boolean(
          await suspend.run(
            { instructorId: instructor.id, status: 'SUSPENDED' as const, reason },
            'Instructor suspended',
          ),
        )
      }
      onClose={onClose}
    />
  );
}
