import type { RequestHandler } from 'express';
import type { ContextFactory } from '../../graphql/context';
import { isUuid } from '../../lib/ids';

const DEFAULT_RESOURCE_IMAGE = '/images/default-resource.svg';

/**
 * GET /api/resources/:id/thumbnail: the thumbnail path built from a resource id (the guest cart
 * stores this for resources added without an image). Redirects to the published resource's
 * thumbnail, or to the default resource image.
 */
export function resourceThumbnailRoute(createContext: ContextFactory): RequestHandler {
  return async (req, res, next) => {
    try {
      const id = String(req.params.id);
      let target = DEFAULT_RESOURCE_IMAGE;
      if (isUuid(id)) {
        const ctx = await createContext(req, res);
        const resource = await ctx.services.resources.findVisible(id, ctx.user);
        if (resource?.thumbnailUrl) target = resource.thumbnailUrl;
      }
      res.set('Cache-Control', 'public, max-age=300').redirect(302, target);
    } catch (error) {
      next(error);
    }
  };
}
