import { useQuery } from '@apollo/client/react';
import { Alert, Button, CloseButton, Dialog, Portal, Stack, Text, Wrap } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { PageSpinner } from '../../ui/PageSpinner';
import { ReasonDialog, ReasonForm } from '../../ui/ReasonDialog';
import { formatDayKey, formatSession, formatTime, groupSlotsByDay } from '../connect/slotTime';
import { useCourseMutation } from '../courses/useCourseMutation';
import {
  BookingCancelMutationDocument,
  BookingDeclineMutationDocument,
  BookingRescheduleMutationDocument,
  InstructorSlotsQueryDocument,
} from './connectDocuments';

export const MAX_REASON = 500;
const REFETCH = ['InstructorBookings'];

export interface BookingTarget {
  id: string;
  title: string;
  clientName: string;
  start: string;
  end: string;
  timeZone: string;
  sessionTypeId: string;
}

/** Decline a request with a reason; the client is refunded in full. */
export function DeclineBookingDialog({
  target,
  onClose,
}: {
  target: BookingTarget | null;
  onClose: () => void;
}) {
  return (
    <ReasonDialog open={target !== null} onClose={onClose}>
      {target ? <DeclineForm key={target.id} target={target} onClose={onClose} /> : null}
    </ReasonDialog>
  );
}

function DeclineForm({ target, onClose }: { target: BookingTarget; onClose: () => void }) {
  const decline = useCourseMutation(BookingDeclineMutationDocument, 'Request not declined', REFETCH);
  return (
    <ReasonForm
      title={<>Decline {target.clientName}’s request?</>}
      description={`${target.title}, ${formatSession(target.start, target.end, target.timeZone)}. The client gets a full refund and an email with your reason.`}
      placeholder="e.g. I am away that week — please pick another time"
      maxLength={MAX_REASON}
      confirmLabel="Decline request"
      pendingLabel="Declining…"
      pending={decline.loading}
      reasonError={decline.fieldError('reason')}
      formError={decline.userErrors.find((e) => e.field !== 'reason')?.message}
      onConfirm={async (reason) =>
        Boolean(await decline.run({ bookingId: target.id, reason }, 'Request declined'))
      }
      onClose={onClose}
    />
  );
}

/** Cancel a booking as the instructor, with a reason: always a full refund. */
export function CancelBookingDialog({
  target,
  onClose,
}: {
  target: BookingTarget | null;
  onClose: () => void;
}) {
  return (
    <ReasonDialog open={target !== null} onClose={onClose}>
      {target ? <CancelForm key={target.id} target={target} onClose={onClose} /> : null}
    </ReasonDialog>
  );
}

function CancelForm({ target, onClose }: { target: BookingTarget; onClose: () => void }) {
  const cancel = useCourseMutation(BookingCancelMutationDocument, 'Booking not canceled', REFETCH);
  return (
    <ReasonForm
      title={<>Cancel {target.clientName}’s booking?</>}
      description={`${target.title}, ${formatSession(target.start, target.end, target.timeZone)}. The client gets a full refund and an email with your reason.`}
      placeholder="e.g. I am ill — sorry, please book another time"
      maxLength={MAX_REASON}
      confirmLabel="Cancel booking"
      pendingLabel="Canceling…"
      pending={cancel.loading}
      reasonError={cancel.fieldError('reason')}
      formError={cancel.userErrors.find((e) => e.field !== 'reason')?.message}
      onConfirm={async (reason) =>
        Boolean(await cancel.run({ bookingId: target.id, reason }, 'Booking canceled'))
      }
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
    <Dialog.Root
      open={target !== null}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="center"
      size="lg"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          {target ? (
            <RescheduleForm key={target.id} target={target} instructorId={instructorId} onClose={onClose} />
          ) : null}
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
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
      <DeclineBookingDialog target={state?.kind === 'decline' ? state.target : null} onClose={onClose} />
      <CancelBookingDialog target={state?.kind === 'cancel' ? state.target : null} onClose={onClose} />
      <RescheduleBookingDialog
        target={state?.kind === 'reschedule' ? state.target : null}
        instructorId={instructorId}
        onClose={onClose}
      />
    </>
  );
}
