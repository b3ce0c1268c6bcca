import { describe, expect, it } from 'vitest';
import type { AdminStoreProductsQuery } from '../../gql/graphql';
import { appendProductPage } from './useStoreProductPages';

type Page = AdminStoreProductsQuery['adminStoreProducts'];
type Row = Page['nodes'][number];

const row = (id: string) => ({ visible: true, product: { id, title: id } }) as unknown as Row;
const page = (ids: string[], hasNextPage: boolean, endCursor: string): Page => ({
  totalCount: 4,
  pageInfo: { hasNextPage, endCursor },
  nodes: ids.map(row),
});

describe('appendProductPage', () => {
  it('appends the next page by product id (rows have no id of their own), without repeats', () => {
    const merged = appendProductPage(page(['p1', 'p2'], true, 'c2'), page(['p2', 'p3', 'p4'], false, 'c4'));
    expect(merged.nodes.map((node) => node.product.id)).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(merged.pageInfo).toEqual({ hasNextPage: false, endCursor: 'c4' });
  });
});
