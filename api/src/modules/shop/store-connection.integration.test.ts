import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_ADMIN_TOKEN,
  DEMO_CLIENT_ID,
  DEMO_CLIENT_SECRET,
  DEMO_STORE_API_VERSION,
  DEMO_STORE_DOMAIN,
  DEMO_STOREFRONT_TOKEN,
  DEMO_WEBHOOK_SECRET,
} from './demo-store-constants';
import { decryptSecret } from './secret-box';
import { ADMIN_WEBHOOK_SUBSCRIPTIONS } from './shopify/operations';
import { createStoreProvider, DEMO_STORE_SETTINGS, getActiveStore } from './store-connection';
import { StoreError, STORE_WEBHOOK_TOPICS, webhookSecretOf } from './store-provider';
import { type ShopTestApp, startShopTestApp, signInAs, shopSql, demoControl } from './test/shop-test-app';

type Agent = ReturnType<typeof request.agent>;

const json = { 'content-type': 'application/json' };

let t: ShopTestApp;
let admin: Agent;
let member: Agent;
let officer: Agent;
let adminId: string;

const signIn = (username: string): Promise<Agent> => signInAs(t, username);

const sql = <T = Record<string, any>>(query: string, params: unknown[] = []) => shopSql<T>(t, query, params);

/** A request to the demo store's control endpoints. */
const control = (path: string, body: unknown): Promise<void> => demoControl(t, path, body);

/** The demo store's webhook subscriptions, read through its Admin API. */
async function subscriptions(): Promise<{ topic: string; uri: string }[]> {
  const res = await fetch(`${t.url}/demo-store/admin/api/${DEMO_STORE_API_VERSION}/graphql.json`, {
    method: 'POST',
    headers: { ...json, 'X-Shopify-Access-Token': DEMO_ADMIN_TOKEN },
    body: JSON.stringify({ query: ADMIN_WEBHOOK_SUBSCRIPTIONS, variables: { first: 100 } }),
  });
  const body = (await res.json()) as {
    data: { webhookSubscriptions: { nodes: { topic: string; uri: string }[] } };
  };
  return body.data.webhookSubscriptions.nodes;
}

const CONNECTION_FIELDS = `status demo provider shopDomain apiVersion hasStorefrontToken hasAdminToken
  hasWebhookSecret clientId hasClientSecret collectionIds shopName currencyCode connectedAt updatedAt updatedByName
  lastSyncStartedAt lastSyncFinishedAt lastSyncError webhookUrl demoAvailable
  events(first: 50) { id at actorId actorName action summary }`;
const CONNECTION = `query { storeConnection { ${CONNECTION_FIELDS} } }`;
const COLLECTIONS = `query { storeCollections { id handle title selected } }`;
const PAYLOAD = `connection { ${CONNECTION_FIELDS} } userErrors { code field message }`;
const CONNECT = `mutation Connect($input: StoreConnectInput!) { storeConnect(input: $input) { ${PAYLOAD} } }`;
const CONNECT_DEMO = `mutation { storeConnectDemo { ${PAYLOAD} } }`;
const TEST = `mutation Test($input: StoreConnectInput) {
  storeTestConnection(input: $input) { shopName currencyCode userErrors { code field message } }
}`;
const SET_COLLECTIONS = `mutation Set($ids: [String!]!) { storeSetCollections(collectionIds: $ids) { ${PAYLOAD} } }`;
const DISCONNECT = `mutation { storeDisconnect { ${PAYLOAD} } }`;

const demoInput = {
  shopDomain: DEMO_STORE_DOMAIN,
  apiVersion: DEMO_STORE_API_VERSION,
  storefrontToken: DEMO_STOREFRONT_TOKEN,
  adminToken: DEMO_ADMIN_TOKEN,
  webhookSecret: DEMO_WEBHOOK_SECRET,
};

async function syncJobs(): Promise<number> {
  const [row] = await sql<{ n: string }>(`select count(*) as n from pgboss.job where name = 'shop.sync'`);
  return Number(row!.n);
}

beforeAll(async () => {
  t = await startShopTestApp();
  [admin, member, officer] = await Promise.all([signIn('admin'), signIn('member'), signIn('officer')]);
  [{ id: adminId }] = await sql<{ id: string }>(`select "id" from "users" where "username" = 'admin'`);
});
afterAll(() => t?.close());

describe('store connection: who may', () => {
  it('is for admins only: members and curriculum officers get FORBIDDEN, guests UNAUTHENTICATED', async () => {
    // The connection's settings; what the catalogue sync writes is left out (the first sync, a job
    // queued at start, may run during the test on a slow machine, and fills the shop's name).
    const connection = () =>
      sql(`select (to_jsonb(c) - 'last_sync_started_at' - 'last_sync_finished_at' - 'last_sync_error'
                   - 'shop_name' - 'currency_code') as row
             from store_connection c`);
    const before = await connection();
    const eventsBefore = await sql(`select count(*)::int as n from store_config_events`);
    for (const agent of [member, officer]) {
      for (const [query, variables] of [
        [CONNECTION, {}],
        [COLLECTIONS, {}],
        [CONNECT, { input: demoInput }],
        [CONNECT_DEMO, {}],
        [TEST, {}],
        [SET_COLLECTIONS, { ids: [] }],
        [DISCONNECT, {}],
      ] as const) {
        const res = await t.gql(agent, query, variables);
        expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      }
    }
    const guest = await t.gql(t.agent(), CONNECTION);
    expect(guest.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(await connection()).toEqual(before);
    expect(await sql(`select count(*)::int as n from store_config_events`)).toEqual(eventsBefore);
  });
});

describe('store connection: the demo store', () => {
  it('uses the demo store with no settings, and tests it', async () => {
    // given a new server with no store settings
    const res = await t.gql(admin, CONNECTION);
    // then the built-in demo store is connected implicitly
    expect(res.data.storeConnection).toMatchObject({
      status: 'CONNECTED',
      demo: true,
      provider: 'shopify',
      shopDomain: DEMO_STORE_DOMAIN,
      demoAvailable: true,
      webhookUrl: `${t.url}/api/webhooks/store`,
    });
    // and "Test connection" reaches it and reports its name and currency
    const test = await t.gql(admin, TEST);
    expect(test.data.storeTestConnection.userErrors).toEqual([]);
    expect(test.data.storeTestConnection.shopName).toEqual(expect.any(String));
    expect(test.data.storeTestConnection.currencyCode).toBe('USD');
  });

  it('connects the demo store: saved, webhooks registered, a full sync queued, recorded with who', async () => {
    const jobsBefore = await syncJobs();
    const res = await t.gql(admin, CONNECT_DEMO);
    expect(res.data.storeConnectDemo.userErrors).toEqual([]);
    const connection = res.data.storeConnectDemo.connection;
    expect(connection).toMatchObject({
      status: 'CONNECTED',
      demo: true,
      shopDomain: DEMO_STORE_DOMAIN,
      hasStorefrontToken: true,
      hasAdminToken: true,
      hasWebhookSecret: true,
      currencyCode: 'USD',
      updatedByName: 'Ada',
    });
    expect(connection.shopName).toEqual(expect.any(String));
    expect(connection.events[0]).toMatchObject({
      action: 'demo_connected',
      actorId: adminId,
      actorName: 'Ada',
      summary: 'Connected the built-in demo store.',
    });
    // every topic DRX needs is delivered to its webhook URL
    const subs = await subscriptions();
    for (const topic of STORE_WEBHOOK_TOPICS) {
      expect(subs).toContainEqual(expect.objectContaining({ topic, uri: `${t.url}/api/webhooks/store` }));
    }
    expect(await syncJobs()).toBe(jobsBefore + 1);
    // and the shop's modules see it as the active store
    const active = await getActiveStore(t.orm.em.fork(), t.config);
    expect(active).toMatchObject({ demo: true, collectionIds: [], currencyCode: 'USD' });
    expect(active!.settings.webhookSecret).toBe(DEMO_WEBHOOK_SECRET);
  });

  it('chooses collections (live from the store), refusing unknown ones', async () => {
    const before = await t.gql(admin, COLLECTIONS);
    const collections = before.data.storeCollections as { id: string; title: string; selected: boolean }[];
    expect(collections.length).toBeGreaterThanOrEqual(3);
    expect(collections.every((c) => !c.selected)).toBe(true);
    const jobsBefore = await syncJobs();
    // when an admin chooses one
    const chosen = collections[0]!.id;
    const res = await t.gql(admin, SET_COLLECTIONS, { ids: [chosen, chosen] });
    expect(res.data.storeSetCollections.userErrors).toEqual([]);
    expect(res.data.storeSetCollections.connection.collectionIds).toEqual([chosen]);
    expect(res.data.storeSetCollections.connection.events[0]).toMatchObject({
      action: 'collections_changed',
      actorName: 'Ada',
    });
    // then it is marked, the active store filters by it and a full sync is queued
    const after = await t.gql(admin, COLLECTIONS);
    expect(
      after.data.storeCollections
        .filter((c: { selected: boolean }) => c.selected)
        .map((c: { id: string }) => c.id),
    ).toEqual([chosen]);
    expect((await getActiveStore(t.orm.em.fork(), t.config))!.collectionIds).toEqual([chosen]);
    expect(await syncJobs()).toBe(jobsBefore + 1);
    // an unknown collection is refused and nothing changes
    const unknown = await t.gql(admin, SET_COLLECTIONS, { ids: ['gid://shopify/Collection/999999'] });
    expect(unknown.data.storeSetCollections.userErrors).toEqual([
      expect.objectContaining({ code: 'INVALID_INPUT', field: 'collectionIds' }),
    ]);
    // an empty choice shows every product again
    const all = await t.gql(admin, SET_COLLECTIONS, { ids: [] });
    expect(all.data.storeSetCollections.connection.collectionIds).toEqual([]);
  });
});

describe('store connection: connect, test, disconnect', () => {
  it('disconnects: the shop closes and the saved tokens are deleted', async () => {
    const res = await t.gql(admin, DISCONNECT);
    expect(res.data.storeDisconnect.userErrors).toEqual([]);
    expect(res.data.storeDisconnect.connection).toMatchObject({
      status: 'DISCONNECTED',
      hasStorefrontToken: false,
      hasAdminToken: false,
      hasWebhookSecret: false,
      collectionIds: [],
    });
    expect(res.data.storeDisconnect.connection.events[0]).toMatchObject({
      action: 'disconnected',
      actorName: 'Ada',
    });
    const [row] = await sql(`select * from store_connection`);
    expect(row).toMatchObject({
      status: 'disconnected',
      storefront_token_enc: null,
      admin_token_enc: null,
      webhook_secret_enc: null,
    });
    expect(await getActiveStore(t.orm.em.fork(), t.config)).toBeNull();
    // a second disconnect has nothing to do
    const again = await t.gql(admin, DISCONNECT);
    expect(again.data.storeDisconnect.userErrors[0].code).toBe('CONFLICT');
    // and testing the saved connection says there is none
    const test = await t.gql(admin, TEST);
    expect(test.data.storeTestConnection.userErrors[0].code).toBe('STORE_UNAVAILABLE');
  });

  it('refuses a wrong token with a userError naming it, and changes nothing', async () => {
    const eventsBefore = (await sql(`select id from store_config_events`)).length;
    const wrongAdmin = await t.gql(admin, CONNECT, { input: { ...demoInput, adminToken: 'shpat_wrong' } });
    expect(wrongAdmin.data.storeConnect.connection).toBeNull();
    expect(wrongAdmin.data.storeConnect.userErrors).toEqual([
      { code: 'UNAUTHORIZED', field: 'adminToken', message: expect.stringMatching(/refused/) },
    ]);
    const wrongStorefront = await t.gql(admin, CONNECT, {
      input: { ...demoInput, storefrontToken: 'wrong-storefront-token' },
    });
    expect(wrongStorefront.data.storeConnect.userErrors).toEqual([
      {
        code: 'UNAUTHORIZED',
        field: 'storefrontToken',
        message: expect.stringMatching(/Storefront access token/),
      },
    ]);
    const test = await t.gql(admin, TEST, { input: { ...demoInput, adminToken: 'shpat_wrong' } });
    expect(test.data.storeTestConnection).toMatchObject({
      shopName: null,
      userErrors: [expect.objectContaining({ code: 'UNAUTHORIZED', field: 'adminToken' })],
    });
    expect((await sql(`select id from store_config_events`)).length).toBe(eventsBefore);
    expect((await sql(`select status from store_connection`))[0]!.status).toBe('disconnected');
  });

  it('refuses bad input and a new store without all its tokens', async () => {
    const badDomain = await t.gql(admin, CONNECT, { input: { ...demoInput, shopDomain: 'not a domain' } });
    expect(badDomain.data.storeConnect.userErrors[0]).toMatchObject({
      code: 'INVALID_INPUT',
      field: 'shopDomain',
    });
    const badVersion = await t.gql(admin, CONNECT, { input: { ...demoInput, apiVersion: '2026-05' } });
    expect(badVersion.data.storeConnect.userErrors[0]).toMatchObject({
      code: 'INVALID_INPUT',
      field: 'apiVersion',
    });
    const missing = await t.gql(admin, CONNECT, { input: { ...demoInput, webhookSecret: '  ' } });
    expect(missing.data.storeConnect.userErrors[0]).toMatchObject({
      code: 'INVALID_INPUT',
      field: 'webhookSecret',
    });
  });

  it('says when the store cannot be reached', async () => {
    await control('outage', { down: true });
    try {
      const res = await t.gql(admin, TEST, { input: demoInput });
      expect(res.data.storeTestConnection.userErrors).toEqual([
        expect.objectContaining({ code: 'STORE_UNAVAILABLE', field: 'shopDomain' }),
      ]);
      const connect = await t.gql(admin, CONNECT, { input: demoInput });
      expect(connect.data.storeConnect.userErrors[0].code).toBe('STORE_UNAVAILABLE');
    } finally {
      await control('outage', { down: false });
    }
  });

  it('connects with tokens: tests first, stores them encrypted, never returns them, records who and what', async () => {
    const jobsBefore = await syncJobs();
    // when an admin connects with the shop domain and the three secrets
    const res = await t.gql(admin, CONNECT, {
      input: { ...demoInput, shopDomain: `https://${DEMO_STORE_DOMAIN}/` },
    });
    expect(res.data.storeConnect.userErrors).toEqual([]);
    const connection = res.data.storeConnect.connection;
    expect(connection).toMatchObject({
      status: 'CONNECTED',
      shopDomain: DEMO_STORE_DOMAIN,
      apiVersion: DEMO_STORE_API_VERSION,
      hasStorefrontToken: true,
      hasAdminToken: true,
      hasWebhookSecret: true,
      currencyCode: 'USD',
      updatedByName: 'Ada',
    });
    expect(connection.connectedAt).toEqual(expect.any(String));
    expect(connection.events[0]).toMatchObject({
      action: 'connected',
      actorId: adminId,
      summary: expect.stringContaining('Storefront access token, Admin API access token, webhook secret'),
    });
    expect(await syncJobs()).toBe(jobsBefore + 1);
    // then the database holds AES-GCM ciphertexts that open to the tokens, not the tokens
    const [row] = await sql<Record<string, string>>(`select * from store_connection`);
    for (const [column, token] of [
      ['storefront_token_enc', DEMO_STOREFRONT_TOKEN],
      ['admin_token_enc', DEMO_ADMIN_TOKEN],
      ['webhook_secret_enc', DEMO_WEBHOOK_SECRET],
    ] as const) {
      expect(row![column]).toMatch(/^v1:[^:]+:[^:]+:[^:]+$/);
      expect(row![column]).not.toContain(token);
      expect(decryptSecret(t.config.storeSecretsKey!, row![column]!, column)).toBe(token);
    }
    const dump = JSON.stringify(await sql(`select * from store_config_events`));
    for (const token of [DEMO_STOREFRONT_TOKEN, DEMO_ADMIN_TOKEN, DEMO_WEBHOOK_SECRET]) {
      expect(dump).not.toContain(token);
    }
    // and no field of the graph ever answers them
    const read = await t.gql(admin, CONNECTION);
    const answer = JSON.stringify(read.data);
    for (const token of [DEMO_STOREFRONT_TOKEN, DEMO_ADMIN_TOKEN, DEMO_WEBHOOK_SECRET]) {
      expect(answer).not.toContain(token);
    }
    const type = await t.gql(admin, `{ __type(name: "StoreConfiguration") { fields { name } } }`);
    const names = (type.data.__type.fields as { name: string }[]).map((f) => f.name);
    expect(names.filter((n) => /token|secret/i.test(n)).sort()).toEqual([
      'hasAdminToken',
      'hasClientSecret',
      'hasStorefrontToken',
      'hasWebhookSecret',
    ]);
  });

  it('updates with blank tokens keeping the saved ones, recording only what changed', async () => {
    const res = await t.gql(admin, CONNECT, {
      input: { shopDomain: DEMO_STORE_DOMAIN, apiVersion: '', storefrontToken: '', adminToken: null },
    });
    expect(res.data.storeConnect.userErrors).toEqual([]);
    expect(res.data.storeConnect.connection.events[0]).toMatchObject({
      action: 'updated',
      summary: `Tested and saved ${DEMO_STORE_DOMAIN} again (nothing changed).`,
    });
    const [row] = await sql<Record<string, string>>(`select admin_token_enc from store_connection`);
    expect(decryptSecret(t.config.storeSecretsKey!, row!.admin_token_enc!, 'admin_token_enc')).toBe(
      DEMO_ADMIN_TOKEN,
    );
    // testing the given settings with blank tokens uses the saved ones
    const test = await t.gql(admin, TEST, { input: { shopDomain: DEMO_STORE_DOMAIN } });
    expect(test.data.storeTestConnection).toMatchObject({ currencyCode: 'USD', userErrors: [] });
  });

  it('refuses to store tokens without STORE_SECRETS_KEY (production)', async () => {
    const key = t.config.storeSecretsKey;
    t.config.storeSecretsKey = undefined;
    try {
      const res = await t.gql(admin, CONNECT, { input: demoInput });
      expect(res.data.storeConnect.userErrors).toEqual([
        expect.objectContaining({ code: 'CONFLICT', message: expect.stringContaining('STORE_SECRETS_KEY') }),
      ]);
    } finally {
      t.config.storeSecretsKey = key;
    }
  });

  it('never reaches the demo store in production', async () => {
    const provider = createStoreProvider({ ...DEMO_STORE_SETTINGS }, { ...t.config, production: true });
    await expect(provider.shop()).rejects.toThrow(StoreError);
    await expect(provider.shop()).rejects.toMatchObject({ code: 'UNAVAILABLE', message: /production/ });
    expect(
      await getActiveStore(t.orm.em.fork(), { ...t.config, production: true, demoStore: false }),
    ).toBeNull();
  });
});

/** The demo store's client credentials grant: tokens issued so far. */
async function tokensIssued(): Promise<number> {
  const res = await fetch(`${t.url}/demo-store/_control/access-tokens`);
  return ((await res.json()) as { issued: number }).issued;
}

async function savedAccessToken(): Promise<{ token: string; expiresAt: Date }> {
  const [row] = await sql<{ access_token_enc: string; access_token_expires_at: string }>(
    `select access_token_enc, access_token_expires_at from store_connection`,
  );
  return {
    token: decryptSecret(t.config.storeSecretsKey!, row!.access_token_enc, 'access_token_enc'),
    expiresAt: new Date(row!.access_token_expires_at),
  };
}

describe('store connection: a Dev Dashboard app (client ID and secret)', () => {
  const clientInput = {
    shopDomain: DEMO_STORE_DOMAIN,
    apiVersion: DEMO_STORE_API_VERSION,
    storefrontToken: DEMO_STOREFRONT_TOKEN,
    clientId: DEMO_CLIENT_ID,
    clientSecret: DEMO_CLIENT_SECRET,
  };

  it('refuses a wrong client secret, and both kinds of credentials at once', async () => {
    const eventsBefore = (await sql(`select id from store_config_events`)).length;
    const wrong = await t.gql(admin, CONNECT, { input: { ...clientInput, clientSecret: 'not-the-secret' } });
    expect(wrong.data.storeConnect.connection).toBeNull();
    expect(wrong.data.storeConnect.userErrors).toEqual([
      {
        code: 'UNAUTHORIZED',
        field: 'clientSecret',
        message: expect.stringMatching(/refused the client ID and secret.*Check the client secret/),
      },
    ]);
    const both = await t.gql(admin, CONNECT, { input: { ...clientInput, adminToken: DEMO_ADMIN_TOKEN } });
    expect(both.data.storeConnect.userErrors[0]).toMatchObject({
      code: 'INVALID_INPUT',
      field: 'adminToken',
    });
    const noSecret = await t.gql(admin, TEST, { input: { ...clientInput, clientSecret: null } });
    expect(noSecret.data.storeTestConnection.userErrors[0]).toMatchObject({
      code: 'INVALID_INPUT',
      field: 'clientSecret',
    });
    expect((await sql(`select id from store_config_events`)).length).toBe(eventsBefore);
  });

  it('connects: the token is fetched once, saved encrypted and reused; no secret is readable', async () => {
    const before = await tokensIssued();
    const res = await t.gql(admin, CONNECT, { input: clientInput });
    expect(res.data.storeConnect.userErrors).toEqual([]);
    expect(res.data.storeConnect.connection).toMatchObject({
      status: 'CONNECTED',
      hasAdminToken: false,
      hasWebhookSecret: false,
      clientId: DEMO_CLIENT_ID,
      hasClientSecret: true,
      currencyCode: 'USD',
    });
    expect(res.data.storeConnect.connection.events[0].summary).toMatch(/client ID, client secret/);
    // one token for the test, the save and the webhook registration
    expect(await tokensIssued()).toBe(before + 1);
    const saved = await savedAccessToken();
    expect(saved.expiresAt.getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    const [row] = await sql<Record<string, string | null>>(`select * from store_connection`);
    expect(row!.admin_token_enc).toBeNull();
    expect(row!.client_id).toBe(DEMO_CLIENT_ID);
    expect(row!.client_secret_enc).not.toContain(DEMO_CLIENT_SECRET);
    expect(decryptSecret(t.config.storeSecretsKey!, row!.client_secret_enc!, 'client_secret_enc')).toBe(
      DEMO_CLIENT_SECRET,
    );
    expect(row!.access_token_enc).not.toContain(saved.token);
    // every later use (other requests, other processes) reuses the saved token
    for (let i = 0; i < 3; i++) {
      const active = (await getActiveStore(t.orm.em.fork(), t.config))!;
      expect((await active.provider.shop()).currencyCode).toBe('USD');
      // webhooks are verified with the client secret (no webhook secret was given)
      expect(webhookSecretOf(active.settings)).toBe(DEMO_CLIENT_SECRET);
    }
    const test = await t.gql(admin, TEST);
    expect(test.data.storeTestConnection.userErrors).toEqual([]);
    expect(await tokensIssued()).toBe(before + 1);
    // neither the secret nor the access token is ever answered or recorded
    const answer = JSON.stringify((await t.gql(admin, CONNECTION)).data);
    const events = JSON.stringify(await sql(`select * from store_config_events`));
    for (const secret of [DEMO_CLIENT_SECRET, saved.token]) {
      expect(answer).not.toContain(secret);
      expect(events).not.toContain(secret);
    }
    // and a blank secret keeps the saved one
    const again = await t.gql(admin, CONNECT, { input: { shopDomain: DEMO_STORE_DOMAIN } });
    expect(again.data.storeConnect.userErrors).toEqual([]);
    expect(again.data.storeConnect.connection).toMatchObject({
      clientId: DEMO_CLIENT_ID,
      hasClientSecret: true,
    });
  });

  it('renews the token five minutes before it expires, once for concurrent requests', async () => {
    const first = await savedAccessToken();
    await sql(`update store_connection set access_token_expires_at = now() + interval '4 minutes'`);
    const before = await tokensIssued();
    const shops = await Promise.all(
      Array.from({ length: 5 }, async () =>
        (await getActiveStore(t.orm.em.fork(), t.config))!.provider.shop(),
      ),
    );
    expect(shops.every((s) => s.currencyCode === 'USD')).toBe(true);
    expect(await tokensIssued()).toBe(before + 1);
    const renewed = await savedAccessToken();
    expect(renewed.token).not.toBe(first.token);
    expect(renewed.expiresAt.getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
  });

  it('renews once when the store refuses the token (401), then goes on', async () => {
    const first = await savedAccessToken();
    // the store expires its tokens early (DRX still believes them good for a day)
    const expired = await fetch(`${t.url}/demo-store/_control/access-tokens`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ expireAll: true }),
    });
    expect(((await expired.json()) as { valid: number }).valid).toBe(0);
    const before = await tokensIssued();
    const active = (await getActiveStore(t.orm.em.fork(), t.config))!;
    expect((await active.provider.shop()).name).toEqual(expect.any(String));
    // This request renewed the token; a background job of the app (the sync queued at connect) that
    // met the same 401 may have renewed it once more.
    const issued = (await tokensIssued()) - before;
    expect(issued).toBeGreaterThanOrEqual(1);
    expect(issued).toBeLessThanOrEqual(2);
    expect((await savedAccessToken()).token).not.toBe(first.token);
  });

  it('gets a short-lived token again when it runs out', async () => {
    await control('access-tokens', { ttlSeconds: 1 });
    try {
      await sql(`update store_connection set access_token_expires_at = now() - interval '1 second'`);
      const stale = await savedAccessToken();
      const before = await tokensIssued();
      await (await getActiveStore(t.orm.em.fork(), t.config))!.provider.shop();
      const first = await savedAccessToken();
      expect(first.token).not.toBe(stale.token);
      // a 1-second token is renewed at every use (it expires within five minutes)
      await (await getActiveStore(t.orm.em.fork(), t.config))!.provider.shop();
      expect((await savedAccessToken()).token).not.toBe(first.token);
      expect(await tokensIssued()).toBeGreaterThanOrEqual(before + 2);
    } finally {
      await control('access-tokens', { ttlSeconds: 86_399 });
    }
  });

  it('switching back to the demo store forgets the client credentials', async () => {
    const res = await t.gql(admin, CONNECT_DEMO);
    expect(res.data.storeConnectDemo.connection).toMatchObject({ clientId: null, hasClientSecret: false });
    const [row] = await sql(`select client_secret_enc, access_token_enc from store_connection`);
    expect(row).toEqual({ client_secret_enc: null, access_token_enc: null });
  });
});
