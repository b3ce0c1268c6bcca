import { useEffect, useRef, useState } from 'react';
import { appendConnectionPage, type ConnectionPage } from '../lib/connectionMerge';
import { toaster } from './toaster';

/** The parts of a `useQuery` result that paging needs. */
export interface PagedQuery<TData> {
  data?: TData;
  previousData?: TData;
  fetchMore: (options: {
    variables: { after: string };
    updateQuery: (loaded: TData, options: { fetchMoreResult: TData }) => TData;
  }) => Promise<unknown>;
}

export interface LoadMoreOptions {
  /** The title of the error toast when a page could not be loaded. */
  errorTitle: string;
  /** The toast's description for a failed load (default: the error's message). */
  errorDescription?: (error: unknown) => string | undefined;
  /** The current filters: a page asked for under other filters is dropped when it arrives. */
  filterKey?: string;
}

export interface LoadMore {
  loadMore: () => Promise<void>;
  loadingMore: boolean;
  hasMore: boolean;
}

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : undefined);

/**
 * "Load more" for a Relay connection at `field` of a query: fetches the page after the last
 * loaded one and appends it (nodes and/or edges, without repeats; newer count and page info),
 * or shows an error toast.
 */
export function useLoadMore<TField extends string, TData extends { [K in TField]: ConnectionPage }>(
  query: PagedQuery<TData>,
  field: TField,
  { errorTitle, errorDescription = errorMessage, filterKey = '' }: LoadMoreOptions,
): LoadMore {
  const [loadingMore, setLoadingMore] = useState(false);
  const currentFilter = useRef(filterKey);
  useEffect(() => {
    currentFilter.current = filterKey;
  }, [filterKey]);

  const connection = (query.data ?? query.previousData)?.[field];

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
            ? { ...loaded, [field]: appendConnectionPage(loaded[field], fetchMoreResult[field]) }
            : loaded,
      });
    } catch (error) {
      toaster.create({ title: errorTitle, description: errorDescription(error), type: 'error' });
    } finally {
      setLoadingMore(false);
    }
  }

  return { loadMore, loadingMore, hasMore: Boolean(connection?.pageInfo.hasNextPage) };
}
