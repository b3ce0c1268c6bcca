import type { ApolloServer } from '@apollo/server';
import express, { type RequestHandler, Router } from 'express';
import type { Pool } from 'pg';
import type { Context, ContextFactory } from '../graphql/context';
import { JSON_BODY_LIMIT_BYTES, jsonBody } from '../http/json-body';
import { validInput } from '../http/valid-input';
import { authStateRoute } from '../modules/auth/auth-state.route';
import { signupChallengeRoute } from '../modules/auth/signup-challenge.route';
import { bookingIcsRoute, calendarFeedRoute } from '../modules/bookings/calendar/calendar.routes';
import { certificatePdfRoute } from '../modules/certificates/certificate-pdf.route';
import { zipcodeLookupRoute } from '../modules/locations/zipcode-lookup.route';
import { outboxAttachmentRoute } from '../modules/mail/outbox-attachment.route';
import { invoiceReceiptRoute } from '../modules/memberships/invoice-receipt.route';
import { messageAttachmentRoute } from '../modules/messaging/messaging.routes';
import { receiptRoute } from '../modules/orders/receipt.route';
import { simpleCheckoutRoute } from '../modules/orders/simple-checkout.route';
import { stripeWebhookRoute } from '../modules/payments/stripe-webhook.route';
import { storeWebhookRoute } from '../modules/shop/store-webhook.route';
import { resourceDownloadRoute } from '../modules/resources/resource-download.route';
import { resourceThumbnailRoute } from '../modules/resources/resource-thumbnail.route';
import { uploadRoute } from '../modules/uploads/upload.route';
import { unsubscribePageRedirect, unsubscribeRoute } from '../modules/notifications/unsubscribe.route';
import { profileImageRoute } from '../modules/users/profile-image.route';
import { dataExportRoute } from '../modules/privacy/data-export.route';
import { oidcRouter } from '../modules/identities/oidc.routes';
import { appModules } from '../modules';
import { requireScope } from '../modules/api-tokens/route-scope';
import { type GraphRoute, runGraphRoute } from './graph-route';

/** Every GraphQL-backed REST row: each module's table, in the module list's order (`modules/index.ts`). */
export const graphRoutes: GraphRoute[] = appModules.flatMap((module) => module.graphRoutes ?? []);

/**
 * The /api/* adapter: the spec's endpoints with its status codes and `{ message }` bodies.
 * `sameOriginOnly` (http/same-origin.ts) is the CSRF guard next to SameSite=Lax cookies: it refuses
 * cross-site state-changing calls by their Sec-Fetch-Site, Origin or Referer; calls with neither a
 * body nor an extra header (the spec's logout and cart deletes, integrators' scripts) pass.
 */
export function createRestRouter(
  server: ApolloServer<Context>,
  createContext: ContextFactory,
  sameOriginOnly: RequestHandler,
  /** The app's plain pool: the ZIP code lookup's limit counts in PostgreSQL (http/rate-limit.ts). */
  pool: Pool,
): Router {
  const router = Router();

  // Stripe signs the exact bytes it sends: raw body, before the JSON parser and the CSRF check.
  router.post(
    '/webhooks/stripe',
    express.raw({ type: '*/*', limit: '1mb' }),
    stripeWebhookRoute(createContext),
  );
  // The store (Shopify) signs the raw body too (X-Shopify-Hmac-Sha256): same placement.
  router.post(
    '/webhooks/store',
    express.raw({ type: '*/*', limit: '5mb' }),
    storeWebhookRoute(createContext),
  );
  // RFC 8058 one-click unsubscribe: mail providers post from their servers; the signed token is the proof.
  router.post(
    '/notifications/unsubscribe',
    express.urlencoded({ extended: false, limit: '1kb' }),
    unsubscribeRoute(createContext),
  );
  router.get('/notifications/unsubscribe', unsubscribePageRedirect());

  router.use(sameOriginOnly);
  router.use(jsonBody(JSON_BODY_LIMIT_BYTES));
  // NUL and other control characters, lone surrogates and over-long strings in the path, the query
  // string or a JSON body: 400 before any route runs (the graph's own guard is graphql/input-guard.ts).
  router.use(validInput());

  router.post('/profile/image', requireScope('account:write'), profileImageRoute(createContext));
  router.post('/upload', requireScope('resources:write'), uploadRoute(createContext));
  router.get('/certificates/:id/pdf', requireScope('learning:read'), certificatePdfRoute(createContext));
  router.post('/simple-checkout', requireScope('cart:write'), simpleCheckoutRoute(server, createContext));
  router.get('/orders/:id/receipt', requireScope('orders:read'), receiptRoute(createContext, 'html'));
  router.get('/orders/:id/receipt.pdf', requireScope('orders:read'), receiptRoute(createContext, 'pdf'));
  router.get(
    '/subscription/invoices/:id/receipt',
    requireScope('account:read'),
    invoiceReceiptRoute(createContext, 'html'),
  );
  router.get(
    '/subscription/invoices/:id/receipt.pdf',
    requireScope('account:read'),
    invoiceReceiptRoute(createContext, 'pdf'),
  );
  router.get(
    ['/resources/:id/download', '/curriculum/:id/download'],
    requireScope('orders:read'),
    resourceDownloadRoute(createContext),
  );
  router.get('/resources/:id/thumbnail', requireScope('catalog:read'), resourceThumbnailRoute(createContext));
  router.get('/bookings/:id/ics', requireScope('bookings:read'), bookingIcsRoute(createContext));
  router.get('/calendar/:token.ics', calendarFeedRoute(createContext));
  router.get(
    '/admin/outbox/:id/attachments/:index',
    requireScope('admin'),
    outboxAttachmentRoute(createContext),
  );
  router.get(
    '/conversations/:id/attachments/:attachmentId',
    requireScope('messages:read'),
    messageAttachmentRoute(createContext),
  );
  router.get('/auth', requireScope('account:read'), authStateRoute(server, createContext));
  router.get('/account/export', dataExportRoute(createContext));
  // Sign in with the identity provider (browser navigations and the link page; no API tokens).
  router.use('/auth/oidc', oidcRouter(createContext));
  router.get('/altcha/challenge', signupChallengeRoute(createContext));
  router.use(zipcodeLookupRoute(pool));

  for (const route of graphRoutes) {
    router[route.method](route.path, async (req, res, next) => {
      try {
        await runGraphRoute(server, route, req, res, await createContext(req, res));
      } catch (error) {
        next(error);
      }
    });
  }

  router.use((_req, res) => {
    res.status(404).json({ message: 'Not found' });
  });
  return router;
}
