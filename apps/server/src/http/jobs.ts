import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZBookingIdParams } from '@nirmaan/shared';
import {
  ZJobOffers, ZQuote, ZQuoteAcceptBody, ZQuoteAccepted, ZQuoteBody, ZQuoteIdParams, ZQuoteList, ZQuoteRevisionBody,
} from '@nirmaan/shared/jobs';
import { SESSION_SECURITY, VENDOR_SESSION_SECURITY, sessionErrorResponses } from '../lib/http-schemas.ts';
import { idempotencyKeyOf } from '../lib/idempotency.ts';
import { requireCustomer, requireVendor } from '../lib/identity.ts';
import { acceptQuote, answerQuote, customerQuotes, sendQuote, vendorQuotes } from '../flows/site-visit-quote.ts';
import * as calendar from '../modules/calendar/service.ts';

/**
 * Multi-day jobs and quotes after a site visit (issue 34, decision record 042): the professional's offers (visit
 * fee, multi-day jobs), their quotes for visits, and the customer's answers. Multi-day jobs and visits themselves
 * are booked with POST /api/booking's optional `days` and `siteVisit`.
 */
export const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  const vendorCall = { tags: ['vendor portal'], security: VENDOR_SESSION_SECURITY };
  const customerCall = { tags: ['bookings'], security: SESSION_SECURITY };
  // Who asks is settled before the body is validated: a visitor or a customer learns nothing about the fields.
  const vendorFirst = { onRequest: async (req: Parameters<typeof requireVendor>[0]) => { await requireVendor(req); } };
  const customerFirst = { onRequest: async (req: Parameters<typeof requireCustomer>[0]) => { await requireCustomer(req); } };

  app.get('/api/vendor/job-offers', {
    schema: { ...vendorCall, summary: "The professional's site visit fee and multi-day jobs (null: not offered)", response: { 200: ZJobOffers, ...sessionErrorResponses } },
  }, async (req, reply) => {
    const me = await requireVendor(req);
    reply.header('cache-control', 'no-store');
    return calendar.jobOffers(app.db, me.id);
  });

  app.put('/api/vendor/job-offers', {
    schema: { ...vendorCall, summary: 'Set the site visit fee and multi-day jobs (professionals only); existing bookings and quotes keep their prices', body: ZJobOffers, response: { 200: ZJobOffers, ...sessionErrorResponses } },
    ...vendorFirst,
  }, async (req) => {
    const me = await requireVendor(req);
    return calendar.saveJobOffers(app.db, me.id, req.body);
  });

  app.post('/api/vendor/bookings/:id/quotes', {
    schema: {
      ...vendorCall, summary: 'After a Completed site visit, send an itemised quote (a new version; older open ones are superseded)',
      params: ZBookingIdParams, body: ZQuoteBody, response: { 201: ZQuote, ...sessionErrorResponses },
    },
    ...vendorFirst,
  }, async (req, reply) => {
    const me = await requireVendor(req);
    const quote = await sendQuote(app.db, me.id, req.params.id, req.body);
    return reply.status(201).send(quote);
  });

  app.get('/api/vendor/quotes', {
    schema: { ...vendorCall, summary: "The professional's quotes, newest first (every version)", response: { 200: ZQuoteList, ...sessionErrorResponses } },
  }, async (req, reply) => {
    const me = await requireVendor(req);
    reply.header('cache-control', 'no-store');
    return vendorQuotes(app.db, me.id);
  });

  app.get('/api/quotes', {
    schema: { ...customerCall, summary: "The customer's quotes after site visits, newest first (every version)", response: { 200: ZQuoteList, ...sessionErrorResponses } },
  }, async (req, reply) => {
    const me = await requireCustomer(req);
    reply.header('cache-control', 'no-store');
    return customerQuotes(app.db, me.id);
  });

  app.post('/api/quotes/:id/accept', {
    schema: {
      ...customerCall,
      summary: 'Accept the latest open quote once: books the job of its days from startDate at the quoted price less the visit fee; honours Idempotency-Key',
      params: ZQuoteIdParams, body: ZQuoteAcceptBody, response: { 201: ZQuoteAccepted, ...sessionErrorResponses },
    },
    ...customerFirst,
  }, async (req, reply) => {
    const me = await requireCustomer(req);
    const made = await acceptQuote(app.payments, me.id, req.params.id, req.body, idempotencyKeyOf(req));
    void app.outbox.poke();
    return reply.status(made.status as 201).send(made.body);
  });

  app.post('/api/quotes/:id/decline', {
    schema: { ...customerCall, summary: 'Decline an open quote', params: ZQuoteIdParams, response: { 200: ZQuote, ...sessionErrorResponses } },
  }, async (req) => {
    const me = await requireCustomer(req);
    return answerQuote(app.db, me.id, req.params.id, 'Declined');
  });

  app.post('/api/quotes/:id/revision', {
    schema: { ...customerCall, summary: 'Ask for a revision of an open quote (the professional sends a new version)', params: ZQuoteIdParams, body: ZQuoteRevisionBody, response: { 200: ZQuote, ...sessionErrorResponses } },
    ...customerFirst,
  }, async (req) => {
    const me = await requireCustomer(req);
    return answerQuote(app.db, me.id, req.params.id, 'RevisionAsked', req.body.note);
  });
};
