import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app';
import { SCHEMA_FILE } from './schema';
import { SCHEMA_FILE_PATH } from './schema-file';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('GET /graphql/schema.graphql', () => {
  it('serves the graph as SDL, the committed schema.graphql without its header, with an ETag', async () => {
    const res = await t.agent().get(SCHEMA_FILE_PATH);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const committed = fs.readFileSync(SCHEMA_FILE, 'utf8').replace(/^(#.*\n)+\n/, '');
    expect(res.text).toBe(committed);
    expect(res.text).toContain('Who may call: ');
    expect(res.headers.etag).toMatch(/^"[\w-]{43}"$/);

    const again = await t.agent().get(SCHEMA_FILE_PATH).set('if-none-match', res.headers.etag);
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });

  it('is open to guests (the schema is public: introspection is on)', async () => {
    const res = await t.agent().get(SCHEMA_FILE_PATH).set('accept', 'text/html');
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/^type /m);
  });
});
