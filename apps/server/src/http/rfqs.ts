import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorBody, ZPlacedOrder } from '@nirmaan/shared';
import { OPS_PERMISSIONS, type OpsPermission } from '@nirmaan/shared/ops';
import {
  ZAcceptBody, ZSplitAcceptBody, ZCounterAnswerBody, ZCounterBody, ZDeclineBody, ZOpsHideRfqBody, ZOpsRfq, ZOpsRfqList, ZOpsRfqQuery, ZOpsRfqSummary, ZOpsRfqSummaryQuery, ZRfq, ZRfqBody, ZRfqFilesBody, ZRfqList, ZRfqParams, ZRfqQuoteBody, ZRfqQuoteParams, ZVendorRfq, ZVendorRfqList,
} from '@nirmaan/shared/rfqs';
import { SESSION_SECURITY, VENDOR_SESSION_SECURITY, opsSecurity, sessionErrorResponses } from '../lib/http-schemas.ts';
import { requireCustomer, requireOperator, requireVendor } from '../lib/identity.ts';
import { actorOf } from '../modules/ops/service.ts';
import { acceptQuote, acceptSplit } from '../flows/accept-quote.ts';
import * as rfqs from '../modules/rfqs/service.ts';

const refusals = { ...sessionErrorResponses, 409: ZErrorBody };

/** Buying in bulk (issue 35, decision record 036): requests for quotes, sellers' quotes, and accepting one into an order. */
export const rfqRoutes: FastifyPluginAsyncZod = async (app) => {
  const buyer = { tags: ['rfqs'], security: SESSION_SECURITY };
  // Who asks is settled before the body is validated: a visitor or a vendor learns nothing about the fields.
  const customerFirst = async (req: Parameters<typeof requireCustomer>[0]) => {
    await requireCustomer(req);
  };
  const vendorFirst = async (req: Parameters<typeof requireVendor>[0]) => {
    await requireVendor(req);
  };
  const afterWrite = () => void app.outbox.poke();

  app.post('/api/rfqs', {
    schema: {
      ...buyer, summary: 'Ask for quotes: routed to at most 10 nearest approved sellers per category who deliver to the PIN; at most 5 open per customer',
      body: ZRfqBody, response: { 201: ZRfq, ...refusals },
    },
    onRequest: customerFirst,
  }, async (req, reply) => {
    const me = await requireCustomer(req);
    const created = await rfqs.createRfq(app.db, me.id, req.body);
    afterWrite();
    return reply.status(201).send(created);
  });

  app.get('/api/rfqs', {
    schema: { ...buyer, summary: "The customer's requests for quotes, newest first, each with its quotes", response: { 200: ZRfqList, ...sessionErrorResponses } },
  }, async (req, reply) => {
    const me = await requireCustomer(req);
    reply.header('cache-control', 'no-store');
    return rfqs.listRfqs(app.db, me.id);
  });

  app.get('/api/rfqs/:id', {
    schema: { ...buyer, summary: 'One request: its state and its quotes, cheapest landed total first', params: ZRfqParams, response: { 200: ZRfq, ...sessionErrorResponses } },
  }, async (req, reply) => {
    const me = await requireCustomer(req);
    reply.header('cache-control', 'no-store');
    return rfqs.getRfq(app.db, me.id, req.params.id);
  });

  app.post('/api/rfqs/:id/cancel', {
    schema: { ...buyer, summary: 'Withdraw an open request; sellers with a live quote are told', params: ZRfqParams, response: { 200: ZRfq, ...refusals } },
  }, async (req) => {
    const me = await requireCustomer(req);
    const cancelled = await rfqs.cancelRfq(app.db, me.id, req.params.id);
    afterWrite();
    return cancelled;
  });

  app.post('/api/rfqs/:id/files', {
    schema: {
      ...buyer, summary: 'Add photos or a bill of quantities to an own request while it collects quotes; at most 5 photos and one bill of quantities in all',
      params: ZRfqParams, body: ZRfqFilesBody, response: { 200: ZRfq, ...refusals },
    },
    onRequest: customerFirst,
  }, async (req) => {
    const me = await requireCustomer(req);
    return rfqs.addFiles(app.db, me.id, req.params.id, req.body.fileIds);
  });

  app.post('/api/rfqs/:id/quotes/:quoteId/accept', {
    schema: {
      ...buyer, summary: "Accept one quote: an order at the quoted prices through today's payment, delivery-code and invoice flows; once only",
      params: ZRfqQuoteParams, body: ZAcceptBody, response: { 201: ZPlacedOrder, ...refusals },
    },
    onRequest: customerFirst,
  }, async (req, reply) => {
    const me = await requireCustomer(req);
    const placed = await acceptQuote(app.payments, me.id, req.params.id, req.params.quoteId, req.body);
    afterWrite();
    return reply.status(201).send(placed);
  });

  app.post('/api/rfqs/:id/accept-split', {
    schema: {
      ...buyer, summary: 'Accept one quote per item, across sellers: one order with each seller\'s lines at its quoted prices; once only',
      params: ZRfqParams, body: ZSplitAcceptBody, response: { 201: ZPlacedOrder, ...refusals },
    },
    onRequest: customerFirst,
  }, async (req, reply) => {
    const me = await requireCustomer(req);
    const placed = await acceptSplit(app.payments, me.id, req.params.id, req.body);
    afterWrite();
    return reply.status(201).send(placed);
  });

  const seller = { tags: ['vendor portal'], security: VENDOR_SESSION_SECURITY };

  app.get('/api/vendor/rfqs', {
    schema: { ...seller, summary: "The seller's Requests inbox: requests routed to it, its own quotes; the buyer's contact once its quote is accepted", response: { 200: ZVendorRfqList, ...sessionErrorResponses } },
  }, async (req, reply) => {
    const me = await requireVendor(req);
    reply.header('cache-control', 'no-store');
    return rfqs.listVendorRfqs(app.db, me.id);
  });

  app.get('/api/vendor/rfqs/:id', {
    schema: { ...seller, summary: "One request routed to the seller, with its rate card's freight proposal and the products it would sell", params: ZRfqParams, response: { 200: ZVendorRfq, ...sessionErrorResponses } },
  }, async (req, reply) => {
    const me = await requireVendor(req);
    reply.header('cache-control', 'no-store');
    return rfqs.getVendorRfq(app.db, me.id, req.params.id);
  });

  app.post('/api/vendor/rfqs/:id/quotes', {
    schema: {
      ...seller, summary: 'Quote (or revise: a new version, the previous one kept as superseded); the server computes GST and the landed total',
      params: ZRfqParams, body: ZRfqQuoteBody, response: { 201: ZVendorRfq, ...refusals },
    },
    onRequest: vendorFirst,
  }, async (req, reply) => {
    const me = await requireVendor(req);
    const quoted = await rfqs.submitQuote(app.db, me.id, req.params.id, req.body);
    afterWrite();
    return reply.status(201).send(quoted);
  });

  app.post('/api/vendor/rfqs/:id/decline', {
    schema: { ...seller, summary: 'Decline a request (a live quote closes)', params: ZRfqParams, body: ZDeclineBody, response: { 200: ZVendorRfq, ...refusals } },
    onRequest: vendorFirst,
  }, async (req) => {
    const me = await requireVendor(req);
    return rfqs.declineRfq(app.db, me.id, req.params.id, req.body);
  });

  app.post('/api/rfqs/:id/counter', {
    schema: { ...buyer, summary: "Counter-offer on a seller's live quote: a landed total, or one item's unit price; the seller is mailed", params: ZRfqParams, body: ZCounterBody, response: { 200: ZRfq, ...refusals } },
    onRequest: customerFirst,
  }, async (req) => {
    const me = await requireCustomer(req);
    const answered = await rfqs.counter(app.db, me.id, req.params.id, req.body);
    afterWrite();
    return answered;
  });

  app.post('/api/vendor/rfqs/:id/counter-answer', {
    schema: {
      ...seller, summary: "Answer the buyer's latest counter-offer: accept (a new version at its figure), counter (the seller's total) or decline",
      params: ZRfqParams, body: ZCounterAnswerBody, response: { 200: ZVendorRfq, ...refusals },
    },
    onRequest: vendorFirst,
  }, async (req) => {
    const me = await requireVendor(req);
    const answered = await rfqs.answerCounter(app.db, me.id, req.params.id, req.body);
    afterWrite();
    return answered;
  });

  const ops = (permission: OpsPermission) => ({ tags: ['operator console'], security: opsSecurity(OPS_PERMISSIONS[permission]) });

  app.get('/api/ops/rfqs', {
    schema: { ...ops('read'), summary: 'Requests for quotes by state, PIN, category or customer, newest first', querystring: ZOpsRfqQuery, response: { 200: ZOpsRfqList, ...sessionErrorResponses } },
  }, async (req, reply) => {
    await requireOperator(req, 'read');
    reply.header('cache-control', 'no-store');
    return rfqs.searchForOps(app.db, req.query);
  });

  app.get('/api/ops/rfqs/summary', {
    schema: { ...ops('read'), summary: "The dashboard's requests, quotes and conversions to orders over the last days", querystring: ZOpsRfqSummaryQuery, response: { 200: ZOpsRfqSummary, ...sessionErrorResponses } },
  }, async (req, reply) => {
    await requireOperator(req, 'read');
    reply.header('cache-control', 'no-store');
    return rfqs.summaryForOps(app.db, req.query.days);
  });

  app.post('/api/ops/rfqs/:id/hide', {
    schema: { ...ops('moderateReviews'), summary: 'Hide an abusive request with a reason: it leaves every inbox, live quotes close; audited', params: ZRfqParams, body: ZOpsHideRfqBody, response: { 200: ZOpsRfq, ...refusals } },
  }, async (req) => {
    const op = await requireOperator(req, 'moderateReviews');
    const hidden = await rfqs.hideForOps(app.db, actorOf(op), req.params.id, req.body.reason);
    afterWrite();
    return hidden;
  });
};
