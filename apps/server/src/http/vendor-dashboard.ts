import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZVendorDashboard } from '@nirmaan/shared';
import { VENDOR_SESSION_SECURITY, sessionErrorResponses } from '../lib/http-schemas.ts';
import { requireVendor } from '../lib/identity.ts';
import * as service from '../modules/vendor-dashboard/service.ts';

export const vendorDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/vendor/dashboard', {
    schema: {
      tags: ['vendor portal'], security: VENDOR_SESSION_SECURITY,
      summary: "The vendor's dashboard: order lines to ship, upcoming bookings, unread messages, rating, this month's delivered revenue (India's month), and the latest of each",
      response: { 200: ZVendorDashboard, ...sessionErrorResponses },
    },
  }, async (req, reply) => {
    const me = await requireVendor(req);
    reply.header('cache-control', 'no-store');
    return service.vendorDashboard(app.db, me.id);
  });
};
