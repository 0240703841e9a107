import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZIdParams, ZVendorProduct, ZVendorProductBody, ZVendorProductDeleted, ZVendorProductList, ZVendorProductPatch,
} from '@nirmaan/shared';
import { VENDOR_SESSION_SECURITY, sessionErrorResponses } from '../lib/http-schemas.ts';
import { requireVendor } from '../lib/identity.ts';
import * as service from '../modules/vendor-products/service.ts';

/**
 * A seller's own products in the vendor portal. Another vendor's product answers 404 like a missing one.
 * Every write evicts the cached answers that show products (lists, search, suggestions, the product page),
 * in every server process, so a change shows at once.
 */
export const vendorProductRoutes: FastifyPluginAsyncZod = async (app) => {
  const common = { tags: ['vendor portal'], security: VENDOR_SESSION_SECURITY };
  // Who asks is settled before the body is validated: a visitor or a customer learns nothing about the fields.
  app.addHook('onRequest', async (req) => {
    await requireVendor(req);
  });
  const evict = (vendorId: string, productId: string) => app.responseCache.evict(['products', `product:${productId}`, `vendor:${vendorId}`]);

  app.get('/api/vendor/products', {
    schema: { ...common, summary: "The logged-in seller's products (not deleted), newest first", response: { 200: ZVendorProductList, ...sessionErrorResponses } },
  }, async (req, reply) => {
    const me = await requireVendor(req);
    reply.header('cache-control', 'no-store');
    return service.listProducts(app.db, me.id);
  });

  app.post('/api/vendor/products', {
    schema: {
      ...common,
      summary: 'Add a product (approved sellers only); images must be urls this vendor got from POST /api/vendor/uploads',
      body: ZVendorProductBody,
      response: { 201: ZVendorProduct, ...sessionErrorResponses },
    },
  }, async (req, reply) => {
    const me = await requireVendor(req);
    const created = await service.createProduct(app.db, me.id, req.body);
    await evict(me.id, created._id);
    return reply.status(201).send(created);
  });

  app.patch('/api/vendor/products/:id', {
    schema: {
      ...common,
      summary: "Change any fields of one of the seller's products; MRP stays at or above the price",
      params: ZIdParams, body: ZVendorProductPatch,
      response: { 200: ZVendorProduct, ...sessionErrorResponses },
    },
  }, async (req) => {
    const me = await requireVendor(req);
    const changed = await service.changeProduct(app.db, me.id, req.params.id, req.body);
    await evict(me.id, req.params.id);
    return changed;
  });

  app.delete('/api/vendor/products/:id', {
    schema: {
      ...common,
      summary: "Delete one of the seller's products: it leaves every list, search and its page; order history keeps its lines",
      params: ZIdParams,
      response: { 200: ZVendorProductDeleted, ...sessionErrorResponses },
    },
  }, async (req) => {
    const me = await requireVendor(req);
    const deleted = await service.deleteProduct(app.db, me.id, req.params.id);
    await evict(me.id, req.params.id);
    return deleted;
  });
};
