import { useQuery } from '@apollo/client/react';
import {
  Alert,
  Button,
  Center,
  EmptyState,
  HStack,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { SearchX } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { graphql } from '../../gql';
import type { ResourceFilter, ResourceSort, StoreResourcesQuery } from '../../gql/graphql';
import { toaster } from '../../ui/toaster';
import { ResourceCard } from './ResourceCard';
import { ResourceCardSkeleton } from './ResourceCardSkeleton';
import { plural } from './resourceFormat';

const StoreResourcesQueryDocument = graphql(`
  query StoreResources($first: Int, $after: String, $filter: ResourceFilter, $sort: ResourceSort) {
    resources(first: $first, after: $after, filter: $filter, sort: $sort) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        cursor
        node {
          ...ResourceCard_resource
        }
      }
    }
  }
`);

export const STORE_PAGE_SIZE = 12;

type Connection = StoreResourcesQuery['resources'];

function appendPage(loaded: Connection, next: Connection): Connection {
  const seen = new Set(loaded.edges.map((e) => e.node.id));
  return { ...next, edges: [...loaded.edges, ...next.edges.filter((e) => !seen.has(e.node.id))] };
}

/** A paged grid of store resources with a count, an empty state and 'Load more'. */
export function ResourceGrid({
  filter,
  sort,
  empty,
  columns = { base: 1, sm: 2, lg: 3 },
}: {
  filter: ResourceFilter;
  sort: ResourceSort;
  empty: ReactNode;
  columns?: Record<string, number>;
}) {
  const key = JSON.stringify([filter, sort]);
  const currentKey = useRef(key);
  useEffect(() => {
    currentKey.current = key;
  }, [key]);
  const { data, previousData, loading, error, fetchMore } = useQuery(StoreResourcesQueryDocument, {
    variables: { first: STORE_PAGE_SIZE, filter, sort },
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const connection = (data ?? previousData)?.resources;
  const refreshing = loading && !data;

  async function loadMore() {
    const after = connection?.pageInfo.endCursor;
    if (!after) return;
    const startedFor = key;
    setLoadingMore(true);
    try {
      await fetchMore({
        variables: { after },
        updateQuery: (loaded, { fetchMoreResult }) =>
          currentKey.current === startedFor && fetchMoreResult
            ? { ...loaded, resources: appendPage(loaded.resources, fetchMoreResult.resources) }
            : loaded,
      });
    } catch (loadError) {
      toaster.create({
        title: 'More resources could not be loaded',
        description: loadError instanceof Error ? loadError.message : undefined,
        type: 'error',
      });
    } finally {
      setLoadingMore(false);
    }
  }

  if (error && !connection) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>The resources could not be loaded</Alert.Title>
          <Alert.Description>{error.message}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  if (!connection) {
    return (
      <SimpleGrid columns={columns} gap={6} aria-busy="true">
        {Array.from({ length: 6 }, (_, i) => (
          <ResourceCardSkeleton key={i} />
        ))}
      </SimpleGrid>
    );
  }
  return (
    <Stack gap={5}>
      <HStack gap={3} minH="6">
        <Text fontWeight="medium" aria-live="polite" data-testid="resource-count">
          {refreshing ? 'Searching…' : plural(connection.totalCount, 'resource')}
        </Text>
        {refreshing && <Spinner size="sm" color="brand.solid" />}
      </HStack>
      {connection.edges.length === 0 ? (
        <EmptyState.Root borderWidth="1px" borderRadius="l3" bg="bg">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <SearchX />
            </EmptyState.Indicator>
            {empty}
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <SimpleGrid columns={columns} gap={6} opacity={refreshing ? 0.6 : 1}>
          {connection.edges.map(({ node }) => (
            <ResourceCard key={node.id} resource={node} />
          ))}
        </SimpleGrid>
      )}
      {connection.pageInfo.hasNextPage ? (
        <Center>
          <Button variant="outline" onClick={loadMore} loading={loadingMore} loadingText="Loading…">
            Load more
          </Button>
        </Center>
      ) : null}
    </Stack>
  );
}
