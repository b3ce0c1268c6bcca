import type { RequestHandler } from 'express';
import type { ContextFactory } from '../../graphql/context';
import { hasRole } from '../users';
import { findOutboxMail } from './mail-outbox';

/**
 * GET /api/admin/outbox/:id/attachments/:index — one attachment of a stored mail, for admins
 * (401 signed out, 403 others, 404 unknown mail or index). Sent as a download, never rendered.
 */
export function outboxAttachmentRoute(createContext: ContextFactory): RequestHandler {
  return async (req, res, next) => {
    try {
      const ctx = await createContext(req, res);
      if (!ctx.viewer) {
        res.status(401).json({ message: 'Not authenticated' });
        return;
      }
      if (!hasRole(ctx.viewer, 'admin')) {
        res.status(403).json({ message: 'You are not allowed to do this.' });
        return;
      }
      const mail = await findOutboxMail(ctx.em, String(req.params.id));
      const index = Number(req.params.index);
      const attachment = Number.isInteger(index) && index >= 0 ? mail?.attachments[index] : undefined;
      if (!attachment) {
        res.status(404).json({ message: 'Not found' });
        return;
      }
      const body = Buffer.from(attachment.content, 'base64');
      const ascii = attachment.filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
      res.status(200);
      res.setHeader('Content-Type', 'application/octet-stream');
      res.setHeader(
        'Content-Disposition',
        `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(attachment.filename)}`,
      );
      res.setHeader('Cache-Control', 'private, no-store');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.send(body);
    } catch (error) {
      next(error);
    }
  };
}
