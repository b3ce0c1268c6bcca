import { useQuery } from '@apollo/client/react';
import { Alert, Button, CloseButton, Dialog, Stack, Text, Wrap } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { FormDialog } from '../../ui/FormDialog';
import { PageSpinner } from '../../ui/PageSpinner';
import { ReasonDialog, ReasonForm } from '../../ui/ReasonDialog';
import { formatDayKey, formatSession, formatTime, groupSlotsByDay } from '../../lib/slotTime';
import { useCourseMutation } from '../courses';
import {
  BookingCancelMutationDocument,
  BookingDeclineMutationDocument,
  BookingRescheduleMutationDocument,
  InstructorSlotsQueryDocument,
} from './connectDocuments';

export const MAX_REASON = 500;
/** What a booking action changes on /instructor/bookings: the list and the earnings (refunds move them). */
export const REFETCH = ['InstructorBookings', 'InstructorEarnings', 'InstructorEarningsSummary'];

export interface BookingTarget {
  id: string;
  title: string;
  clientName: string;
  start: string;
  end: string;
  timeZone: string;
  sessionTypeId: string;
}

/** What declining a request and canceling a booking say and send; both refund the client in full. */
const REASON_ACTIONS = {
  decline: {
    document: BookingDeclineMutationDocument,
    failureTitle: 'Request not declined',
    what: 'request',
    placeholder: 'e.g. I am away that week — please pick another time',
    confirmLabel: 'Decline request',
    pendingLabel: 'Declining…',
    success: 'Request declined',
  },
  cancel: {
    document: BookingCancelMutationDocument,
    failureTitle: 'Booking not canceled',
    what: 'booking',
    placeholder: 'e.g. I am ill — sorry, please book another time',
    confirmLabel: 'Cancel booking',
    pendingLabel: 'Canceling…',
    success: 'Booking canceled',
  },
} as const;

type ReasonAction = keyof typeof REASON_ACTIONS;

/** Decline a request, or cancel a booking as the instructor, with a reason: always a full refund. */
function BookingReasonDialog({
  action,
  target,
  onClose,
}: {
  action: ReasonAction;
  target: BookingTarget | null;
  onClose: () => void;
}) {
  return (
    <ReasonDialog open={target !== null} onClose={onClose}>
      {target ? (
        <BookingReasonForm key={target.id} action={action} target={target} onClose={onClose} />
      ) : null}
    </ReasonDialog>
  );
}

function BookingReasonForm({
  action,
  target,
  onClose,
}: {
  action: ReasonAction;
  target: BookingTarget;
  onClose: () => void;
}) {
  const a = REASON_ACTIONS[action];
  const mutation = useCourseMutation<Record<string, unknown>, { bookingId: string; reason: string }>(
    a.document,
    a.failureTitle,
    REFETCH,
  );
  return (
    <ReasonForm
      title={
        <>
          {action === 'decline' ? 'Decline' : 'Cancel'} {target.clientName}’s {a.what}?
        </>
      }
      description={`${target.title}, ${formatSession(target.start, target.end, target.timeZone)}. The client gets a full refund and an email with your reason.`}
      placeholder={a.placeholder}
      maxLength={MAX_REASON}
      confirmLabel={a.confirmLabel}
      pendingLabel={a.pendingLabel}
      pending={mutation.loading}
      reasonError={mutation.fieldError('reason')}
      formError={mutation.userErrors.find((e) => e.field !== 'reason')?.message}
      onConfirm={async (reason) => Boolean(await mutation.run({ bookingId: target.id, reason }, a.success))}
      onClose={onClose}
    />
  );
}

/** Move a booking to another free time of its session type (the next 21 days). */
export function RescheduleBookingDialog({
  target,
  instructorId,
  onClose,
}: {
  target: BookingTarget | null;
  instructorId: string;
  onClose: () => void;
}) {
  return (
    <FormDialog open={target !== null} onClose={onClose} size="lg" scrollBehavior="inside">
      {target ? (
        <RescheduleForm key={target.id} target={target} instructorId={instructorId} onClose={onClose} />
      ) : null}
    </FormDialog>
  );
}

function RescheduleForm({
  target,
  instructorId,
  onClose,
}: {
  target: BookingTarget;
  instructorId: string;
  onClose: () => void;
}) {
  const window = useMemo(() => {
    const from = new Date();
    return { from: from.toISOString(), to: new Date(from.getTime() + 21 * 86_400_000).toISOString() };
  }, []);
  const slots = useQuery(InstructorSlotsQueryDocument, {
    variables: { instructorId, sessionTypeId: target.sessionTypeId, ...window },
    fetchPolicy: 'network-only',
  });
  const [chosen, setChosen] = useState<string | null>(null);
  const reschedule = useCourseMutation(BookingRescheduleMutationDocument, 'Booking not moved', REFETCH);
  const days = groupSlotsByDay(
    (slots.data?.instructorSlots ?? []).map((slot) => ({ start: String(slot.start) })),
    target.timeZone,
  );

  async function submit(event: { preventDefault: () => void }) {
    event.preventDefault();
    if (!chosen) return;
    if (await reschedule.run({ bookingId: target.id, start: chosen }, 'Booking moved')) onClose();
  }

  return (
    <Dialog.Content as="form" onSubmit={submit}>
      <Dialog.Header>
        <Dialog.Title>Reschedule {target.clientName}’s booking</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap={4}>
          <Text>
            Now: {formatSession(target.start, target.end, target.timeZone)}. Pick a new time (
            {target.timeZone}); the client keeps their payment and gets an email with the new time.
          </Text>
          {reschedule.userErrors.length > 0 ? (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{reschedule.userErrors[0].message}</Alert.Title>
            </Alert.Root>
          ) : null}
          {slots.error ? (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>The free times could not be loaded: {slots.error.message}</Alert.Title>
            </Alert.Root>
          ) : !slots.data ? (
            <PageSpinner label="Finding free times…" minHeight="6rem" />
          ) : days.size === 0 ? (
            <Text color="fg.muted">No free times in the next 3 weeks.</Text>
          ) : (
            [...days.entries()].map(([key, list]) => (
              <Stack key={key} gap={1}>
                <Text fontWeight="medium">{formatDayKey(key)}</Text>
                <Wrap gap={1}>
                  {list.map((slot) => {
                    const value = String(slot.start);
                    return (
                      <Button
                        key={value}
                        type="button"
                        size="xs"
                        variant={chosen === value ? 'solid' : 'outline'}
                        aria-pressed={chosen === value}
                        onClick={() => setChosen(value)}
                      >
                        {formatTime(value, target.timeZone)}
                      </Button>
                    );
                  })}
                </Wrap>
              </Stack>
            ))
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline" type="button">
            Keep the time
          </Button>
        </Dialog.ActionTrigger>
        <Button type="submit" disabled={!chosen} loading={reschedule.loading} loadingText="Moving…">
          Move booking
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" />
      </Dialog.CloseTrigger>
    </Dialog.Content>
  );
}

export type BookingDialogState = null | { kind: 'decline' | 'cancel' | 'reschedule'; target: BookingTarget };

/** The dialog target of a booking row. */
export function bookingTarget(
  booking: {
    id: string;
    title: string;
    start: unknown;
    end: unknown;
    timeZone: string;
    sessionTypeId: string;
  },
  clientName: string,
): BookingTarget {
  return {
    id: booking.id,
    title: booking.title,
    clientName,
    start: String(booking.start),
    end: String(booking.end),
    timeZone: booking.timeZone,
    sessionTypeId: booking.sessionTypeId,
  };
}

/** The open booking dialog (decline, cancel or reschedule), if any. */
export function BookingDialogs({
  state,
  instructorId,
  onClose,
}: {
  state: BookingDialogState;
  instructorId: string;
  onClose: () => void;
}) {
  return (
    <>
      <BookingReasonDialog
        action="decline"
        target={state?.kind === 'decline' ? state.target : null}
        onClose={onClose}
      />
      <BookingReasonDialog
        action="cancel"
        target={state?.kind === 'cancel' ? state.target : null}
        onClose={onClose}
      />
      <RescheduleBookingDialog
        target={state?.kind === 'reschedule' ? state.target : null}
        instructorId={instructorId}
        onClose={onClose}
      />
    </>
  );
}
