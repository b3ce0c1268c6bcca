import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app';

/**
 * The text rule at the edge (http/input-text.ts): NUL and other control characters, lone
 * surrogates and over-long strings answer 400 with a message naming the input, in REST
 * (http/valid-input.ts) and in the graph (graphql/input-guard.ts); before, a NUL reached
 * PostgreSQL and answered 500.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const json = { 'content-type': 'application/json' };
const NUL_MESSAGE = 'must not contain control characters (found U+0000)';

describe('REST: bad text answers 400 { message }', () => {
  it('a NUL in a query parameter', async () => {
    const res = await t.agent().get('/api/resources?search=%00');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: `Query parameter "search" ${NUL_MESSAGE}`,
      code: 'BAD_USER_INPUT',
      field: null,
    });
  });

  it('a NUL in a path parameter', async () => {
    const res = await t.agent().get('/api/courses/%00');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`The URL path ${NUL_MESSAGE}`);
  });

  it('a NUL in a JSON body field (sign-in)', async () => {
    const res = await t
      .agent()
      .post('/api/login')
      .set(json)
      .send({ username: 'adm\u0000in', password: 'drx-demo-2026' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: `Body field "username" ${NUL_MESSAGE}`,
      code: 'BAD_USER_INPUT',
      field: 'username',
    });
  });

  it('a lone surrogate, another control character and an over-long string in a body', async () => {
    const member = t.agent();
    await member.post('/api/login').set(json).send({ username: 'member', password: 'drx-demo-2026' });
    const surrogate = await member.patch('/api/user').set(json).send({ firstName: 'Ana\ud800' });
    expect(surrogate.status).toBe(400);
    expect(surrogate.body.message).toBe(
      'Body field "firstName" must be valid Unicode text (found a lone surrogate U+D800)',
    );
    const escape = await member.patch('/api/user').set(json).send({ lastName: '\u001b[2J' });
    expect(escape.status).toBe(400);
    expect(escape.body.message).toBe(
      'Body field "lastName" must not contain control characters (found U+001B)',
    );
    const long = await member
      .patch('/api/user')
      .set(json)
      .send({ firstName: 'x'.repeat(100_001) });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Body field "firstName" must be at most 100000 characters long');
  });

  it('lets tabs, line breaks and any script through (control)', async () => {
    const member = t.agent();
    await member.post('/api/login').set(json).send({ username: 'member', password: 'drx-demo-2026' });
    const res = await member.patch('/api/user').set(json).send({ firstName: 'Zoë 😀', lastName: 'Li\tNa' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstName: 'Zoë 😀', lastName: 'Li\tNa' });
    const search = await t.agent().get('/api/resources?search=line%0Abreak');
    expect(search.status).toBe(200);
  });
});

describe('graph: bad text answers a BAD_USER_INPUT error naming the argument', () => {
  it('a NUL in a variable', async () => {
    const res = await t.gql(
      t.agent(),
      `mutation Login($input: LoginInput!) { login(input: $input) { user { id } userErrors { message } } }`,
      { input: { username: 'a\u0000', password: 'whatever-1' } },
    );
    expect(res.status).toBe(400);
    expect(res.data).toBeUndefined();
    expect(res.errors).toEqual([
      {
        message: `Argument "input.username" of "login" ${NUL_MESSAGE}`,
        extensions: { code: 'BAD_USER_INPUT' },
      },
    ]);
  });

  it('a NUL in an inline literal', async () => {
    const res = await t.gql(t.agent(), `{ courses(filter: { search: "a\\u0000" }) { totalCount } }`);
    expect(res.status).toBe(400);
    expect(res.errors?.[0]).toEqual({
      message: `Argument "filter.search" of "courses" ${NUL_MESSAGE}`,
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('a NUL in an ID (before: 500 from the slug lookup)', async () => {
    const res = await t.gql(t.agent(), `query ($id: ID!) { course(id: $id) { id } }`, { id: '\u0000' });
    expect(res.status).toBe(400);
    expect(res.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(res.errors?.[0].message).toBe(`Argument "id" of "course" ${NUL_MESSAGE}`);
  });

  it('a lone surrogate and an over-long string', async () => {
    const query = `query ($s: String) { resources(filter: { search: $s }) { totalCount } }`;
    const surrogate = await t.gql(t.agent(), query, { s: '\udfff' });
    expect(surrogate.status).toBe(400);
    expect(surrogate.errors?.[0].message).toBe(
      'Argument "filter.search" of "resources" must be valid Unicode text (found a lone surrogate U+DFFF)',
    );
    const long = await t.gql(t.agent(), query, { s: 'x'.repeat(100_001) });
    expect(long.status).toBe(400);
    expect(long.errors?.[0].message).toBe(
      'Argument "filter.search" of "resources" must be at most 100000 characters long',
    );
  });

  it('a variable inside an input object literal is named by its place', async () => {
    const res = await t.gql(
      t.agent(),
      `mutation ($u: String!) { login(input: { username: $u, password: "whatever-1" }) { user { id } } }`,
      { u: 'x\u0007' },
    );
    expect(res.status).toBe(400);
    expect(res.errors?.[0].message).toBe(
      'Argument "input.username" of "login" must not contain control characters (found U+0007)',
    );
  });

  it('runs clean text with line breaks and emoji (control)', async () => {
    const res = await t.gql(
      t.agent(),
      `query ($s: String) { resources(filter: { search: $s }) { totalCount } }`,
      {
        s: 'Zoë\n😀',
      },
    );
    expect(res.status).toBe(200);
    expect(res.errors).toBeUndefined();
  });

  it('REST rows that run a graph operation get the same rule (a NUL in the search of /api/courses)', async () => {
    const res = await t.agent().get('/api/courses?search=a%00b');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`Query parameter "search" ${NUL_MESSAGE}`);
  });
});

describe('ids and numbers that cannot name anything', () => {
  it('an id that is not an id is not found, never a 500', async () => {
    for (const id of ['abc', '-1', 'A'.repeat(10_000), '00000000-0000-0000-0000-000000000000']) {
      const res = await t.agent().get(`/api/courses/${id}`);
      expect(res.status, id.slice(0, 20)).toBe(404);
      expect(res.body).toEqual({ message: 'Course not found' });
    }
    const graph = await t.gql(t.agent(), `query ($id: ID!) { resource(id: $id) { id } }`, {
      id: 'not-a-uuid',
    });
    expect(graph.status).toBe(200);
    expect(graph.data).toEqual({ resource: null });
  });

  it('`first` below 1 is BAD_USER_INPUT and above 32 bits a validation error (400)', async () => {
    const query = `query ($first: Int) { courses(first: $first) { totalCount } }`;
    const negative = await t.gql(t.agent(), query, { first: -1 });
    expect(negative.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    const huge = await t.gql(t.agent(), query, { first: 2147483648 });
    expect(huge.status).toBe(400);
    expect(huge.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    const rest = await t.agent().get('/api/courses?first=99999999999999999999');
    expect(rest.status).toBe(400);
  });
});

describe('sign-in with a username longer than any account can have', () => {
  const longName = 'u'.repeat(300);

  it('answers 401 Invalid username or password over REST (before: 500, login_attempts.key overflowed)', async () => {
    const res = await t
      .agent()
      .post('/api/login')
      .set(json)
      .send({ username: longName, password: 'whatever-1' });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Invalid username or password');
  });

  it('answers UNAUTHORIZED in the graph, for 51 and for 10 000 characters', async () => {
    for (const username of ['u'.repeat(51), 'u'.repeat(10_000)]) {
      const res = await t.gql(
        t.agent(),
        `mutation ($input: LoginInput!) { login(input: $input) { user { id } userErrors { code message } } }`,
        { input: { username, password: 'whatever-1' } },
      );
      expect(res.status).toBe(200);
      expect(res.data.login).toEqual({
        user: null,
        userErrors: [{ code: 'UNAUTHORIZED', message: 'Invalid username or password' }],
      });
    }
  });
});

describe('profile image upload with a malformed multipart body', () => {
  it('answers 400 (before: 500 from busboy "Malformed part header")', async () => {
    const member = t.agent();
    await member.post('/api/login').set(json).send({ username: 'member', password: 'drx-demo-2026' });
    const res = await member
      .post('/api/profile/image')
      .set('content-type', 'multipart/form-data; boundary=xyz')
      .send('--xyz\r\nContent-Disposition: form-data; name="image"\u0000\r\n\r\nabc\r\n--xyz--\r\n');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Upload rejected: /);
  });
});

describe('field limits on top of the global one', () => {
  it("a curriculum category's description is at most 1000 characters, like a course category's", async () => {
    const admin = t.agent();
    await admin.post('/api/login').set(json).send({ username: 'admin', password: 'drx-demo-2026' });
    const create = `mutation ($input: ResourceCategoryCreateInput!) {
      resourceCategoryCreate(input: $input) { category { id description } userErrors { code field message } } }`;
    const tooLong = await t.gql(admin, create, {
      input: { name: 'Warm-ups', description: 'd'.repeat(1001) },
    });
    expect(tooLong.data.resourceCategoryCreate).toEqual({
      category: null,
      userErrors: [
        {
          code: 'INVALID_INPUT',
          field: 'description',
          message: 'Description can be at most 1000 characters',
        },
      ],
    });
    const fits = await t.gql(admin, create, { input: { name: 'Warm-ups', description: 'd'.repeat(1000) } });
    expect(fits.data.resourceCategoryCreate.userErrors).toEqual([]);
    const update = await t.gql(
      admin,
      `mutation ($input: ResourceCategoryUpdateInput!) {
        resourceCategoryUpdate(input: $input) { category { id } userErrors { field message } } }`,
      { input: { categoryId: fits.data.resourceCategoryCreate.category.id, description: 'd'.repeat(1001) } },
    );
    expect(update.data.resourceCategoryUpdate.userErrors).toEqual([
      { field: 'description', message: 'Description can be at most 1000 characters' },
    ]);
  });
});
