import { useQuery } from '@apollo/client/react';
import {
  Badge,
  Button,
  Field,
  Heading,
  Input,
  Link,
  NativeSelect,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { CalendarX } from 'lucide-react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { AdminBookingRowFragment } from '../../gql/graphql';
import { ConnectionListFrame } from '../../ui/ConnectionListFrame';
import { ListCount, ListToolbar, SearchField, StatusSelect } from '../../ui/ListToolbar';
import { ListTable } from '../../ui/ListTable';
import { ReasonDialog, ReasonForm } from '../../ui/ReasonDialog';
import { useDebouncedSearch } from '../../ui/useDebouncedSearch';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { usePagedConnection } from '../../ui/usePagedConnection';
import { formatSession } from '../../lib/slotTime';
import { useCourseMutation } from '../courses';
import {
  BOOKING_STATUS_OPTIONS,
  bookingStatusLabel,
  bookingStatusPalette,
  cancelLine,
  normalizeStatus,
  personName,
  StaleListError,
} from '../instructor-connect';
import { formatCents } from '../../lib/currency';
import {
  AdminBookingCancelMutationDocument,
  AdminBookingsQueryDocument,
  AdminInstructorOptionsQueryDocument,
} from './adminConnectDocuments';
import { dateRangeBounds } from './adminConnectFormat';

const PAGE_SIZE = 25;
const MAX_REASON = 500;

/** /admin/bookings: every booking with filters; cancel with a reason and a full refund. */
export default function AdminBookingsPage() {
  useDocumentTitle('Bookings');
  const [status, setStatus] = useState('');
  const [instructorId, setInstructorId] = useState('');
  const [fromDate, setFromDate] = useState('');
  const [toDate, setToDate] = useState('');
  const { text, setText, search } = useDebouncedSearch();
  const [canceling, setCanceling] = useState<AdminBookingRowFragment | null>(null);
  const instructors = useQuery(AdminInstructorOptionsQueryDocument);
  // Booking has no instructor object in the graph (only instructorId): names come from this list.
  const instructorNames = new Map(
    (instructors.data?.adminInstructors.nodes ?? []).map((node) => [node.id, node.displayName]),
  );
  const nameOf = (id: string) => instructorNames.get(id) ?? 'the instructor';
  const bounds = dateRangeBounds(fromDate, toDate);
  const rangeInvalid = Boolean(bounds.from && bounds.to && bounds.from >= bounds.to);

  const { query, pager, connection } = usePagedConnection(
    AdminBookingsQueryDocument,
    'adminBookings',
    {
      first: PAGE_SIZE,
      status: (status || null) as never,
      instructorId: instructorId || null,
      search: search || null,
      from: bounds.from,
      to: rangeInvalid ? null : bounds.to,
    },
    {
      errorTitle: 'More bookings could not be loaded',
      filterKey: [status, instructorId, search, bounds.from, bounds.to].join('\u0000'),
    },
  );

  return (
    <Stack gap={6} maxW="6xl" mx="auto">
      <Stack gap={1}>
        <Heading as="h1" size="2xl">
          Bookings
        </Heading>
        <Text color="fg.muted">
          Every Connect booking: find one by client, instructor or date; cancel it with a full refund.
        </Text>
      </Stack>
      <ListToolbar>
        <SearchField value={text} onChange={setText} placeholder="Client, instructor or title" />
        <StatusSelect value={status} onChange={setStatus} options={BOOKING_STATUS_OPTIONS} />
        <Field.Root maxW="2xs">
          <Field.Label>Instructor</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={instructorId} onChange={(e) => setInstructorId(e.target.value)}>
              <option value="">All instructors</option>
              {(instructors.data?.adminInstructors.nodes ?? []).map((instructor) => (
                <option key={instructor.id} value={instructor.id}>
                  {instructor.displayName}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root maxW="44">
          <Field.Label>From</Field.Label>
          <Input type="date" value={fromDate} onChange={(e) => setFromDate(e.target.value)} />
        </Field.Root>
        <Field.Root maxW="44" invalid={rangeInvalid}>
          <Field.Label>To</Field.Label>
          <Input type="date" value={toDate} onChange={(e) => setToDate(e.target.value)} />
          {rangeInvalid ? <Field.ErrorText>After the start date, please</Field.ErrorText> : null}
        </Field.Root>
        {connection ? (
          <ListCount
            count={connection.totalCount}
            singular="booking"
            plural="bookings"
            testId="admin-booking-count"
          />
        ) : null}
      </ListToolbar>
      <StaleListError error={query.error} shown={Boolean(connection)} />
      <ConnectionListFrame
        connection={connection}
        loading={query.loading}
        error={query.error}
        pager={pager}
        loadingLabel="Loading bookings…"
        errorTitle="The bookings could not be loaded"
        emptyIcon={<CalendarX />}
        emptyTitle="No bookings match"
      >
        {(bookings) => (
          <ListTable
            header={
              <>
                <Table.ColumnHeader>When</Table.ColumnHeader>
                <Table.ColumnHeader>Session</Table.ColumnHeader>
                <Table.ColumnHeader>Client</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Price</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  <Text srOnly>Actions</Text>
                </Table.ColumnHeader>
              </>
            }
          >
            {bookings.map((booking) => (
              <BookingRow
                key={booking.id}
                booking={booking}
                instructorName={nameOf(booking.instructorId)}
                onCancel={() => setCanceling(booking)}
              />
            ))}
          </ListTable>
        )}
      </ConnectionListFrame>
      <ReasonDialog open={canceling !== null} onClose={() => setCanceling(null)}>
        {canceling ? (
          <CancelForm
            key={canceling.id}
            booking={canceling}
            instructorName={nameOf(canceling.instructorId)}
            onClose={() => setCanceling(null)}
          />
        ) : null}
      </ReasonDialog>
    </Stack>
  );
}

function BookingRow({
  booking,
  instructorName,
  onCancel,
}: {
  booking: AdminBookingRowFragment;
  instructorName: string;
  onCancel: () => void;
}) {
  const status = normalizeStatus(booking.status);
  const live = status === 'confirmed' || status === 'requested' || status === 'held';
  return (
    <Table.Row data-testid="admin-booking-row">
      <Table.Cell fontSize="sm">
        <Text>{formatSession(String(booking.start), String(booking.end), booking.timeZone)}</Text>
        {booking.clientTimeZone !== booking.timeZone ? (
          <Text color="fg.muted" fontSize="xs">
            Client: {formatSession(String(booking.start), String(booking.end), booking.clientTimeZone)}
          </Text>
        ) : null}
      </Table.Cell>
      <Table.Cell>
        <Text>{booking.title}</Text>
        <Link asChild fontSize="xs" color="fg.muted">
          <RouterLink to={`/instructors/${booking.instructorId}`}>with {instructorName}</RouterLink>
        </Link>
      </Table.Cell>
      <Table.Cell>
        <Link asChild>
          <RouterLink to={`/admin/users/${booking.client.id}`}>{personName(booking.client)}</RouterLink>
        </Link>
        <Text fontSize="xs" color="fg.muted">
          @{booking.client.username}
        </Text>
      </Table.Cell>
      <Table.Cell textAlign="end">
        <Text>{booking.priceCents === 0 ? 'Free' : formatCents(booking.priceCents)}</Text>
        {booking.refundedCents > 0 ? (
          <Text fontSize="xs" color="fg.muted">
            {formatCents(booking.refundedCents)} refunded
          </Text>
        ) : null}
        {booking.orderId ? (
          <Link asChild fontSize="xs" fontFamily="mono">
            <RouterLink to={`/admin/orders/${booking.orderId}`}>{booking.orderNumber ?? 'Order'}</RouterLink>
          </Link>
        ) : null}
      </Table.Cell>
      <Table.Cell>
        <Badge colorPalette={bookingStatusPalette(booking.status)}>
          {bookingStatusLabel(booking.status)}
        </Badge>
        {status === 'canceled' || status === 'declined' ? (
          <Text fontSize="xs" color="fg.muted" maxW="48" truncate title={cancelLine(booking)}>
            {cancelLine(booking)}
          </Text>
        ) : null}
      </Table.Cell>
      <Table.Cell textAlign="end">
        {live && status !== 'held' ? (
          <Button size="xs" variant="outline" colorPalette="red" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </Table.Cell>
    </Table.Row>
  );
}

function CancelForm({
  booking,
  instructorName,
  onClose,
}: {
  booking: AdminBookingRowFragment;
  instructorName: string;
  onClose: () => void;
}) {
  const cancel = useCourseMutation(AdminBookingCancelMutationDocument, 'Booking not canceled', [
    'AdminBookings',
  ]);
  return (
    <ReasonForm
      title={<>Cancel this booking?</>}
      description={`${booking.title} with ${instructorName} for ${personName(booking.client)}, ${formatSession(String(booking.start), String(booking.end), booking.timeZone)}. ${booking.priceCents > 0 ? `The client gets a full refund (${formatCents(booking.priceCents - booking.refundedCents)}). ` : ''}Both are told by email with your reason.`}
      placeholder="e.g. The instructor cannot attend"
      maxLength={MAX_REASON}
      confirmLabel="Cancel and refund"
      pendingLabel="Canceling…"
      pending={cancel.loading}
      reasonError={cancel.fieldError('reason')}
      formError={cancel.userErrors.find((e) => e.field !== 'reason')?.message}
      onConfirm={async (reason) =>
        Boolean(await cancel.run({ bookingId: booking.id, reason }, 'Booking canceled and refunded'))
      }
      onClose={onClose}
    />
  );
}
