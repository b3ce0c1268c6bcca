import { Badge } from '@chakra-ui/react';

const PALETTE: Record<string, string> = {
  draft: 'gray',
  pending_review: 'purple',
  published: 'green',
  rejected: 'red',
};
export const SELLER_STATUS_LABEL: Record<string, string> = {
  draft: 'Draft',
  pending_review: 'Resubmitted for review',
  published: 'Published',
  rejected: 'Rejected',
};

/** A resource's status as the seller sees it. */
export function ResourceStatusBadge({ status }: { status: string }) {
  return (
    <Badge colorPalette={PALETTE[status] ?? 'gray'} data-testid="resource-status">
      {SELLER_STATUS_LABEL[status] ?? status}
    </Badge>
  );
}
