import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZPayoutAccount, ZPayoutAccountBody } from '@nirmaan/shared';
import { VENDOR_SESSION_SECURITY, sessionErrorResponses } from '../../lib/http-schemas.ts';
import { requireVendor } from '../../lib/identity.ts';
import * as service from './service.ts';

/** The logged-in vendor's own payout account; nobody else's session reaches one (decision record 017). */
export const payoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const common = { tags: ['vendor portal'], security: VENDOR_SESSION_SECURITY };

  app.get('/api/vendor/payout-account', {
    schema: { ...common, summary: "The vendor's payout account and its status; the bank account number only masked", response: { 200: ZPayoutAccount, ...sessionErrorResponses } },
  }, async (req, reply) => {
    const me = await requireVendor(req);
    reply.header('cache-control', 'no-store');
    return service.getOwnAccount(app.db, me.id);
  });

  app.put('/api/vendor/payout-account', {
    schema: {
      ...common,
      summary: 'Save the payout account (legal name, business type, PAN, optional GSTIN, bank account, IFSC, beneficiary): each field checked, the error names it; the status becomes pending',
      body: ZPayoutAccountBody, response: { 200: ZPayoutAccount, ...sessionErrorResponses },
    },
  }, async (req, reply) => {
    const me = await requireVendor(req);
    reply.header('cache-control', 'no-store');
    return service.saveOwnAccount(app.db, me.id, req.body);
  });
};
