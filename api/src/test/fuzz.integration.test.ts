import type { GraphQLSchema } from 'graphql';
import http from 'node:http';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBareSchema } from '../graphql/schema';
import { SESSION_COOKIE } from '../modules/auth/session';
import { graphRoutes } from '../rest/router';
import { graphCases, rootFields } from './fuzz-graph';
import { keysRead, type RestCase, restCases, restRows } from './fuzz-rest';
import { describeValue, idPicker, seededRandom } from './fuzz-values';
import { startTestApp, type TestApp } from './test-app';

/**
 * Bad input never answers 500: every REST row and every root field of the graph, called with
 * malformed values (NUL and other control characters, lone surrogates, huge strings, wrong types,
 * negative and huge numbers, empty strings, ids that name nothing), as a guest and as a signed-in
 * admin (so the resolvers behind the permission rules run too). Any 5xx, or any GraphQL error with
 * code INTERNAL_SERVER_ERROR, fails. Seeded: every run sends the same requests. Mutations may
 * change the seed data: this file has its own database.
 */

const SEED = 18;
/** Rows and fields that change who is signed in: fuzzed as a guest only. */
const SESSION_CHANGING = new Set([
  'Mutation.login',
  'Mutation.register',
  'Mutation.logout',
  'POST /api/login',
  'POST /api/register',
  'POST /api/logout',
]);
/** Rows that take multipart bodies (checked below to still exist). */
const MULTIPART_ROWS = new Set(['POST /api/upload', 'POST /api/profile/image']);

let t: TestApp;
let schema: GraphQLSchema;
let idsFor: (hints: string[]) => readonly string[];
let adminCookie: string;
let address = 0;
/** One listening server for all requests (supertest would start one per request from an app). */
let server: http.Server;

/** A client address of its own for each request, so the sign-in throttle never answers for another case. */
function nextAddress(): string {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
}

beforeAll(async () => {
  [t, schema] = await Promise.all([startTestApp(), buildBareSchema()]);
  server = http.createServer(t.handle.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // Real ids of every table keyed by a uuid, so resolvers get past "not found".
  const conn = t.orm.em.getConnection();
  const tables: { table_name: string }[] = await conn.execute(
    `select table_name from information_schema.columns
      where table_schema = 'public' and column_name = 'id' and data_type = 'uuid' order by table_name`,
  );
  const idsByTable = new Map<string, string[]>();
  for (const { table_name } of tables) {
    const rows: { id: string }[] = await conn.execute(`select id from "${table_name}" order by id limit 3`);
    idsByTable.set(
      table_name,
      rows.map((r) => r.id),
    );
  }
  idsFor = idPicker(idsByTable);
  const login = await request(server)
    .post('/api/login')
    .set('x-forwarded-for', '192.0.2.1')
    .send({ username: 'admin', password: 'drx-demo-2026' });
  expect(login.status).toBe(200);
  const cookies = ([] as string[]).concat(login.headers['set-cookie'] ?? []);
  adminCookie = cookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`))!.split(';')[0];
}, 120_000);
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

type Identity = 'guest' | 'admin';

function withIdentity(req: request.Test, identity: Identity): request.Test {
  req.set('x-forwarded-for', nextAddress());
  return identity === 'admin' ? req.set('cookie', adminCookie) : req;
}

/** Whether a response is a server failure: a 5xx, or an unexpected (masked) GraphQL error. */
function serverFailure(res: request.Response): string | null {
  const body = res.body as {
    errors?: { message: string; extensions?: { code?: string } }[];
    code?: string;
    message?: string;
  };
  if (res.status >= 500)
    return `${res.status} ${body?.message ?? body?.errors?.[0]?.message ?? res.text.slice(0, 80)}`;
  const internal = body?.errors?.find((e) => e.extensions?.code === 'INTERNAL_SERVER_ERROR');
  if (internal) return `${res.status} INTERNAL_SERVER_ERROR ${internal.message}`;
  if (body?.code === 'INTERNAL_SERVER_ERROR') return `${res.status} INTERNAL_SERVER_ERROR ${body.message}`;
  return null;
}

async function signedInAsAdmin(): Promise<boolean> {
  const res = await withIdentity(request(server).get('/api/user'), 'admin');
  return res.status === 200 && res.body.username === 'admin';
}

describe.each<Identity>(['guest', 'admin'])('fuzz as %s', (identity) => {
  it('no root field of the graph answers a server error to malformed arguments', async () => {
    const random = seededRandom(SEED);
    const failures: string[] = [];
    let sent = 0;
    for (const { kind, field } of rootFields(schema)) {
      const name = `${kind === 'query' ? 'Query' : 'Mutation'}.${field.name}`;
      if (identity === 'admin' && SESSION_CHANGING.has(name)) continue;
      for (const fuzz of graphCases(kind, field, { random, idsFor })) {
        const res = await withIdentity(request(server).post('/graphql'), identity)
          .set('content-type', 'application/json')
          .send({ query: fuzz.query, variables: fuzz.variables });
        sent += 1;
        const failure = serverFailure(res);
        if (failure)
          failures.push(`${fuzz.field} [${fuzz.note}] ${describeValue(fuzz.variables)} → ${failure}`);
      }
    }
    expect(sent).toBeGreaterThan(1000);
    expect(failures.length, `${failures.length} server errors:\n${failures.join('\n')}`).toBe(0);
    if (identity === 'admin') expect(await signedInAsAdmin()).toBe(true);
  }, 600_000);

  it('no REST row answers a server error to malformed paths, query strings and bodies', async () => {
    const random = seededRandom(SEED + 1);
    const rows = restRows(t.handle.app);
    const names = rows.map((row) => `${row.method.toUpperCase()} ${row.path}`);
    for (const multipart of MULTIPART_ROWS) expect(names).toContain(multipart);
    expect(rows.length).toBeGreaterThanOrEqual(graphRoutes.length);
    const bodyKeys = [...new Set(graphRoutes.flatMap((route) => keysRead(route).body))];
    const failures: string[] = [];
    for (const row of rows) {
      const name = `${row.method.toUpperCase()} ${row.path}`;
      if (row.path === '/api/webhooks/stripe') continue; // signed by Stripe: its own test
      if (identity === 'admin' && SESSION_CHANGING.has(name)) continue;
      const route = graphRoutes.find((r) => r.method === row.method && `/api${r.path}` === row.path);
      for (const fuzz of restCases(row, route, bodyKeys, { random, idsFor }, MULTIPART_ROWS.has(name))) {
        const res = await send(fuzz, identity);
        const failure = serverFailure(res);
        if (failure)
          failures.push(
            `${fuzz.row} ${fuzz.url.slice(0, 120)} [${fuzz.note}] ${describeValue(bodyOf(fuzz))} → ${failure}`,
          );
      }
    }
    expect(failures.length, `${failures.length} server errors:\n${failures.join('\n')}`).toBe(0);
    if (identity === 'admin') expect(await signedInAsAdmin()).toBe(true);
  }, 600_000);
});

function bodyOf(fuzz: RestCase): unknown {
  if (!fuzz.body) return null;
  if ('json' in fuzz.body) return fuzz.body.json;
  if ('raw' in fuzz.body) return fuzz.body.raw;
  return fuzz.body.multipart.map((p) => (p.kind === 'field' ? [p.name, p.value] : [p.name, p.fileName]));
}

function send(fuzz: RestCase, identity: Identity): Promise<request.Response> {
  const agent = request(server) as unknown as Record<string, (url: string) => request.Test>;
  const req = withIdentity(agent[fuzz.method](fuzz.url), identity);
  if (!fuzz.body) return req;
  if ('json' in fuzz.body)
    return req.set('content-type', 'application/json').send(JSON.stringify(fuzz.body.json));
  if ('raw' in fuzz.body) return req.set('content-type', 'application/json').send(fuzz.body.raw);
  for (const part of fuzz.body.multipart) {
    if (part.kind === 'field') req.field(part.name, part.value);
    else req.attach(part.name, part.content, part.fileName);
  }
  return req;
}
