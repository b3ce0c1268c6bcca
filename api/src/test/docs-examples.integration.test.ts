import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { buildSchema, type GraphQLSchema, Kind, parse, validate } from 'graphql';
import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEMA_FILE } from '../graphql/schema';
import { startTestApp, type TestApp } from './test-app';

/**
 * The documentation's GraphQL runs: every operation of docs/examples/*.graphql, every ```graphql
 * block and every `"query":"…"` of a shell example in docs/api.md is validated against
 * schema.graphql and executed against the seeded app as the role it names, and must answer without
 * errors and without userErrors. So the examples cannot go stale.
 */

type Agent = ReturnType<typeof request.agent>;
type Role = 'guest' | 'member' | 'seller' | 'admin';

const DOCS = path.resolve(__dirname, '..', '..', '..', 'docs');
const EXAMPLES = path.join(DOCS, 'examples');

interface Example {
  source: string;
  role: Role;
  document: string;
  /** Per operation name: its variables as written, with `<placeholders>`. */
  variables: Record<string, string>;
}

function roleOf(text: string, source: string): Role {
  const role = /\bas: (guest|member|seller|admin)\b/.exec(text)?.[1];
  if (!role) throw new Error(`${source} does not say whom it runs as ("as: member")`);
  return role as Role;
}

function exampleFiles(): Example[] {
  return fs
    .readdirSync(EXAMPLES)
    .filter((f) => f.endsWith('.graphql'))
    .sort()
    .map((file) => {
      const document = fs.readFileSync(path.join(EXAMPLES, file), 'utf8');
      const variables = Object.fromEntries(
        [...document.matchAll(/^# variables (\w+): (.+)$/gm)].map((m) => [m[1], m[2]]),
      );
      return { source: `docs/examples/${file}`, role: roleOf(document, file), document, variables };
    });
}

function apiGuideExamples(): Example[] {
  const guide = fs.readFileSync(path.join(DOCS, 'api.md'), 'utf8');
  const blocks = [...guide.matchAll(/```graphql\n([\s\S]*?)```/g)].map((m, i) => ({
    source: `docs/api.md graphql block ${i + 1}`,
    role: roleOf(m[1], 'a graphql block of docs/api.md'),
    document: m[1],
    variables: {},
  }));
  // `-d '{"query":"{ me { id } }"}'` in the shell examples, signed in as the example's member.
  const shell = [...guide.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((m) =>
    [...m[1].matchAll(/-d '(\{"query":.*?\})'/g)].map((q, i) => ({
      source: `docs/api.md shell query ${i + 1}`,
      role: 'member' as Role,
      document: (JSON.parse(q[1]) as { query: string }).query,
      variables: {},
    })),
  );
  return [...blocks, ...shell];
}

let t: TestApp;
let schema: GraphQLSchema;
const agents = {} as Record<Role, Agent>;
/** Values for the examples' `<placeholders>`; `<orderId>` comes from the run itself. */
const values: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  schema = buildSchema(fs.readFileSync(SCHEMA_FILE, 'utf8'));
  agents.guest = t.agent();
  for (const role of ['member', 'seller', 'admin'] as const) {
    agents[role] = t.agent();
    const res = await agents[role]
      .post('/api/login')
      .set('content-type', 'application/json')
      .send({ username: role, password: 'drx-demo-2026' });
    expect(res.status).toBe(200);
  }
  values.idempotencyKey = randomUUID();
});
afterAll(() => t.close());

const db = () => t.orm.em.fork().getConnection();

/** The resource an example acts on: one to buy (member) or a draft with files to approve (admin). */
async function resourceFor(role: Role): Promise<string> {
  const [row] =
    role === 'admin'
      ? await db().execute<{ id: string }[]>(
          `select r.id from resources r where r.status = 'draft'
             and exists (select 1 from resource_files f where f.resource_id = r.id) order by r.created_at limit 1`,
        )
      : await db().execute<{ id: string }[]>(
          `select r.id from resources r join users u on u.id = r.seller_id
            where r.status = 'published' and r.price_cents > 0 and u.username <> 'member'
              and not exists (select 1 from entitlements e join users m on m.id = e.user_id
                               where e.resource_id = r.id and m.username = 'member')
            order by r.created_at limit 1`,
        );
  if (!row) throw new Error(`No resource for the ${role} example in the seed`);
  return row.id;
}

function fill(json: string, source: string): Record<string, unknown> {
  const filled = json.replace(/<(\w+)>/g, (_m, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${source}: no value for <${name}>`);
    return value;
  });
  return JSON.parse(filled) as Record<string, unknown>;
}

/** Every `userErrors` list in an answer. */
function userErrorsIn(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.flatMap(userErrorsIn);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, v]) =>
    key === 'userErrors' && Array.isArray(v) ? v : userErrorsIn(v),
  );
}

async function run(example: Example) {
  const document = parse(example.document);
  expect(validate(schema, document).map((e) => e.message)).toEqual([]);
  // Only examples that name <resourceId> need one (fill() says so when it is missing): an admin
  // example that reads something else runs after the moderation example approved the seed's draft.
  const resourceId = await resourceFor(example.role).catch(() => null);
  if (resourceId) values.resourceId = resourceId;
  else delete values.resourceId;
  const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  expect(operations.length).toBeGreaterThan(0);
  for (const operation of operations) {
    const name = operation.name?.value;
    const variables =
      name && example.variables[name] ? fill(example.variables[name], example.source) : undefined;
    const res = await agents[example.role]
      .post('/graphql')
      .set('content-type', 'application/json')
      .send({ query: example.document, operationName: name, variables });
    const where = `${example.source} ${name ?? '(anonymous)'}`;
    expect(res.body.errors, where).toBeUndefined();
    expect(res.status, where).toBe(200);
    expect(userErrorsIn(res.body.data), where).toEqual([]);
    const orderId = res.body.data?.checkoutStart?.order?.id;
    if (orderId) values.orderId = orderId;
  }
}

describe('the documentation examples run', () => {
  const examples = [...exampleFiles(), ...apiGuideExamples()];

  it('covers each role and the common tasks', () => {
    expect(new Set(examples.map((e) => e.role))).toEqual(new Set(['guest', 'member', 'seller', 'admin']));
    expect(examples.length).toBeGreaterThanOrEqual(6);
  });

  it.each(examples.map((e) => [e.source, e] as const))('%s', async (_source, example) => {
    await run(example);
  });

  it('the cart example paid its order with the test provider', async () => {
    const [order] = await db().execute<{ status: string }[]>('select status from orders where id = ?', [
      values.orderId,
    ]);
    expect(order.status).toBe('paid');
  });
});
