import { describe, expect, it } from 'vitest';
import { appendConnectionPage } from './connectionMerge';

const page = (ids: string[], endCursor: string, hasNextPage: boolean, totalCount = 5) => ({
  __typename: 'UserConnection' as const,
  totalCount,
  pageInfo: { __typename: 'PageInfo' as const, hasNextPage, endCursor },
  nodes: ids.map((id) => ({ __typename: 'User' as const, id })),
});

const edgePage = (ids: string[], endCursor: string, hasNextPage: boolean, totalCount = 5) => ({
  __typename: 'CourseConnection' as const,
  totalCount,
  pageInfo: { __typename: 'PageInfo' as const, hasNextPage, endCursor },
  edges: ids.map((id) => ({ __typename: 'CourseEdge' as const, cursor: `c-${id}`, node: { id } })),
});

describe('appendConnectionPage', () => {
  it('appends the next rows and takes the newer page info and count', () => {
    const merged = appendConnectionPage(page(['a', 'b'], 'c2', true), page(['c', 'd'], 'c4', false, 4));
    expect(merged.nodes.map((n) => n.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(merged.pageInfo).toEqual({ __typename: 'PageInfo', hasNextPage: false, endCursor: 'c4' });
    expect(merged.totalCount).toBe(4);
    expect(merged.__typename).toBe('UserConnection');
  });

  it('does not repeat a user that is already shown', () => {
    const merged = appendConnectionPage(page(['a', 'b'], 'c2', true), page(['b', 'c'], 'c3', false));
    expect(merged.nodes.map((n) => n.id)).toEqual(['a', 'b', 'c']);
  });

  it('appends edges without repeating a node already shown', () => {
    const merged = appendConnectionPage(
      edgePage(['a', 'b'], 'c2', true),
      edgePage(['b', 'c'], 'c3', false, 3),
    );
    expect(merged.edges.map((e) => e.node.id)).toEqual(['a', 'b', 'c']);
    expect(merged.edges.map((e) => e.cursor)).toEqual(['c-a', 'c-b', 'c-c']);
    expect(merged.pageInfo).toEqual({ __typename: 'PageInfo', hasNextPage: false, endCursor: 'c3' });
    expect(merged.totalCount).toBe(3);
  });

  it('merges both nodes and edges when a connection has both', () => {
    const both = (ids: string[], endCursor: string) => ({
      ...page(ids, endCursor, true),
      edges: edgePage(ids, endCursor, true).edges,
    });
    const merged = appendConnectionPage(both(['a'], 'c1'), both(['a', 'b'], 'c2'));
    expect(merged.nodes.map((n) => n.id)).toEqual(['a', 'b']);
    expect(merged.edges.map((e) => e.node.id)).toEqual(['a', 'b']);
  });

  it('does not change the pages it merges', () => {
    const loaded = page(['a'], 'c1', true);
    const next = page(['b'], 'c2', false);
    appendConnectionPage(loaded, next);
    expect(loaded.nodes.map((n) => n.id)).toEqual(['a']);
    expect(next.nodes.map((n) => n.id)).toEqual(['b']);
  });
});
