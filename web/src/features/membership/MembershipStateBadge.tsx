import { Badge } from '@chakra-ui/react';
import { membershipStateLabel, membershipStatePalette } from './membershipFormat';

/** A membership's state as a coloured badge (Free trial, Active, Cancelling, Payment failed, Complimentary …). */
export function MembershipStateBadge({ state, provider }: { state: string; provider?: string }) {
  return (
    <Badge colorPalette={membershipStatePalette(state, provider)} data-testid="membership-state">
      {membershipStateLabel(state, provider)}
    </Badge>
  );
}
