import type { RequestHandler } from 'express';
import multer from 'multer';
import { DomainError } from '../../graphql/errors';
import type { ContextFactory } from '../../graphql/context';
import { MAX_PROFILE_IMAGE_BYTES } from './users.service';

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_PROFILE_IMAGE_BYTES, files: 1, fields: 5 },
}).single('image');

/** POST /api/profile/image — multipart field `image`; answers the updated user. */
export function profileImageRoute(createContext: ContextFactory): RequestHandler {
  return (req, res, next) => {
    upload(req, res, async (uploadError: unknown) => {
      try {
        if (uploadError instanceof multer.MulterError) {
          const tooBig = uploadError.code === 'LIMIT_FILE_SIZE';
          res.status(tooBig ? 413 : 400).json({
            message: tooBig ? 'The image must be 5 MB or smaller' : `Upload rejected: ${uploadError.message}`,
          });
          return;
        }
        if (uploadError) {
          // A malformed multipart body (busboy: "Malformed part header", "Unexpected end of form").
          const message = uploadError instanceof Error ? uploadError.message : 'Malformed upload';
          res.status(400).json({ message: `Upload rejected: ${message}` });
          return;
        }
        const ctx = await createContext(req, res);
        if (!ctx.user) {
          res.status(401).json({ message: 'Not authenticated' });
          return;
        }
        const user = await ctx.services.users.setProfileImage(ctx.user, req.file?.buffer);
        res.json({
          id: user.id,
          username: user.username,
          email: user.email ?? null,
          role: user.role,
          roles: user.roles,
          firstName: user.firstName ?? null,
          lastName: user.lastName ?? null,
          profileImageUrl: user.profileImageUrl ?? null,
          displayName: user.displayName,
          createdAt: user.createdAt.toISOString(),
        });
      } catch (error) {
        if (error instanceof DomainError) {
          res.status(400).json({ message: error.message, code: error.code, field: error.field ?? null });
          return;
        }
        next(error);
      }
    });
  };
}
