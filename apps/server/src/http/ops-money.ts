import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParams } from '@nirmaan/shared';
import { OPS_PERMISSIONS, ZOpsExtendHoldBody, ZOpsReasonBody, ZOpsTransfer, ZOpsTransferList, ZOpsTransferListQuery, ZOpsVendorLedger, type OpsPermission } from '@nirmaan/shared/ops';
import { actOnTransfer } from '../flows/ops-money.ts';
import { opsSecurity, sessionErrorResponses as errors } from '../lib/http-schemas.ts';
import { requireOperator } from '../lib/identity.ts';
import * as transfers from '../modules/transfers/service.ts';
import { actorOf } from '../modules/ops/service.ts';

/** How long an action waits for the worker's pass before answering (the answer then shows the gateway's result). */
const WORKER_WAIT_MS = 3_000;

/**
 * The console's vendor transfers and ledgers (docs/decisions/025): every role reads them; admin and finance release
 * a hold now, extend it, or retry a failed transfer, each audited. Never cached.
 */
export const opsMoneyRoutes: FastifyPluginAsyncZod = async (app) => {
  const secured = (permission: OpsPermission) => ({ tags: ['operator console'], security: opsSecurity(OPS_PERMISSIONS[permission]) });
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });
  /** After the commit: the worker makes the gateway call; the answer waits a little for it, then reads the row. */
  const afterCommit = async (id: string) => {
    await Promise.race([app.transfers.worker.poke(), new Promise((resolve) => setTimeout(resolve, WORKER_WAIT_MS).unref())]);
    return transfers.getForOps(app.db, id);
  };

  app.get('/api/ops/transfers', {
    schema: {
      ...secured('read'), summary: 'Vendor transfers newest first, 50 a page, by status (awaiting_account, due, failed, held, released, reversed, cancelled) and vendor',
      querystring: ZOpsTransferListQuery, response: { 200: ZOpsTransferList, ...errors },
    },
  }, async (req) => {
    await requireOperator(req, 'read');
    return transfers.listForOps(app.db, req.query);
  });

  app.get('/api/ops/vendors/:id/ledger', {
    schema: {
      ...secured('read'), summary: "A vendor's ledger: what is owed to them and not transferred, held, released, the cash commission they owe, what the gateway transferred and reversed (by our rows, and by the gateway's own report), whether it all reconciles, and their earnings. Unknown vendor: 404",
      params: ZIdParams, response: { 200: ZOpsVendorLedger, ...errors },
    },
  }, async (req) => {
    await requireOperator(req, 'read');
    return transfers.ledgerForOps(app.transfers, req.params.id);
  });

  app.post('/api/ops/transfers/:id/release', {
    schema: {
      ...secured('manageTransfers'), summary: "Release a made transfer's hold now, with a reason (lifts any extension); the worker releases it at the gateway; audited. Not made, released or already due: 409",
      params: ZIdParams, body: ZOpsReasonBody, response: { 200: ZOpsTransfer, ...errors },
    },
  }, async (req) => {
    const op = await requireOperator(req, 'manageTransfers');
    await actOnTransfer(app.db, actorOf(op), req.params.id, 'release', req.body.reason);
    return afterCommit(req.params.id);
  });

  app.post('/api/ops/transfers/:id/extend', {
    schema: {
      ...secured('manageTransfers'), summary: 'Extend a hold by 1 to 30 days with a reason (never beyond 90 days from now); no release before it, delivery or not; audited. Released or reversed: 409',
      params: ZIdParams, body: ZOpsExtendHoldBody, response: { 200: ZOpsTransfer, ...errors },
    },
  }, async (req) => {
    const op = await requireOperator(req, 'manageTransfers');
    return actOnTransfer(app.db, actorOf(op), req.params.id, 'extend', req.body.reason, req.body.days);
  });

  app.post('/api/ops/transfers/:id/retry', {
    schema: {
      ...secured('manageTransfers'), summary: 'Retry a failed transfer now, with a reason: back in the worker\'s queue (the gateway is called by the worker); audited. Not failed, or already queued: 409',
      params: ZIdParams, body: ZOpsReasonBody, response: { 200: ZOpsTransfer, ...errors },
    },
  }, async (req) => {
    const op = await requireOperator(req, 'manageTransfers');
    await actOnTransfer(app.db, actorOf(op), req.params.id, 'retry', req.body.reason);
    return afterCommit(req.params.id);
  });
};
