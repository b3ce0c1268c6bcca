import { useQuery } from '@apollo/client/react';
import {
  Alert,
  Badge,
  Button,
  Card,
  EmptyState,
  Field,
  Heading,
  HStack,
  Input,
  NativeSelect,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { Store } from 'lucide-react';
import { useState } from 'react';
import type { StorePublishedItemRowFragment } from '../../gql/graphql';
import { formatDateTime } from '../../ui/dateFormat';
import { ListTable } from '../../ui/ListTable';
import { PageSpinner } from '../../ui/PageSpinner';
import { toaster } from '../../ui/toaster';
import { useDebouncedSearch } from '../../ui/useDebouncedSearch';
import { ConfirmButton } from '../courses';
import {
  StorePublishCandidatesQueryDocument,
  StorePublishedItemsQueryDocument,
  StorePublishItemMutationDocument,
  StoreUnpublishItemMutationDocument,
} from './adminStoreDocuments';
import { formatDrxCents, publishStatusBadge } from './storeFormat';
import { useStoreMutation } from './useStoreMutation';

type ItemType = 'course' | 'resource';

const ITEM_TYPE_LABEL: Record<string, string> = { course: 'Course', resource: 'Resource' };

/**
 * "Sell DRX in the store" (admins): publish a published, paid course or resource to the store as
 * a product (SKU naming the DRX item, DRX's price and image); a paid store order for it grants the
 * DRX entitlement. Lists what is published, with status, SKU and any error, and Unpublish.
 */
export function StorePublishSection() {
  const list = useQuery(StorePublishedItemsQueryDocument, { fetchPolicy: 'cache-and-network' });
  const items = list.data?.storePublishedItems;
  return (
    <Stack as="section" aria-labelledby="store-publish-heading" gap={4}>
      <Stack gap={1}>
        <Heading as="h2" size="lg" id="store-publish-heading">
          Sell DRX in the store
        </Heading>
        <Text color="fg.muted">
          Publish a course or resource to the store as a product. Buying it there enrols the buyer (or unlocks
          the download) in DRX for the account with the order’s email; a refund in the store takes it back.
        </Text>
      </Stack>
      <PublishForm published={items ?? []} />
      {!items && list.loading ? (
        <PageSpinner label="Loading the published items…" minHeight="8rem" />
      ) : !items ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>
            The published items could not be loaded{list.error ? `: ${list.error.message}` : ''}
          </Alert.Title>
        </Alert.Root>
      ) : items.length === 0 ? (
        <EmptyState.Root borderWidth="1px" borderRadius="l3" bg="bg" size="sm">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <Store />
            </EmptyState.Indicator>
            <EmptyState.Title>Nothing from DRX is sold in the store yet</EmptyState.Title>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <PublishedItemsTable items={items} />
      )}
    </Stack>
  );
}

function PublishForm({ published }: { published: readonly StorePublishedItemRowFragment[] }) {
  const [itemType, setItemType] = useState<ItemType>('course');
  const [itemId, setItemId] = useState('');
  const { text, setText, search } = useDebouncedSearch();
  const candidates = useQuery(StorePublishCandidatesQueryDocument, {
    variables: { search: search || null },
    fetchPolicy: 'cache-and-network',
  });
  const publish = useStoreMutation(StorePublishItemMutationDocument, 'Not published', {
    refetchQueries: ['StorePublishedItems'],
  });

  const inStore = new Set(
    published
      .filter((item) => item.status !== 'unpublished')
      .map((item) => `${item.itemType}:${item.itemId}`),
  );
  const data = candidates.data ?? candidates.previousData;
  // The store sells what DRX sells for a price: published, paid, and (courses) not members-only.
  const nodes =
    (itemType === 'course'
      ? data?.adminCourses.nodes.filter((course) => !course.memberOnly)
      : data?.adminResources.nodes) ?? [];
  const options = nodes.filter((node) => node.priceCents > 0 && !inStore.has(`${itemType}:${node.id}`));
  const chosen = options.some((option) => option.id === itemId) ? itemId : '';
  const error = publish.userErrors[0]?.message;

  async function submit(event: { preventDefault: () => void }) {
    event.preventDefault();
    if (!chosen) return;
    const payload = await publish.run({ input: { itemType, itemId: chosen } });
    if (payload?.item) {
      setItemId('');
      const status = publishStatusBadge(payload.item.status);
      const title = payload.item.pushError
        ? 'Saved, but the store refused it'
        : `Published: ${payload.item.title}`;
      toaster.create({
        title,
        description: payload.item.pushError ?? `Status: ${status.label}. SKU ${payload.item.sku}.`,
        type: payload.item.pushError ? 'warning' : 'success',
      });
    }
  }

  return (
    <Card.Root as="form" onSubmit={submit} variant="outline">
      <Card.Body>
        <HStack gap={3} align="flex-end" wrap="wrap">
          <Field.Root maxW="2xs">
            <Field.Label>Kind</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                name="itemType"
                value={itemType}
                onChange={(e) => {
                  setItemType(e.target.value as ItemType);
                  setItemId('');
                }}
              >
                <option value="course">Course</option>
                <option value="resource">Resource</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root maxW="xs">
            <Field.Label>Find</Field.Label>
            <Input
              type="search"
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder={itemType === 'course' ? 'Course title' : 'Resource title'}
            />
          </Field.Root>
          <Field.Root maxW="md" invalid={Boolean(error)} required>
            <Field.Label>
              {itemType === 'course' ? 'Course' : 'Resource'} to publish <Field.RequiredIndicator />
            </Field.Label>
            <NativeSelect.Root disabled={!data && candidates.loading}>
              <NativeSelect.Field name="itemId" value={chosen} onChange={(e) => setItemId(e.target.value)}>
                <option value="">
                  {!data && candidates.loading
                    ? 'Loading…'
                    : options.length === 0
                      ? `No published paid ${itemType}s to add`
                      : `Choose a ${itemType}`}
                </option>
                {options.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.title} — {formatDrxCents(option.priceCents)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {error ? (
              <Field.ErrorText>{error}</Field.ErrorText>
            ) : (
              <Field.HelperText>
                Published, paid {itemType}s not yet in the store
                {itemType === 'course' ? ' (not members-only ones)' : ''}.
              </Field.HelperText>
            )}
          </Field.Root>
          <Button type="submit" loading={publish.loading} loadingText="Publishing…" disabled={!chosen}>
            Publish to the store
          </Button>
        </HStack>
        {candidates.error ? (
          <Text color="fg.error" fontSize="sm" mt={2}>
            The {itemType}s could not be loaded: {candidates.error.message}
          </Text>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

function PublishedItemsTable({ items }: { items: readonly StorePublishedItemRowFragment[] }) {
  const unpublish = useStoreMutation(StoreUnpublishItemMutationDocument, 'Not unpublished', {
    refetchQueries: ['StorePublishedItems'],
  });
  return (
    <ListTable
      header={
        <>
          <Table.ColumnHeader>Item</Table.ColumnHeader>
          <Table.ColumnHeader>SKU</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Price</Table.ColumnHeader>
          <Table.ColumnHeader>Status</Table.ColumnHeader>
          <Table.ColumnHeader>Last pushed</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">
            <Text srOnly>Actions</Text>
          </Table.ColumnHeader>
        </>
      }
    >
      {items.map((item) => {
        const badge = publishStatusBadge(item.status);
        return (
          <Table.Row key={`${item.itemType}:${item.itemId}`} data-testid="store-published-row">
            <Table.Cell whiteSpace="normal" minW="48">
              <Text fontWeight="semibold">{item.title}</Text>
              <Text fontSize="xs" color="fg.muted">
                {ITEM_TYPE_LABEL[item.itemType] ?? item.itemType} · published{' '}
                {formatDateTime(item.publishedAt)}
              </Text>
            </Table.Cell>
            <Table.Cell fontFamily="mono" fontSize="xs">
              {item.sku}
            </Table.Cell>
            <Table.Cell textAlign="end">{formatDrxCents(item.priceCents)}</Table.Cell>
            <Table.Cell whiteSpace="normal">
              <Badge colorPalette={badge.palette}>{badge.label}</Badge>
              {item.pushError ? (
                <Text fontSize="xs" color="fg.error" mt={1}>
                  {item.pushError}
                </Text>
              ) : null}
            </Table.Cell>
            <Table.Cell fontSize="sm" whiteSpace="nowrap">
              {formatDateTime(item.pushedAt) || '—'}
            </Table.Cell>
            <Table.Cell textAlign="end">
              {item.status !== 'unpublished' ? (
                <ConfirmButton
                  size="xs"
                  variant="outline"
                  aria-label={`Unpublish ${item.title}`}
                  title={`Take ${item.title} out of the store?`}
                  description="It can no longer be bought in the store. Courses and downloads already granted to buyers stay."
                  confirmLabel="Unpublish"
                  onConfirm={async () =>
                    (await unpublish.run(
                      { input: { itemType: item.itemType, itemId: item.itemId } },
                      `${item.title} taken out of the store`,
                    )) !== null
                  }
                >
                  Unpublish
                </ConfirmButton>
              ) : null}
            </Table.Cell>
          </Table.Row>
        );
      })}
    </ListTable>
  );
}
