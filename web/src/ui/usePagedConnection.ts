import type { OperationVariables, TypedDocumentNode } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import type { ConnectionPage } from '../lib/connectionMerge';
import { useLoadMore, type LoadMoreOptions, type PagedQuery } from './useLoadMore';

/**
 * A paged list's query (cache first, refreshed from the network) with its "Load more" pager and
 * the loaded connection at `field` (the last result is kept while new filters load).
 */
export function usePagedConnection<
  TField extends string,
  TData extends { [K in TField]: ConnectionPage },
  TVariables extends OperationVariables,
>(
  document: TypedDocumentNode<TData, TVariables>,
  field: TField,
  variables: TVariables,
  options: LoadMoreOptions,
) {
  const query = useQuery(document, {
    variables,
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  // Every paged list query takes an `after` cursor; TypeScript cannot see that for a generic
  // TVariables, so the result is narrowed to what paging reads.
  const pager = useLoadMore(query as unknown as PagedQuery<TData>, field, options);
  const connection = (query.data ?? query.previousData)?.[field];
  return { query, pager, connection };
}
