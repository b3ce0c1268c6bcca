import fs from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';
import { DomainError } from '../../graphql/errors';
import type { ContextFactory } from '../../rest/router';

const STATUS: Record<string, number> = { NOT_FOUND: 404, FORBIDDEN: 403 };

/** A header-safe file name: no quotes, backslashes or control characters. */
function safeFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  return name.replace(/["\\\r\n\u0000-\u001f\u007f]/g, '_').replace(/[^\x20-\x7e]/g, '_') || 'download';
}

/**
 * `attachment; filename="…"` with an ASCII name, plus the exact name as UTF-8 (RFC 6266 / 8187
 * `filename*`) when it has other characters ("Übung Walzer.pdf" is not saved as "_bung Walzer.pdf").
 */
export function attachmentHeader(name: string): string {
  const ascii = safeFileName(name);
  if (ascii === name) return `attachment; filename="${ascii}"`;
  let encoded: string;
  try {
    encoded = encodeURIComponent(name).replace(
      /['()*]/g,
      (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
    );
  } catch {
    return `attachment; filename="${ascii}"`; // a lone surrogate: no UTF-8 form
  }
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * GET /api/resources/:id/download and /api/curriculum/:id/download (optional ?fileId=, default the
 * first file): streams a file of the resource to an entitled user, its seller or staff (401 signed
 * out, 403 others, 404 unknown). The service authorises and records the download; the file path
 * comes only from the database and must stay inside the private folder.
 */
export function resourceDownloadRoute(createContext: ContextFactory): RequestHandler {
  return async (req, res, next) => {
    try {
      const ctx = await createContext(req, res);
      if (!ctx.user) {
        res.status(401).json({ message: 'Not authenticated' });
        return;
      }
      const fileId = typeof req.query.fileId === 'string' ? req.query.fileId : null;
      const root = path.resolve(ctx.config.privateDir);
      const file = await ctx.services.resources.fileForDownload(
        ctx.user,
        String(req.params.id),
        fileId,
        (key) => {
          const absolute = path.resolve(root, key);
          if (!absolute.startsWith(root + path.sep) || !fs.existsSync(absolute)) {
            throw new DomainError('NOT_FOUND', 'File not found', 'fileId');
          }
          return absolute;
        },
        // Express answers HEAD with this handler too: it transfers nothing, so it is not a download.
        { record: req.method !== 'HEAD' },
      );
      res.status(200);
      res.setHeader('Content-Type', file.contentType);
      res.setHeader('Content-Disposition', attachmentHeader(file.fileName));
      res.setHeader('Cache-Control', 'private, no-store');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      if (req.method === 'HEAD') {
        res.end();
        return;
      }
      const stream = fs.createReadStream(file.absolutePath);
      stream.on('error', next);
      stream.pipe(res);
    } catch (error) {
      if (error instanceof DomainError && STATUS[error.code]) {
        res.status(STATUS[error.code]).json({ message: error.message, code: error.code });
        return;
      }
      next(error);
    }
  };
}
