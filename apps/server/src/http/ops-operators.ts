import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParams } from '@nirmaan/shared';
import { OPS_PERMISSIONS, ZOpsOperator, ZOpsOperatorList, ZOpsOperatorRoleBody, ZOpsOptionalReasonBody, ZOpsReasonBody } from '@nirmaan/shared/ops';
import { opsSecurity, sessionErrorResponses as errors } from '../lib/http-schemas.ts';
import { requireOperator } from '../lib/identity.ts';
import { actorOf, changeOperator, listOperators } from '../modules/ops/service.ts';

/**
 * The console's operators (docs/decisions/015), for admins only: the list, a role change, disabling (every session
 * ends at once) and enabling, each audited with its reason. Never oneself. Creating an operator stays on the
 * command line (`npm run operator:create`). Never cached.
 */
export const opsOperatorsRoutes: FastifyPluginAsyncZod = async (app) => {
  const secured = { tags: ['operator console'], security: opsSecurity(OPS_PERMISSIONS.manageOperators) };
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/api/ops/operators', {
    schema: { ...secured, summary: 'Every operator, by email, with role and whether disabled', response: { 200: ZOpsOperatorList, ...errors } },
  }, async (req) => {
    await requireOperator(req, 'manageOperators');
    return listOperators(app.db);
  });

  app.post('/api/ops/operators/:id/role', {
    schema: {
      ...secured, summary: "Change another operator's role, with a reason; it applies from their next request; audited. Oneself, or the same role: 409",
      params: ZIdParams, body: ZOpsOperatorRoleBody, response: { 200: ZOpsOperator, ...errors },
    },
  }, async (req) => {
    const op = await requireOperator(req, 'manageOperators');
    return changeOperator(app.db, actorOf(op), req.params.id, { role: req.body.role }, req.body.reason);
  });

  app.post('/api/ops/operators/:id/disable', {
    schema: {
      ...secured, summary: 'Disable another operator, with a reason: every session of theirs ends at once and login is refused; audited. Oneself, or already disabled: 409',
      params: ZIdParams, body: ZOpsReasonBody, response: { 200: ZOpsOperator, ...errors },
    },
  }, async (req) => {
    const op = await requireOperator(req, 'manageOperators');
    return changeOperator(app.db, actorOf(op), req.params.id, { disabled: true }, req.body.reason);
  });

  app.post('/api/ops/operators/:id/enable', {
    schema: {
      ...secured, summary: 'Enable a disabled operator again (they log in anew); audited. Not disabled: 409',
      params: ZIdParams, body: ZOpsOptionalReasonBody.nullish(), response: { 200: ZOpsOperator, ...errors },
    },
  }, async (req) => {
    const op = await requireOperator(req, 'manageOperators');
    return changeOperator(app.db, actorOf(op), req.params.id, { disabled: false }, req.body?.reason || null);
  });
};
