import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZPincodeInfo, ZPincodeParams } from '@nirmaan/shared/delivery';
import { errorResponses } from '../lib/http-schemas.ts';
import * as delivery from '../modules/delivery/service.ts';

/** Delivery's public calls: a PIN code's place (decision record 031). */
export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/pincodes/:pin', {
    schema: {
      tags: ['delivery'],
      summary: "An Indian PIN code's district, state and centroid (GeoNames, CC BY 4.0), from a table in memory",
      params: ZPincodeParams,
      response: { 200: ZPincodeInfo, ...errorResponses },
    },
  }, (req, reply) => {
    // The table changes only with a release: a day's caching is safe.
    reply.header('cache-control', 'public, max-age=86400');
    return delivery.pincodeInfo(req.params.pin);
  });
};
