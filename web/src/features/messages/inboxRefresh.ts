/** The API's largest page (`first` is capped at 100: api/src/graphql/connection.ts). */
export const MAX_REFRESH_SIZE = 100;

/** The parts of the inbox's connection a refresh reads. */
export interface InboxPage<TNode extends { id: string }> {
  nodes: readonly TNode[];
  pageInfo: { hasNextPage: boolean; endCursor?: string | null };
  totalCount: number;
}

/**
 * How many conversations to read again when the inbox refreshes: as many as are shown (pages
 * added with "Load more" stay), at least one page, at most the API's largest page.
 */
export function refreshSize(loaded: number, pageSize: number): number {
  return Math.min(Math.max(loaded, pageSize), MAX_REFRESH_SIZE);
}

/**
 * The inbox after a refresh (`fresh`, the first `requested` conversations, newest activity
 * first) of what was shown (`loaded`). If the refresh did not reach the end of what was shown
 * (more were shown than one request reads), the rest of the shown ones follow, without repeats,
 * and paging goes on from where it was.
 */
export function refreshedInbox<TNode extends { id: string }, TPage extends InboxPage<TNode>>(
  loaded: TPage | undefined,
  fresh: TPage,
  requested: number,
): TPage {
  if (!loaded || loaded.nodes.length <= requested || !fresh.pageInfo.hasNextPage) return fresh;
  const seen = new Set(fresh.nodes.map((node) => node.id));
  return {
    ...fresh,
    nodes: [...fresh.nodes, ...loaded.nodes.filter((node) => !seen.has(node.id))],
    pageInfo: loaded.pageInfo,
  };
}
