import { Badge } from '@chakra-ui/react';
import { PAYOUT_STATUS_LABEL, PAYOUT_STATUS_PALETTE } from './sellerFormat';

/** not_started / pending / active as a coloured badge. */
export function PayoutStatusBadge({ status }: { status: string }) {
  return (
    <Badge colorPalette={PAYOUT_STATUS_PALETTE[status] ?? 'gray'} data-testid="payout-status">
      {PAYOUT_STATUS_LABEL[status] ?? status}
    </Badge>
  );
}
