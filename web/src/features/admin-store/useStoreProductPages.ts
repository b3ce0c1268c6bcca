import { useApolloClient, useQuery } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import type {
  AdminStoreProductRowFragment,
  AdminStoreProductsQuery,
  AdminStoreProductsQueryVariables,
} from '../../gql/graphql';
import { toaster } from '../../ui/toaster';
import type { LoadMore } from '../../ui/useLoadMore';
import { AdminStoreProductsQueryDocument } from './adminStoreDocuments';

type Page = AdminStoreProductsQuery['adminStoreProducts'];

/** The next page after the loaded ones, without repeating a product already shown (by product id). */
export function appendProductPage(loaded: Page, next: Page): Page {
  const seen = new Set(loaded.nodes.map((node) => node.product.id));
  return { ...next, nodes: [...loaded.nodes, ...next.nodes.filter((node) => !seen.has(node.product.id))] };
}

/**
 * The staff's product list with "Load more". AdminStoreProduct has no id of its own (it is the
 * product's), so pages merge by `product.id` and `replaceRow` puts a changed row into the cached
 * list (its `visible` and `tagsEdited` live outside the normalized ShopProduct).
 */
export function useStoreProductPages(variables: Omit<AdminStoreProductsQueryVariables, 'after'>) {
  const client = useApolloClient();
  const query = useQuery(AdminStoreProductsQueryDocument, {
    variables,
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const connection = (query.data ?? query.previousData)?.adminStoreProducts;
  const [loadingMore, setLoadingMore] = useState(false);
  const filterKey = JSON.stringify(variables);
  const currentFilter = useRef(filterKey);
  useEffect(() => {
    currentFilter.current = filterKey;
  }, [filterKey]);

  async function loadMore() {
    const after = connection?.pageInfo.endCursor;
    if (!after) return;
    const startedFor = filterKey;
    setLoadingMore(true);
    try {
      await query.fetchMore({
        variables: { after },
        updateQuery: (loaded, { fetchMoreResult }) =>
          currentFilter.current === startedFor && fetchMoreResult
            ? {
                ...loaded,
                adminStoreProducts: appendProductPage(
                  loaded.adminStoreProducts,
                  fetchMoreResult.adminStoreProducts,
                ),
              }
            : loaded,
      });
    } catch (error) {
      toaster.create({
        title: 'More products could not be loaded',
        description: error instanceof Error ? error.message : undefined,
        type: 'error',
      });
    } finally {
      setLoadingMore(false);
    }
  }

  function replaceRow(row: AdminStoreProductRowFragment) {
    client.cache.updateQuery({ query: AdminStoreProductsQueryDocument, variables }, (data) =>
      data
        ? {
            ...data,
            adminStoreProducts: {
              ...data.adminStoreProducts,
              nodes: data.adminStoreProducts.nodes.map((node) =>
                node.product.id === row.product.id ? row : node,
              ),
            },
          }
        : data,
    );
  }

  const pager: LoadMore = { loadMore, loadingMore, hasMore: Boolean(connection?.pageInfo.hasNextPage) };
  return { query, connection, pager, replaceRow };
}
