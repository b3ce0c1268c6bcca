import { Badge } from '@chakra-ui/react';

/** Whether the account proved its email address is its own (the link mailed to it was opened). */
export function EmailVerifiedBadge({ verified }: { verified: boolean }) {
  return verified ? (
    <Badge colorPalette="green" variant="subtle" data-testid="email-status">
      Verified
    </Badge>
  ) : (
    <Badge colorPalette="orange" variant="subtle" data-testid="email-status">
      Not verified
    </Badge>
  );
}
