import { buildSchema, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { scopeGranted } from './api-token-scopes';
import { scopeRefusal, scopeRefusalMessage } from './scope-check';

// The real scope table on a small schema that borrows the graph's field names.
const schema = buildSchema(`
  type Query { courses: [Course!]! me: User myOrders: [String!]! }
  type Mutation { login: Boolean cartItemAdd: Boolean brandNewField: Boolean }
  type Course { id: ID! title: String! viewerProgress: Int instructor: User }
  type User { username: String! email: String }
`);
const refusal = (query: string, scopes: string[]) => scopeRefusal(schema, parse(query), scopes);

describe('scopeRefusal', () => {
  it('admits fields within the scopes, and introspection always', () => {
    expect(refusal('{ courses { id title instructor { username } } }', ['catalog:read'])).toBeNull();
    expect(refusal('{ __typename __schema { types { name } } }', [])).toBeNull();
  });

  it('names the first field beyond them, at the root or nested, through fragments too', () => {
    expect(refusal('{ courses { id } myOrders }', ['catalog:read'])).toEqual({
      field: 'Query.myOrders',
      needs: 'orders:read',
    });
    expect(refusal('{ courses { ...F } } fragment F on Course { viewerProgress }', ['catalog:read'])).toEqual(
      {
        field: 'Course.viewerProgress',
        needs: 'learning:read',
      },
    );
    expect(refusal('{ courses { instructor { email } } }', ['catalog:read'])?.field).toBe('User.email');
    expect(refusal('mutation { cartItemAdd }', ['catalog:read'])?.needs).toBe('cart:write');
  });

  it('refuses session-only and unlisted root fields to every token', () => {
    const all = ['catalog:read', 'cart:write', 'admin'];
    expect(refusal('mutation { login }', all)?.needs).toBe('session only');
    expect(refusal('mutation { brandNewField }', all)?.needs).toBe('session only');
    expect(scopeRefusalMessage(refusal('mutation { login }', all)!)).toBe(
      'Mutation.login cannot be used with an API token: sign in to the site instead.',
    );
  });
});

describe('scopeGranted', () => {
  it('a write scope includes its read scope, not the other way round', () => {
    expect(scopeGranted(['account:write'], 'account:read')).toBe(true);
    expect(scopeGranted(['account:read'], 'account:write')).toBe(false);
    expect(scopeGranted(['cart:write'], 'orders:read')).toBe(false);
  });
});
