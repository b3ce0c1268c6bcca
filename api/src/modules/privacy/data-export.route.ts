import type { RequestHandler } from 'express';
import { DomainError } from '../../graphql/errors';
import type { ContextFactory } from '../../graphql/context';
import { buildDataExport, exportFileName } from './data-export';
import { admitExport } from './export-throttle';

/**
 * GET /api/account/export — "Download my data": the signed-in person's data as a JSON attachment
 * `drx-data-<username>-<date>.json` (401 signed out, 403 with an API token: a person's session
 * only, 429 after 5 in an hour).
 */
export function dataExportRoute(createContext: ContextFactory): RequestHandler {
  return async (req, res, next) => {
    try {
      if (req.apiToken) {
        res.status(403).json({
          message: 'Your data cannot be downloaded with an API token: sign in to the site instead.',
          code: 'FORBIDDEN',
        });
        return;
      }
      const ctx = await createContext(req, res);
      if (!ctx.user) {
        res.status(401).json({ message: 'Not authenticated' });
        return;
      }
      await admitExport(ctx.em, ctx.user.id);
      const data = await buildDataExport(ctx.em, ctx.user.id, req.session?.id ?? null);
      res.status(200);
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="${exportFileName(ctx.user.username)}"`);
      res.setHeader('Cache-Control', 'private, no-store');
      res.send(JSON.stringify(data, null, 2));
    } catch (error) {
      if (error instanceof DomainError && error.code === 'TOO_MANY_ATTEMPTS') {
        res.status(429).json({ message: error.message, code: error.code });
        return;
      }
      next(error);
    }
  };
}
