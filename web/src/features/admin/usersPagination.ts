export interface UserPage<TNode extends { id: string }> {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; endCursor?: string | null };
  nodes: readonly TNode[];
}

/**
 * Appends the next page of a users connection to the loaded ones: the page's rows after the
 * loaded rows (without repeating a user already shown), and the newer count and page info.
 */
export function appendUserPage<TNode extends { id: string }, TPage extends UserPage<TNode>>(
  loaded: TPage,
  next: TPage,
): TPage {
  const seen = new Set(loaded.nodes.map((node) => node.id));
  return {
    ...next,
    nodes: [...loaded.nodes, ...next.nodes.filter((node) => !seen.has(node.id))],
  };
}
