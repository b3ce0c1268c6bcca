import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const USER = 'id username email role roles firstName lastName profileImageUrl displayName createdAt';
const ME = `query { me { ${USER} } }`;
const REGISTER = `mutation Register($input: RegisterInput!) {
  register(input: $input) { user { ${USER} } userErrors { code field message } } }`;
const SYSTEM_STATUS = 'query { systemStatus { __typename } }';

async function sql(text: string, params: unknown[]): Promise<void> {
  await t.orm.em.fork().getConnection().execute(text, params);
}

async function signedInNewUser(username: string) {
  const agent = t.agent();
  const res = await t.gql(agent, REGISTER, {
    input: { username, password: 'a-long-password-1', email: `${username}@example.com`, firstName: 'Ada' },
  });
  expect(res.data.register.userErrors).toEqual([]);
  return { agent, user: res.data.register.user as Record<string, unknown> & { id: string } };
}

describe('the signed-in user of a request (read with the session)', () => {
  it('is the same user, field for field, as the one that signed in', async () => {
    const { agent, user } = await signedInNewUser('session-user-same');
    const me = await t.gql(agent, ME);
    expect(me.errors).toBeUndefined();
    expect(me.data.me).toEqual(user);
  });

  it('sees a change of roles on the very next request', async () => {
    const { agent, user } = await signedInNewUser('session-user-roles');
    const before = await t.gql(agent, SYSTEM_STATUS);
    expect(before.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    await sql(`update users set role = 'admin', roles = '{user,admin}' where id = ?`, [user.id]);
    const after = await t.gql(agent, SYSTEM_STATUS);
    expect(after.errors).toBeUndefined();
    expect(after.data.systemStatus).toEqual({ __typename: 'SystemStatus' });
    await sql(`update users set role = 'user', roles = '{user}' where id = ?`, [user.id]);
    const again = await t.gql(agent, SYSTEM_STATUS);
    expect(again.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('is a guest once the user row is gone, although the session remains', async () => {
    const { agent, user } = await signedInNewUser('session-user-deleted');
    await sql('delete from users where id = ?', [user.id]);
    const me = await t.gql(agent, ME);
    expect(me.errors).toBeUndefined();
    expect(me.data.me).toBeNull();
    // and to the cart poll, whose session is read without the user's row (only whether it exists)
    expect((await agent.get('/api/cart')).status).toBe(401);
  });
});

describe('GraphQL responses', () => {
  it('are sent with cache-control: no-store', async () => {
    const res = await t.agent().post('/graphql').set('content-type', 'application/json').send({ query: ME });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
