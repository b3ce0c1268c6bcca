import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import type { SessionTypeFieldsFragment } from '../../gql/graphql';
import { formatMoney } from './connectFilters';
import { policyText, SESSION_KIND_LABEL } from './connectFormat';
import { formatDuration } from '../../lib/slotTime';

/** A session type's title, kind, duration, price, seats, approval and cancellation policy. */
export function SessionTypeSummary({ sessionType: t }: { sessionType: SessionTypeFieldsFragment }) {
  return (
    <Stack gap={2}>
      <HStack justify="space-between" align="baseline" wrap="wrap">
        <Text fontWeight="semibold" fontSize="lg">
          {t.title}
        </Text>
        <Text fontWeight="bold">{t.priceCents ? formatMoney(t.priceCents) : 'Free'}</Text>
      </HStack>
      <HStack gap={1.5} wrap="wrap">
        <Badge variant="outline">{SESSION_KIND_LABEL[t.kind.toLowerCase()] ?? t.kind}</Badge>
        <Badge variant="outline">{formatDuration(t.durationMinutes)}</Badge>
        <Badge variant="outline">
          {t.locationMode.toLowerCase() === 'in_person'
            ? t.city
              ? `In person in ${[t.city, t.state].filter(Boolean).join(', ')}`
              : 'In person'
            : 'Online'}
        </Badge>
        {t.kind.toLowerCase() === 'group' ? (
          <Badge variant="outline">Up to {t.capacity} dancers</Badge>
        ) : null}
        {t.requiresApproval ? <Badge colorPalette="orange">Needs the instructor's approval</Badge> : null}
      </HStack>
      {t.description ? <Text color="fg.muted">{t.description}</Text> : null}
      <Text fontSize="sm" color="fg.muted">
        {policyText(t)}
      </Text>
    </Stack>
  );
}
