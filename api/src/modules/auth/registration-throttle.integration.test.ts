import type { MikroORM } from '@mikro-orm/postgresql';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AppHandle, createApp } from '../../app';
import { DEFAULT_REGISTRATION_LIMIT } from '../../config';
import { openDatabase } from '../../db/database';
import { startTestApp, type TestApp } from '../../test/test-app';
import { RegistrationThrottle } from './registration-throttle';

// The default limit (10 registrations per address and hour), on two app instances ("replicas",
// each with its own ORM and pools) sharing one database.
let t: TestApp;
let replicaOrm: MikroORM;
let replica: AppHandle;

beforeAll(async () => {
  t = await startTestApp({ registrationLimit: DEFAULT_REGISTRATION_LIMIT });
  replicaOrm = await openDatabase(t.databaseUrl, { seed: false, silent: true });
  replica = await createApp(replicaOrm, t.config, t.databaseUrl);
});
afterAll(async () => {
  await replica?.close();
  await replicaOrm?.close(true);
  await t?.close();
});
beforeEach(async () => {
  await sql('delete from registration_attempts');
});

const LIMITED = 'Too many accounts have been registered from your address. Please try again in an hour.';
const json = { 'content-type': 'application/json' };
const REGISTER = `mutation Register($input: RegisterInput!) {
  register(input: $input) { user { username } userErrors { code field message } } }`;
let seq = 0;
const newName = () => `reg${Date.now().toString(36)}${++seq}`;

function sql<T = Record<string, unknown>>(query: string, params: unknown[] = []): Promise<T[]> {
  return t.orm.em.fork().getConnection().execute(query, params);
}

function restRegister(ip: string, username = newName(), app = t.handle.app) {
  return request(app)
    .post('/api/register')
    .set(json)
    .set('X-Forwarded-For', ip)
    .send({ username, password: 'long-enough-1' });
}

async function accounts(username: string): Promise<number> {
  const [{ n }] = await sql<{ n: number }>('select count(*)::int as n from users where username_key = ?', [
    username.toLowerCase(),
  ]);
  return n;
}

describe('registrations per address', () => {
  it('allows 10 an hour from one address (across app instances), answers the 11th 429, and another address is unaffected', async () => {
    // given 10 registrations from one address, half on each app instance
    for (let i = 0; i < DEFAULT_REGISTRATION_LIMIT; i++) {
      const res = await restRegister('10.20.0.1', newName(), i % 2 ? replica.app : t.handle.app);
      expect(res.status, `registration ${i + 1}`).toBe(201);
    }
    // when the 11th arrives (REST, on either instance)
    const name = newName();
    const rest = await restRegister('10.20.0.1', name);
    // then it is refused with 429 and a message, and no account is made
    expect(rest.status).toBe(429);
    expect(rest.body).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', message: LIMITED });
    expect(await accounts(name)).toBe(0);
    expect((await restRegister('10.20.0.1', newName(), replica.app)).status).toBe(429);
    // and the graph's register answers a TOO_MANY_ATTEMPTS userError
    const graph = await request(t.handle.app)
      .post('/graphql')
      .set(json)
      .set('X-Forwarded-For', '10.20.0.1')
      .send({ query: REGISTER, variables: { input: { username: newName(), password: 'long-enough-1' } } });
    expect(graph.body.data.register).toEqual({
      user: null,
      userErrors: [{ code: 'TOO_MANY_ATTEMPTS', field: null, message: LIMITED }],
    });
    // and another address still registers
    const other = await restRegister('10.20.0.2');
    expect(other.status).toBe(201);
    // and the refused attempts did not extend the count
    const [{ n }] = await sql<{ n: number }>(
      `select count(*)::int as n from registration_attempts where address = '10.20.0.1'`,
    );
    expect(n).toBe(DEFAULT_REGISTRATION_LIMIT);
  });

  it('lets exactly 10 of a parallel burst through', async () => {
    const answers = await Promise.all(Array.from({ length: 16 }, () => restRegister('10.21.0.1')));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(DEFAULT_REGISTRATION_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(16 - DEFAULT_REGISTRATION_LIMIT);
  });

  it('counts only the last hour', async () => {
    // given 10 registrations from one address, made 61 minutes ago
    for (let i = 0; i < DEFAULT_REGISTRATION_LIMIT; i++) {
      await sql(
        `insert into registration_attempts (address, created_at) values ('10.22.0.1', now() - interval '61 minutes')`,
      );
    }
    // then that address may register again
    expect((await restRegister('10.22.0.1')).status).toBe(201);
    // and prune() forgets the old rows and keeps the new one
    expect(await new RegistrationThrottle(t.orm.em.fork()).prune()).toBe(DEFAULT_REGISTRATION_LIMIT);
    expect(await sql(`select 1 from registration_attempts where address = '10.22.0.1'`)).toHaveLength(1);
  });

  it('does not count input refused by validation (no hash was made)', async () => {
    for (let i = 0; i < DEFAULT_REGISTRATION_LIMIT + 2; i++) {
      const res = await request(t.handle.app)
        .post('/api/register')
        .set(json)
        .set('X-Forwarded-For', '10.23.0.1')
        .send({ username: newName(), password: 'short' });
      expect(res.status).toBe(400);
    }
    expect((await restRegister('10.23.0.1')).status).toBe(201);
  });
});
