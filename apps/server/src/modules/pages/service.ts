/**
 * The door into the pages module (docs/decisions/023): the renderer of the server-rendered public pages, which
 * buildApp creates, and the sitemaps and robots.txt that http/pages.ts serves. What a page reads comes through the
 * other modules' services (page-data.ts).
 */
export { createPageRenderer, type PageRenderer } from './renderer.ts';
export { FIRST_ID, pagesSitemap, productSitemap, robotsTxt, sitemapIndex, streamOf, vendorSitemap } from './sitemap.ts';
