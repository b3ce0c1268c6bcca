import type { RequestHandler } from 'express';
import { DomainError } from '../../graphql/errors';
import { sendStoredFile } from '../../http/send-stored-file';
import type { ContextFactory } from '../../graphql/context';

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
 * How long a presigned download URL works: long enough to follow the redirect, too short to be
 * worth passing on (every new download goes through the access check again).
 */
export const DOWNLOAD_URL_SECONDS = 60;

/**
 * GET /api/resources/:id/download and /api/curriculum/:id/download (optional ?fileId=, default the
 * first file): gives a file of the resource to an entitled user, its seller or staff (401 signed
 * out, 403 others, 404 unknown). The service authorises and records the download; the storage key
 * comes only from the database. With S3 the answer is a 302 to a presigned GET URL that works for
 * DOWNLOAD_URL_SECONDS and answers with this file name and type (the bytes go from the bucket to
 * the browser, not through the app); on the local disk the app streams the file.
 */
export function resourceDownloadRoute(createContext: ContextFactory): RequestHandler {
  return async (req, res, next) => {
    try {
      const ctx = await createContext(req, res);
      if (!ctx.user) {
        res.status(401).json({ message: 'Not authenticated' });
        return;
      }
      const files = ctx.storage.private;
      const fileId = typeof req.query.fileId === 'string' ? req.query.fileId : null;
      const file = await ctx.services.resources.fileForDownload(
        ctx.user,
        String(req.params.id),
        fileId,
        (key) => files.exists(key),
        // Express answers HEAD with this handler too: it transfers nothing, so it is not a download.
        { record: req.method !== 'HEAD' },
      );
      const headers = {
        'Content-Type': file.contentType,
        'Content-Disposition': attachmentHeader(file.fileName),
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      };
      // A presigned URL is signed for GET only: HEAD is answered here.
      const url =
        req.method === 'HEAD'
          ? null
          : await files.downloadUrl(file.storageKey, {
              contentDisposition: headers['Content-Disposition'],
              contentType: file.contentType,
              expiresInSeconds: DOWNLOAD_URL_SECONDS,
            });
      if (url) {
        // The redirect is as private as the file: no cache may keep it for someone else.
        res.set('Cache-Control', 'private, no-store').redirect(302, url);
        return;
      }
      if (!(await sendStoredFile(req, res, files, file.storageKey, headers))) {
        res.status(404).json({ message: 'File not found', code: 'NOT_FOUND' });
      }
    } catch (error) {
      if (error instanceof DomainError && STATUS[error.code]) {
        res.status(STATUS[error.code]).json({ message: error.message, code: error.code });
        return;
      }
      next(error);
    }
  };
}
