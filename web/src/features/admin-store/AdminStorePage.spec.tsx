import { prerenderStatic } from '@apollo/client/react/ssr';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { AdminStoreConnectionFragment } from '../../gql/graphql';
import { system } from '../../theme';
import { MeQueryDocument } from '../auth/useCurrentUser';
import AdminStorePage from './AdminStorePage';
import { AdminStoreCollectionsQueryDocument, AdminStoreConnectionQueryDocument } from './adminStoreDocuments';
import { ConnectionTestMessage, StoreConnectForm } from './StoreConnectForm';
import { testConnectionOutcome } from './storeFormat';

const ownStore = {
  __typename: 'StoreConfiguration',
  status: 'CONNECTED',
  demo: false,
  provider: 'shopify',
  shopDomain: 'dance-shop.myshopify.com',
  apiVersion: '2026-04',
  hasStorefrontToken: true,
  hasAdminToken: true,
  hasWebhookSecret: true,
  clientId: null,
  hasClientSecret: false,
  collectionIds: [],
  shopName: 'Dance Shop',
  currencyCode: 'EUR',
  connectedAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  updatedByName: 'Ada Admin',
  lastSyncStartedAt: '2026-11-20T10:01:00.000Z',
  lastSyncFinishedAt: '2026-11-20T10:02:00.000Z',
  lastSyncError: null,
  webhookUrl: 'https://drx.example/api/webhooks/store',
  demoAvailable: false,
  events: [
    {
      __typename: 'StoreConfigEvent',
      id: '1',
      at: '2026-11-20T10:00:00.000Z',
      actorName: 'Ada Admin',
      action: 'connected',
      summary: 'Connected dance-shop.myshopify.com',
    },
  ] as unknown as AdminStoreConnectionFragment['events'],
} as AdminStoreConnectionFragment;

const disconnected = {
  ...ownStore,
  status: 'DISCONNECTED',
  shopDomain: null,
  apiVersion: null,
  hasStorefrontToken: false,
  hasAdminToken: false,
  hasWebhookSecret: false,
  shopName: null,
  currencyCode: null,
  connectedAt: null,
  lastSyncStartedAt: null,
  lastSyncFinishedAt: null,
  demoAvailable: true,
  events: [],
} as AdminStoreConnectionFragment;

const text = (html: string) =>
  html
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, ' ')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

/** The <input> tag named `name`. */
const inputTag = (html: string, name: string) =>
  new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? '';

function renderForm(connection: AdminStoreConnectionFragment): string {
  return renderToString(
    <MockedProvider>
      <ChakraProvider value={system}>
        <StoreConnectForm connection={connection} />
      </ChakraProvider>
    </MockedProvider>,
  );
}

describe('StoreConnectForm', () => {
  it('keeps saved secrets write-only: empty password fields saying they are saved', () => {
    const html = renderForm(ownStore);
    expect(inputTag(html, 'shopDomain')).toContain('value="dance-shop.myshopify.com"');
    for (const name of ['storefrontToken', 'adminToken', 'webhookSecret']) {
      const tag = inputTag(html, name);
      expect(tag).toContain('type="password"');
      expect(tag).toContain('value=""');
      expect(tag).toContain('placeholder="Saved — leave blank to keep"');
      expect(tag).toContain('autoComplete="new-password"');
      expect(tag).not.toContain('required');
    }
    expect(text(html)).toContain('Connection settings');
    expect(text(html)).toContain('Test connection');
    expect(text(html)).toContain('Save and connect');
  });

  it('asks for every secret on a first connection, and for the demo store’s successor', () => {
    for (const connection of [
      disconnected,
      { ...ownStore, demo: true, shopDomain: 'demo-store.drx.local' },
    ]) {
      const html = renderForm(connection);
      expect(inputTag(html, 'shopDomain')).toContain('value=""');
      for (const name of ['storefrontToken', 'adminToken', 'webhookSecret']) {
        const tag = inputTag(html, name);
        expect(tag).toContain('value=""');
        expect(tag).not.toContain('Saved');
        expect(tag).toContain('required');
      }
      expect(text(html)).toContain('Connect a Shopify store');
    }
  });

  it('offers both kinds of app: an access token or a Dev Dashboard app’s client ID and secret', () => {
    const tokenForm = renderForm(disconnected);
    expect(text(tokenForm)).toContain('Admin API access token');
    expect(text(tokenForm)).toContain('Client ID and secret (Dev Dashboard app)');
    expect(inputTag(tokenForm, 'clientSecret')).toBe('');

    // a store connected with a client ID and secret: the ID is shown, the secret never is
    const devApp = {
      ...ownStore,
      hasAdminToken: false,
      hasWebhookSecret: false,
      clientId: 'abc123client',
      hasClientSecret: true,
    } as AdminStoreConnectionFragment;
    const html = renderForm(devApp);
    expect(inputTag(html, 'adminToken')).toBe('');
    expect(inputTag(html, 'clientId')).toContain('value="abc123client"');
    const secret = inputTag(html, 'clientSecret');
    expect(secret).toContain('type="password"');
    expect(secret).toContain('value=""');
    expect(secret).toContain('placeholder="Saved — leave blank to keep"');
    const webhook = inputTag(html, 'webhookSecret');
    expect(webhook).toContain('value=""');
    expect(webhook).not.toContain('required');
    expect(text(html)).toContain('Optional: the client secret verifies the app’s webhooks.');
  });
});

describe('ConnectionTestMessage', () => {
  const render = (node: ReactNode) =>
    text(renderToString(<ChakraProvider value={system}>{node}</ChakraProvider>));

  it('names the shop and currency the test reached', () => {
    const outcome = testConnectionOutcome({ shopName: 'Dance Shop', currencyCode: 'EUR', userErrors: [] });
    expect(render(<ConnectionTestMessage outcome={outcome} />)).toContain('Connected to Dance Shop (EUR)');
  });

  it('says why the test failed', () => {
    const outcome = testConnectionOutcome({
      userErrors: [{ message: 'The store refused the Admin API access token.' }],
    });
    expect(render(<ConnectionTestMessage outcome={outcome} />)).toContain(
      'Connection failed: The store refused the Admin API access token.',
    );
  });

  it('is an empty live region before a test', () => {
    const html = renderToString(<ConnectionTestMessage outcome={null} />);
    expect(html).toBe('<div role="status" aria-live="polite"></div>');
  });
});

const me = (role: string): MockLink.MockedResponse => ({
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

async function renderPage(role: string, connection: AdminStoreConnectionFragment): Promise<string> {
  const mocks: MockLink.MockedResponse[] = [
    me(role),
    {
      request: { query: AdminStoreConnectionQueryDocument },
      result: { data: { storeConnection: connection } },
    },
    {
      request: { query: AdminStoreCollectionsQueryDocument },
      result: {
        data: {
          storeCollections: [
            {
              __typename: 'StoreCollection',
              id: 'gid://shopify/Collection/1',
              handle: 'shoes',
              title: 'Shoes',
              selected: true,
            },
            {
              __typename: 'StoreCollection',
              id: 'gid://shopify/Collection/2',
              handle: 'apparel',
              title: 'Apparel',
              selected: false,
            },
          ],
        },
      },
    },
  ];
  const { result } = await prerenderStatic({
    tree: (
      <MockedProvider mocks={mocks}>
        <ChakraProvider value={system}>
          <MemoryRouter>
            <AdminStorePage />
          </MemoryRouter>
        </ChakraProvider>
      </MockedProvider>
    ),
    renderFunction: renderToString,
  });
  return result;
}

describe('AdminStorePage', () => {
  it('shows a connected store: status, settings, webhook URL, collections and history', async () => {
    const html = await renderPage('admin', ownStore);
    const page = text(html);
    expect(page).toContain('Connected');
    expect(page).toContain('Dance Shop (EUR)');
    expect(page).toContain('dance-shop.myshopify.com');
    expect(html).toMatch(/<button[^>]*>Disconnect<\/button>/);
    expect(page).not.toContain('Use the demo store');
    expect(html).toContain('value="https://drx.example/api/webhooks/store"');
    expect(page).toContain('Shoes');
    expect(page).toContain('Apparel');
    expect(page).toContain('Connected dance-shop.myshopify.com');
    expect(page).toContain('Ada Admin');
  });

  it('offers the demo store when nothing is connected', async () => {
    const html = await renderPage('admin', disconnected);
    const page = text(html);
    expect(page).toContain('Disconnected');
    expect(html).toMatch(/<button[^>]*>Use the demo store<\/button>/);
    expect(html).not.toMatch(/<button[^>]*>Disconnect<\/button>/);
    expect(page).toContain('No changes yet');
  });

  it('tells curriculum officers that only admins configure the store', async () => {
    const page = text(await renderPage('curriculum_officer', ownStore));
    expect(page).toContain('Only administrators can configure the store.');
    expect(page).not.toContain('Save and connect');
  });
});
