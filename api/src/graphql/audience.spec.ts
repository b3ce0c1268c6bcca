import 'reflect-metadata';
import { buildSchema as parseSchema, type GraphQLSchema } from 'graphql';
import { allow, rule } from 'graphql-shield';
import { beforeAll, describe, expect, it } from 'vitest';
import { addAudiences, AUDIENCE_PREFIX, audienceOf, withAudience } from './audience';
import { ruleOf } from './permission-middleware';
import { isStaff } from './rules';
import { buildBareSchema } from './schema';

describe('who may call each root field', () => {
  let schema: GraphQLSchema;
  beforeAll(async () => {
    schema = await buildBareSchema();
  }, 60_000);

  it('every Query and Mutation field has a rule with an audience, and its description ends with it', () => {
    const fields = [schema.getQueryType()!, schema.getMutationType()!].flatMap((type) =>
      Object.values(type.getFields()).map((field) => ({ type: type.name, field })),
    );
    expect(fields.length).toBeGreaterThan(100);
    const wrong = fields.filter(({ type, field }) => {
      const audience = audienceOf(ruleOf(type, field.name));
      const line = `${AUDIENCE_PREFIX}${audience}.`;
      return !audience || !(field.description === line || field.description?.endsWith(`\n\n${line}`));
    });
    expect(wrong.map(({ type, field }) => `${type}.${field.name}`)).toEqual([]);
  });

  it('names the audience of the rule, not a hand-written one', () => {
    const cart = schema.getQueryType()!.getFields().cart;
    expect(cart.description).toMatch(/Who may call: any signed-in user \(UNAUTHENTICATED otherwise\)\.$/);
    const sellers = schema.getQueryType()!.getFields().adminSellers;
    expect(ruleOf('Query', 'adminSellers')).toBe(isStaff);
    expect(sellers.description).toMatch(/Who may call: staff: admins and curriculum officers/);
  });

  it('refuses to build a graph with a root field whose rule names no audience', () => {
    const tiny = parseSchema('type Query { open: Int, secret: Int, unguarded: Int }');
    const unnamed = rule()(() => true);
    const named = withAudience(
      rule()(() => true),
      'testers',
    );
    const rules: Record<string, unknown> = { open: allow, secret: unnamed, unguarded: undefined };
    expect(() => addAudiences(tiny, (_type, field) => rules[field])).toThrow(
      'These root fields have no permission rule with an audience (graphql/audience.ts): Query.secret, Query.unguarded',
    );
    const ok = parseSchema('type Query { open: Int, mine: Int }');
    addAudiences(ok, (_type, field) => (field === 'open' ? allow : named));
    expect(ok.getQueryType()!.getFields().mine.description).toBe('Who may call: testers.');
    expect(ok.getQueryType()!.getFields().open.description).toBe('Who may call: anyone, signed in or not.');
  });
});
