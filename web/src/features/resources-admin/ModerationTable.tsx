import { Badge, Button, HStack, Link, Table, Text } from '@chakra-ui/react';
import { Star } from 'lucide-react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { ModeratedResourceFragment } from '../../gql/graphql';
import { ListTable } from '../../ui/ListTable';
import { resourcePriceLabel, resourceTypeLabel } from '../resources';
import { RejectResourceDialog, type RejectTarget } from './RejectResourceDialog';
import { useResourceApprove, useResourceFeatureToggle } from './resourceModeration';

const STATUS_PALETTE: Record<string, string> = {
  draft: 'orange',
  pending_review: 'purple',
  published: 'green',
  rejected: 'red',
};
export const STATUS_LABEL: Record<string, string> = {
  draft: 'Awaiting review',
  pending_review: 'Resubmitted for review',
  published: 'Published',
  rejected: 'Rejected',
};

/** The staff table of resources with Approve, Reject (with a reason) and, optionally, Feature. */
export function ModerationTable({
  resources,
  showFeature = true,
}: {
  resources: ModeratedResourceFragment[];
  showFeature?: boolean;
}) {
  const [rejecting, setRejecting] = useState<RejectTarget | null>(null);
  return (
    <>
      <ListTable
        header={
          <>
            <Table.ColumnHeader>Resource</Table.ColumnHeader>
            <Table.ColumnHeader>Seller</Table.ColumnHeader>
            <Table.ColumnHeader>Price</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">
              <Text srOnly>Actions</Text>
            </Table.ColumnHeader>
          </>
        }
      >
        {resources.map((resource) => (
          <ModerationRow
            key={resource.id}
            resource={resource}
            showFeature={showFeature}
            onReject={() => setRejecting({ id: resource.id, title: resource.title })}
          />
        ))}
      </ListTable>
      <RejectResourceDialog target={rejecting} onClose={() => setRejecting(null)} />
    </>
  );
}

function ModerationRow({
  resource,
  showFeature,
  onReject,
}: {
  resource: ModeratedResourceFragment;
  showFeature: boolean;
  onReject: () => void;
}) {
  const approve = useResourceApprove();
  const feature = useResourceFeatureToggle();
  return (
    <Table.Row data-testid="moderation-row">
      <Table.Cell>
        <Link asChild fontWeight="medium">
          <RouterLink to={`/curriculum/${resource.id}`}>{resource.title}</RouterLink>
        </Link>
        <Text fontSize="xs" color="fg.muted">
          {resourceTypeLabel(resource.type)}
        </Text>
      </Table.Cell>
      <Table.Cell>{resource.store?.storeName ?? resource.seller.displayName}</Table.Cell>
      <Table.Cell>{resourcePriceLabel(resource.priceCents)}</Table.Cell>
      <Table.Cell>
        <HStack gap={1} wrap="wrap">
          <Badge colorPalette={STATUS_PALETTE[resource.status] ?? 'gray'}>
            {STATUS_LABEL[resource.status] ?? resource.status}
          </Badge>
          {resource.featured ? <Badge colorPalette="yellow">Featured</Badge> : null}
        </HStack>
        {(resource.status === 'rejected' || resource.status === 'pending_review') &&
        resource.rejectionReason ? (
          <Text fontSize="xs" color="fg.muted" maxW="xs" truncate title={resource.rejectionReason}>
            {resource.status === 'pending_review' ? 'Rejected before: ' : ''}
            {resource.rejectionReason}
          </Text>
        ) : null}
      </Table.Cell>
      <Table.Cell textAlign="end">
        <HStack gap={1} justify="flex-end">
          {resource.status !== 'published' ? (
            <Button
              size="xs"
              colorPalette="green"
              loading={approve.loading}
              aria-label={`Approve ${resource.title}`}
              onClick={() => void approve.run({ resourceId: resource.id }, 'Resource approved')}
            >
              Approve
            </Button>
          ) : null}
          {resource.status !== 'rejected' ? (
            <Button size="xs" variant="outline" colorPalette="red" onClick={onReject}>
              Reject
            </Button>
          ) : null}
          {showFeature ? (
            <Button
              size="xs"
              variant={resource.featured ? 'solid' : 'outline'}
              loading={feature.loading}
              aria-pressed={resource.featured}
              onClick={() =>
                void feature.run(
                  { resourceId: resource.id },
                  resource.featured ? 'Removed from featured' : 'Featured',
                )
              }
            >
              <Star size={14} aria-hidden /> {resource.featured ? 'Unfeature' : 'Feature'}
            </Button>
          ) : null}
        </HStack>
      </Table.Cell>
    </Table.Row>
  );
}
