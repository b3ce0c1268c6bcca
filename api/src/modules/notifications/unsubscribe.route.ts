import type { RequestHandler } from 'express';
import { DomainError } from '../../graphql/errors';
import type { ContextFactory } from '../../graphql/context';
import { NotificationPreferencesService } from './notification-preferences.service';

/**
 * `POST /api/notifications/unsubscribe?token=…`: RFC 8058 one-click unsubscribe, the address of a
 * notification's `List-Unsubscribe` header. A mail provider posts `List-Unsubscribe=One-Click`
 * (form-encoded) from its own servers: no session, no Origin of ours, so the route is mounted before
 * the CSRF check; the signed token is the proof. 200 `{ kind }`; 400 `{ message }` for a bad token;
 * 404 when the account is gone.
 */
export function unsubscribeRoute(createContext: ContextFactory): RequestHandler {
  return async (req, res, next) => {
    try {
      const { em, config } = await createContext(req, res);
      const kind = await new NotificationPreferencesService(em).unsubscribe(
        req.query.token,
        config.sessionSecret,
      );
      res.json({ kind });
    } catch (error) {
      if (error instanceof DomainError) {
        res.status(error.code === 'NOT_FOUND' ? 404 : 400).json({ message: error.message });
        return;
      }
      next(error);
    }
  };
}

/**
 * `GET /api/notifications/unsubscribe?token=…`: a mail program without one-click support opens the
 * header's address in a browser; it is sent to the web page, whose button unsubscribes (a GET never
 * changes anything, so link scanners cannot unsubscribe anyone).
 */
export function unsubscribePageRedirect(): RequestHandler {
  return (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    res.redirect(303, `/notifications/unsubscribe?token=${encodeURIComponent(token)}`);
  };
}
