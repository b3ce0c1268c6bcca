import { Field, Heading, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Package } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { StoreProductVisibility } from '../../gql/graphql';
import { ConnectionListFrame } from '../../ui/ConnectionListFrame';
import { ListCount, ListToolbar, SearchField } from '../../ui/ListToolbar';
import { useDebouncedSearch } from '../../ui/useDebouncedSearch';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { hasRole, useCurrentUser } from '../auth';
import { StoreProductUpdateMutationDocument } from './adminStoreDocuments';
import { ProductTagsDialog } from './ProductTagsDialog';
import { VISIBILITY_OPTIONS, type ProductTags } from './storeFormat';
import { StoreProductsTable, type ProductFlag, type StoreProductRow } from './StoreProductsTable';
import { StorePublishSection } from './StorePublishSection';
import { StoreSyncBar } from './StoreSyncBar';
import { useStoreMutation } from './useStoreMutation';
import { useStoreProductPages } from './useStoreProductPages';

const PAGE_SIZE = 25;
/** After "Sync now" the list and status are re-read this often, for this long. */
const SYNC_POLL_MS = 3000;
const SYNC_POLL_FOR_MS = 30_000;

/**
 * /admin/store/products (admins and curriculum officers): the store's synced products with their
 * DRX visibility, featured flag and tags, "Sync now"; admins also publish DRX courses and
 * resources to the store ("Sell DRX in the store").
 */
export default function AdminStoreProductsPage() {
  useDocumentTitle('Store products');
  const { user } = useCurrentUser();
  const isAdmin = hasRole(user, 'admin');
  const { text, setText, search } = useDebouncedSearch();
  const [visibility, setVisibility] = useState<StoreProductVisibility | ''>('');
  const [polling, setPolling] = useState(false);
  const [tagsRow, setTagsRow] = useState<StoreProductRow | null>(null);
  const [savingId, setSavingId] = useState<string | null>(null);

  const { query, connection, pager, replaceRow } = useStoreProductPages({
    first: PAGE_SIZE,
    search: search || null,
    visibility: visibility || null,
  });
  const { startPolling, stopPolling } = query;
  useEffect(() => {
    if (!polling) return;
    startPolling(SYNC_POLL_MS);
    const timer = setTimeout(() => setPolling(false), SYNC_POLL_FOR_MS);
    return () => {
      clearTimeout(timer);
      stopPolling();
    };
  }, [polling, startPolling, stopPolling]);

  const update = useStoreMutation(StoreProductUpdateMutationDocument, 'Product not saved', {
    onSuccess: (payload) => {
      if (payload.product) replaceRow(payload.product);
    },
  });

  async function toggle(row: StoreProductRow, flag: ProductFlag, value: boolean) {
    setSavingId(row.product.id);
    try {
      await update.run(
        { input: { productId: row.product.id, [flag]: value } },
        flag === 'visible'
          ? `${row.product.title} is ${value ? 'shown' : 'hidden'} on DRX`
          : `${row.product.title} is ${value ? 'featured' : 'no longer featured'}`,
      );
    } finally {
      setSavingId(null);
    }
  }

  async function saveTags(row: StoreProductRow, tags: ProductTags): Promise<boolean> {
    return (await update.run({ input: { productId: row.product.id, ...tags } }, 'Tags saved')) !== null;
  }

  async function resetTags(row: StoreProductRow): Promise<boolean> {
    const payload = await update.run(
      { input: { productId: row.product.id, tagsFromStore: true } },
      'Tags mapped from the store again',
    );
    return payload !== null;
  }

  function editTags(row: StoreProductRow) {
    update.clearErrors();
    setTagsRow(row);
  }

  const filtered = Boolean(search || visibility);

  return (
    <Stack gap={6} maxW="7xl" mx="auto" w="full">
      <Stack gap={1}>
        <Heading as="h1" size="2xl">
          Store products
        </Heading>
        <Text color="fg.muted">
          The products synced from the store. Choose which DRX shows and features, and tag them with dance
          styles, age groups and skill levels for the shop’s filters. Prices and stock come from the store.
        </Text>
      </Stack>
      <StoreSyncBar onQueued={() => setPolling(true)} pollMs={polling ? SYNC_POLL_MS : undefined} />
      <ListToolbar>
        <SearchField value={text} onChange={setText} placeholder="Title, type, vendor or tag" />
        <Field.Root maxW="2xs">
          <Field.Label>Visibility</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={visibility}
              onChange={(e) => setVisibility(e.target.value as StoreProductVisibility | '')}
            >
              <option value="">All products</option>
              {VISIBILITY_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {connection ? (
          <ListCount
            count={connection.totalCount}
            singular="product"
            plural="products"
            testId="store-product-count"
          />
        ) : null}
      </ListToolbar>
      <ConnectionListFrame
        connection={connection}
        loading={query.loading}
        error={query.error}
        pager={pager}
        loadingLabel="Loading products…"
        errorTitle="The products could not be loaded"
        emptyIcon={<Package />}
        emptyTitle={filtered ? 'No products match' : 'No products synced yet'}
        emptyDescription={
          filtered
            ? undefined
            : isAdmin
              ? 'Connect a store on the Store page, then press Sync now.'
              : 'An administrator connects the store; then press Sync now.'
        }
      >
        {(products) => (
          <StoreProductsTable
            products={products}
            onToggle={(row, flag, value) => void toggle(row, flag, value)}
            onEditTags={editTags}
            savingId={savingId}
          />
        )}
      </ConnectionListFrame>
      {isAdmin ? <StorePublishSection /> : null}
      <ProductTagsDialog
        row={tagsRow}
        onClose={() => setTagsRow(null)}
        onSave={saveTags}
        onReset={resetTags}
        saving={update.loading}
        errors={update.userErrors}
      />
    </Stack>
  );
}
