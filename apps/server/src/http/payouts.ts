import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZPayoutAccount, ZPayoutAccountBody } from '@nirmaan/shared';
import { VENDOR_SESSION_SECURITY, sessionErrorResponses } from '../lib/http-schemas.ts';
import { requireVendor } from '../lib/identity.ts';
import * as service from '../modules/payouts/service.ts';

/** The logged-in vendor's own payout account; nobody else's session reaches one (decision records 017, 018). */
export const payoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const common = { tags: ['vendor portal'], security: VENDOR_SESSION_SECURITY };

  app.get('/api/vendor/payout-account', {
    schema: { ...common, summary: "The vendor's payout account and its status (the gateway's reason when it needs clarification); the bank account number only masked", response: { 200: ZPayoutAccount, ...sessionErrorResponses } },
  }, async (req, reply) => {
    const me = await requireVendor(req);
    reply.header('cache-control', 'no-store');
    return service.getOwnAccount(app.db, me.id);
  });

  app.put('/api/vendor/payout-account', {
    schema: {
      ...common,
      summary: 'Save the payout account (legal name, business type, PAN, optional GSTIN, bank account, IFSC, beneficiary): each field checked, the error names it; the status becomes pending and the Razorpay Route linked account follows',
      body: ZPayoutAccountBody, response: { 200: ZPayoutAccount, ...sessionErrorResponses },
    },
  }, async (req, reply) => {
    const me = await requireVendor(req);
    reply.header('cache-control', 'no-store');
    const saved = await service.saveOwnAccount(app.db, me.id, req.body);
    // After the commit: the gateway calls run on (and are retried from the intent row); the answer does not wait.
    void app.routeAccounts.pushSoon(me.id);
    return saved;
  });
};
