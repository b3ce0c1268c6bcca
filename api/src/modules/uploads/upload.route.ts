import type { Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import fs from 'node:fs';
import path from 'node:path';
import type { Context, ContextFactory } from '../../graphql/context';
import { DomainError } from '../../graphql/errors';
import { hasAnyRole, STAFF_ROLES } from '../users';
import { KindLimitedStorage } from './kind-limited-storage';
import {
  MAX_FILES_PER_UPLOAD,
  MAX_MESSAGE_FILES_PER_UPLOAD,
  MESSAGE_UPLOAD_TYPES,
  messageUploadLimits,
  uploadLimits,
} from './upload-limits';
import type { ReceivedFile } from './uploads.service';

const STATUS: Record<string, number> = {
  INVALID_INPUT: 400,
  FILE_TYPE: 415,
  FILE_TOO_LARGE: 413,
  FORBIDDEN: 403,
  RATE_LIMITED: 429,
};

/** Sellers and staff may upload resource files. */
export const UPLOADER_ROLES = ['seller', ...STAFF_ROLES] as const;

/**
 * After an answer given before the request's body was read to its end (a file refused while it
 * streamed in, a guest's upload), at most this much more is read and thrown away, for at most
 * LINGER_MS, so the client can read the answer; then the connection is closed.
 */
const LINGER_BYTES = 1024 * 1024;
const LINGER_MS = 2000;

function closeUnreadBody(req: Request, res: Response): void {
  res.once('finish', () => {
    if (req.complete || req.destroyed) return;
    let left = LINGER_BYTES;
    const close = () => {
      clearTimeout(timer);
      req.socket?.destroy();
    };
    const timer = setTimeout(close, LINGER_MS);
    timer.unref();
    req.on('data', (chunk: Buffer) => {
      left -= chunk.length;
      if (left < 0) close();
    });
    req.once('end', () => clearTimeout(timer));
    req.once('close', () => clearTimeout(timer));
  });
}

/**
 * The folder where multer streams a request's files before they are checked: local temporary work
 * of this process only (removed before the answer); accepted files then go to the app's storage.
 */
export function uploadTempRoot(dataDir: string): string {
  return path.join(dataDir, 'tmp', 'uploads');
}

const received = (file: Express.Multer.File): ReceivedFile => ({
  path: file.path,
  originalName: file.originalname,
  size: file.size,
});

/**
 * POST /api/upload (multipart: `files` 1–10 and/or one `thumbnail` image). Files stream to a
 * per-request temporary folder on disk (never into memory); each is cut off at the limit of its
 * kind while it streams in (KindLimitedStorage), and the answer (413/415) does not wait for the
 * rest of the body. Accepted files are checked again whole, by content and size per kind, and only
 * then move to storage; whatever happens, the temporary folder is removed before the answer.
 * 201 `{ files: [{ uploadId, fileName, sizeBytes, contentType, kind }], thumbnail: { uploadId, url } | null }`.
 */
export function uploadRoute(createContext: ContextFactory): RequestHandler {
  return async (req, res, next) => {
    let tempDir: string | null = null;
    let answer: Answer;
    closeUnreadBody(req, res);
    try {
      const ctx = await createContext(req, res);
      if (!ctx.user) {
        req.resume(); // discard the body
        res.status(401).json({ message: 'Not authenticated' });
        return;
      }
      // Message attachments (`?purpose=message`): any signed-in user; images and PDFs only, at most
      // 5 files of 10 MB each, within a daily quota of 50 MB (counted in the database).
      const forMessage = req.query.purpose === 'message';
      if (!forMessage && !hasAnyRole(ctx.user, UPLOADER_ROLES)) {
        req.resume();
        res.status(403).json({ message: 'Only sellers can upload resource files' });
        return;
      }
      const root = uploadTempRoot(ctx.config.dataDir);
      await fs.promises.mkdir(root, { recursive: true });
      tempDir = await fs.promises.mkdtemp(path.join(root, 'req-'));
      answer = await receive(req, res, ctx, tempDir, forMessage);
    } catch (error) {
      if (error instanceof DomainError && STATUS[error.code]) {
        answer = {
          status: STATUS[error.code],
          body: { message: error.message, code: error.code, field: error.field ?? null },
        };
      } else {
        answer = { error };
      }
    } finally {
      // Nothing of a request stays in the temporary folder, accepted or not (before answering).
      if (tempDir) await fs.promises.rm(tempDir, { recursive: true, force: true }).catch(() => undefined);
    }
    if ('error' in answer) {
      next(answer.error);
      return;
    }
    res.status(answer.status).json(answer.body);
  };
}

type Answer = { status: number; body: unknown } | { error: unknown };

async function receive(
  req: Request,
  res: Response,
  ctx: Context,
  dir: string,
  forMessage: boolean,
): Promise<Answer> {
  const configured = uploadLimits(ctx.config.uploadLimits);
  const limits = forMessage ? messageUploadLimits(configured) : configured;
  // File sizes are limited per kind by the storage engine (the largest limit before the kind is
  // known); multer's own limits bound the number of parts.
  const storage = new KindLimitedStorage(dir, limits, forMessage ? MESSAGE_UPLOAD_TYPES : null);
  const maxFiles = forMessage ? MAX_MESSAGE_FILES_PER_UPLOAD : MAX_FILES_PER_UPLOAD;
  const parse = multer({
    storage,
    // Browsers send file names as raw UTF-8 (busboy's default would read them as Latin-1).
    defParamCharset: 'utf8',
    limits: { files: maxFiles + 1, fields: 20, parts: 40 },
  }).fields([
    { name: 'files', maxCount: maxFiles },
    { name: 'thumbnail', maxCount: 1 },
  ]);
  // multer reports an error only once the body has been read to its end; a refused file is
  // answered at once instead (the rest of the body is not stored, and not waited for).
  const parseError = await Promise.race([
    new Promise<unknown>((resolve) => parse(req, res, resolve)),
    storage.refused.then(async (refusal) => {
      await storage.settled();
      return refusal;
    }),
  ]);
  if (parseError instanceof DomainError) throw parseError;
  if (parseError instanceof multer.MulterError) {
    if (parseError.code === 'LIMIT_UNEXPECTED_FILE' || parseError.code === 'LIMIT_FILE_COUNT') {
      return {
        status: 400,
        body: {
          message: forMessage
            ? `Send up to ${MAX_MESSAGE_FILES_PER_UPLOAD} message attachments in the field "files"`
            : `Send up to ${MAX_FILES_PER_UPLOAD} files in the field "files" and one image in "thumbnail"`,
        },
      };
    }
    return { status: 400, body: { message: `Upload rejected: ${parseError.message}` } };
  }
  if (parseError) {
    const message = parseError instanceof Error ? parseError.message : 'Malformed upload';
    return { status: 400, body: { message: `Upload rejected: ${message}` } };
  }
  const fields = (req.files ?? {}) as Record<string, Express.Multer.File[] | undefined>;
  if (forMessage && fields.thumbnail?.length) {
    // Thumbnails are public files; message attachments never are.
    return { status: 400, body: { message: 'Send message attachments in the field "files" only' } };
  }
  const result = await ctx.services.uploads.receive(
    ctx.user!,
    ctx.storage,
    limits,
    (fields.files ?? []).map(received),
    fields.thumbnail?.[0] ? received(fields.thumbnail[0]) : null,
    forMessage ? 'message' : 'resource',
  );
  return {
    status: 201,
    body: {
      files: result.files.map(({ upload }) => ({
        uploadId: upload.id,
        fileName: upload.fileName,
        sizeBytes: upload.sizeBytes,
        contentType: upload.contentType,
        kind: upload.kind,
      })),
      thumbnail: result.thumbnail
        ? { uploadId: result.thumbnail.upload.id, url: result.thumbnail.url }
        : null,
    },
  };
}
