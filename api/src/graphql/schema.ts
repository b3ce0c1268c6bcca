import 'reflect-metadata';
import type { GraphQLSchema } from 'graphql';
import { applyMiddleware } from 'graphql-middleware';
import fs from 'node:fs';
import path from 'node:path';
import { buildSchema, emitSchemaDefinitionFile } from 'type-graphql';
import { addTokenScopes } from '../modules/api-tokens';
import { appModules } from '../modules';
import { PgPubSub } from '../realtime/pg-pubsub';
import { addAudiences } from './audience';
import { describeConnections } from './connection';
import { permissionMiddleware, ruleOf } from './permission-middleware';

function nonEmpty<T>(items: T[]): [T, ...T[]] {
  const [first, ...rest] = items;
  if (first === undefined) throw new Error('No module declares a resolver');
  return [first, ...rest];
}

/** Every module's resolvers, in the order of the module list (`modules/index.ts`). */
export const resolvers = nonEmpty(appModules.flatMap((mod) => mod.resolvers ?? []));

/** Where the committed SDL lives (the repo root). */
export const SCHEMA_FILE = path.resolve(__dirname, '..', '..', '..', 'schema.graphql');

/** The root types' descriptions (type-graphql has no option for them). */
function describeRootTypes(schema: GraphQLSchema): void {
  const query = schema.getQueryType();
  if (query) {
    query.description =
      'Everything the DRX graph can read. Each field says what it returns and who may call it; a caller it does not admit gets a GraphQL error with code UNAUTHENTICATED or FORBIDDEN.';
  }
  const mutation = schema.getMutationType();
  if (mutation) {
    mutation.description =
      'Everything the DRX graph can change. Expected failures come back as data in each payload’s `userErrors` (code, field, message); a caller the field does not admit gets a GraphQL error with code UNAUTHENTICATED or FORBIDDEN.';
  }
  const subscription = schema.getSubscriptionType();
  if (subscription) {
    subscription.description =
      'Live events, served over GraphQL over Server-Sent Events (graphql-sse, distinct connections) at POST /graphql/stream, not at /graphql. Each event is read again from the database as the subscriber; a lost stream loses its events, so clients refetch after reconnecting.';
  }
}

/**
 * The graph without permissions (for tooling and the permission walk test); each root field's
 * description ends with who may call it, from its permission rule (audience.ts). type-graphql asks
 * for a pubsub when the graph has subscriptions; ours subscribe on the request's (`context.realtime`),
 * so it gets a detached one that never connects.
 */
export async function buildBareSchema(): Promise<GraphQLSchema> {
  const schema = await buildSchema({ resolvers, validate: false, pubSub: new PgPubSub() });
  describeRootTypes(schema);
  describeConnections(schema);
  // The scope first: the audience line ends every root field's description (audience.spec.ts).
  addTokenScopes(schema);
  addAudiences(schema, ruleOf);
  return schema;
}

/**
 * Writes schema.graphql (`npm run schema`), sorted, as the served graph describes itself: into a file
 * beside it, renamed over it only when it differs. `npm test` runs this beside the integration tests,
 * two of which read schema.graphql: a rewrite in place would show them an empty file for a moment.
 */
export async function emitSchemaFile(): Promise<void> {
  const written = `${SCHEMA_FILE}.${process.pid}.tmp`;
  try {
    await emitSchemaDefinitionFile(written, await buildBareSchema(), { sortedSchema: true });
    const same = fs.existsSync(SCHEMA_FILE) && fs.readFileSync(SCHEMA_FILE).equals(fs.readFileSync(written));
    if (!same) fs.renameSync(written, SCHEMA_FILE);
  } finally {
    fs.rmSync(written, { force: true });
  }
}

let appSchema: Promise<GraphQLSchema> | undefined;

/**
 * The graph served at /graphql (and /graphql/stream) and used by the REST adapter: with
 * graphql-shield applied. Built once per process and shared by its apps (tests start many): nothing
 * in it is an app's own — resolvers take their services, database and pubsub from the request's
 * context (a subscription listens on `context.realtime`, realtime/topics.ts). Building it took
 * ≈ 0.2 s of each test app's start, ≈ 8% of the integration workers' CPU (2026-12-07).
 */
export function buildAppSchema(): Promise<GraphQLSchema> {
  appSchema ??= buildBareSchema().then((schema) => applyMiddleware(schema, permissionMiddleware(schema)));
  return appSchema;
}
