import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZFetchProductsQuery, ZIdParams, ZProductDetail, ZProductList, ZProductReviewList, ZRelatedParams, ZRelatedQuery,
} from '@nirmaan/shared';
import { errorResponses } from '../../plugins/openapi.ts';
import * as service from './service.ts';

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/fetch', {
    config: { publicCache: true },
    schema: {
      tags: ['catalogue'],
      summary: 'Products of a category, or matching a search term by name or brand',
      querystring: ZFetchProductsQuery,
      response: { 200: ZProductList, ...errorResponses },
    },
  }, (req) => service.searchProducts(app.db, req.query.category));

  app.get('/product/:id', {
    config: { publicCache: true },
    schema: {
      tags: ['catalogue'],
      summary: 'One product with its seller',
      params: ZIdParams,
      response: { 200: ZProductDetail, ...errorResponses },
    },
  }, (req) => service.getProduct(app.db, req.params.id));

  app.get('/related-products/:category', {
    config: { publicCache: true },
    schema: {
      tags: ['catalogue'],
      summary: 'Up to 4 other products of the same category',
      params: ZRelatedParams,
      querystring: ZRelatedQuery,
      response: { 200: ZProductList, ...errorResponses },
    },
  }, (req) => service.listRelatedProducts(app.db, req.params.category, req.query.exclude));

  app.get('/fetch/review/:id', {
    config: { publicCache: true },
    schema: {
      tags: ['catalogue'],
      summary: "A product's reviews, newest first",
      params: ZIdParams,
      response: { 200: ZProductReviewList, ...errorResponses },
    },
  }, (req) => service.listProductReviews(app.db, req.params.id));
};
