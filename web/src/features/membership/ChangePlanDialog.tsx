import { Button, CloseButton, Dialog, Stack, Text } from '@chakra-ui/react';
import { FormDialog } from '../../ui/FormDialog';
import { formatCents } from '../../lib/currency';
import { formatMembershipDate, formatPlanPrice, type PlanChangeKind } from './membershipFormat';

export interface PlanChangeTarget {
  planId: string;
  planName: string;
  interval: string;
  priceCents: number;
  kind: PlanChangeKind;
}

/** What a switch to another plan does, in words: an upgrade now, a downgrade at the period end. */
export function planChangeExplanation(
  target: Pick<PlanChangeTarget, 'kind' | 'planName'>,
  currentPlanName: string,
  periodEnd: unknown,
): string {
  const end = formatMembershipDate(periodEnd);
  if (target.kind === 'upgrade') {
    return `An upgrade takes effect now: you get ${target.planName}'s benefits at once and pay the difference for the rest of the current period today.`;
  }
  return `A downgrade takes effect at the end of the current period${end ? ` (${end})` : ''}: you keep ${currentPlanName} until then, and the new price applies from the next charge.`;
}

/** Confirms a plan switch (`subscriptionChange`) after saying when it takes effect. */
export function ChangePlanDialog({
  target,
  currentPlanName,
  periodEnd,
  pending,
  onConfirm,
  onClose,
}: {
  target: PlanChangeTarget | null;
  currentPlanName: string;
  periodEnd: unknown;
  pending: boolean;
  onConfirm: (target: PlanChangeTarget) => Promise<boolean>;
  onClose: () => void;
}) {
  return (
    <FormDialog open={target !== null} onClose={onClose}>
      {target ? (
        <Dialog.Content
          as="form"
          onSubmit={async (event: { preventDefault: () => void }) => {
            event.preventDefault();
            if (await onConfirm(target)) onClose();
          }}
        >
          <Dialog.Header>
            <Dialog.Title>
              Switch to {target.planName} ({formatPlanPrice(target.priceCents, target.interval)})?
            </Dialog.Title>
          </Dialog.Header>
          <Dialog.Body>
            <Stack gap={3}>
              <Text>{planChangeExplanation(target, currentPlanName, periodEnd)}</Text>
              <Text fontSize="sm" color="fg.muted">
                Each {target.interval === 'year' ? 'year' : 'month'} then costs{' '}
                {formatCents(target.priceCents)}.
              </Text>
            </Stack>
          </Dialog.Body>
          <Dialog.Footer>
            <Dialog.ActionTrigger asChild>
              <Button variant="outline" type="button">
                Keep my plan
              </Button>
            </Dialog.ActionTrigger>
            <Button type="submit" loading={pending} loadingText="Switching…">
              {target.kind === 'upgrade' ? 'Upgrade now' : 'Switch at period end'}
            </Button>
          </Dialog.Footer>
          <Dialog.CloseTrigger asChild>
            <CloseButton size="sm" aria-label="Close" />
          </Dialog.CloseTrigger>
        </Dialog.Content>
      ) : null}
    </FormDialog>
  );
}
