import { describe, expect, it } from 'vitest';
import { MAX_REFRESH_SIZE, refreshedInbox, refreshSize } from './inboxRefresh';

const page = (ids: string[], hasNextPage: boolean, endCursor: string | null, totalCount = 0) => ({
  nodes: ids.map((id) => ({ id })),
  pageInfo: { hasNextPage, endCursor },
  totalCount,
});
const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `c${from + i}`);

describe('refreshSize', () => {
  it('reads again as many conversations as are shown: pages added with "Load more" stay', () => {
    expect(refreshSize(0, 20)).toBe(20);
    expect(refreshSize(7, 20)).toBe(20);
    expect(refreshSize(40, 20)).toBe(40);
    expect(refreshSize(60, 20)).toBe(60);
  });

  it('reads at most the API’s largest page', () => {
    expect(refreshSize(250, 20)).toBe(MAX_REFRESH_SIZE);
  });
});

describe('refreshedInbox', () => {
  it('takes the refreshed list when it covers everything shown', () => {
    const loaded = page(ids(1, 40), true, 'c40');
    const fresh = page(['new', ...ids(1, 39)], true, 'c39', 41);
    expect(refreshedInbox(loaded, fresh, 40)).toBe(fresh);
    expect(refreshedInbox(undefined, fresh, 40)).toBe(fresh);
  });

  it('keeps the shown conversations past the largest page, without repeats, paging on from the end', () => {
    const loaded = page(ids(1, 120), true, 'c120');
    // c110 got a new message: it is now first.
    const fresh = page(['c110', ...ids(1, 99)], true, 'c99', 150);
    const result = refreshedInbox(loaded, fresh, 100);
    expect(result.nodes.map((n) => n.id)).toEqual(['c110', ...ids(1, 109), ...ids(111, 120)]);
    expect(result.pageInfo).toEqual({ hasNextPage: true, endCursor: 'c120' });
    expect(result.totalCount).toBe(150);
  });

  it('takes the refreshed list when it reaches the end', () => {
    const loaded = page(ids(1, 120), false, 'c120');
    const fresh = page(ids(1, 90), false, 'c90', 90);
    expect(refreshedInbox(loaded, fresh, 100)).toBe(fresh);
  });
});
