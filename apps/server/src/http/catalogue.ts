import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZId, ZIdParams, ZProductListQuery, ZProductViewAnswer, ZRecentProductsBody, ZProductPage, ZSuggestQuery, ZSuggestions, ZProductDetail, ZProductList, ZRelatedParams, ZRelatedQuery,
} from '@nirmaan/shared';
import { z } from 'zod';
import { errorResponses } from '../lib/http-schemas.ts';
import { countVerifiedProductReviews } from '../modules/reviews/service.ts';
import * as service from '../modules/catalogue/service.ts';

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  // A product written anywhere (any process, with Redis) changes list totals too.
  app.responseCache.onEvict((tags) => {
    if (tags.includes('products')) service.forgetTotals(app.db);
  });

  app.get('/fetch', {
    config: { publicCache: { tags: () => ['products'] } },
    schema: {
      tags: ['catalogue'],
      summary: 'Products of a category, or matching a search term by name, brand or category (typos tolerated)',
      description: 'A category name lists exactly that category, cheapest first; any other term ranks by relevance. '
        + 'Optional `limit`, `cursor`, `maxPrice`, `location`, `sort` as in /api/products; at most 200 without `limit`.',
      querystring: ZProductListQuery,
      response: { 200: ZProductList, ...errorResponses },
    },
  }, (req) => service.searchProducts(app.db, req.query));

  app.get('/api/products', {
    config: { publicCache: { tags: () => ['products'] } },
    schema: {
      tags: ['catalogue'],
      summary: 'A page of products of a category or search, with the total and the next page’s cursor',
      querystring: ZProductListQuery,
      response: { 200: ZProductPage, ...errorResponses },
    },
  }, (req) => service.listProductPage(app.db, req.query));

  app.get('/api/search/suggest', {
    config: { publicCache: { tags: () => ['products'] } },
    schema: {
      tags: ['catalogue'],
      summary: 'Header search suggestions while typing: near categories and product names',
      querystring: ZSuggestQuery,
      response: { 200: ZSuggestions, ...errorResponses },
    },
  }, (req) => service.suggest(app.db, req.query.q));

  app.get('/product/:id', {
    config: { publicCache: { tags: (req) => [`product:${(req.params as { id: string }).id}`] } },
    schema: {
      tags: ['catalogue'],
      summary: 'One product with its seller, its stored rating and how many of its reviews are verified purchases',
      params: ZIdParams,
      response: { 200: ZProductDetail, ...errorResponses },
    },
  }, async (req) => {
    const product = await service.getProduct(app.db, req.params.id);
    return { ...product, ProductVerifiedReviewCount: await countVerifiedProductReviews(app.db, product._id, product.ProductReviewCount) };
  });

  app.get('/related-products/:category', {
    config: { publicCache: { tags: () => ['products'] } },
    schema: {
      tags: ['catalogue'],
      summary: 'Up to 4 other products of the same category',
      params: ZRelatedParams,
      querystring: ZRelatedQuery,
      response: { 200: ZProductList, ...errorResponses },
    },
  }, (req) => service.listRelatedProducts(app.db, req.params.category, req.query.exclude));

  // The next two are calls of the seed's original frontend that the spec does not list (docs/api-contract.md).
  app.post('/recent-products', {
    schema: {
      tags: ['catalogue'],
      summary: 'Recently viewed products by id, in the order given: unknown, deleted or hidden ones skipped, the first 20 ids read',
      body: ZRecentProductsBody,
      response: { 200: ZProductList, ...errorResponses },
    },
  }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return service.recentProducts(app.db, req.body.ids);
  });

  app.post('/updateview/:productId', {
    schema: {
      tags: ['catalogue'],
      summary: "Counts a view of a product (one per client and product in 30 minutes; more answer counted: false); the vendor's dashboard and sort=popular read the counts",
      params: z.object({ productId: ZId }),
      response: { 200: ZProductViewAnswer, ...errorResponses },
    },
  }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return service.countProductView(app.db, app.limiter, req.ip, req.params.productId);
  });
};
