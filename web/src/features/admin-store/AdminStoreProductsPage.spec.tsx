import { prerenderStatic } from '@apollo/client/react/ssr';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { ChakraProvider } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { AdminStoreProductRowFragment } from '../../gql/graphql';
import { system } from '../../theme';
import { MeQueryDocument } from '../auth/useCurrentUser';
import AdminStoreProductsPage from './AdminStoreProductsPage';
import {
  AdminStoreProductsQueryDocument,
  StorePublishCandidatesQueryDocument,
  StorePublishedItemsQueryDocument,
  StoreSyncStatusQueryDocument,
} from './adminStoreDocuments';

const usd = (amount: string) => ({ __typename: 'ShopMoney' as const, amount, currencyCode: 'USD' });

function row(
  id: string,
  title: string,
  flags: { visible: boolean; featured: boolean },
  extra: Partial<AdminStoreProductRowFragment> = {},
): AdminStoreProductRowFragment {
  return {
    __typename: 'AdminStoreProduct',
    visible: flags.visible,
    storeTags: ['style:ballet', 'level:beginner'],
    tagsEdited: false,
    storeStatus: 'ACTIVE',
    removed: false,
    syncedAt: '2026-11-20T10:00:00.000Z',
    syncError: null,
    storeUpdatedAt: '2026-11-20T09:00:00.000Z',
    ...extra,
    product: {
      __typename: 'ShopProduct',
      id,
      handle: title.toLowerCase().replace(/ /g, '-'),
      title,
      productType: 'Shoes',
      vendor: 'Bloch',
      danceStyles: ['Ballet'],
      ageGroups: [],
      skillLevels: ['Beginner'],
      featured: flags.featured,
      available: true,
      totalInventory: 7,
      minPrice: usd('20.00'),
      maxPrice: usd('35.00'),
      images: [
        { __typename: 'ShopImage', url: 'http://127.0.0.1/demo-store/images/1.svg', altText: null },
      ] as unknown as AdminStoreProductRowFragment['product']['images'],
    },
  } as AdminStoreProductRowFragment;
}

const me = (role: string) => ({
  request: { query: MeQueryDocument },
  result: {
    data: {
      me: {
        __typename: 'User',
        id: 'u1',
        username: role,
        role,
        roles: [role],
        firstName: 'Ada',
        lastName: 'Admin',
        profileImageUrl: null,
        displayName: 'Ada Admin',
        email: `${role}@drx.test`,
      },
    },
  },
});

const products: MockLink.MockedResponse = {
  request: {
    query: AdminStoreProductsQueryDocument,
    variables: { first: 25, search: null, visibility: null },
  },
  result: {
    data: {
      adminStoreProducts: {
        __typename: 'AdminStoreProductConnection',
        totalCount: 3,
        pageInfo: { __typename: 'PageInfo', hasNextPage: true, endCursor: 'c3' },
        nodes: [
          row('gid://shopify/Product/1', 'Ballet Slippers', { visible: true, featured: true }),
          row('gid://shopify/Product/2', 'Jazz Shoes', { visible: false, featured: false }),
          row(
            'gid://shopify/Product/3',
            'Old Leotard',
            { visible: true, featured: false },
            { removed: true, syncError: 'Price missing', tagsEdited: true },
          ),
        ],
      },
    },
  },
};

const status: MockLink.MockedResponse = {
  request: { query: StoreSyncStatusQueryDocument },
  result: {
    data: {
      shopStatus: {
        __typename: 'ShopStatus',
        enabled: true,
        demo: true,
        shopName: 'DRX Demo Dance Store',
        currencyCode: 'USD',
        storeReachable: true,
        notice: 'This is a demo store.',
        lastSyncAt: '2026-11-20T10:00:00.000Z',
      },
    },
  },
};

const publishing: MockLink.MockedResponse[] = [
  { request: { query: StorePublishedItemsQueryDocument }, result: { data: { storePublishedItems: [] } } },
  {
    request: { query: StorePublishCandidatesQueryDocument, variables: { search: null } },
    result: {
      data: {
        adminCourses: {
          __typename: 'CourseConnection',
          nodes: [
            { __typename: 'Course', id: 'c1', title: 'Ballet Basics', priceCents: 4900 },
            { __typename: 'Course', id: 'c2', title: 'Free Intro', priceCents: 0 },
          ],
        },
        adminResources: { __typename: 'ResourceConnection', nodes: [] },
      },
    },
  },
];

async function render(role: string): Promise<string> {
  const { result } = await prerenderStatic({
    tree: (
      <MockedProvider mocks={[me(role), products, status, ...publishing]}>
        <ChakraProvider value={system}>
          <MemoryRouter>
            <AdminStoreProductsPage />
          </MemoryRouter>
        </ChakraProvider>
      </MockedProvider>
    ),
    renderFunction: renderToString,
  });
  return result;
}

const text = (html: string) =>
  html
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, ' ')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

/** Each switch's accessible label with its state ("checked" / "unchecked") and whether it is disabled. */
function switches(html: string): Record<string, { state: string; disabled: boolean }> {
  const found: Record<string, { state: string; disabled: boolean }> = {};
  const pattern =
    /<label data-scope="switch" data-part="root"([^>]*)>[\s\S]*?<span data-scope="switch" data-part="label"[^>]*>([\s\S]*?)<\/span><\/label>/g;
  for (const match of html.matchAll(pattern)) {
    const label = match[2].replace(/<!-- -->/g, '');
    found[label] = {
      state: /data-state="(\w+)"/.exec(match[1])![1],
      disabled: /data-disabled/.test(match[1]),
    };
  }
  return found;
}

describe('AdminStoreProductsPage', () => {
  it('shows each product with its price range, stock, tags and badges', async () => {
    const page = text(await render('admin'));
    expect(page).toContain('3 products');
    expect(page).toContain('Ballet Slippers');
    expect(page).toContain('$20.00 – $35.00');
    expect(page).toContain('7 in stock');
    expect(page).toContain('Removed from the store');
    expect(page).toContain('Sync error');
    expect(page).toContain('Price missing');
    expect(page).toContain('Edit tags (set by staff)');
    expect(page).toContain('Last synced Nov 20, 2026');
    expect(page).toContain('Load more');
  });

  it('gives every product a labelled Visible and Featured switch in its saved state', async () => {
    const found = switches(await render('admin'));
    expect(found).toEqual({
      'Show Ballet Slippers on DRX': { state: 'checked', disabled: false },
      'Feature Ballet Slippers': { state: 'checked', disabled: false },
      'Show Jazz Shoes on DRX': { state: 'unchecked', disabled: false },
      'Feature Jazz Shoes': { state: 'unchecked', disabled: false },
      // A product gone from the store cannot be shown or featured.
      'Show Old Leotard on DRX': { state: 'checked', disabled: true },
      'Feature Old Leotard': { state: 'unchecked', disabled: true },
    });
  });

  it('offers admins published paid courses to sell in the store', async () => {
    const page = text(await render('admin'));
    expect(page).toContain('Sell DRX in the store');
    expect(page).toContain('Ballet Basics — $49.00');
    expect(page).not.toContain('Free Intro');
  });

  it('lets curriculum officers manage products but not publish DRX items', async () => {
    const html = await render('curriculum_officer');
    expect(Object.keys(switches(html))).toHaveLength(6);
    expect(text(html)).not.toContain('Sell DRX in the store');
  });
});
