import { Alert, EmptyState } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LoadMoreButton } from './LoadMoreButton';
import { PageSpinner } from './PageSpinner';
import type { LoadMore } from './useLoadMore';

/**
 * What a paged list shows for its connection: a spinner while the first page loads, an error
 * when it could not be loaded, an empty state when nothing matches, else the rows (rendered by
 * `children`) with "Load more" under them.
 */
export function ConnectionListFrame<TNode>({
  connection,
  loading,
  error,
  pager,
  loadingLabel,
  spinnerMinHeight = '12rem',
  errorTitle,
  emptyIcon,
  emptyTitle,
  emptyDescription,
  children,
}: {
  connection: { nodes: TNode[] } | null | undefined;
  loading: boolean;
  error?: { message: string } | null;
  pager: LoadMore;
  loadingLabel: string;
  spinnerMinHeight?: string;
  /** e.g. "The orders could not be loaded"; the error's message follows after a colon. */
  errorTitle: string;
  emptyIcon: ReactNode;
  emptyTitle: string;
  emptyDescription?: string;
  children: (nodes: TNode[]) => ReactNode;
}) {
  if (!connection && loading) return <PageSpinner label={loadingLabel} minHeight={spinnerMinHeight} />;
  if (!connection && error) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>
          {errorTitle}: {error.message}
        </Alert.Title>
      </Alert.Root>
    );
  }
  if (!connection || connection.nodes.length === 0) {
    return (
      <EmptyState.Root borderWidth="1px" borderRadius="l3" bg="bg">
        <EmptyState.Content>
          <EmptyState.Indicator>{emptyIcon}</EmptyState.Indicator>
          <EmptyState.Title>{emptyTitle}</EmptyState.Title>
          {emptyDescription ? <EmptyState.Description>{emptyDescription}</EmptyState.Description> : null}
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }
  return (
    <>
      {children(connection.nodes)}
      <LoadMoreButton pager={pager} />
    </>
  );
}
