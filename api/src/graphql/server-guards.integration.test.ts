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
    expect(res.body).toEqual({ data: { __typename: 'Query' } });
  });

  it('rejects a document with 600 aliased fields, naming the 500-field limit', async () => {
    // given a document that selects __typename 600 times under different aliases
    const query = `{ ${Array.from({ length: 600 }, (_, i) => `a${i}: __typename`).join(' ')} }`;
    // when it is posted
    const res = await t.agent().post('/graphql').set(json).send({ query });
    // then validation refuses it before execution
    expect(res.status).toBe(400);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(res.body.errors[0].message).toMatch(/500 fields/);
  });

  it('accepts exactly 500 aliased fields', async () => {
    const query = `{ ${Array.from({ length: 500 }, (_, i) => `a${i}: __typename`).join(' ')} }`;
    const res = await t.agent().post('/graphql').set(json).send({ query });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data)).toHaveLength(500);
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
    expect(allowed.body).toEqual({ data: { __typename: 'Query' } });
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
    const body = JSON.stringify({ query: '{ __typename }', variables: { pad: 'x'.repeat(99 * 1024) } });
    const res = await t.agent().post('/graphql').set(json).send(body);
    expect(res.status).toBe(200);
  });

  it('answers 400 "Malformed JSON body" to broken JSON', async () => {
    const res = await t.agent().post('/graphql').set(json).send('{"query": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Malformed JSON body' });
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
