import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZEarnings, ZEarningsQuery } from '@nirmaan/shared';
import { VENDOR_SESSION_SECURITY, sessionErrorResponses } from '../lib/http-schemas.ts';
import { requireVendor } from '../lib/identity.ts';
import * as service from '../modules/transfers/service.ts';

/** The logged-in vendor's earnings (decision record 019): JSON, or CSV for their books. */
export const transferRoutes: FastifyPluginAsyncZod = async (app) => {
  const common = { tags: ['vendor portal'], security: VENDOR_SESSION_SECURITY };

  app.get('/api/vendor/earnings', {
    schema: {
      ...common,
      summary: "The vendor's earnings: one entry per paid order line or booking (gross, commission, net, where the money is), this month's totals and the cash commission owed; ?format=csv for a CSV file",
      querystring: ZEarningsQuery,
      response: { 200: z.union([ZEarnings, z.string()]), ...sessionErrorResponses },
    },
  }, async (req, reply) => {
    const me = await requireVendor(req);
    reply.header('cache-control', 'no-store');
    const earnings = await service.earnings(app.db, me.id);
    if (req.query.format !== 'csv') return earnings;
    return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="earnings.csv"').send(service.earningsCsv(earnings));
  });
};
