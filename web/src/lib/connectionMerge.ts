/** The parts of a Relay connection that paging reads: `nodes` and/or `edges`, the count and page info. */
export interface ConnectionPage {
  totalCount?: number;
  pageInfo: { hasNextPage: boolean; endCursor?: string | null };
  nodes?: readonly { id: string }[];
  edges?: readonly { node: { id: string } }[];
}

/**
 * Appends the next page of a connection to the loaded ones: the page's `nodes` and/or `edges`
 * after the loaded ones (without repeating an item already shown, by id), and the newer
 * count and page info.
 */
export function appendConnectionPage<TPage extends ConnectionPage>(loaded: TPage, next: TPage): TPage {
  const merged: ConnectionPage = { ...next };
  if (loaded.nodes && next.nodes) {
    const seen = new Set(loaded.nodes.map((node) => node.id));
    merged.nodes = [...loaded.nodes, ...next.nodes.filter((node) => !seen.has(node.id))];
  }
  if (loaded.edges && next.edges) {
    const seen = new Set(loaded.edges.map((edge) => edge.node.id));
    merged.edges = [...loaded.edges, ...next.edges.filter((edge) => !seen.has(edge.node.id))];
  }
  return merged as TPage;
}
