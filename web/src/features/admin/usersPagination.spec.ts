import { describe, expect, it } from 'vitest';
import { appendUserPage } from './usersPagination';

const page = (ids: string[], endCursor: string, hasNextPage: boolean, totalCount = 5) => ({
  __typename: 'UserConnection' as const,
  totalCount,
  pageInfo: { __typename: 'PageInfo' as const, hasNextPage, endCursor },
  nodes: ids.map((id) => ({ __typename: 'User' as const, id })),
});

describe('appendUserPage', () => {
  it('appends the next rows and takes the newer page info and count', () => {
    const merged = appendUserPage(page(['a', 'b'], 'c2', true), page(['c', 'd'], 'c4', false, 4));
    expect(merged.nodes.map((n) => n.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(merged.pageInfo).toEqual({ __typename: 'PageInfo', hasNextPage: false, endCursor: 'c4' });
    expect(merged.totalCount).toBe(4);
    expect(merged.__typename).toBe('UserConnection');
  });

  it('does not repeat a user that is already shown', () => {
    const merged = appendUserPage(page(['a', 'b'], 'c2', true), page(['b', 'c'], 'c3', false));
    expect(merged.nodes.map((n) => n.id)).toEqual(['a', 'b', 'c']);
  });
});
