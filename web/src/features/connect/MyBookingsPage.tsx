import { useMutation, useQuery } from '@apollo/client/react';
import {
  Alert,
  Badge,
  Button,
  Card,
  CloseButton,
  Container,
  Dialog,
  Field,
  Heading,
  HStack,
  Input,
  Link,
  RadioGroup,
  Stack,
  Tabs,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { CalendarDays, Copy, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { BookingDetailsFragment } from '../../gql/graphql';
import { Avatar } from '../../ui/Avatar';
import { ConnectionListFrame } from '../../ui/ConnectionListFrame';
import { PageSpinner } from '../../ui/PageSpinner';
import { FormDialog } from '../../ui/FormDialog';
import { ReasonDialog } from '../../ui/ReasonDialog';
import { toaster } from '../../ui/toaster';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { usePagedConnection } from '../../ui/usePagedConnection';
import { MessageButton } from '../messages';
import { CalendarLinks } from './CalendarLinks';
import { formatMoney } from './connectFilters';
import {
  MyBookingsQueryDocument,
  BookingInstructorQueryDocument,
  CalendarFeedResetMutationDocument,
  MyCalendarFeedQueryDocument,
  useBookingCancel,
  useBookingReschedule,
  useBookingReviewCreate,
} from './connectDocuments';
import { BOOKING_STATUS_LABEL, instructorPath } from './connectFormat';
import { type PickedSlot, SlotPicker } from './SlotPicker';
import { dayKey, formatSession, zoneSummary } from '../../lib/slotTime';
import { TimeZoneSelect } from './TimeZoneSelect';
import { useBookerTimeZone } from './useBookerTimeZone';

const PAGE_SIZE = 10;
type When = 'upcoming' | 'past';

/** /my-bookings: my upcoming and past sessions, with cancel, reschedule, calendars and reviews. */
export default function MyBookingsPage() {
  useDocumentTitle('My Bookings');
  const [params, setParams] = useSearchParams();
  const when: When = params.get('tab') === 'past' ? 'past' : 'upcoming';
  const [timeZone, setTimeZone] = useBookerTimeZone();
  return (
    <Container maxW="4xl" py={8}>
      <Stack gap={6}>
        <HStack justify="space-between" align="flex-end" wrap="wrap" gap={4}>
          <Heading as="h1" size="2xl">
            My Bookings
          </Heading>
          <Button asChild variant="outline" size="sm">
            <RouterLink to="/connect">Find an instructor</RouterLink>
          </Button>
        </HStack>
        <TimeZoneSelect value={timeZone} onChange={setTimeZone} />
        <Tabs.Root
          value={when}
          onValueChange={(d) => setParams(d.value === 'past' ? { tab: 'past' } : {}, { replace: true })}
          variant="line"
          lazyMount
          unmountOnExit
        >
          <Tabs.List>
            <Tabs.Trigger value="upcoming">Upcoming</Tabs.Trigger>
            <Tabs.Trigger value="past">Past</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="upcoming">
            <BookingList when="upcoming" timeZone={timeZone} />
          </Tabs.Content>
          <Tabs.Content value="past">
            <BookingList when="past" timeZone={timeZone} />
          </Tabs.Content>
        </Tabs.Root>
        <CalendarFeedPanel />
      </Stack>
    </Container>
  );
}

function BookingList({ when, timeZone }: { when: When; timeZone: string }) {
  const variables = { first: PAGE_SIZE, when: (when === 'past' ? 'PAST' : 'UPCOMING') as never };
  const { query, pager, connection } = usePagedConnection(MyBookingsQueryDocument, 'myBookings', variables, {
    errorTitle: 'More bookings could not be loaded',
    filterKey: when,
  });
  return (
    <ConnectionListFrame
      connection={connection}
      loading={query.loading}
      error={query.error}
      pager={pager}
      loadingLabel="Loading your bookings…"
      errorTitle="Your bookings could not be loaded"
      emptyIcon={<CalendarDays />}
      emptyTitle={when === 'upcoming' ? 'No upcoming bookings' : 'No past bookings'}
      emptyDescription={when === 'upcoming' ? 'Sessions you book with instructors appear here.' : undefined}
    >
      {(nodes) => (
        <Stack gap={4} data-testid={`bookings-${when}`}>
          {nodes.map((booking) => (
            <BookingCard key={booking.id} booking={booking} timeZone={timeZone} />
          ))}
        </Stack>
      )}
    </ConnectionListFrame>
  );
}

function BookingCard({ booking, timeZone }: { booking: BookingDetailsFragment; timeZone: string }) {
  const [dialog, setDialog] = useState<'cancel' | 'reschedule' | 'review' | null>(null);
  const state = booking.status.toLowerCase();
  const { data: instructorData } = useQuery(BookingInstructorQueryDocument, {
    variables: { id: booking.instructorId },
  });
  const instructor = instructorData?.instructor;
  const instructorName = instructor?.displayName ?? 'your instructor';
  const status = BOOKING_STATUS_LABEL[state] ?? { label: booking.status, palette: 'gray' };
  const start = String(booking.start);
  const end = String(booking.end);
  const live = state === 'confirmed' || state === 'requested';
  return (
    <Card.Root variant="outline" as="article" data-testid="booking" data-booking-id={booking.id}>
      <Card.Body gap={3}>
        <HStack justify="space-between" align="flex-start" wrap="wrap" gap={3}>
          <HStack gap={3} align="flex-start">
            <Avatar src={instructor?.avatarUrl} name={instructorName} size="md" />
            <Stack gap={0.5}>
              <Heading as="h3" size="md">
                {booking.title}
              </Heading>
              <Text fontSize="sm">
                with{' '}
                <Link asChild colorPalette="brand">
                  <RouterLink to={instructorPath(booking.instructorId)}>{instructorName}</RouterLink>
                </Link>
              </Text>
            </Stack>
          </HStack>
          <Badge colorPalette={status.palette} variant="subtle" data-testid="booking-status">
            {status.label}
          </Badge>
        </HStack>
        <Stack gap={0.5}>
          <Text fontWeight="semibold" data-testid="booking-time">
            {formatSession(start, end, timeZone)}
          </Text>
          {booking.timeZone !== timeZone ? (
            <Text fontSize="sm" color="fg.muted">
              {formatSession(start, end, booking.timeZone)} for the instructor
            </Text>
          ) : null}
          <Text fontSize="sm">
            {booking.paidWithCredit
              ? 'Membership credit'
              : booking.priceCents
                ? formatMoney(booking.priceCents)
                : 'Free'}
            {booking.refundedCents ? ` · ${formatMoney(booking.refundedCents)} refunded` : ''}
            {booking.orderNumber ? ` · Order ${booking.orderNumber}` : ''}
          </Text>
          {state === 'canceled' && booking.cancelReason ? (
            <Text fontSize="sm" color="fg.muted">
              Reason: {booking.cancelReason}
            </Text>
          ) : null}
          {live ? (
            <Text fontSize="sm" color="fg.muted" data-testid="cancellation-terms">
              {booking.cancellationTerms}
            </Text>
          ) : null}
        </Stack>
        <HStack gap={2} wrap="wrap">
          {live ? <CalendarLinks links={booking.calendarLinks} /> : null}
          {booking.canReschedule ? (
            <Button size="sm" variant="outline" onClick={() => setDialog('reschedule')}>
              Reschedule
            </Button>
          ) : null}
          {booking.canCancel ? (
            <Button size="sm" variant="outline" colorPalette="red" onClick={() => setDialog('cancel')}>
              Cancel
            </Button>
          ) : null}
          {booking.canReview ? (
            <Button size="sm" colorPalette="brand" onClick={() => setDialog('review')}>
              Leave a review
            </Button>
          ) : null}
          <MessageButton
            target={{
              recipientId: booking.instructorId,
              recipientName: instructorName,
              context: { kind: 'BOOKING', id: booking.id },
              subject: booking.title,
            }}
          />
        </HStack>
      </Card.Body>
      <ReasonDialog open={dialog === 'cancel'} onClose={() => setDialog(null)}>
        <CancelForm key={booking.id} booking={booking} onClose={() => setDialog(null)} />
      </ReasonDialog>
      <FormDialog open={dialog === 'reschedule'} onClose={() => setDialog(null)} size="lg">
        <RescheduleForm booking={booking} timeZone={timeZone} onClose={() => setDialog(null)} />
      </FormDialog>
      <FormDialog open={dialog === 'review'} onClose={() => setDialog(null)} size="lg">
        <ReviewForm booking={booking} instructorName={instructorName} onClose={() => setDialog(null)} />
      </FormDialog>
    </Card.Root>
  );
}

const REASON_MAX = 500;

/** Cancel with an optional reason; the server's terms say what is refunded. */
function CancelForm({ booking, onClose }: { booking: BookingDetailsFragment; onClose: () => void }) {
  const cancel = useBookingCancel();
  const [reason, setReason] = useState('');
  async function submit(event: { preventDefault: () => void }) {
    event.preventDefault();
    const result = await cancel.run(
      { bookingId: booking.id, reason: reason.trim() || null },
      'Booking cancelled',
    );
    if (result) onClose();
  }
  return (
    <Dialog.Content as="form" onSubmit={submit}>
      <Dialog.Header>
        <Dialog.Title>Cancel this booking?</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap={4}>
          <Text fontWeight="semibold">{booking.title}</Text>
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title data-testid="cancel-terms">{booking.cancellationTerms}</Alert.Title>
          </Alert.Root>
          {cancel.userErrors[0] ? (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{cancel.userErrors[0].message}</Alert.Title>
            </Alert.Root>
          ) : null}
          <Field.Root invalid={reason.length > REASON_MAX}>
            <Field.Label>Reason (optional)</Field.Label>
            <Textarea name="reason" rows={3} value={reason} onChange={(e) => setReason(e.target.value)} />
            <Field.HelperText>{REASON_MAX - reason.length} characters left</Field.HelperText>
          </Field.Root>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline" type="button">
            Keep booking
          </Button>
        </Dialog.ActionTrigger>
        <Button
          type="submit"
          colorPalette="red"
          loading={cancel.loading}
          loadingText="Cancelling…"
          disabled={reason.length > REASON_MAX}
        >
          Cancel booking
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" />
      </Dialog.CloseTrigger>
    </Dialog.Content>
  );
}

/** Pick a new free time of the same session type. */
function RescheduleForm({
  booking,
  timeZone,
  onClose,
}: {
  booking: BookingDetailsFragment;
  timeZone: string;
  onClose: () => void;
}) {
  const reschedule = useBookingReschedule();
  const [weekStart, setWeekStart] = useState(() => dayKey(new Date(), timeZone));
  const [day, setDay] = useState<string | null>(null);
  const [picked, setPicked] = useState<PickedSlot | null>(null);
  async function submit(event: { preventDefault: () => void }) {
    event.preventDefault();
    if (!picked) return;
    const result = await reschedule.run({ bookingId: booking.id, start: picked.start }, 'Booking moved');
    if (result) onClose();
  }
  return (
    <Dialog.Content as="form" onSubmit={submit}>
      <Dialog.Header>
        <Dialog.Title>Reschedule {booking.title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap={4}>
          <Text fontSize="sm">
            Now: {formatSession(String(booking.start), String(booking.end), timeZone)}.{' '}
            {zoneSummary(timeZone, booking.timeZone)}.
          </Text>
          {reschedule.userErrors[0] ? (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{reschedule.userErrors[0].message}</Alert.Title>
            </Alert.Root>
          ) : null}
          <SlotPicker
            instructorId={booking.instructorId}
            sessionTypeId={booking.sessionTypeId}
            timeZone={timeZone}
            weekStart={weekStart}
            day={day}
            selectedStart={picked?.start ?? null}
            onWeekChange={(w) => {
              setWeekStart(w);
              setDay(null);
            }}
            onDayChange={setDay}
            onSelect={setPicked}
            group={booking.kind.toLowerCase() === 'group'}
          />
          {picked ? (
            <Text fontWeight="semibold">New time: {formatSession(picked.start, picked.end, timeZone)}</Text>
          ) : null}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline" type="button">
            Close
          </Button>
        </Dialog.ActionTrigger>
        <Button
          type="submit"
          colorPalette="brand"
          disabled={!picked}
          loading={reschedule.loading}
          loadingText="Moving…"
        >
          Move booking
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" />
      </Dialog.CloseTrigger>
    </Dialog.Content>
  );
}

const COMMENT_MAX = 2000;

/** Rating 1–5 and an optional comment for a completed session. */
function ReviewForm({
  booking,
  instructorName,
  onClose,
}: {
  booking: BookingDetailsFragment;
  instructorName: string;
  onClose: () => void;
}) {
  const review = useBookingReviewCreate();
  const [rating, setRating] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  async function submit(event: { preventDefault: () => void }) {
    event.preventDefault();
    if (!rating) return;
    const result = await review.run(
      { bookingId: booking.id, rating: Number(rating), comment: comment.trim() || null },
      'Thank you for your review',
    );
    if (result) onClose();
  }
  return (
    <Dialog.Content as="form" onSubmit={submit}>
      <Dialog.Header>
        <Dialog.Title>Review {instructorName}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap={4}>
          {review.userErrors[0] ? (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{review.userErrors[0].message}</Alert.Title>
            </Alert.Root>
          ) : null}
          <RadioGroup.Root value={rating} onValueChange={(d) => setRating(d.value)} name="rating">
            <RadioGroup.Label>Rating</RadioGroup.Label>
            <HStack gap={4} mt={2}>
              {['1', '2', '3', '4', '5'].map((value) => (
                <RadioGroup.Item key={value} value={value}>
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>
                    {value} {value === '1' ? 'star' : 'stars'}
                  </RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </HStack>
          </RadioGroup.Root>
          <Field.Root invalid={comment.length > COMMENT_MAX}>
            <Field.Label>Comment (optional)</Field.Label>
            <Textarea name="comment" rows={4} value={comment} onChange={(e) => setComment(e.target.value)} />
          </Field.Root>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline" type="button">
            Close
          </Button>
        </Dialog.ActionTrigger>
        <Button
          type="submit"
          colorPalette="brand"
          disabled={!rating || comment.length > COMMENT_MAX}
          loading={review.loading}
          loadingText="Saving…"
        >
          Post review
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" />
      </Dialog.CloseTrigger>
    </Dialog.Content>
  );
}

/** The personal calendar feed URL: copy it into a calendar app, or reset it (the old link stops working). */
function CalendarFeedPanel() {
  const { data, loading, error } = useQuery(MyCalendarFeedQueryDocument);
  const [resetFeed, reset] = useMutation(CalendarFeedResetMutationDocument, {
    refetchQueries: ['MyCalendarFeed'],
    awaitRefetchQueries: true,
  });
  const url = data?.myCalendarFeed.url ?? '';
  async function resetLink() {
    try {
      const result = await resetFeed();
      const refusal = result.data?.calendarFeedReset.userErrors[0];
      if (refusal) throw new Error(refusal.message);
      toaster.create({ title: 'A new link was made; the old one no longer works', type: 'success' });
    } catch (error) {
      toaster.create({
        title: 'Link not reset',
        description: error instanceof Error ? error.message : undefined,
        type: 'error',
      });
    }
  }
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      toaster.create({ title: 'Link copied', type: 'success' });
    } catch {
      toaster.create({ title: 'Copy the link by hand', description: url, type: 'info' });
    }
  }
  return (
    <Card.Root variant="outline" as="section" aria-labelledby="feed-heading">
      <Card.Header>
        <Card.Title as="h2" id="feed-heading">
          Calendar feed
        </Card.Title>
        <Card.Description>
          Subscribe to this private link in Google Calendar, Outlook or Apple Calendar to see all your
          bookings there. Anyone with the link can see them: reset it if it leaks.
        </Card.Description>
      </Card.Header>
      <Card.Body gap={3}>
        {loading && !data ? (
          <PageSpinner label="Loading your calendar link…" minHeight="4rem" />
        ) : error && !data ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>The calendar link could not be loaded: {error.message}</Alert.Title>
          </Alert.Root>
        ) : (
          <Field.Root>
            <Field.Label>Your calendar feed URL</Field.Label>
            <HStack w="full" gap={2} wrap={{ base: 'wrap', sm: 'nowrap' }}>
              <Input
                readOnly
                value={url}
                name="feedUrl"
                onFocus={(e) => e.target.select()}
                data-testid="feed-url"
              />
              <Button variant="outline" onClick={() => void copy()}>
                <Copy aria-hidden /> Copy
              </Button>
              <Button
                variant="outline"
                colorPalette="red"
                loading={reset.loading}
                onClick={() => void resetLink()}
              >
                <RefreshCw aria-hidden /> Reset link
              </Button>
            </HStack>
          </Field.Root>
        )}
      </Card.Body>
    </Card.Root>
  );
}
