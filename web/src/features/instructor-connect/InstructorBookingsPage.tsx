import { Badge, Box, Button, Card, Heading, HStack, Stack, Tabs, Text } from '@chakra-ui/react';
import { CalendarX } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { InstructorBookingRowFragment } from '../../gql/graphql';
import { Avatar } from '../../ui/Avatar';
import { ConnectionListFrame } from '../../ui/ConnectionListFrame';
import { ListCount, ListToolbar, StatusSelect } from '../../ui/ListToolbar';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { usePagedConnection } from '../../ui/usePagedConnection';
import { useCurrentUser } from '../auth';
import { formatSession } from '../../lib/slotTime';
import { useCourseMutation } from '../courses';
import { MessageButton } from '../messages';
import { formatCents } from '../../lib/currency';
import { BookingDialogs, bookingTarget, REFETCH, type BookingDialogState } from './BookingDialogs';
import {
  BOOKING_STATUS_OPTIONS,
  bookingStatusLabel,
  bookingStatusPalette,
  cancelLine,
  normalizeStatus,
  personName,
} from './bookingFormat';
import { SESSION_KIND_LABEL, type SessionKind } from './connectForm';
import {
  BookingApproveMutationDocument,
  BookingCompleteMutationDocument,
  BookingNoShowMutationDocument,
  InstructorBookingsQueryDocument,
} from './connectDocuments';
import { ConnectNav } from './ConnectNav';
import { InstructorConnectOnly } from './InstructorConnectOnly';
import { InstructorEarningsSection } from './InstructorEarningsSection';
import { StaleListError } from './StaleListError';

const PAGE_SIZE = 20;
type Tab = 'upcoming' | 'requests' | 'past';
const TABS: Tab[] = ['upcoming', 'requests', 'past'];

/** /instructor/bookings: upcoming, requested and past bookings with the instructor's actions. */
export default function InstructorBookingsPage() {
  useDocumentTitle('Bookings');
  return (
    <InstructorConnectOnly>
      <BookingsContent />
    </InstructorConnectOnly>
  );
}

function BookingsContent() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.includes(params.get('tab') as Tab) ? (params.get('tab') as Tab) : 'upcoming';
  const [status, setStatus] = useState('');
  const [dialog, setDialog] = useState<BookingDialogState>(null);
  const { user } = useCurrentUser();

  const variables =
    tab === 'requests'
      ? { first: PAGE_SIZE, when: null, status: 'REQUESTED' as const }
      : {
          first: PAGE_SIZE,
          when: tab === 'past' ? ('PAST' as const) : ('UPCOMING' as const),
          status: status || null,
        };
  const { query, pager, connection } = usePagedConnection(
    InstructorBookingsQueryDocument,
    'instructorBookings',
    variables as never,
    { errorTitle: 'More bookings could not be loaded', filterKey: `${tab}\u0000${status}` },
  );

  return (
    <Stack gap={6} maxW="5xl" mx="auto">
      <Stack gap={1}>
        <Heading as="h1" size="2xl">
          Bookings
        </Heading>
        <Text color="fg.muted">
          Your lessons, classes and consultations. Times are shown in your zone and in the client’s.
        </Text>
      </Stack>
      <ConnectNav />
      <Tabs.Root
        value={tab}
        onValueChange={(details) => {
          setStatus('');
          setParams(details.value === 'upcoming' ? {} : { tab: details.value }, { replace: true });
        }}
        variant="line"
      >
        <Tabs.List>
          <Tabs.Trigger value="upcoming">Upcoming</Tabs.Trigger>
          <Tabs.Trigger value="requests">Requests</Tabs.Trigger>
          <Tabs.Trigger value="past">Past</Tabs.Trigger>
        </Tabs.List>
        {TABS.map((value) => (
          // One panel per tab (the triggers name them in aria-controls); the active one holds the list.
          <Tabs.Content key={value} value={value}>
            {value === tab ? (
              <Stack gap={4}>
                <ListToolbar>
                  {tab !== 'requests' ? (
                    <StatusSelect value={status} onChange={setStatus} options={BOOKING_STATUS_OPTIONS} />
                  ) : null}
                  {connection ? (
                    <ListCount
                      count={connection.totalCount}
                      singular="booking"
                      plural="bookings"
                      testId="booking-count"
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
                  emptyTitle={
                    tab === 'requests'
                      ? 'No requests waiting'
                      : tab === 'past'
                        ? 'No past bookings'
                        : 'No upcoming bookings'
                  }
                  emptyDescription={
                    tab === 'upcoming'
                      ? 'Share your profile; bookings appear here as clients make them.'
                      : undefined
                  }
                >
                  {(bookings) => (
                    <Stack gap={3}>
                      {bookings.map((booking) => (
                        <BookingCard key={booking.id} booking={booking} onDialog={setDialog} />
                      ))}
                    </Stack>
                  )}
                </ConnectionListFrame>
              </Stack>
            ) : null}
          </Tabs.Content>
        ))}
      </Tabs.Root>
      <BookingDialogs state={dialog} instructorId={user?.id ?? ''} onClose={() => setDialog(null)} />
      <InstructorEarningsSection />
    </Stack>
  );
}

function BookingCard({
  booking,
  onDialog,
}: {
  booking: InstructorBookingRowFragment;
  onDialog: (state: BookingDialogState) => void;
}) {
  const approve = useCourseMutation(BookingApproveMutationDocument, 'Request not approved', REFETCH);
  const complete = useCourseMutation(BookingCompleteMutationDocument, 'Not marked completed', REFETCH);
  const noShow = useCourseMutation(BookingNoShowMutationDocument, 'Not marked as no-show', REFETCH);
  const status = normalizeStatus(booking.status);
  const started = new Date(String(booking.start)).getTime() <= Date.now();
  const clientName = personName(booking.client);
  const target = bookingTarget(booking, clientName);
  const kind = normalizeStatus(booking.kind) as SessionKind;
  const sameZone = booking.clientTimeZone === booking.timeZone;

  return (
    <Card.Root size="sm" data-testid="booking-card">
      <Card.Body>
        <HStack justify="space-between" align="flex-start" gap={4} wrap="wrap">
          <HStack gap={3} align="flex-start" flex="1" minW="72">
            <Avatar
              src={booking.client.profileImageUrl}
              username={booking.client.username}
              name={clientName}
              size="sm"
            />
            <Stack gap={1}>
              <HStack gap={2} wrap="wrap">
                <Text fontWeight="semibold">{clientName}</Text>
                <Text color="fg.muted" fontSize="sm">
                  @{booking.client.username}
                </Text>
                <Badge colorPalette={bookingStatusPalette(booking.status)}>
                  {bookingStatusLabel(booking.status)}
                </Badge>
              </HStack>
              <Text>
                {booking.title}{' '}
                <Text as="span" color="fg.muted" fontSize="sm">
                  · {SESSION_KIND_LABEL[kind] ?? booking.kind} ·{' '}
                  {booking.paidWithCredit
                    ? `Membership credit (${formatCents(booking.priceCents)})`
                    : booking.priceCents === 0
                      ? 'Free'
                      : formatCents(booking.priceCents)}
                </Text>
              </Text>
              <Text fontWeight="medium">
                {formatSession(String(booking.start), String(booking.end), booking.timeZone)}
              </Text>
              {!sameZone ? (
                <Text fontSize="sm" color="fg.muted">
                  Client’s time:{' '}
                  {formatSession(String(booking.start), String(booking.end), booking.clientTimeZone)} (
                  {booking.clientTimeZone})
                </Text>
              ) : null}
              {booking.note ? (
                <Box borderLeftWidth="3px" pl={2} fontSize="sm" color="fg.muted">
                  “{booking.note}”
                </Box>
              ) : null}
              {status === 'canceled' || status === 'declined' ? (
                <Text fontSize="sm" color="fg.muted">
                  {status === 'declined'
                    ? `Declined${booking.cancelReason ? `: ${booking.cancelReason}` : ''}`
                    : cancelLine(booking)}
                  {booking.refundedCents > 0 ? ` · ${formatCents(booking.refundedCents)} refunded` : ''}
                  {booking.feeCents > 0 ? ` · ${formatCents(booking.feeCents)} fee kept` : ''}
                </Text>
              ) : null}
              {booking.orderNumber ? (
                <Text fontSize="xs" color="fg.muted">
                  Order {booking.orderNumber}
                </Text>
              ) : null}
            </Stack>
          </HStack>
          <HStack gap={1} wrap="wrap" justify="flex-end">
            {status === 'requested' ? (
              <>
                <Button
                  size="xs"
                  loading={approve.loading}
                  onClick={() => void approve.run({ bookingId: booking.id }, 'Request approved')}
                >
                  Approve
                </Button>
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette="red"
                  onClick={() => onDialog({ kind: 'decline', target })}
                >
                  Decline
                </Button>
              </>
            ) : null}
            {status === 'confirmed' && started ? (
              <>
                <Button
                  size="xs"
                  loading={complete.loading}
                  onClick={() => void complete.run({ bookingId: booking.id }, 'Marked completed')}
                >
                  Mark completed
                </Button>
                <Button
                  size="xs"
                  variant="outline"
                  loading={noShow.loading}
                  onClick={() => void noShow.run({ bookingId: booking.id }, 'Marked as no-show')}
                >
                  No-show
                </Button>
              </>
            ) : null}
            {booking.canReschedule && !started ? (
              <Button size="xs" variant="outline" onClick={() => onDialog({ kind: 'reschedule', target })}>
                Reschedule
              </Button>
            ) : null}
            {booking.canCancel && !started && status !== 'requested' ? (
              <Button
                size="xs"
                variant="ghost"
                colorPalette="red"
                onClick={() => onDialog({ kind: 'cancel', target })}
              >
                Cancel
              </Button>
            ) : null}
            <MessageButton
              size="xs"
              target={{
                recipientId: booking.client.id,
                recipientName: clientName,
                context: { kind: 'BOOKING', id: booking.id },
                subject: booking.title,
              }}
              inboxBase="/instructor/messages"
            />
          </HStack>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
