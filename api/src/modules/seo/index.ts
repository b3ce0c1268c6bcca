/**
 * The seo module's front door (page metadata, structured data, sitemap): what other modules and the
 * app's HTTP layer may use of it.
 */
export { DEFAULT_SHARE_IMAGE, withPageMeta, type PageMeta } from './page-meta-html';
export { PageMetaSource, type PageLookup } from './page-meta';
export { matchPage, type PageRoute } from './page-routes';
export { robotsRoute } from './robots';
export { sitemapRoutes } from './sitemap.route';
