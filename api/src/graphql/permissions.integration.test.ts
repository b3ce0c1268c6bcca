import { allow } from 'graphql-shield';
import {
  buildSchema as buildSdlSchema,
  getNamedType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isScalarType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPermissionGaps } from '../test/permission-walk';
import { startTestApp, type TestApp } from '../test/test-app';
import { ruleTree } from './permissions';
import { buildBareSchema } from './schema';

let t: TestApp;
let schema: GraphQLSchema;
beforeAll(async () => {
  [t, schema] = await Promise.all([startTestApp(), buildBareSchema()]);
});
afterAll(() => t.close());

const PASSWORD = 'drx-demo-2026';

/** Root fields a guest may call; every other root field must refuse a guest. */
const PUBLIC_ROOT_FIELDS = new Set([
  'Query.me',
  'Query.user',
  'Query.referenceLists',
  'Mutation.login',
  // The second step of a sign-in (two-step): for whoever holds the pending cookie.
  'Mutation.loginSecondStep',
  'Mutation.register',
  'Mutation.logout',
  // A reset or verification link works for whoever holds it (account/account.permissions.ts).
  'Mutation.passwordResetRequest',
  'Mutation.passwordReset',
  'Mutation.emailVerify',
  // Signing in with a passkey (passkeys/passkeys.permissions.ts).
  'Mutation.passkeySignInOptions',
  'Mutation.passkeySignIn',
  'Query.courses',
  'Query.course',
  'Query.courseCategories',
  'Query.apiTokenScopes',
  'Query.danceStyles',
  'Query.certificateVerify',
  'Query.resources',
  'Query.resource',
  'Query.resourceReviews',
  'Query.resourceCategories',
  'Query.resourceCategory',
  'Query.seller',
  'Query.sellers',
  'Query.uploadLimits',
  'Query.paymentConfig',
  'Query.signInProviders',
  'Query.instructors',
  'Query.instructor',
  'Query.instructorSlots',
  'Query.subscriptionPlans',
  'Mutation.contactSend',
  'Mutation.notificationUnsubscribe',
  'Query.shopBagPreview',
  'Mutation.shopCheckout',
  'Query.shopProducts',
  'Query.shopProduct',
  'Query.shopFacets',
  'Query.shopStatus',
]);

/** Removes one entry (a type, or a field of a type's field map) from a copy of the rule tree. */
function without(tree: Record<string, unknown>, type: string, field?: string): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...tree };
  if (field === undefined) {
    delete copy[type];
  } else {
    const fields = { ...(copy[type] as Record<string, unknown>) };
    delete fields[field];
    copy[type] = fields;
  }
  return copy;
}

describe('schema walk: every root field and object type has an explicit rule', () => {
  it('finds no gaps in the real schema and rule tree', () => {
    // given the bare schema (no shield) and the merged rule tree
    // when every object type and root field is checked
    const gaps = findPermissionGaps(schema, ruleTree);
    // then nothing lacks a rule and no rule names something that does not exist
    expect(gaps).toEqual([]);
  });

  it('walks the real root fields and object types (not an empty schema)', () => {
    const query = Object.keys(schema.getQueryType()?.getFields() ?? {});
    const mutation = Object.keys(schema.getMutationType()?.getFields() ?? {});
    expect(query).toEqual(expect.arrayContaining(['me', 'user', 'referenceLists']));
    expect(mutation).toEqual(expect.arrayContaining(['login', 'register', 'logout', 'profileUpdate']));
    expect(schema.getType('User')).toBeDefined();
  });

  it('reports a root field whose rule was removed', () => {
    expect(findPermissionGaps(schema, without(ruleTree, 'Mutation', 'profileUpdate'))).toEqual([
      'Mutation.profileUpdate has no rule',
    ]);
    expect(findPermissionGaps(schema, without(ruleTree, 'Query', 'me'))).toEqual(['Query.me has no rule']);
  });

  it('reports an object type whose rule was removed', () => {
    expect(findPermissionGaps(schema, without(ruleTree, 'User'))).toEqual(['type User has no rule']);
    expect(findPermissionGaps(schema, without(ruleTree, 'UserError'))).toEqual([
      'type UserError has no rule',
    ]);
  });

  it('does not accept a type-wide rule on a root type in place of per-field rules', () => {
    const gaps = findPermissionGaps(schema, { ...ruleTree, Mutation: allow });
    expect(gaps).toContain('Mutation.profileUpdate has no rule');
  });

  it('accepts a field map covering every field or a "*" rule, and reports a field map missing a field', () => {
    const tiny = buildSdlSchema(`
      type Query { a: Int, b: T, c: S, d: R }
      type T { x: Int, y: Int }
      type S { x: Int, y: Int }
      type R { x: Int }
    `);
    const tree = {
      Query: { a: allow, b: allow, c: allow, d: allow },
      T: { x: allow, y: allow },
      S: { '*': allow },
      R: allow,
    };
    expect(findPermissionGaps(tiny, tree)).toEqual([]);
    expect(findPermissionGaps(tiny, { ...tree, T: { x: allow } })).toEqual(['T.y has no rule']);
    expect(findPermissionGaps(tiny, { ...tree, S: { '*': 'not a rule' } })).toEqual([
      'S.x has no rule',
      'S.y has no rule',
    ]);
    expect(findPermissionGaps(tiny, { ...tree, Nope: allow })).toEqual(['rule for unknown type Nope']);
  });
});

/** A value that passes GraphQL's input coercion for the given input type. */
function dummyValue(type: GraphQLInputType): unknown {
  if (isNonNullType(type)) return dummyValue(type.ofType);
  if (isListType(type)) return [];
  if (isEnumType(type)) return type.getValues()[0].name; // a variable carries the name
  if (isInputObjectType(type)) {
    const value: Record<string, unknown> = {};
    for (const f of Object.values(type.getFields())) {
      if (isNonNullType(f.type) && f.defaultValue === undefined) value[f.name] = dummyValue(f.type);
    }
    return value;
  }
  if (isScalarType(type)) {
    switch (type.name) {
      case 'Int':
      case 'Float':
        return 1;
      case 'Boolean':
        return false;
      case 'ID':
        return '00000000-0000-4000-8000-000000000000';
      case 'DateTimeISO':
        return '2027-01-01T00:00:00.000Z';
      default:
        return 'x';
    }
  }
  throw new Error(`no dummy value for ${String(type)}`);
}

/** One operation that calls a single root field with placeholder arguments. */
function operationFor(kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>) {
  const args = field.args as readonly GraphQLArgument[];
  const declared = args.map((a, i) => `$a${i}: ${String(a.type)}`).join(', ');
  const passed = args.map((a, i) => `${a.name}: $a${i}`).join(', ');
  const selection = isLeafType(getNamedType(field.type)) ? '' : ' { __typename }';
  const query = `${kind}${declared ? `(${declared})` : ''} { ${field.name}${passed ? `(${passed})` : ''}${selection} }`;
  const variables = Object.fromEntries(args.map((a, i) => [`a${i}`, dummyValue(a.type)]));
  return { query, variables };
}

function rootFields(): { kind: 'query' | 'mutation'; name: string; field: GraphQLField<unknown, unknown> }[] {
  return [
    ...Object.values(schema.getQueryType()?.getFields() ?? {}).map((field) => ({
      kind: 'query' as const,
      name: `Query.${field.name}`,
      field,
    })),
    ...Object.values(schema.getMutationType()?.getFields() ?? {}).map((field) => ({
      kind: 'mutation' as const,
      name: `Mutation.${field.name}`,
      field,
    })),
  ];
}

describe('guests through /graphql', () => {
  it('are refused every root field that is not public, with UNAUTHENTICATED', async () => {
    // given every root field that is not on the public list
    const guarded = rootFields().filter((f) => !PUBLIC_ROOT_FIELDS.has(f.name));
    expect(guarded.map((f) => f.name)).toContain('Mutation.profileUpdate');
    for (const { kind, name, field } of guarded) {
      // when a guest calls it
      const { query, variables } = operationFor(kind, field);
      const res = await t.gql(t.agent(), query, variables);
      // then it is refused as unauthenticated and returns no data
      expect(res.errors, `${name}: ${query}`).toHaveLength(1);
      expect(res.errors?.[0].extensions?.code, name).toBe('UNAUTHENTICATED');
      expect(res.errors?.[0].message, name).toBe('You must be signed in to do this.');
      expect(res.data?.[field.name] ?? null, name).toBeNull();
    }
  });

  it('may call every public root field without an authentication error', async () => {
    const publicFields = rootFields().filter((f) => PUBLIC_ROOT_FIELDS.has(f.name));
    expect(publicFields.map((f) => f.name).sort()).toEqual([...PUBLIC_ROOT_FIELDS].sort());
    for (const { kind, name, field } of publicFields) {
      const { query, variables } = operationFor(kind, field);
      const res = await t.gql(t.agent(), query, variables);
      // A placeholder argument may be refused as bad input (e.g. `after: "x"` is no cursor).
      const errors = res.errors?.filter((e) => e.extensions?.code !== 'BAD_USER_INPUT');
      expect(errors?.length ? errors : undefined, `${name}: ${JSON.stringify(res.errors)}`).toBeUndefined();
    }
  });

  it('are refused profileUpdate with UNAUTHENTICATED and nothing changes', async () => {
    const res = await t.gql(
      t.agent(),
      `mutation { profileUpdate(input: { firstName: "Hacked" }) { user { id } userErrors { code } } }`,
    );
    expect(res.errors?.map((e) => e.extensions?.code)).toEqual(['UNAUTHENTICATED']);
    // profileUpdate is non-null, so the refusal nulls the whole data
    expect(res.data).toBeNull();
    const rows = await t.orm.em
      .fork()
      .getConnection()
      .execute(`select count(*) as n from users where first_name = 'Hacked'`);
    expect(Number(rows[0].n)).toBe(0);
  });
});

describe('email visibility', () => {
  const USER = `query User($id: ID!) { user(id: $id) { id username email } }`;

  async function signedIn(username: string) {
    const browser = t.agent();
    const res = await browser
      .post('/api/login')
      .set('content-type', 'application/json')
      .send({ username, password: PASSWORD });
    expect(res.status).toBe(200);
    return { browser, id: res.body.id as string };
  }

  async function idOf(username: string): Promise<string> {
    const rows: { id: string }[] = await t.orm.em
      .fork()
      .getConnection()
      .execute('select id from users where username_key = ?', [username]);
    return rows[0].id;
  }

  it("hides another user's email from a member and a guest, but shows one's own", async () => {
    // given member signed in, and the seller's id
    const { browser, id } = await signedIn('member');
    const sellerId = await idOf('seller');
    // when member looks at the seller and at itself
    const other = await t.gql(browser, USER, { id: sellerId });
    const self = await t.gql(browser, USER, { id });
    const me = await t.gql(browser, `query { me { email } }`);
    // then the seller's email is null, its own is visible
    expect(other.errors).toBeUndefined();
    expect(other.data.user).toEqual({ id: sellerId, username: 'seller', email: null });
    expect(self.data.user.email).toBe('member@demo.drx.dance');
    expect(me.data.me.email).toBe('member@demo.drx.dance');
    // and a guest sees no email either
    expect((await t.gql(t.agent(), USER, { id: sellerId })).data.user).toEqual({
      id: sellerId,
      username: 'seller',
      email: null,
    });
  });

  it("hides others' emails from a curriculum officer (not an admin)", async () => {
    const { browser } = await signedIn('officer');
    const res = await t.gql(browser, USER, { id: await idOf('member') });
    expect(res.data.user.email).toBeNull();
  });

  it("shows others' emails to an admin", async () => {
    const { browser } = await signedIn('admin');
    const res = await t.gql(browser, USER, { id: await idOf('member') });
    expect(res.data.user).toMatchObject({ username: 'member', email: 'member@demo.drx.dance' });
  });

  it("hides another user's email through REST GET /api/users/:id too", async () => {
    const { browser } = await signedIn('member');
    const res = await browser.get(`/api/users/${await idOf('seller')}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: 'seller', email: null });
  });
});
