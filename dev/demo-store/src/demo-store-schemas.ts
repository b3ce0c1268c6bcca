import fs from 'node:fs';
import path from 'node:path';
import { buildClientSchema, buildSchema, type GraphQLSchema, type IntrospectionQuery } from 'graphql';

/**
 * The two schemas the demo store validates requests against: Shopify's published Storefront API
 * introspection (shipped by @shopify/hydrogen-react, a development dependency — the demo store is
 * never part of the app's build) and the Admin API subset in admin-schema.graphql.
 */

/** admin-schema.graphql beside this file (source), or in src/ when running the build in dist/. */
export function adminSchemaFile(): string {
  const beside = path.join(__dirname, 'admin-schema.graphql');
  if (fs.existsSync(beside)) return beside;
  // dist → src (tsc does not copy .graphql files).
  return path.resolve(__dirname, '..', 'src', 'admin-schema.graphql');
}

let admin: GraphQLSchema | undefined;
let storefront: GraphQLSchema | undefined;

/** The Admin API subset (SDL), built once. */
export function adminSchema(): GraphQLSchema {
  admin ??= buildSchema(fs.readFileSync(adminSchemaFile(), 'utf8'));
  return admin;
}

/** Shopify's Storefront API schema from hydrogen-react's introspection, built once. */
export function storefrontSchema(): GraphQLSchema {
  if (!storefront) {
    const file = require.resolve('@shopify/hydrogen-react/storefront.schema.json');
    const json = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      data?: IntrospectionQuery;
    } & IntrospectionQuery;
    storefront = buildClientSchema(json.data ?? json);
  }
  return storefront;
}
