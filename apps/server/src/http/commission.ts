import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OPS_PERMISSIONS, ZOpsCommissionRates, ZOpsSetCommissionBody } from '@nirmaan/shared/ops';
import { fieldError } from '../lib/errors.ts';
import { opsSecurity, sessionErrorResponses as errors } from '../lib/http-schemas.ts';
import { requireOperator } from '../lib/identity.ts';
import { actorOf } from '../modules/ops/service.ts';
import * as service from '../modules/commission/service.ts';

/** The console's Money screen (decision record 017, 020): every role reads the commission rates, admins change them. */
export const commissionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/ops/commission', {
    schema: {
      tags: ['operator console'], security: opsSecurity(OPS_PERMISSIONS.read),
      summary: 'The commission rates in basis points: the defaults for materials and services, then per category and per vendor (the most specific applies)',
      response: { 200: ZOpsCommissionRates, ...errors },
    },
  }, async (req, reply) => {
    await requireOperator(req, 'read');
    reply.header('cache-control', 'no-store');
    return service.listRates(app.db);
  });

  app.put('/api/ops/commission', {
    schema: {
      tags: ['operator console'], security: opsSecurity(OPS_PERMISSIONS.manageCommission),
      summary: 'Set one rate (scope default with value materials or services; category with its name; vendor with the email); new sales use it, recorded ones never change; audited',
      body: ZOpsSetCommissionBody, response: { 200: ZOpsCommissionRates, ...errors },
    },
  }, async (req, reply) => {
    const op = await requireOperator(req, 'manageCommission');
    const { scope, value, rateBps, reason } = req.body;
    if (scope === 'default' && value !== 'materials' && value !== 'services') throw fieldError('value', 'A default rate is for materials or services.');
    const rateScope = scope === 'default' ? { default: value as service.CommissionKind } : scope === 'category' ? { category: value } : { vendorEmail: value };
    await service.setRate(app.db, actorOf(op), rateScope, rateBps, reason || null);
    reply.header('cache-control', 'no-store');
    return service.listRates(app.db);
  });
};
