import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParams } from '@nirmaan/shared';
import { ZDispute, ZDisputeAnswerBody, ZDisputeList, ZOpenDisputeBody, ZOpsDisputeList, ZOpsDisputeListQuery, ZResolveDisputeBody } from '@nirmaan/shared/disputes';
import { OPS_PERMISSIONS } from '@nirmaan/shared/ops';
import { resolveDispute } from '../flows/dispute-refund.ts';
import { SESSION_SECURITY, VENDOR_SESSION_SECURITY, opsSecurity, sessionErrorResponses as errors } from '../lib/http-schemas.ts';
import { requireCustomer, requireOperator, requireVendor } from '../lib/identity.ts';
import { actorOf } from '../modules/ops/service.ts';
import * as service from '../modules/disputes/service.ts';

/** Disputes (decision record 020): the customer's report, the vendor's answer, support's resolution. Never cached. */
export const disputeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post('/api/disputes', {
    schema: {
      tags: ['disputes'], security: SESSION_SECURITY,
      summary: "Report a problem with one of the customer's own order lines (shipped or delivered) or bookings (confirmed or completed), with text and up to 5 private photo ids; one open dispute per line or booking (409 otherwise); both parties are mailed",
      body: ZOpenDisputeBody, response: { 201: ZDispute, ...errors },
    },
  }, async (req, reply) => {
    const me = await requireCustomer(req);
    const opened = await service.openDispute(app.db, me.id, req.body);
    void app.outbox.poke();
    return reply.code(201).send(opened);
  });

  app.get('/api/disputes', {
    schema: { tags: ['disputes'], security: SESSION_SECURITY, summary: "The customer's disputes, newest first, with what was refunded", response: { 200: ZDisputeList, ...errors } },
  }, async (req) => service.listOfCustomer(app.db, (await requireCustomer(req)).id));

  app.get('/api/vendor/disputes', {
    schema: { tags: ['vendor portal'], security: VENDOR_SESSION_SECURITY, summary: "Disputes about the vendor's order lines and bookings, newest first", response: { 200: ZDisputeList, ...errors } },
  }, async (req) => service.listOfVendor(app.db, (await requireVendor(req)).id));

  app.post('/api/vendor/disputes/:id/answer', {
    schema: {
      tags: ['vendor portal'], security: VENDOR_SESSION_SECURITY, summary: "Answer an open dispute about the vendor's own line or booking, once; both parties are mailed",
      params: ZIdParams, body: ZDisputeAnswerBody, response: { 200: ZDispute, ...errors },
    },
  }, async (req) => {
    const me = await requireVendor(req);
    const answered = await service.answerAsVendor(app.db, me.id, req.params.id, req.body.text);
    void app.outbox.poke();
    return answered;
  });

  const ops = (permission: 'read' | 'resolveDisputes') => ({ tags: ['operator console'], security: opsSecurity(OPS_PERMISSIONS[permission]) });

  app.get('/api/ops/disputes', {
    schema: { ...ops('read'), summary: 'Disputes by status (unresolved first, then newest), 50 a page', querystring: ZOpsDisputeListQuery, response: { 200: ZOpsDisputeList, ...errors } },
  }, async (req) => {
    await requireOperator(req, 'read');
    return service.listForOps(app.db, req.query);
  });

  app.get('/api/ops/disputes/:id', {
    schema: { ...ops('read'), summary: 'One dispute with both sides and what was paid and refunded', params: ZIdParams, response: { 200: ZDispute, ...errors } },
  }, async (req) => {
    await requireOperator(req, 'read');
    return service.getForOps(app.db, req.params.id);
  });

  app.post('/api/ops/disputes/:id/resolve', {
    schema: {
      ...ops('resolveDisputes'),
      summary: "Resolve a dispute with a reason: full_refund, partial_refund (amountPaise ≤ paid less refunded) or reject. Support's refunds above SUPPORT_REFUND_LIMIT_PAISE answer 403; racing resolutions give one (409); audited; both parties mailed",
      params: ZIdParams, body: ZResolveDisputeBody, response: { 200: ZDispute, ...errors },
    },
  }, async (req) => {
    const op = await requireOperator(req, 'resolveDisputes');
    const resolved = await resolveDispute(app.payments, { actor: actorOf(op), role: op.role, supportLimitPaise: app.config.SUPPORT_REFUND_LIMIT_PAISE }, req.params.id, req.body);
    void app.outbox.poke();
    return resolved;
  });
};
