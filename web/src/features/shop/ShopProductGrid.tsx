import { useQuery } from '@apollo/client/react';
import {
  Alert,
  EmptyState,
  Heading,
  HStack,
  SimpleGrid,
  Skeleton,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { LoadMoreButton } from '../../ui/LoadMoreButton';
import { useLoadMore } from '../../ui/useLoadMore';
import { ShopProductCard } from './ShopProductCard';
import { ShopProductsQueryDocument } from './shopDocuments';
import { type ShopFilters, shopProductsVariables } from './shopFormat';

export const SHOP_PAGE_SIZE = 12;

const COLUMNS = { base: 1, sm: 2, lg: 3 };

/** The shop's paged grid under the given filters: count, cards, "Load more", loading/empty/error states. */
export function ShopProductGrid({ filters, empty }: { filters: ShopFilters; empty: ReactNode }) {
  const variables = { first: SHOP_PAGE_SIZE, ...shopProductsVariables(filters) };
  const query = useQuery(ShopProductsQueryDocument, {
    variables,
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const pager = useLoadMore(query, 'shopProducts', {
    errorTitle: 'More products could not be loaded',
    filterKey: JSON.stringify(variables),
  });
  const connection = (query.data ?? query.previousData)?.shopProducts;
  const refreshing = query.loading && !query.data;

  if (query.error && !connection) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>The products could not be loaded</Alert.Title>
          <Alert.Description>{query.error.message}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  if (!connection) {
    return (
      <SimpleGrid columns={COLUMNS} gap={6} aria-busy="true" aria-label="Loading products">
        {Array.from({ length: 6 }, (_, i) => (
          <Stack key={i} gap={3}>
            <Skeleton aspectRatio={1} borderRadius="l2" />
            <Skeleton height="5" width="80%" />
            <Skeleton height="4" width="40%" />
          </Stack>
        ))}
      </SimpleGrid>
    );
  }
  const nodes = connection.nodes;
  return (
    <Stack gap={5} as="section" aria-labelledby="shop-products-heading">
      <Heading as="h2" id="shop-products-heading" srOnly>
        Products
      </Heading>
      <HStack gap={3} minH="6">
        <Text fontWeight="medium" aria-live="polite" data-testid="shop-product-count">
          {refreshing
            ? 'Searching…'
            : connection.totalCount === 1
              ? '1 product'
              : `${connection.totalCount} products`}
        </Text>
        {refreshing ? <Spinner size="sm" color="brand.solid" /> : null}
      </HStack>
      {nodes.length === 0 ? (
        <EmptyState.Root borderWidth="1px" borderRadius="l3" bg="bg">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <SearchX />
            </EmptyState.Indicator>
            {empty}
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <SimpleGrid columns={COLUMNS} gap={6} opacity={refreshing ? 0.6 : 1} data-testid="shop-grid">
          {nodes.map((product) => (
            <ShopProductCard key={product.id} product={product} />
          ))}
        </SimpleGrid>
      )}
      <LoadMoreButton pager={pager} />
    </Stack>
  );
}
