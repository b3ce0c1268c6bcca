import type { EntityManager } from '@mikro-orm/postgresql';
import type { RequestHandler } from 'express';
import { endMaybeCompressed } from '../../http/compression';
import { loadSessionUserRow } from '../auth';
import { cartTag, namesTag } from './cart-tag';
import { restItem } from './cart.routes';
import { CartService } from './cart.service';

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
export function cartListRoute(em: EntityManager): RequestHandler {
  const carts = new CartService(em);
  return async (req, res, next) => {
    try {
      const userId = req.session?.userId;
      const user = userId ? await loadSessionUserRow(em, req, userId) : null;
      if (!user) {
        res.status(401).json({ message: 'You must be signed in to do this.', code: 'UNAUTHENTICATED' });
        return;
      }
      const cart = await carts.cart(user.id);
      const tag = cartTag(cart);
      res.set({ ETag: tag, 'Cache-Control': 'private, no-cache' });
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
