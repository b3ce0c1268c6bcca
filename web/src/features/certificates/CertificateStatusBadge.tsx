import { Badge } from '@chakra-ui/react';
import { BadgeCheck, Ban } from 'lucide-react';

/** 'Valid' in green or 'Revoked' in red. */
export function CertificateStatusBadge({ status }: { status: string }) {
  const revoked = status === 'revoked';
  return (
    <Badge colorPalette={revoked ? 'red' : 'green'} variant="subtle" gap="1">
      {revoked ? <Ban size={12} aria-hidden /> : <BadgeCheck size={12} aria-hidden />}
      {revoked ? 'Revoked' : 'Valid'}
    </Badge>
  );
}
