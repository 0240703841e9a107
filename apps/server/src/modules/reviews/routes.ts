import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZReviewBody, ZReviewParams, ZReviewResponse } from '@nirmaan/shared';
import { SESSION_SECURITY, sessionErrorResponses } from '../../lib/http-schemas.ts';
import { requireSelf } from '../../lib/identity.ts';
import { addProductReview } from '../catalogue/service.ts';
import { addVendorReview } from '../vendors/service.ts';

/**
 * POST /review/{userid}: one path, two bodies in the spec (a product's `productId` or a vendor's `vendorids`).
 * The name shown is the session customer's, not the body's. Each write evicts the cached answers it changes.
 */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/review/:userid', {
    schema: {
      tags: ['reviews'],
      summary: 'Review a product ({productId, rating, comment}) or a vendor ({vendorids, rating, comment}); a second review edits the first',
      security: SESSION_SECURITY,
      params: ZReviewParams,
      body: ZReviewBody,
      response: { 201: ZReviewResponse, ...sessionErrorResponses },
    },
  }, async (req, reply) => {
    const me = await requireSelf(req, req.params.userid);
    const body = req.body;
    const review = { customerId: me.id, customerName: me.name, rating: body.rating, comment: body.comment };
    if ('productId' in body) {
      const saved = await addProductReview(app.db, { ...review, productId: body.productId });
      await app.responseCache.evict([`product:${body.productId}`, 'products']);
      return reply.status(201).send({ message: 'Review submitted successfully!', ...saved });
    }
    const saved = await addVendorReview(app.db, { ...review, vendorId: body.vendorids });
    await app.responseCache.evict([`vendor:${body.vendorids}`, 'vendors']);
    return reply.status(201).send({ message: 'Review submitted successfully!', ...saved });
  });
};
