import type { ApolloServer } from '@apollo/server';
import type { RequestHandler } from 'express';
import type { Context, ContextFactory } from '../../graphql/context';
import { USER_FIELDS } from '../users';

const AUTH_STATE = `query AuthState { me { ${USER_FIELDS} } }`;

/**
 * GET /api/auth: the session's state without a 401, for clients that poll it —
 * 200 `{ authenticated: true, user }` (the same user JSON as GET /api/user) or
 * 200 `{ authenticated: false, user: null }`.
 */
export function authStateRoute(server: ApolloServer<Context>, createContext: ContextFactory): RequestHandler {
  return async (req, res, next) => {
    try {
      const response = await server.executeOperation(
        { query: AUTH_STATE },
        { contextValue: await createContext(req, res) },
      );
      if (response.body.kind !== 'single') throw new Error('Incremental delivery is not used by REST routes');
      const { data, errors } = response.body.singleResult;
      if (errors?.length) throw new Error(`AuthState failed: ${errors[0].message}`);
      const user = (data?.me as Record<string, unknown> | null | undefined) ?? null;
      res.setHeader('Cache-Control', 'no-store');
      res.json({ authenticated: user !== null, user });
    } catch (error) {
      next(error);
    }
  };
}
