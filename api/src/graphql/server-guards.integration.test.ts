import { buildClientSchema, getIntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const json = { 'content-type': 'application/json' };

describe('/graphql request guards', () => {
  it('refuses a batched request (JSON array) with 400', async () => {
    // given a JSON array of two operations
    const batch = [{ query: '{ __typename }' }, { query: '{ __typename }' }];
    // when it is posted
    const res = await t.agent().post('/graphql').set(json).send(batch);
    // then it is refused as a bad request and nothing is executed
    expect(res.status).toBe(400);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors?.[0]?.message).toMatch(/batching/i);
  });

  it('runs a single operation (control)', async () => {
    const res = await t.agent().post('/graphql').set(json).send({ query: '{ __typename }' });
    expect(res.status).toBe(200);
    // every answer reports its query cost (graphql/query-cost-plugin.ts)
    expect(res.body).toEqual({
      data: { __typename: 'Query' },
      extensions: { cost: { requestedQueryCost: 1, maximumAvailable: 20_000 } },
    });
  });

  it('rejects a document with 600 aliased fields, naming the 15-alias limit', async () => {
    // given a document that selects __typename 600 times under different aliases
    const query = `{ ${Array.from({ length: 600 }, (_, i) => `a${i}: __typename`).join(' ')} }`;
    // when it is posted
    const res = await t.agent().post('/graphql').set(json).send({ query });
    // then validation refuses it before execution, with the limit in extensions
    expect(res.status).toBe(400);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors).toEqual([
      {
        message: 'Aliases limit of 15 exceeded, found 600.',
        extensions: { code: 'GRAPHQL_VALIDATION_FAILED', limit: 'aliases', max: 15, found: 600 },
      },
    ]);
  });

  it('accepts 15 aliased fields', async () => {
    const query = `{ ${Array.from({ length: 15 }, (_, i) => `a${i}: __typename`).join(' ')} }`;
    const res = await t.agent().post('/graphql').set(json).send({ query });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data)).toHaveLength(15);
  });

  it('blocks a GET query without a preflight header (CSRF prevention), and runs it with one', async () => {
    // when a simple cross-site GET carries a query
    const blocked = await t.agent().get('/graphql').query({ query: '{ __typename }' });
    // then it is blocked
    expect(blocked.status).toBe(400);
    expect(blocked.body.data).toBeUndefined();
    expect(blocked.body.errors?.[0]?.message).toMatch(/CSRF/);
    // and a GET with the preflight header runs
    const allowed = await t
      .agent()
      .get('/graphql')
      .query({ query: '{ __typename }' })
      .set('apollo-require-preflight', 'true');
    expect(allowed.status).toBe(200);
    expect(allowed.body.data).toEqual({ __typename: 'Query' });
  });

  it('blocks a POST with content-type text/plain (a simple cross-site request)', async () => {
    const res = await t
      .agent()
      .post('/graphql')
      .set('content-type', 'text/plain')
      .send(JSON.stringify({ query: 'mutation { logout { success } }' }));
    expect(res.status).toBe(400);
    expect(res.body.data).toBeUndefined();
  });

  it('answers 413 JSON to a body over 100 kB', async () => {
    const body = JSON.stringify({ query: '{ __typename }', variables: { pad: 'x'.repeat(101 * 1024) } });
    const res = await t.agent().post('/graphql').set(json).send(body);
    expect(res.status).toBe(413);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toEqual({ message: 'Request body too large' });
  });

  it('accepts a body just under 100 kB', async () => {
    // (two strings: one text input may hold at most 100 000 characters, http/input-text.ts)
    const pad = 'x'.repeat(49.5 * 1024);
    const body = JSON.stringify({ query: '{ __typename }', variables: { pad, more: pad } });
    expect(body.length).toBeGreaterThan(99 * 1024);
    const res = await t.agent().post('/graphql').set(json).send(body);
    expect(res.status).toBe(200);
  });

  it('answers 400 "Malformed JSON body" to broken JSON', async () => {
    const res = await t.agent().post('/graphql').set(json).send('{"query": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Malformed JSON body' });
  });
});

describe('/graphql abuse limits (graphql/limits.ts)', () => {
  const post = (query: string) => t.agent().post('/graphql').set(json).send({ query });
  const ofTypes = (n: number) => `${'ofType { '.repeat(n)}name${' }'.repeat(n)}`;

  it('refuses a 40-deep __schema introspection query with 400, naming the introspection depth limit', async () => {
    const res = await post(`{ __schema { types { fields { type { ${ofTypes(36)} } } } } }`);
    expect(res.status).toBe(400);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors).toEqual([
      {
        message: 'Query depth limit of 15 exceeded, found 41.',
        extensions: { code: 'GRAPHQL_VALIDATION_FAILED', limit: 'introspectionDepth', max: 15, found: 41 },
      },
    ]);
  });

  it('refuses a 40-deep __type introspection query with 400, naming the depth limit of 12', async () => {
    const res = await post(`{ __type(name: "Query") { fields { type { ${ofTypes(37)} } } } }`);
    expect(res.status).toBe(400);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors).toContainEqual({
      message: 'Query depth limit of 12 exceeded, found 41.',
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED', limit: 'depth', max: 12, found: 41 },
    });
  });

  it("answers the standard introspection query (the playground's and graphql-codegen's)", async () => {
    const query = getIntrospectionQuery({
      descriptions: true,
      specifiedByUrl: true,
      directiveIsRepeatable: true,
      schemaDescription: true,
      inputValueDeprecation: true,
      oneOf: true,
    });
    const res = await post(query);
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    const schema = buildClientSchema(res.body.data);
    expect(schema.getQueryType()?.name).toBe('Query');
    expect(schema.getMutationType()?.getFields().login).toBeDefined();
  });

  it('refuses a document over 5000 tokens with 400 before validating it', async () => {
    const res = await post(`{ ${'__typename '.repeat(5000)}}`);
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveLength(1);
    // (graphql's message says "more that")
    expect(res.body.errors[0].message).toMatch(
      /^Syntax Error: Document contains more tha[nt] 5000 tokens\. Parsing aborted\.$/,
    );
    expect(res.body.errors[0].extensions).toEqual({ code: 'GRAPHQL_PARSE_FAILED' });
  });

  it('refuses 100 aliased login mutations before any of them runs', async () => {
    // given no recorded sign-in attempts
    const sql = (q: string) => t.orm.em.fork().getConnection().execute(q);
    await sql('delete from login_attempts');
    // when one request carries 100 aliased sign-ins
    const logins = Array.from(
      { length: 100 },
      (_, i) => `a${i}: login(input: { username: "member", password: "guess-${i}" }) { user { id } }`,
    );
    const res = await t
      .agent()
      .post('/graphql')
      .set(json)
      .send({ query: `mutation { ${logins.join(' ')} }` });
    // then it is refused by the alias limit
    expect(res.status).toBe(400);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors).toEqual([
      {
        message: 'Aliases limit of 15 exceeded, found 100.',
        extensions: { code: 'GRAPHQL_VALIDATION_FAILED', limit: 'aliases', max: 15, found: 100 },
      },
    ]);
    // and no resolver ran: no attempt was recorded, no session started
    expect(await sql('select id from login_attempts')).toEqual([]);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('the offline playground', () => {
  it('serves the Ruru page to a browser at GET /graphql, loading nothing from outside the server', async () => {
    // when a browser opens /graphql
    const res = await t.agent().get('/graphql').set('accept', 'text/html,application/xhtml+xml');
    // then it gets the Ruru HTML page
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toMatch(/ruru/i);
    // whose assets come from this server
    expect(res.text).toContain('/ruru-static/');
    expect(res.text).toContain('/ruru-static/ruru.js');
    // and which names no outside URL at all (no http(s):// and no protocol-relative src/href)
    expect(res.text).not.toMatch(/https?:\/\//);
    expect(res.text).not.toMatch(/(src|href)\s*=\s*["']\/\//);
  });

  it('serves the Ruru script itself', async () => {
    const res = await t.agent().get('/ruru-static/ruru.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.text.length).toBeGreaterThan(1000);
  });

  it('does not serve the page to a non-browser GET (JSON accept)', async () => {
    const res = await t.agent().get('/graphql').set('accept', 'application/json');
    expect(res.headers['content-type']).not.toMatch(/text\/html/);
  });
});

describe('HTTP routes around the graph', () => {
  it('GET /healthz answers 200 {"status":"ok"}', async () => {
    const res = await t.agent().get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('answers an unknown /api path with 404 JSON {message}', async () => {
    for (const res of [
      await t.agent().get('/api/whatever'),
      await t.agent().post('/api/whatever').set(json).send({}),
    ]) {
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.body).toEqual({ message: expect.any(String) });
    }
  });

  it('answers an unknown page path with the web app (SPA index fallback)', async () => {
    const res = await t.agent().get('/some/client/route');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toContain('DRX test shell');
  });

  it('refuses a cross-site form-encoded POST /api/login with 403 JSON (CSRF guard)', async () => {
    const res = await t
      .agent()
      .post('/api/login')
      .set('origin', 'https://evil.example')
      .type('form')
      .send({ username: 'member', password: 'drx-demo-2026' });
    expect(res.status).toBe(403);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body.message).toEqual(expect.any(String));
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers malformed JSON to the REST adapter with 400 "Malformed JSON body"', async () => {
    const res = await t.agent().post('/api/login').set(json).send('{"username": "member",');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Malformed JSON body' });
  });

  it('answers a REST body over 100 kB with 413 JSON', async () => {
    const res = await t
      .agent()
      .post('/api/login')
      .set(json)
      .send(JSON.stringify({ username: 'x'.repeat(101 * 1024) }));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'Request body too large' });
  });
});
