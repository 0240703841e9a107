import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZBookingIdParams, ZProposeResponse, ZRescheduleInfo, ZRescheduleResponse } from '@nirmaan/shared';
import { ZRescheduleBody } from '@nirmaan/shared/reschedule';
import { SESSION_SECURITY, VENDOR_SESSION_SECURITY, sessionErrorResponses } from '../lib/http-schemas.ts';
import { requireCustomer, requireVendor } from '../lib/identity.ts';
import { acceptProposal, proposeTime, reschedule, rescheduleInfo } from '../flows/reschedule.ts';

/** Rescheduling (issue 34, decision record 041): the customer's move, the professional's proposal and its acceptance. */
export const rescheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  const common = { tags: ['bookings'], security: SESSION_SECURITY };

  app.get('/api/bookings/:id/reschedule', {
    schema: { ...common, summary: 'The customer’s booking and what moving it costs now (free, a fee, refused for cash, or closed)', params: ZBookingIdParams, response: { 200: ZRescheduleInfo, ...sessionErrorResponses } },
  }, async (req, reply) => {
    const me = await requireCustomer(req);
    reply.header('cache-control', 'no-store');
    return rescheduleInfo(app.db, app.reschedule, me.id, req.params.id);
  });

  app.post('/api/bookings/:id/reschedule', {
    schema: {
      ...common,
      summary: 'Move the customer’s booking to another bookable slot: free until the window before the start; inside it a fee paid online (refused for cash); refused once started',
      params: ZBookingIdParams, body: ZRescheduleBody, response: { 200: ZRescheduleResponse, ...sessionErrorResponses },
    },
  }, async (req) => {
    const me = await requireCustomer(req);
    const result = await reschedule(app.payments, app.reschedule, me.id, req.params.id, req.body);
    void app.outbox.poke();
    return result;
  });

  app.post('/api/bookings/:id/proposal/accept', {
    schema: { ...common, summary: 'Accept the new time the professional proposed (the booking moves to it)', params: ZBookingIdParams, response: { 200: ZRescheduleResponse, ...sessionErrorResponses } },
  }, async (req) => {
    const me = await requireCustomer(req);
    const result = await acceptProposal(app.payments, me.id, req.params.id);
    void app.outbox.poke();
    return result;
  });

  app.post('/api/vendor/bookings/:id/propose', {
    schema: {
      tags: ['vendor portal'], security: VENDOR_SESSION_SECURITY,
      summary: 'Propose a new time for a booking: held until the customer accepts it or picks another slot; unanswered, it lapses and the booking is cancelled and refunded',
      params: ZBookingIdParams, body: ZRescheduleBody, response: { 200: ZProposeResponse, ...sessionErrorResponses },
    },
  }, async (req) => {
    const me = await requireVendor(req);
    const result = await proposeTime(app.payments, app.reschedule, me.id, req.params.id, req.body);
    void app.outbox.poke();
    return result;
  });
};
