import type { RequestHandler } from 'express';
import { type ApiTokenScope, scopeGranted } from './api-token-scopes';
import './api-token-request';

/**
 * For the REST endpoints that are not graph operations (downloads, uploads, receipts, PDFs): a
 * bearer request needs `scope` (403 otherwise); cookie sessions and guests pass to the route's own
 * checks.
 */
export function requireScope(scope: ApiTokenScope): RequestHandler {
  return (req, res, next) => {
    const token = req.apiToken;
    if (!token || scopeGranted(token.scopes, scope)) return next();
    res.status(403).json({
      message: `This API token lacks the scope "${scope}" that this endpoint needs.`,
      code: 'FORBIDDEN',
      requiredScope: scope,
    });
  };
}
