import crypto from 'node:crypto';
import type { RequestHandler } from 'express';
import { type GraphQLSchema, lexicographicSortSchema, printSchema } from 'graphql';

/** Where integrators' tools fetch the graph's SDL. */
export const SCHEMA_FILE_PATH = '/graphql/schema.graphql';

/**
 * `GET /graphql/schema.graphql`: the served graph as SDL, sorted like the committed schema.graphql
 * (with its descriptions), for code generators. Strong ETag, so a client revalidates for free.
 */
export function schemaFileRoute(schema: GraphQLSchema): RequestHandler {
  const sdl = printSchema(lexicographicSortSchema(schema));
  const etag = `"${crypto.createHash('sha256').update(sdl).digest('base64url')}"`;
  return (req, res) => {
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', 'no-cache');
    if (req.headers['if-none-match'] === etag) {
      res.status(304).end();
      return;
    }
    res.type('text/plain; charset=utf-8').send(sdl);
  };
}
