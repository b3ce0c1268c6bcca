import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { type Agent, json, PASSWORD, resourceOf } from '../orders/orders-fixtures.test';
import { API_TOKEN_SCOPES } from './api-token-scopes';
import { MAX_ACTIVE_TOKENS } from './api-tokens.service';
import { INVALID_TOKEN, MALFORMED_AUTHORIZATION } from './bearer-auth';

// Personal API tokens on the real app and PostgreSQL: creation (shown once, stored hashed),
// bearer requests on /graphql and /api/*, scopes (graph fields, nested viewer fields, REST
// endpoints), the owner's roles as the ceiling, revocation, expiry, last use, admins' view, and
// the cookie CSRF rules not applying to bearer requests.

const ERR = 'userErrors { code field message }';
const TOKEN_FIELDS =
  'id name tokenPrefix scopes status expiresAt lastUsedAt createdAt revokedAt ownerUsername';
const CREATE = `mutation($input: ApiTokenCreateInput!) { apiTokenCreate(input: $input) {
  token apiToken { ${TOKEN_FIELDS} } ${ERR} } }`;
const REVOKE = `mutation($input: ApiTokenRevokeInput!) { apiTokenRevoke(input: $input) { apiToken { id status revokedAt } ${ERR} } }`;
const ADMIN_REVOKE = `mutation($input: ApiTokenRevokeInput!) { adminApiTokenRevoke(input: $input) { apiToken { id status } ${ERR} } }`;
const MINE = `query { apiTokens { ${TOKEN_FIELDS} } }`;
const ALL = `query($search: String, $status: ApiTokenStatus, $first: Int, $after: String) {
  adminApiTokens(search: $search, status: $status, first: $first, after: $after) {
    totalCount pageInfo { hasNextPage endCursor } nodes { ${TOKEN_FIELDS} } } }`;

let t: TestApp;
const as: Record<string, Agent> = {};
let counter = 0;

beforeAll(async () => {
  t = await startTestApp();
  for (const name of ['admin', 'member', 'seller']) {
    as[name] = t.agent();
    const res = await as[name].post('/api/login').set(json).send({ username: name, password: PASSWORD });
    expect(res.status).toBe(200);
  }
});
afterAll(() => t?.close());

async function ok<T = any>(agent: Agent, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await t.gql<T>(agent, query, variables);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data;
}

/** Creates a token for the agent's user; returns the secret and the token row. */
async function createToken(agent: Agent, scopes: string[], extra: Record<string, unknown> = {}) {
  const data = await ok(agent, CREATE, { input: { name: `token ${++counter}`, scopes, ...extra } });
  expect(data.apiTokenCreate.userErrors).toEqual([]);
  return { secret: data.apiTokenCreate.token as string, token: data.apiTokenCreate.apiToken };
}

/** A GraphQL request with a bearer token and no cookie. */
function bearer(secret: string, query: string, variables: Record<string, unknown> = {}) {
  return request(t.handle.app)
    .post('/graphql')
    .set('authorization', `Bearer ${secret}`)
    .set(json)
    .send({ query, variables });
}

const row = async (id: string) =>
  (
    await t.orm.em
      .fork()
      .getConnection()
      .execute(`select token_hash, token_prefix, last_used_at from api_tokens where id = ?`, [id])
  )[0];

describe('creating and listing', () => {
  it('shows the secret once, stores only its hash, and lists the token without it', async () => {
    const { secret, token } = await createToken(as.member, ['catalog:read', 'orders:read'], {
      expiresInDays: 30,
    });
    expect(secret).toMatch(/^drx_[A-Za-z0-9_-]{43}$/);
    expect(token).toMatchObject({
      scopes: ['catalog:read', 'orders:read'],
      status: 'ACTIVE',
      lastUsedAt: null,
      revokedAt: null,
      ownerUsername: 'member',
      tokenPrefix: secret.slice(0, 10),
    });
    const days = (Date.parse(token.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    const stored = await row(token.id);
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(secret.slice(10));
    const mine = (await ok(as.member, MINE)).apiTokens;
    expect(mine.map((m: any) => m.id)).toContain(token.id);
    expect(JSON.stringify(mine)).not.toContain(secret);
    // Other people do not see it.
    expect((await ok(as.seller, MINE)).apiTokens.map((m: any) => m.id)).not.toContain(token.id);
  });

  it('refuses a blank name, no or unknown scopes, a bad expiry and the admin scope for non-staff', async () => {
    const tries: [Record<string, unknown>, string][] = [
      [{ name: '  ', scopes: ['catalog:read'] }, 'name'],
      [{ name: 'x'.repeat(101), scopes: ['catalog:read'] }, 'name'],
      [{ name: 'n', scopes: [] }, 'scopes'],
      [{ name: 'n', scopes: ['catalog:write'] }, 'scopes'],
      [{ name: 'n', scopes: ['admin'] }, 'scopes'],
      [{ name: 'n', scopes: ['catalog:read'], expiresInDays: 0 }, 'expiresInDays'],
      [{ name: 'n', scopes: ['catalog:read'], expiresInDays: 367 }, 'expiresInDays'],
    ];
    for (const [input, field] of tries) {
      const data = await ok(as.member, CREATE, { input });
      expect(data.apiTokenCreate.token).toBeNull();
      expect(data.apiTokenCreate.userErrors).toEqual([
        expect.objectContaining({ code: 'INVALID_INPUT', field }),
      ]);
    }
  });

  it('needs a signed-in person: guests are refused', async () => {
    const res = await t.gql(t.agent(), CREATE, { input: { name: 'n', scopes: ['catalog:read'] } });
    expect(res.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it(`allows at most ${MAX_ACTIVE_TOKENS} active tokens per person, even when created in parallel`, async () => {
    const agent = t.agent();
    const username = `tok${Date.now().toString(36)}`;
    const reg = await agent
      .post('/api/register')
      .set(json)
      .send({
        username,
        email: `${username}@example.com`,
        password: 'a long passphrase 2026',
        firstName: 'T',
        lastName: 'K',
      });
    expect(reg.status).toBe(201);
    const results = await Promise.all(
      Array.from({ length: MAX_ACTIVE_TOKENS + 5 }, (_, i) =>
        ok(agent, CREATE, { input: { name: `t${i}`, scopes: ['catalog:read'] } }),
      ),
    );
    const made = results.filter((r) => r.apiTokenCreate.token);
    expect(made).toHaveLength(MAX_ACTIVE_TOKENS);
    expect(results.filter((r) => r.apiTokenCreate.userErrors[0]?.code === 'CONFLICT')).toHaveLength(5);
    // Revoking one makes room for one more.
    await ok(agent, REVOKE, { input: { id: made[0].apiTokenCreate.apiToken.id } });
    expect(
      (await ok(agent, CREATE, { input: { name: 'again', scopes: ['catalog:read'] } })).apiTokenCreate.token,
    ).toBeTruthy();
  });
});

describe('bearer requests', () => {
  it('act as the owner within the scopes, on /graphql and /api/*', async () => {
    const { secret, token } = await createToken(as.member, ['catalog:read', 'orders:read']);
    const courses = await bearer(secret, `{ courses(first: 1) { totalCount } }`);
    expect(courses.status).toBe(200);
    expect(courses.body.data.courses.totalCount).toBeGreaterThan(0);
    const orders = await bearer(secret, `{ myOrders(first: 5) { totalCount } }`);
    expect(orders.body.errors).toBeUndefined();
    const rest = await request(t.handle.app).get('/api/orders').set('authorization', `Bearer ${secret}`);
    expect(rest.status).toBe(200);
    expect(Array.isArray(rest.body.items)).toBe(true);
    // The last use is recorded.
    expect((await row(token.id)).last_used_at).not.toBeNull();
  });

  it('are refused beyond the scopes with 403 naming the scope, before anything runs', async () => {
    const { secret } = await createToken(as.member, ['catalog:read']);
    const me = await bearer(secret, `{ me { username } }`);
    expect(me.status).toBe(403);
    expect(me.body.errors[0]).toMatchObject({
      message: 'This API token lacks the scope "account:read" that Query.me needs.',
      extensions: { code: 'FORBIDDEN', field: 'Query.me', requiredScope: 'account:read' },
    });
    expect(me.body.data).toBeUndefined();
    const resource = await resourceOf(t, null, (await ok(as.member, `{ me { id } }`)).me.id);
    const add = await bearer(
      secret,
      `mutation($input: CartItemAddInput!) { cartItemAdd(input: $input) { ${ERR} } }`,
      { input: { itemType: 'resource', itemId: resource.id } },
    );
    expect(add.status).toBe(403);
    expect(add.body.errors[0].extensions.requiredScope).toBe('cart:write');
    expect(
      (await ok(as.member, `{ cart { items { itemId } } }`)).cart.items.map((i: any) => i.itemId),
    ).not.toContain(resource.id);
    // The REST adapter's graph-backed endpoints and its own endpoints are checked too.
    const restAdd = await request(t.handle.app)
      .post('/api/cart')
      .set('authorization', `Bearer ${secret}`)
      .set(json)
      .send({ itemType: 'resource', itemId: resource.id });
    expect(restAdd.status).toBe(403);
    expect(restAdd.body.message).toContain('cart:write');
    const authState = await request(t.handle.app).get('/api/auth').set('authorization', `Bearer ${secret}`);
    expect(authState.status).toBe(403);
    expect(authState.body).toMatchObject({ code: 'FORBIDDEN', requiredScope: 'account:read' });
    // A fragment or a nested viewer field is no way around it.
    const nested = await bearer(
      secret,
      `query { courses(first: 1) { nodes { id ...P } } } fragment P on Course { viewerProgress { percent } }`,
    );
    expect(nested.status).toBe(403);
    expect(nested.body.errors[0].extensions).toMatchObject({
      field: 'Course.viewerProgress',
      requiredScope: 'learning:read',
    });
    // Introspection needs no scope.
    const intro = await bearer(secret, `{ __schema { queryType { name } } __typename }`);
    expect(intro.body.data.__schema.queryType.name).toBe('Query');
  });

  it('a write scope includes its read scope', async () => {
    const { secret } = await createToken(as.member, ['account:write']);
    const me = await bearer(secret, `{ me { username } }`);
    expect(me.body.errors).toBeUndefined();
    expect(me.body.data).toEqual({ me: { username: 'member' } });
  });

  it('never give more than the owner’s roles allow', async () => {
    // A member's token with the authoring scope still cannot author.
    const { secret } = await createToken(as.member, ['courses:write']);
    const res = await bearer(
      secret,
      `mutation($input: CourseCreateInput!) { courseCreate(input: $input) { ${ERR} } }`,
      { input: { title: 'By token' } },
    );
    expect(res.body.errors?.[0].extensions.code ?? res.body.data?.courseCreate.userErrors[0].code).toMatch(
      /FORBIDDEN/,
    );
    // An admin's admin-scoped token reaches the admin graph; losing the role ends that at once.
    const admin = await createToken(as.admin, ['admin']);
    const users = await bearer(admin.secret, `{ users(first: 1) { totalCount } }`);
    expect(users.body.data.users.totalCount).toBeGreaterThan(0);
  });

  it('cannot sign in or out, or make tokens', async () => {
    const { secret } = await createToken(as.member, API_SCOPES_ALL_BUT_ADMIN);
    for (const query of [
      `mutation { logout { success } }`,
      `mutation($input: ApiTokenCreateInput!) { apiTokenCreate(input: $input) { token } }`,
    ]) {
      const res = await bearer(secret, query, { input: { name: 'n', scopes: ['catalog:read'] } });
      expect(res.status).toBe(403);
      expect(res.body.errors[0].message).toMatch(/cannot be used with an API token/);
    }
    const login = await request(t.handle.app)
      .post('/api/login')
      .set('authorization', `Bearer ${secret}`)
      .set(json)
      .send({ username: 'admin', password: PASSWORD });
    expect(login.status).toBe(403);
    expect(login.headers['set-cookie']).toBeUndefined();
  });

  it('use the token, not a cookie sent with it, and are not subject to the cookie CSRF rules', async () => {
    const { secret } = await createToken(as.member, ['account:read']);
    // The admin's browser cookie rides along: the token decides who this is.
    const res = await as.admin
      .post('/graphql')
      .set('authorization', `Bearer ${secret}`)
      .set('sec-fetch-site', 'cross-site')
      .set('origin', 'https://elsewhere.example')
      .set(json)
      .send({ query: `{ me { username } }` });
    expect(res.status).toBe(200);
    expect(res.body.data.me.username).toBe('member');
    // The same cross-site request with the cookie alone is refused as before.
    const cookieOnly = await as.admin
      .post('/graphql')
      .set('sec-fetch-site', 'cross-site')
      .set(json)
      .send({ query: `{ me { username } }` });
    expect(cookieOnly.status).toBe(403);
  });

  it('answer 401 for a malformed header or an unknown token, never falling back to the cookie', async () => {
    const malformed = await as.member
      .post('/graphql')
      .set('authorization', 'Basic bWVtYmVyOnB3')
      .set(json)
      .send({ query: '{ me { username } }' });
    expect(malformed.status).toBe(401);
    expect(malformed.body.message).toBe(MALFORMED_AUTHORIZATION);
    for (const value of ['drx_' + 'x'.repeat(43), 'not-a-token']) {
      const res = await as.member
        .post('/graphql')
        .set('authorization', `Bearer ${value}`)
        .set(json)
        .send({ query: '{ me { username } }' });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: INVALID_TOKEN, code: 'UNAUTHENTICATED' });
      expect(res.headers['www-authenticate']).toContain('error="invalid_token"');
    }
  });
});

const API_SCOPES_ALL_BUT_ADMIN = API_TOKEN_SCOPES.filter((scope) => scope !== 'admin');

describe('revocation and expiry', () => {
  it('the owner revokes: the next request is 401 and the list shows it revoked', async () => {
    const { secret, token } = await createToken(as.member, ['catalog:read']);
    expect((await bearer(secret, '{ courses(first: 1) { totalCount } }')).status).toBe(200);
    const revoked = (await ok(as.member, REVOKE, { input: { id: token.id } })).apiTokenRevoke;
    expect(revoked.apiToken.status).toBe('REVOKED');
    expect((await bearer(secret, '{ courses(first: 1) { totalCount } }')).status).toBe(401);
    // Someone else's token is not found for a member.
    const other = await createToken(as.seller, ['catalog:read']);
    const refused = (await ok(as.member, REVOKE, { input: { id: other.token.id } })).apiTokenRevoke;
    expect(refused.userErrors[0].code).toBe('NOT_FOUND');
    expect((await bearer(other.secret, '{ courses(first: 1) { totalCount } }')).status).toBe(200);
  });

  it('an expired token is refused and listed as expired', async () => {
    const { secret, token } = await createToken(as.member, ['catalog:read'], { expiresInDays: 1 });
    await t.orm.em
      .fork()
      .getConnection()
      .execute(
        `update api_tokens set created_at = now() - interval '2 days', expires_at = now() - interval '1 second' where id = ?`,
        [token.id],
      );
    expect((await bearer(secret, '{ courses(first: 1) { totalCount } }')).status).toBe(401);
    const mine = (await ok(as.member, MINE)).apiTokens.find((m: any) => m.id === token.id);
    expect(mine.status).toBe('EXPIRED');
  });

  it('admins list everyone’s tokens and revoke any; others may not', async () => {
    const { secret, token } = await createToken(as.seller, ['catalog:read']);
    const all = (await ok(as.admin, ALL, { search: 'seller', status: 'ACTIVE', first: 100 })).adminApiTokens;
    expect(all.nodes.map((n: any) => n.id)).toContain(token.id);
    expect(all.nodes.every((n: any) => n.ownerUsername === 'seller' && n.status === 'ACTIVE')).toBe(true);
    const page1 = (await ok(as.admin, ALL, { first: 1 })).adminApiTokens;
    const page2 = (await ok(as.admin, ALL, { first: 1, after: page1.pageInfo.endCursor })).adminApiTokens;
    expect(page2.nodes[0].id).not.toBe(page1.nodes[0].id);
    const denied = await t.gql(as.member, ALL, {});
    expect(denied.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const revoked = (await ok(as.admin, ADMIN_REVOKE, { input: { id: token.id } })).adminApiTokenRevoke;
    expect(revoked.apiToken.status).toBe('REVOKED');
    expect((await bearer(secret, '{ courses(first: 1) { totalCount } }')).status).toBe(401);
  });
});
