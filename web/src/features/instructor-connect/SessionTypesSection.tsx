import { Badge, Button, Card, EmptyState, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { CalendarPlus, Plus } from 'lucide-react';
import { useState } from 'react';
import type { ConnectSessionTypeFragment, MyInstructorProfileFragment } from '../../gql/graphql';
import { formatCents } from '../../lib/currency';
import { ConfirmButton, useCourseMutation } from '../courses';
import { durationLabel, noticeLabel, policyLabel, SESSION_KIND_LABEL, type SessionKind } from './connectForm';
import { SessionTypeArchiveMutationDocument } from './connectDocuments';
import { describeRule } from './recurrence';
import { SessionTypeDialog, type SessionTypeDialogTarget } from './SessionTypeDialog';

const REFETCH = ['MyInstructorProfile'];

/** The instructor's session types with create, edit and archive. */
export function SessionTypesSection({
  profile,
  sessionTypes,
}: {
  profile: MyInstructorProfileFragment;
  sessionTypes: ConnectSessionTypeFragment[];
}) {
  const [dialog, setDialog] = useState<SessionTypeDialogTarget>(null);
  const active = sessionTypes.filter((type) => type.active);
  const archived = sessionTypes.filter((type) => !type.active);
  const create = (kind: SessionKind) => setDialog({ kind });

  return (
    <Stack gap={4} as="section" aria-labelledby="session-types-heading">
      <HStack justify="space-between" wrap="wrap" gap={3}>
        <Stack gap={0}>
          <Heading as="h2" size="lg" id="session-types-heading">
            Session types
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            What clients can book with you: private lessons, group classes with seats, a free consultation.
          </Text>
        </Stack>
        <HStack gap={2} wrap="wrap">
          <Button size="sm" onClick={() => create('private')}>
            <Plus aria-hidden /> Private lesson
          </Button>
          <Button size="sm" variant="outline" onClick={() => create('group')}>
            <Plus aria-hidden /> Group class
          </Button>
          <Button size="sm" variant="outline" onClick={() => create('consultation')}>
            <Plus aria-hidden /> Free consultation
          </Button>
        </HStack>
      </HStack>
      {active.length === 0 ? (
        <EmptyState.Root borderWidth="1px" borderRadius="l3" bg="bg">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <CalendarPlus />
            </EmptyState.Indicator>
            <EmptyState.Title>No session types yet</EmptyState.Title>
            <EmptyState.Description>
              Add at least one so clients can book you; your profile is listed on Connect from then on.
            </EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <Stack gap={3}>
          {active.map((type) => (
            <SessionTypeCard key={type.id} type={type} onEdit={() => setDialog({ type })} />
          ))}
        </Stack>
      )}
      {archived.length > 0 ? (
        <Stack gap={2}>
          <Text fontWeight="medium" color="fg.muted" fontSize="sm">
            Archived (no longer bookable; their bookings are kept)
          </Text>
          {archived.map((type) => (
            <SessionTypeCard key={type.id} type={type} onEdit={() => setDialog({ type })} />
          ))}
        </Stack>
      ) : null}
      <SessionTypeDialog target={dialog} defaults={profile} onClose={() => setDialog(null)} />
    </Stack>
  );
}

function SessionTypeCard({ type, onEdit }: { type: ConnectSessionTypeFragment; onEdit: () => void }) {
  const archive = useCourseMutation(SessionTypeArchiveMutationDocument, 'Session type not archived', REFETCH);
  const kind = type.kind.toLowerCase() as SessionKind;
  const facts = [
    durationLabel(type.durationMinutes),
    type.priceCents === 0 ? 'Free' : formatCents(type.priceCents),
    kind === 'group' ? `${type.capacity} seats` : null,
    type.locationMode.toLowerCase() === 'in_person' ? 'In person' : 'Online',
    `${noticeLabel(type.minNoticeMinutes)} notice`,
    `up to ${type.horizonDays} days ahead`,
    type.maxPerDay ? `max ${type.maxPerDay} a day` : null,
    type.bufferBeforeMinutes || type.bufferAfterMinutes
      ? `buffers ${type.bufferBeforeMinutes}/${type.bufferAfterMinutes} min`
      : null,
  ].filter(Boolean);
  return (
    <Card.Root size="sm" opacity={type.active ? 1 : 0.7} data-testid="session-type-card">
      <Card.Body>
        <HStack justify="space-between" align="flex-start" gap={4} wrap="wrap">
          <Stack gap={1} flex="1" minW="60">
            <HStack gap={2} wrap="wrap">
              <Text fontWeight="semibold">{type.title}</Text>
              <Badge colorPalette={kind === 'group' ? 'purple' : kind === 'consultation' ? 'teal' : 'blue'}>
                {SESSION_KIND_LABEL[kind] ?? type.kind}
              </Badge>
              {type.requiresApproval ? <Badge colorPalette="orange">Needs my approval</Badge> : null}
              {!type.active ? <Badge>Archived</Badge> : null}
            </HStack>
            <Text fontSize="sm" color="fg.muted">
              {facts.join(' · ')}
            </Text>
            {kind === 'group' && type.recurrenceRule ? (
              <Text fontSize="sm">{describeRule(type.recurrenceRule)}</Text>
            ) : null}
            {kind !== 'consultation' && type.priceCents > 0 ? (
              <Text fontSize="xs" color="fg.muted">
                {policyLabel(type.cancelFreeHours, type.lateCancelFeePercent)}
              </Text>
            ) : null}
          </Stack>
          <HStack gap={1}>
            <Button size="xs" variant="outline" onClick={onEdit} aria-label={`Edit ${type.title}`}>
              Edit
            </Button>
            {type.active ? (
              <ConfirmButton
                size="xs"
                variant="ghost"
                colorPalette="red"
                title={`Archive “${type.title}”?`}
                description="Clients can no longer book it. Bookings already made stay as they are."
                confirmLabel="Archive"
                onConfirm={async () =>
                  Boolean(await archive.run({ sessionTypeId: type.id }, 'Session type archived'))
                }
              >
                Archive
              </ConfirmButton>
            ) : null}
          </HStack>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
