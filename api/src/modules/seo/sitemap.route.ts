import type { EntityManager } from '@mikro-orm/postgresql';
import express, { type Router } from 'express';
import {
  SITEMAP_URL_LIMIT,
  countSitemapEntries,
  sitemapEntries,
  sitemapIndexXml,
  urlsetXml,
} from './sitemap';

/** Crawlers and shared caches may keep the sitemap an hour (it is read from the database). */
export const SITEMAP_CACHE_CONTROL = 'public, max-age=3600';

export interface SitemapRouteOptions {
  /** The site's public address (config.publicUrl): every URL in the sitemap is absolute. */
  publicUrl: string;
  /** URLs per file; the protocol's 50 000 unless a test lowers it. */
  urlsPerFile?: number;
}

/**
 * `GET /sitemap.xml`: every public page as one `<urlset>` while they fit in one file, else a
 * `<sitemapindex>` of `GET /sitemap-<n>.xml` files (1-based; a file past the end is 404).
 */
export function sitemapRoutes(em: EntityManager, options: SitemapRouteOptions): Router {
  const perFile = options.urlsPerFile ?? SITEMAP_URL_LIMIT;
  const router = express.Router();
  const sendXml = (res: express.Response, xml: string) => {
    res.set('Cache-Control', SITEMAP_CACHE_CONTROL).type('application/xml').send(xml);
  };

  router.get('/sitemap.xml', async (_req, res, next) => {
    try {
      const fork = em.fork();
      const total = await countSitemapEntries(fork);
      if (total > perFile) {
        sendXml(res, sitemapIndexXml(options.publicUrl, Math.ceil(total / perFile)));
        return;
      }
      sendXml(res, urlsetXml(options.publicUrl, await sitemapEntries(fork, 0, perFile)));
    } catch (error) {
      next(error);
    }
  });

  router.get(/^\/sitemap-(\d{1,9})\.xml$/, async (req, res, next) => {
    try {
      const n = Number((req.params as Record<string, string>)[0]);
      const fork = em.fork();
      const files = Math.ceil((await countSitemapEntries(fork)) / perFile);
      if (n < 1 || n > files) {
        res.status(404).json({ message: 'Not found' });
        return;
      }
      sendXml(res, urlsetXml(options.publicUrl, await sitemapEntries(fork, (n - 1) * perFile, perFile)));
    } catch (error) {
      next(error);
    }
  });

  return router;
}
