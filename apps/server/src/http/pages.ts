import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZId } from '@nirmaan/shared';
import { FIRST_ID, pagesSitemap, productSitemap, robotsTxt, sitemapIndex, streamOf, vendorSitemap } from '../modules/pages/service.ts';

const XML = 'application/xml; charset=utf-8';
/** Crawlers read these a few times a day; an hour's staleness is harmless. */
const SITEMAP_CACHE = 'public, max-age=3600';

const ZProductSitemapQuery = z.object({ after: z.union([ZId, z.literal(FIRST_ID)]), through: ZId });

/** robots.txt and the sitemaps (docs/decisions/023); the pages themselves are rendered through `renderer.ts`. */
export const pageRoutes: FastifyPluginAsyncZod = async (app) => {
  const origin = (app.config.PUBLIC_URL ?? `http://localhost:${app.config.PORT}`).replace(/\/$/, '');

  app.get('/robots.txt', { schema: { hide: true } }, (_req, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', SITEMAP_CACHE).send(robotsTxt(origin)));

  app.get('/sitemap.xml', { schema: { hide: true } }, (_req, reply) =>
    reply.type(XML).header('cache-control', SITEMAP_CACHE).send(streamOf(sitemapIndex(app.db, origin))));

  app.get('/sitemaps/pages.xml', { schema: { hide: true } }, (_req, reply) =>
    reply.type(XML).header('cache-control', SITEMAP_CACHE).send(pagesSitemap(origin)));

  app.get('/sitemaps/vendors.xml', { schema: { hide: true } }, (_req, reply) =>
    reply.type(XML).header('cache-control', SITEMAP_CACHE).send(streamOf(vendorSitemap(app.db, origin))));

  app.get('/sitemaps/products.xml', { schema: { hide: true, querystring: ZProductSitemapQuery } }, (req, reply) =>
    reply.type(XML).header('cache-control', SITEMAP_CACHE).send(streamOf(productSitemap(app.db, origin, req.query.after, req.query.through))));
};
