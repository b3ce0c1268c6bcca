import { useQuery } from '@apollo/client/react';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  CheckboxGroup,
  Fieldset,
  Heading,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import type { AdminStoreCollectionsQuery } from '../../gql/graphql';
import { PageSpinner } from '../../ui/PageSpinner';
import {
  AdminStoreCollectionsQueryDocument,
  StoreSetCollectionsMutationDocument,
} from './adminStoreDocuments';
import { useStoreMutation } from './useStoreMutation';
import { useWriteStoreConnection } from './useWriteStoreConnection';

type Collection = AdminStoreCollectionsQuery['storeCollections'][number];

/**
 * The store's collections (read live from the store) as a checklist: DRX shows the products of
 * the checked ones. Saving queues a full sync.
 */
export function StoreCollectionsSection() {
  const query = useQuery(AdminStoreCollectionsQueryDocument, { fetchPolicy: 'network-only' });
  const collections = query.data?.storeCollections;
  return (
    <Card.Root as="section" aria-labelledby="store-collections-heading">
      <Card.Header>
        <Stack gap={1}>
          <Heading as="h2" size="lg" id="store-collections-heading">
            Collections
          </Heading>
          <Text color="fg.muted" textStyle="sm">
            DRX shows the products of the checked collections; with none checked, every product the store
            publishes.
          </Text>
        </Stack>
      </Card.Header>
      <Card.Body>
        {!collections && query.loading ? (
          <PageSpinner label="Reading the store’s collections…" minHeight="6rem" />
        ) : !collections ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>
              The collections could not be read from the store{query.error ? `: ${query.error.message}` : ''}
            </Alert.Title>
          </Alert.Root>
        ) : collections.length === 0 ? (
          <Text color="fg.muted">The store has no collections.</Text>
        ) : (
          <CollectionsForm
            key={collections.map((c) => `${c.id}:${c.selected}`).join(',')}
            collections={collections}
          />
        )}
      </Card.Body>
    </Card.Root>
  );
}

function CollectionsForm({ collections }: { collections: readonly Collection[] }) {
  const initial = collections.filter((c) => c.selected).map((c) => c.id);
  const [selected, setSelected] = useState<string[]>(initial);
  const writeConnection = useWriteStoreConnection();
  const save = useStoreMutation(StoreSetCollectionsMutationDocument, 'Collections not saved', {
    onSuccess: (payload) => writeConnection(payload.connection),
    refetchQueries: ['AdminStoreCollections'],
  });
  const unchanged = selected.length === initial.length && selected.every((id) => initial.includes(id));

  async function submit(event: { preventDefault: () => void }) {
    event.preventDefault();
    await save.run({ collectionIds: selected }, 'Collections saved — a full sync has started');
  }

  return (
    <form onSubmit={submit}>
      <Stack gap={4}>
        <Fieldset.Root invalid={save.userErrors.length > 0}>
          <Fieldset.Legend srOnly>Collections shown on DRX</Fieldset.Legend>
          <Fieldset.Content>
            <CheckboxGroup value={selected} onValueChange={setSelected} name="collectionIds">
              <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gap={3}>
                {collections.map((collection) => (
                  <Checkbox.Root key={collection.id} value={collection.id}>
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{collection.title}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </SimpleGrid>
            </CheckboxGroup>
          </Fieldset.Content>
          {save.userErrors.length > 0 ? (
            <Fieldset.ErrorText>{save.userErrors[0].message}</Fieldset.ErrorText>
          ) : null}
        </Fieldset.Root>
        <div>
          <Button type="submit" loading={save.loading} loadingText="Saving…" disabled={unchanged}>
            Save collections
          </Button>
        </div>
      </Stack>
    </form>
  );
}
