import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParams, ZProductReviewList, ZReviewBody, ZReviewParams, ZReviewResponse, ZVendorReviewList } from '@nirmaan/shared';
import { REPORT_MSG, ZReviewReportBody, ZReviewReportResponse } from '@nirmaan/shared/cart';
import { AppError } from '../lib/errors.ts';
import { SESSION_SECURITY, errorResponses, sessionErrorResponses } from '../lib/http-schemas.ts';
import { requireSelf } from '../lib/identity.ts';
import * as service from '../modules/reviews/service.ts';

const idOf = (req: FastifyRequest) => (req.params as { id: string }).id;

/**
 * Writing and listing reviews. The lists carry each review's verified mark, computed when read (service.ts);
 * they are cached under the product's or vendor's tag, which a review, a delivery or a completed booking evicts.
 */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/fetch/review/:id', {
    config: { publicCache: { tags: (req) => [`product:${idOf(req)}`] } },
    schema: {
      tags: ['catalogue'],
      summary: "A product's reviews, newest first; `verified: \"purchase\"` marks one whose author received the product",
      params: ZIdParams,
      response: { 200: ZProductReviewList, ...errorResponses },
    },
  }, (req) => service.listMarkedProductReviews(app.db, req.params.id));

  app.get('/fetch/review/service/:id', {
    config: { publicCache: { tags: (req) => [`vendor:${idOf(req)}`] } },
    schema: {
      tags: ['vendors'],
      summary: "A vendor's reviews, newest first; `verified` is \"booking\" after a Completed booking, \"purchase\" after a Delivered line",
      params: ZIdParams,
      response: { 200: ZVendorReviewList, ...errorResponses },
    },
  }, (req) => service.listMarkedVendorReviews(app.db, req.params.id));

  /**
   * POST /review/{userid}: one path, two bodies in the spec (a product's `productId` or a vendor's `vendorids`).
   * The name shown is the session customer's, not the body's. Each write evicts the cached answers it changes.
   */
  app.post('/review/:userid', {
    schema: {
      tags: ['reviews'],
      summary: 'Review a product ({productId, rating, comment}) or a vendor ({vendorids, rating, comment}); a second review edits the first',
      description: 'rating is a whole number from 1 to 5, or the same digit as a string ("1"–"5"); anything else is refused.',
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
      const saved = await service.reviewProduct(app.db, { ...review, productId: body.productId });
      await app.responseCache.evict([`product:${body.productId}`, 'products']);
      return reply.status(201).send({ message: 'Review submitted successfully!', ...saved });
    }
    const saved = await service.reviewVendor(app.db, { ...review, vendorId: body.vendorids });
    await app.responseCache.evict([`vendor:${body.vendorids}`, 'vendors']);
    return reply.status(201).send({ message: 'Review submitted successfully!', ...saved });
  });

  app.post('/api/reviews/:id/report', {
    config: { sessionRefusals: { loginRequired: REPORT_MSG.loginRequired, wrongRole: REPORT_MSG.customersOnly } },
    schema: {
      tags: ['reviews'],
      summary: "Report someone else's review to the operators ({kind: 'product'|'vendor', reason?}); one report per customer per review, a repeat answers the same",
      security: SESSION_SECURITY,
      params: ZIdParams,
      body: ZReviewReportBody,
      response: { 200: ZReviewReportResponse, ...sessionErrorResponses },
    },
  }, async (req) => {
    const who = await req.identity();
    if (!who) throw new AppError('UNAUTHENTICATED', REPORT_MSG.loginRequired);
    if (who.role !== 'customer') throw new AppError('FORBIDDEN', REPORT_MSG.customersOnly);
    await service.reportReview(app.db, { kind: req.body.kind, reviewId: req.params.id, customerId: who.id, reason: req.body.reason || null });
    return { message: REPORT_MSG.reported, reported: true as const };
  });
};
