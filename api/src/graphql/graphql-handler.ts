import { type ApolloServer, HeaderMap } from '@apollo/server';
import type { Request, RequestHandler, Response } from 'express';
import { endMaybeCompressed } from '../http/compression';
import type { Context } from './context';

/**
 * Apollo Server on Express: the request handler for /graphql (after `jsonBody`). It does what
 * `@as-integrations/express5` does, minus per-request work a GraphQL response never needs: no
 * legacy `url.parse` of the URL, and the body is written with `res.end` (express's `res.send` would
 * hash every response for an ETag, which nobody revalidates on a POST with `no-store`). A POST's
 * answer is compressed here when it is large enough (http/compression.ts, `compressedUnless`).
 */
export function graphqlHandler(
  server: ApolloServer<Context>,
  createContext: (req: Request, res: Response) => Promise<Context>,
): RequestHandler {
  server.assertStarted('graphqlHandler()');
  return async (req, res, next) => {
    try {
      const headers = new HeaderMap();
      for (const key in req.headers) {
        const value = req.headers[key];
        if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
      }
      const query = req.url.indexOf('?');
      const response = await server.executeHTTPGraphQLRequest({
        httpGraphQLRequest: {
          method: req.method.toUpperCase(),
          headers,
          search: query === -1 ? '' : req.url.slice(query),
          body: req.body,
        },
        context: () => createContext(req, res),
      });
      for (const [key, value] of response.headers) res.setHeader(key, value);
      res.statusCode = response.status ?? 200;
      if (response.body.kind === 'complete') {
        endMaybeCompressed(req, res, response.body.string);
        return;
      }
      for await (const chunk of response.body.asyncIterator) res.write(chunk);
      res.end();
    } catch (error) {
      next(error);
    }
  };
}
