import { useQuery } from '@apollo/client/react';
import {
  Alert,
  EmptyState,
  Field,
  Heading,
  HStack,
  Input,
  NativeSelect,
  Stack,
  Text,
} from '@chakra-ui/react';
import { PackageX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { LoadMoreButton } from '../../ui/LoadMoreButton';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useLoadMore } from '../../ui/useLoadMore';
import { ModerationTable, STATUS_LABEL } from './ModerationTable';
import { AdminResourcesQueryDocument } from './resourceModeration';

const PAGE_SIZE = 25;
const SEARCH_DEBOUNCE_MS = 300;

/** /admin/resources and /admin/curriculum: every resource, with status filter, search and moderation. */
export default function AdminResourcesPage() {
  useDocumentTitle('Curriculum store');
  const [status, setStatus] = useState('');
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const query = useQuery(AdminResourcesQueryDocument, {
    variables: { first: PAGE_SIZE, status: status || null, search: search || null },
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const pager = useLoadMore(query, 'adminResources', {
    errorTitle: 'More resources could not be loaded',
    filterKey: `${status}\u0000${search}`,
  });
  const connection = (query.data ?? query.previousData)?.adminResources;

  return (
    <Stack gap={6} maxW="6xl" mx="auto">
      <Stack gap={1}>
        <Heading as="h1" size="2xl">
          Curriculum store
        </Heading>
        <Text color="fg.muted">
          Every resource of every seller: approve drafts, reject with a reason, and choose the featured set.
        </Text>
      </Stack>
      <HStack gap={3} align="flex-end" wrap="wrap">
        <Field.Root maxW="xs">
          <Field.Label>Search</Field.Label>
          <Input
            type="search"
            value={text}
            placeholder="Title or description"
            onChange={(e) => setText(e.target.value)}
          />
        </Field.Root>
        <Field.Root maxW="2xs">
          <Field.Label>Status</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={status} onChange={(e) => setStatus(e.target.value)}>
              <option value="">All statuses</option>
              {Object.entries(STATUS_LABEL).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {connection ? (
          <Text color="fg.muted" fontSize="sm" pb={2}>
            {connection.totalCount} {connection.totalCount === 1 ? 'resource' : 'resources'}
          </Text>
        ) : null}
      </HStack>
      {!connection && query.loading ? (
        <PageSpinner label="Loading resources…" minHeight="12rem" />
      ) : query.error && !connection ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>The resources could not be loaded: {query.error.message}</Alert.Title>
        </Alert.Root>
      ) : !connection || connection.nodes.length === 0 ? (
        <EmptyState.Root borderWidth="1px" borderRadius="l3" bg="bg">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <PackageX />
            </EmptyState.Indicator>
            <EmptyState.Title>No resources match</EmptyState.Title>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <>
          <ModerationTable resources={connection.nodes} />
          <LoadMoreButton pager={pager} />
        </>
      )}
    </Stack>
  );
}
