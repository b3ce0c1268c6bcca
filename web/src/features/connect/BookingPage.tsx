import { useApolloClient, useQuery } from '@apollo/client/react';
import {
  Alert,
  Box,
  Button,
  Card,
  Checkbox,
  Container,
  Field,
  Grid,
  Heading,
  HStack,
  Link,
  RadioCard,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { CalendarCheck } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { BookingDetailsFragment, InstructorProfileQuery } from '../../gql/graphql';
import { Avatar } from '../../ui/Avatar';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { attemptFor, attemptForBooking, forgetAttempt, rememberAttemptBooking } from './bookingAttempt';
import { BookingPayment, type PaymentHandOver } from './BookingPayment';
import { CalendarLinks } from './CalendarLinks';
import { formatMoney } from './connectFilters';
import {
  BookingQueryDocument,
  InstructorProfileQueryDocument,
  MyLessonCreditsQueryDocument,
  useBookingCreate,
} from './connectDocuments';
import { InstructorNotFound } from './InstructorNotFound';
import { instructorPath, SESSION_KIND_LABEL, TAKEN_CODES } from './connectFormat';
import { SessionTypeSummary } from './SessionTypeSummary';
import { type PickedSlot, SlotPicker } from './SlotPicker';
import { dayKey, formatSession, formatDuration } from '../../lib/slotTime';
import { TimeZoneSelect } from './TimeZoneSelect';
import { useBookerTimeZone } from './useBookerTimeZone';

type Instructor = NonNullable<InstructorProfileQuery['instructor']>;

const NOTE_MAX = 1000;

/**
 * /instructors/:instructorId/book and /connect/book/:instructorId: choose a session type, a day and
 * a free time (in the booker's zone), add a note, confirm; pay when the session has a price.
 * `?booking=ID` shows that booking's payment or confirmation.
 */
export default function BookingPage() {
  const { instructorId = '' } = useParams();
  const [params] = useSearchParams();
  const { data, loading, error } = useQuery(InstructorProfileQueryDocument, {
    variables: { id: instructorId },
  });
  const instructor = data?.instructor;
  useDocumentTitle(instructor ? `Book ${instructor.displayName}` : 'Book an instructor');
  const bookingId = params.get('booking');

  if (loading && !data) return <PageSpinner label="Loading the instructor…" />;
  if (!instructor) return <InstructorNotFound message={error?.message} />;
  return (
    <Container maxW="5xl" py={{ base: 6, md: 10 }}>
      <Stack gap={6}>
        <HStack gap={4}>
          <Avatar src={instructor.avatarUrl} name={instructor.displayName} size="lg" />
          <Stack gap={0}>
            <Heading as="h1" size="2xl">
              Book {instructor.displayName}
            </Heading>
            <Link asChild color="fg.muted" fontSize="sm">
              <RouterLink to={instructorPath(instructor.id)}>Back to the profile</RouterLink>
            </Link>
          </Stack>
        </HStack>
        {bookingId ? (
          <BookingStatus instructor={instructor} bookingId={bookingId} />
        ) : (
          <Chooser instructor={instructor} />
        )}
      </Stack>
    </Container>
  );
}

function Chooser({ instructor }: { instructor: Instructor }) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const client = useApolloClient();
  const [timeZone, setTimeZone] = useBookerTimeZone();
  const create = useBookingCreate();
  const types = instructor.sessionTypes;
  const type = types.find((t) => t.id === params.get('sessionType')) ?? types[0];
  const start = params.get('start');
  const today = dayKey(new Date(), timeZone);
  const [chosenWeek, setWeekStart] = useState(
    () => params.get('week') ?? (start ? dayKey(start, timeZone) : null),
  );
  // Never a week that begins on a day already past in the booker's zone (a zone change can make it so).
  const weekStart = chosenWeek && chosenWeek > today ? chosenWeek : today;
  const [day, setDay] = useState<string | null>(() => (start ? dayKey(start, timeZone) : params.get('day')));
  const [picked, setPicked] = useState<PickedSlot | null>(null);
  const [note, setNote] = useState('');
  const [taken, setTaken] = useState<string | null>(null);
  const credits = useQuery(MyLessonCreditsQueryDocument, { fetchPolicy: 'cache-and-network' });
  const creditsLeft = credits.data?.mySubscription?.benefitsActive
    ? credits.data.mySubscription.lessonCreditsLeft
    : 0;
  const [payInstead, setPayInstead] = useState(false);

  const set = (change: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(change)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };

  // A taken time: its message stays on the page and the free times are asked for again.
  const refusal = create.userErrors.find((e) => TAKEN_CODES.has(e.code));
  useRefusalRefresh(refusal?.message ?? null, () => {
    setTaken(refusal?.message ?? null);
    forgetAttempt();
    set({ start: null });
    void client.refetchQueries({ include: ['InstructorSlots'] });
  });
  if (!type) {
    return (
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Title>{instructor.displayName} has no sessions to book right now.</Alert.Title>
      </Alert.Root>
    );
  }

  const chosenEnd =
    picked && start && new Date(picked.start).getTime() === new Date(start).getTime()
      ? picked.end
      : start
        ? new Date(new Date(start).getTime() + type.durationMinutes * 60_000).toISOString()
        : null;

  const creditOffered = type.creditEligible && creditsLeft > 0;
  const withCredit = creditOffered && !payInstead;

  async function confirm() {
    if (!start || !type) return;
    setTaken(null);
    const attempt = attemptFor({
      sessionTypeId: type.id,
      start,
      note: note.trim(),
      clientTimeZone: timeZone,
    });
    const result = await create.run({
      sessionTypeId: type.id,
      start,
      clientTimeZone: timeZone,
      note: note.trim() || null,
      idempotencyKey: attempt.idempotencyKey,
      useCredit: withCredit ? true : type.creditEligible ? false : null,
    });
    void credits.refetch().catch(() => undefined);
    // A refusal is kept in create.userErrors (a taken time is handled below).
    if (!result?.booking) return;
    rememberAttemptBooking(attempt, result.booking.id);
    if (!result.payment) forgetAttempt();
    navigate(`?booking=${encodeURIComponent(result.booking.id)}`, {
      state: result.payment satisfies PaymentHandOver | null | undefined,
    });
  }

  const otherError = create.userErrors.find((e) => !TAKEN_CODES.has(e.code))?.message;

  return (
    <Grid templateColumns={{ base: '1fr', md: '3fr 2fr' }} gap={8} alignItems="start">
      <Stack gap={6} minW={0}>
        <Stack as="section" aria-labelledby="type-heading" gap={3}>
          <Heading as="h2" size="lg" id="type-heading">
            1. Session
          </Heading>
          <RadioCard.Root
            value={type.id}
            onValueChange={(details) => {
              if (details.value) set({ sessionType: details.value, start: null });
            }}
            name="sessionType"
          >
            <RadioCard.Label srOnly>Session type</RadioCard.Label>
            <Stack gap={2}>
              {types.map((t) => (
                <RadioCard.Item key={t.id} value={t.id}>
                  <RadioCard.ItemHiddenInput />
                  <RadioCard.ItemControl>
                    <RadioCard.ItemContent>
                      <RadioCard.ItemText>
                        {t.title} · {formatDuration(t.durationMinutes)} ·{' '}
                        {t.priceCents ? formatMoney(t.priceCents) : 'Free'}
                      </RadioCard.ItemText>
                      <RadioCard.ItemDescription>
                        {SESSION_KIND_LABEL[t.kind.toLowerCase()] ?? t.kind}
                        {t.requiresApproval ? ' · needs the instructor’s approval' : ''}
                      </RadioCard.ItemDescription>
                    </RadioCard.ItemContent>
                    <RadioCard.ItemIndicator />
                  </RadioCard.ItemControl>
                </RadioCard.Item>
              ))}
            </Stack>
          </RadioCard.Root>
        </Stack>

        <Stack as="section" aria-labelledby="time-heading" gap={3}>
          <Heading as="h2" size="lg" id="time-heading">
            2. Day and time
          </Heading>
          <TimeZoneSelect value={timeZone} onChange={setTimeZone} instructorZone={instructor.timeZone} />
          {taken ? (
            <Alert.Root status="warning" data-testid="slot-taken">
              <Alert.Indicator />
              <Alert.Title>{taken}</Alert.Title>
            </Alert.Root>
          ) : null}
          <SlotPicker
            instructorId={instructor.id}
            sessionTypeId={type.id}
            timeZone={timeZone}
            weekStart={weekStart}
            day={day}
            selectedStart={start}
            onWeekChange={(w) => {
              setWeekStart(w);
              setDay(null);
            }}
            onDayChange={setDay}
            group={type.kind.toLowerCase() === 'group'}
            onSelect={(slot) => {
              setPicked(slot);
              setTaken(null);
              set({ start: slot.start });
            }}
          />
        </Stack>
      </Stack>

      <Card.Root
        variant="outline"
        as="section"
        aria-labelledby="summary-heading"
        position={{ md: 'sticky' }}
        top={{ md: 4 }}
      >
        <Card.Header>
          <Card.Title as="h2" id="summary-heading">
            3. Confirm
          </Card.Title>
        </Card.Header>
        <Card.Body gap={4}>
          <SessionTypeSummary sessionType={type} />
          {start && chosenEnd ? (
            <Box borderWidth="1px" borderRadius="l2" p={3} data-testid="chosen-time">
              <Text fontWeight="semibold">{formatSession(start, chosenEnd, timeZone)}</Text>
              {timeZone !== instructor.timeZone ? (
                <Text fontSize="sm" color="fg.muted">
                  {formatSession(start, chosenEnd, instructor.timeZone)} for {instructor.displayName}
                </Text>
              ) : null}
              {type.kind.toLowerCase() === 'group' && picked?.seatsLeft != null ? (
                <Text fontSize="sm">
                  {picked.seatsLeft === 1 ? '1 seat left' : `${picked.seatsLeft} seats left`}
                </Text>
              ) : null}
            </Box>
          ) : (
            <Text color="fg.muted">Pick a free time on the left.</Text>
          )}
          <Field.Root invalid={note.length > NOTE_MAX}>
            <Field.Label>Note for {instructor.displayName} (optional)</Field.Label>
            <Textarea
              name="note"
              rows={3}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              placeholder="What would you like to work on?"
            />
            <Field.HelperText>{NOTE_MAX - note.length} characters left</Field.HelperText>
          </Field.Root>
          {creditOffered ? (
            <Box borderWidth="1px" borderRadius="l2" p={3} bg="green.subtle" data-testid="membership-credit">
              <Text fontWeight="semibold">
                Included with your membership — {creditsLeft === 1 ? '1 credit' : `${creditsLeft} credits`}{' '}
                left
              </Text>
              <Checkbox.Root
                mt={2}
                size="sm"
                checked={payInstead}
                onCheckedChange={(d) => setPayInstead(d.checked === true)}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>
                  Pay {formatMoney(type.priceCents)} instead and keep the credit
                </Checkbox.Label>
              </Checkbox.Root>
            </Box>
          ) : null}
          {otherError ? (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{otherError}</Alert.Title>
            </Alert.Root>
          ) : null}
          <Button
            colorPalette="brand"
            size="lg"
            disabled={!start || note.length > NOTE_MAX}
            loading={create.loading}
            loadingText="Booking…"
            onClick={() => void confirm()}
          >
            {withCredit
              ? 'Book with a membership credit'
              : type.priceCents
                ? `Continue to payment (${formatMoney(type.priceCents)})`
                : 'Confirm booking'}
          </Button>
        </Card.Body>
      </Card.Root>
    </Grid>
  );
}

/** Runs `effect` once each time a new refusal message arrives. */
function useRefusalRefresh(message: string | null, effect: () => void) {
  const [seen, setSeen] = useState<string | null>(null);
  useEffect(() => {
    if (message && message !== seen) {
      setSeen(message);
      effect();
    }
    if (!message && seen) setSeen(null);
  }, [message, seen, effect]);
}

/** A booking just made: its payment while held, then its confirmation. */
function BookingStatus({ instructor, bookingId }: { instructor: Instructor; bookingId: string }) {
  const navigate = useNavigate();
  const handOver = (useLocation().state ?? null) as PaymentHandOver | null;
  const create = useBookingCreate();
  const [timeZone] = useBookerTimeZone();
  const query = useQuery(BookingQueryDocument, { variables: { id: bookingId }, fetchPolicy: 'network-only' });
  const booking = query.data?.booking;
  const [paying, setPaying] = useState(false);

  // After payment the server confirms the booking (the webhook may take a moment with Stripe).
  const { startPolling, stopPolling } = query;
  const waiting = paying && booking?.status.toLowerCase() === 'held';
  useEffect(() => {
    if (waiting) startPolling(1500);
    else stopPolling();
    return () => stopPolling();
  }, [waiting, startPolling, stopPolling]);

  const resume = useCallback(async (): Promise<PaymentHandOver | null> => {
    const attempt = attemptForBooking(bookingId);
    if (!attempt) return null;
    const result = await create.run({
      sessionTypeId: attempt.sessionTypeId,
      start: attempt.start,
      clientTimeZone: attempt.clientTimeZone,
      note: attempt.note || null,
      idempotencyKey: attempt.idempotencyKey,
    });
    return result?.booking?.id === bookingId ? (result.payment ?? null) : null;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bookingId]);

  if (query.loading && !booking) return <PageSpinner label="Loading your booking…" />;
  if (!booking) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>Booking not found{query.error ? `: ${query.error.message}` : ''}</Alert.Title>
      </Alert.Root>
    );
  }
  const again = () => {
    forgetAttempt();
    navigate(`?sessionType=${encodeURIComponent(booking.sessionTypeId)}`, { replace: true });
  };

  const status = booking.status.toLowerCase();
  if (status === 'held' && !paying) {
    return (
      <Grid templateColumns={{ base: '1fr', md: '3fr 2fr' }} gap={8} alignItems="start">
        <BookingPayment
          booking={booking}
          handOver={handOver}
          resume={resume}
          onPaid={() => {
            forgetAttempt();
            setPaying(true);
            void query.refetch();
          }}
          onGiveUp={again}
        />
        <BookingSummaryCard booking={booking} timeZone={timeZone} instructor={instructor} />
      </Grid>
    );
  }
  return <Confirmation booking={booking} timeZone={timeZone} instructor={instructor} onAgain={again} />;
}

function BookingSummaryCard({
  booking,
  timeZone,
  instructor,
}: {
  booking: BookingDetailsFragment;
  timeZone: string;
  instructor: Instructor;
}) {
  return (
    <Card.Root variant="outline" as="section" aria-labelledby="booking-summary-heading">
      <Card.Header>
        <Card.Title as="h2" id="booking-summary-heading">
          {booking.title}
        </Card.Title>
      </Card.Header>
      <Card.Body gap={2}>
        <Text fontWeight="semibold">
          {formatSession(String(booking.start), String(booking.end), timeZone)}
        </Text>
        {timeZone !== instructor.timeZone ? (
          <Text fontSize="sm" color="fg.muted">
            {formatSession(String(booking.start), String(booking.end), instructor.timeZone)} for{' '}
            {instructor.displayName}
          </Text>
        ) : null}
        <Text>
          {booking.paidWithCredit
            ? 'Paid with a membership credit'
            : booking.priceCents
              ? formatMoney(booking.priceCents)
              : 'Free'}
        </Text>
        {booking.orderNumber ? <Text fontSize="sm">Order {booking.orderNumber}</Text> : null}
      </Card.Body>
    </Card.Root>
  );
}

const STATUS_HEADLINE: Record<string, string> = {
  confirmed: 'You’re booked!',
  requested: 'Request sent',
  held: 'Confirming your payment…',
  expired: 'This hold has expired',
  canceled: 'This booking was cancelled',
  declined: 'The instructor declined this request',
  completed: 'This session is completed',
};

function Confirmation({
  booking,
  timeZone,
  instructor,
  onAgain,
}: {
  booking: BookingDetailsFragment;
  timeZone: string;
  instructor: Instructor;
  onAgain: () => void;
}) {
  const status = booking.status.toLowerCase();
  const good = status === 'confirmed' || status === 'requested';
  return (
    <Stack gap={5} data-testid="booking-confirmation" data-status={status}>
      <HStack gap={3}>
        {good ? <CalendarCheck size={36} color="var(--chakra-colors-green-solid)" aria-hidden /> : null}
        <Stack gap={0}>
          <Heading as="h2" size="xl">
            {STATUS_HEADLINE[status] ?? status}
          </Heading>
          {status === 'requested' ? (
            <Text color="fg.muted">
              {instructor.displayName} will accept or decline it; a decline is refunded in full. We email you
              either way.
            </Text>
          ) : status === 'confirmed' ? (
            <Text color="fg.muted">A confirmation email with a calendar invitation is on its way.</Text>
          ) : null}
        </Stack>
      </HStack>
      <BookingSummaryCard booking={booking} timeZone={timeZone} instructor={instructor} />
      {good ? <CalendarLinks links={booking.calendarLinks} /> : null}
      <Text fontSize="sm" color="fg.muted">
        {booking.cancellationTerms}
      </Text>
      <HStack gap={3} wrap="wrap">
        <Button asChild colorPalette="brand">
          <RouterLink to="/my-bookings">My bookings</RouterLink>
        </Button>
        {!good ? (
          <Button variant="outline" onClick={onAgain}>
            Pick another time
          </Button>
        ) : null}
      </HStack>
    </Stack>
  );
}
