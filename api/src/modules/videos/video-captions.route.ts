import type { RequestHandler } from 'express';
import multer from 'multer';
import type { ContextFactory } from '../../graphql/context';
import { DomainError } from '../../graphql/errors';
import { MAX_CAPTION_BYTES } from './caption-rules';

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_CAPTION_BYTES, files: 1, fields: 5, fieldSize: 1000 },
}).single('file');

const STATUS: Record<string, number> = { NOT_FOUND: 404, FORBIDDEN: 403 };

/**
 * POST /api/videos/:id/captions — multipart: `file` (WebVTT, ≤ 1 MB), `srclang` ("en", "pt-BR"),
 * `label` ("English"). For the course's instructors and staff. 201 `{ caption: { id, srclang, label } }`;
 * a file for a language the video already has replaces it. Refusals: 400 `{ message, code, field }`
 * (not WebVTT, no cues, bad language or label), 413 (over 1 MB), 401, 403, 404.
 */
export function videoCaptionsRoute(createContext: ContextFactory): RequestHandler {
  return (req, res, next) => {
    upload(req, res, async (uploadError: unknown) => {
      try {
        if (uploadError instanceof multer.MulterError) {
          const tooBig = uploadError.code === 'LIMIT_FILE_SIZE';
          res.status(tooBig ? 413 : 400).json({
            message: tooBig
              ? 'The caption file must be 1 MB or smaller.'
              : `Upload rejected: ${uploadError.message}`,
            code: 'INVALID_INPUT',
            field: 'file',
          });
          return;
        }
        if (uploadError) {
          const message = uploadError instanceof Error ? uploadError.message : 'Malformed upload';
          res
            .status(400)
            .json({ message: `Upload rejected: ${message}`, code: 'INVALID_INPUT', field: null });
          return;
        }
        const ctx = await createContext(req, res);
        if (!ctx.user) {
          res.status(401).json({ message: 'Not authenticated', code: 'UNAUTHENTICATED' });
          return;
        }
        const body = (req.body ?? {}) as Record<string, unknown>;
        const caption = await ctx.services.videoCaptions.add(
          ctx.user,
          ctx.storage.private,
          String(req.params.id),
          {
            srclang: typeof body.srclang === 'string' ? body.srclang.trim() : '',
            label: typeof body.label === 'string' ? body.label : '',
            bytes: req.file?.buffer,
          },
        );
        res.status(201).json({ caption: { id: caption.id, srclang: caption.srclang, label: caption.label } });
      } catch (error) {
        if (error instanceof DomainError) {
          res
            .status(STATUS[error.code] ?? 400)
            .json({ message: error.message, code: error.code, field: error.field ?? null });
          return;
        }
        next(error);
      }
    });
  };
}
