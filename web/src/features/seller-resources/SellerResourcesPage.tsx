import { useQuery } from '@apollo/client/react';
import {
  Alert,
  Box,
  Button,
  EmptyState,
  Heading,
  HStack,
  Link,
  NativeSelect,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { PackageOpen, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { EditableResourceFragment } from '../../gql/graphql';
import { LoadMoreButton } from '../../ui/LoadMoreButton';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useLoadMore } from '../../ui/useLoadMore';
import { resourcePriceLabel, resourceTypeLabel } from '../resources';
import { SellerOnly } from './SellerOnly';
import {
  SellerResourcesQueryDocument,
  useResourcePublish,
  useResourceUnpublish,
} from './sellerResourceDocuments';
import { ResourceStatusBadge } from './statusBadge';

/** /seller/resources and /my-store: my resources of every status, with publish and edit. */
export default function SellerResourcesPage() {
  useDocumentTitle('My resources');
  return (
    <SellerOnly>
      <SellerResources />
    </SellerOnly>
  );
}

function SellerResources() {
  const [status, setStatus] = useState('');
  const query = useQuery(SellerResourcesQueryDocument, {
    variables: { first: 20, status: status || null },
    fetchPolicy: 'cache-and-network',
  });
  const pager = useLoadMore(query, 'sellerResources', {
    errorTitle: 'More resources could not be loaded',
    filterKey: status,
  });
  const counts = query.data?.sellerResourceCounts;
  const nodes = query.data?.sellerResources.nodes ?? [];

  return (
    <Box maxW="6xl" mx="auto" w="full" px={{ base: 4, md: 0 }} py={{ base: 4, md: 8 }}>
      <Stack gap={6}>
        <HStack justify="space-between" wrap="wrap" gap={3}>
          <Stack gap={1}>
            <Heading as="h1" size="2xl">
              My resources
            </Heading>
            {counts ? (
              <Text color="fg.muted" data-testid="seller-resource-counts">
                {counts.total} in total: {counts.published} published, {counts.draft} drafts,{' '}
                {counts.pendingReview > 0 ? `${counts.pendingReview} resubmitted for review, ` : ''}
                {counts.rejected} rejected
              </Text>
            ) : null}
          </Stack>
          <HStack gap={3}>
            <NativeSelect.Root size="sm" width="auto">
              <NativeSelect.Field
                aria-label="Status"
                value={status}
                onChange={(e) => setStatus(e.target.value)}
              >
                <option value="">All statuses</option>
                <option value="published">Published</option>
                <option value="draft">Drafts</option>
                <option value="pending_review">Resubmitted for review</option>
                <option value="rejected">Rejected</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Button asChild colorPalette="blue" size="sm">
              <RouterLink to="/seller/resources/add">
                <Plus size={16} aria-hidden /> Add a resource
              </RouterLink>
            </Button>
          </HStack>
        </HStack>
        {query.error ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>Your resources could not be loaded: {query.error.message}</Alert.Title>
          </Alert.Root>
        ) : query.loading && !query.data ? (
          <PageSpinner />
        ) : nodes.length === 0 ? (
          <EmptyState.Root>
            <EmptyState.Content>
              <EmptyState.Indicator>
                <PackageOpen />
              </EmptyState.Indicator>
              <EmptyState.Title>
                {status ? 'No resources with this status' : 'No resources yet'}
              </EmptyState.Title>
              <EmptyState.Description>
                Upload lesson plans, music, videos and more to sell them.
              </EmptyState.Description>
            </EmptyState.Content>
          </EmptyState.Root>
        ) : (
          <Stack gap={4}>
            <Table.ScrollArea borderWidth="1px" borderRadius="l3" bg="bg">
              <Table.Root size="sm" data-testid="seller-resources">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Resource</Table.ColumnHeader>
                    <Table.ColumnHeader>Status</Table.ColumnHeader>
                    <Table.ColumnHeader>Price</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Downloads</Table.ColumnHeader>
                    <Table.ColumnHeader>Rating</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">
                      <Text srOnly>Actions</Text>
                    </Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {nodes.map((resource) => (
                    <SellerResourceRow key={resource.id} resource={resource} />
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
            <LoadMoreButton pager={pager} />
          </Stack>
        )}
      </Stack>
    </Box>
  );
}

function SellerResourceRow({ resource }: { resource: EditableResourceFragment }) {
  const publish = useResourcePublish();
  const unpublish = useResourceUnpublish();
  return (
    <Table.Row data-testid="seller-resource-row">
      <Table.Cell>
        <Link asChild fontWeight="medium">
          <RouterLink to={`/curriculum/${resource.id}`}>{resource.title}</RouterLink>
        </Link>
        <Text fontSize="xs" color="fg.muted">
          {resourceTypeLabel(resource.type)}
        </Text>
      </Table.Cell>
      <Table.Cell>
        <ResourceStatusBadge status={resource.status} />
        {(resource.status === 'rejected' || resource.status === 'pending_review') &&
        resource.rejectionReason ? (
          <Text fontSize="xs" color="fg.muted" maxW="xs" truncate title={resource.rejectionReason}>
            {resource.rejectionReason}
          </Text>
        ) : null}
      </Table.Cell>
      <Table.Cell>{resourcePriceLabel(resource.priceCents)}</Table.Cell>
      <Table.Cell textAlign="end">{resource.downloadCount}</Table.Cell>
      <Table.Cell>
        {resource.ratingCount > 0
          ? `${resource.ratingAverage.toFixed(1)} (${resource.ratingCount})`
          : 'No ratings'}
      </Table.Cell>
      <Table.Cell textAlign="end">
        <HStack gap={1} justify="flex-end">
          <Button asChild size="xs" variant="outline">
            <RouterLink to={`/curriculum/${resource.id}/edit`} aria-label={`Edit ${resource.title}`}>
              Edit
            </RouterLink>
          </Button>
          {resource.status === 'published' ? (
            <Button
              size="xs"
              variant="outline"
              loading={unpublish.loading}
              onClick={() => void unpublish.run({ id: resource.id }, 'Resource unpublished')}
            >
              Unpublish
            </Button>
          ) : resource.status === 'draft' ? (
            <Button
              size="xs"
              colorPalette="blue"
              loading={publish.loading}
              onClick={() => void publish.run({ id: resource.id }, 'Resource published')}
            >
              Publish
            </Button>
          ) : null}
        </HStack>
      </Table.Cell>
    </Table.Row>
  );
}
