import { parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import * as operations from './operations';
import { adminSchema, storefrontSchema } from '../../../../../dev/demo-store/src';

// Every operation DRX sends to a store, checked against the schema of the API it goes to: the
// Storefront ones against Shopify's published introspection, the Admin ones against the demo
// store's Admin subset (written from Shopify's reference). A misspelled field fails here.
const entries = Object.entries(operations).filter(([, v]) => typeof v === 'string') as [string, string][];

describe('store operations', () => {
  it('covers every exported operation', () => {
    expect(entries.length).toBeGreaterThan(0);
    for (const [name] of entries) expect(name).toMatch(/^(STOREFRONT|ADMIN)_/);
  });

  for (const [name, source] of entries) {
    it(`${name} is valid against the ${name.startsWith('STOREFRONT') ? 'Storefront' : 'Admin'} schema`, () => {
      const schema = name.startsWith('STOREFRONT') ? storefrontSchema() : adminSchema();
      const errors = validate(schema, parse(source));
      expect(errors.map((e) => e.message)).toEqual([]);
    });
  }

  it('refuses a misspelled field (both schemas)', () => {
    expect(validate(storefrontSchema(), parse('{ shop { nmae } }')).length).toBeGreaterThan(0);
    expect(validate(adminSchema(), parse('{ shop { currencyCod } }')).length).toBeGreaterThan(0);
    expect(
      validate(adminSchema(), parse('{ products(first: 1, sortKey: UPDATED) { nodes { id } } }')).length,
    ).toBeGreaterThan(0);
  });
});
