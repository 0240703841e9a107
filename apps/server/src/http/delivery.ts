import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZPincodeInfo, ZPincodeParams, ZQuote, ZQuoteBody, ZVendorDelivery, ZVendorDeliveryBody } from '@nirmaan/shared/delivery';
import { VENDOR_SESSION_SECURITY, errorResponses, sessionErrorResponses } from '../lib/http-schemas.ts';
import { requireVendor } from '../lib/identity.ts';
import * as delivery from '../modules/delivery/service.ts';

/** Delivery's calls (decision record 034): a PIN code's place, quotes, and a seller's own delivery settings. */
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

  app.post('/api/delivery/quote', {
    schema: {
      tags: ['delivery'],
      summary: 'Per seller: whether it delivers these products to the PIN (and why not), vehicles and trips, the fee in paise and the first dates',
      body: ZQuoteBody,
      response: { 200: ZQuote, ...errorResponses },
    },
  }, (req) => delivery.quote(app.db, req.body));

  const vendorCall = { tags: ['vendor portal'], security: VENDOR_SESSION_SECURITY };
  app.get('/api/vendor/delivery', {
    schema: { ...vendorCall, summary: "The seller's own delivery settings, or null (the platform's flat fee applies)", response: { 200: ZVendorDelivery, ...sessionErrorResponses } },
  }, async (req, reply) => {
    const me = await requireVendor(req);
    reply.header('cache-control', 'no-store');
    return delivery.vendorDelivery(app.db, me.id);
  });

  app.put('/api/vendor/delivery', {
    schema: {
      ...vendorCall,
      summary: "Replace the seller's delivery settings whole (settings null: back to the platform's flat fee)",
      body: ZVendorDeliveryBody,
      response: { 200: ZVendorDelivery, ...sessionErrorResponses },
    },
    // Who asks is settled before the body is validated: a visitor or a customer learns nothing about the fields.
    onRequest: async (req) => {
      await requireVendor(req);
    },
  }, async (req) => {
    const me = await requireVendor(req);
    return delivery.saveVendorDelivery(app.db, me.id, req.body.settings);
  });
};
