import type { EntityManager } from '@mikro-orm/postgresql';
import type { RequestHandler } from 'express';
import { endMaybeCompressed } from '../../http/compression';
import { loadSessionUserRow, type SessionRowsReader } from '../auth';
import { cartTag, namesTag } from './cart-tag';
import { restItem } from './cart.routes';
import type { CartRow } from './cart-sql';
import { CartService, cartOfRows } from './cart.service';

/** Where the cart poll is answered (mounted by app.ts beside /graphql, before the REST router). */
export const CART_POLL_PATH = '/api/cart';

/**
 * `GET /api/cart`: the cart poll — the spec's client asks every 3 s while signed in, and so does
 * the web app's header (features/cart/useCartPoll.ts). Answered here rather than by a graph
 * operation (rest/graph-route.ts): the same session, scope check, rate limit, headers and log line,
 * and the same one prepared statement (`CartService.cart`), but no GraphQL pipeline, context or
 * services per poll, and none of the REST router's layers for bodies and parameters it does not take (bench/README.md, "The cart poll without GraphQL"). The ETag covers what the
 * member sees, the discount included, so a poll sent with `If-None-Match` gets an empty 304 until
 * something changed. A guest (or a session whose user is gone) gets the graph's 401.
 */
export function cartListRoute(
  em: EntityManager,
  options: {
    /**
     * The session in front reads no user row and leaves `userId` unset for a user that is gone
     * (`sessionMiddleware`'s `userRow: false`; an API token's owner always exists), so `userId`
     * is the signed-in user's without a read of their row.
     */
    userChecked?: boolean;
    /**
     * Reads the cookie session in the cart's own statement (one round trip for both) when no layer
     * in front set `req.session` (`sessionWithRows`; the poll's bearer tokens are read in front).
     */
    sessionRows?: SessionRowsReader;
  } = {},
): RequestHandler {
  const carts = new CartService(em);
  return async (req, res, next) => {
    try {
      // The session read here with the cart, unless a layer in front read it (an API token's).
      const rows =
        options.sessionRows && !req.session
          ? await options.sessionRows<CartRow>(req, res, carts.cartStatement)
          : null;
      const sessionUserId = req.session?.userId;
      const userId =
        !sessionUserId || options.userChecked || rows
          ? sessionUserId
          : (await loadSessionUserRow(em, req, sessionUserId))?.id;
      if (!userId) {
        res.status(401).json({ message: 'You must be signed in to do this.', code: 'UNAUTHENTICATED' });
        return;
      }
      const cart = rows ? cartOfRows(rows) : await carts.cart(userId);
      const tag = cartTag(cart);
      res.setHeader('ETag', tag);
      res.setHeader('Cache-Control', 'private, no-cache');
      if (namesTag(req.headers['if-none-match'], tag)) {
        res.status(304).end();
        return;
      }
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      endMaybeCompressed(
        req,
        res,
        JSON.stringify(
          cart.items.map((line) => restItem({ ...line, createdAt: line.createdAt.toISOString() })),
        ),
      );
    } catch (error) {
      next(error);
    }
  };
}
