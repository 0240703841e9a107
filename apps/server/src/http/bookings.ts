import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZBookedSlots, ZBookedSlotsQuery, ZErrorBody, ZBookingBody, ZBookingIdParams, ZBookingResponse, ZCartsParams, ZId, ZIdParams, ZSavedBookingDetails, ZServiceOrderList,
  ZTakenSlots, ZVendorBooking, ZVendorBookingList, ZVendorBookingStatusBody,
} from '@nirmaan/shared';
import { z } from 'zod';
import { SESSION_SECURITY, VENDOR_SESSION_SECURITY, errorResponses, sessionErrorResponses } from '../lib/http-schemas.ts';
import { idempotencyKeyOf } from '../lib/idempotency.ts';
import { requireCustomer, requireSelf, requireVendor } from '../lib/identity.ts';
import { bookService } from '../flows/book-service.ts';
import { cancelBooking, changeBookingStatusAsVendor } from '../flows/cancel-refund.ts';
import * as service from '../modules/bookings/service.ts';

/** The original client's booking calls (docs/api-contract.md), the taken slots of a day, and the customer's cancel. */
export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const common = { tags: ['bookings'], security: SESSION_SECURITY };

  app.post('/api/booking', {
    schema: {
      ...common,
      summary: 'Book a professional for a date and slot; the total is computed here; one live booking per slot; honours Idempotency-Key',
      body: ZBookingBody,
      response: { 201: ZBookingResponse, ...sessionErrorResponses, 422: ZErrorBody },
    },
  }, async (req, reply) => {
    const me = await requireCustomer(req);
    const made = await bookService(app.payments, me.id, req.body, idempotencyKeyOf(req));
    void app.outbox.poke();
    return reply.status(made.status as 201).send(made.body);
  });

  app.get('/fetch/location/booking/:userid', {
    schema: { ...common, summary: 'The customer’s saved booking address and contact', params: ZCartsParams, response: { 200: ZSavedBookingDetails, ...sessionErrorResponses } },
  }, async (req, reply) => {
    const me = await requireSelf(req, req.params.userid);
    reply.header('cache-control', 'no-store');
    return service.savedDetails(app.db, me.id);
  });

  app.get('/cart/service/:userid', {
    schema: { ...common, summary: 'The customer’s service orders (bookings), newest first', params: ZCartsParams, response: { 200: ZServiceOrderList, ...sessionErrorResponses } },
  }, async (req, reply) => {
    const me = await requireSelf(req, req.params.userid);
    reply.header('cache-control', 'no-store');
    return service.serviceOrders(app.db, me.id);
  });

  app.put('/api/booking/:id/cancel', {
    schema: { ...common, summary: 'Cancel a booking that has not started (frees the slot)', params: ZBookingIdParams, response: { 200: ZBookingResponse, ...sessionErrorResponses } },
  }, async (req) => {
    const me = await requireCustomer(req);
    const result = await cancelBooking(app.payments, me.id, req.params.id);
    void app.outbox.poke();
    return result;
  });

  app.get('/api/vendor/bookings', {
    schema: {
      tags: ['vendor portal'], security: VENDOR_SESSION_SECURITY,
      summary: "The logged-in professional's bookings (newest service date first, at most 500), with who booked",
      response: { 200: ZVendorBookingList, ...sessionErrorResponses },
    },
  }, async (req, reply) => {
    const me = await requireVendor(req);
    reply.header('cache-control', 'no-store');
    return service.vendorBookings(app.db, me.id);
  });

  app.patch('/api/vendor/bookings/:id', {
    schema: {
      tags: ['vendor portal'], security: VENDOR_SESSION_SECURITY,
      summary: 'Confirm or decline a Pending booking, decline a Confirmed one (declined frees the slot; the customer is mailed). Completed is refused (409): a job starts with the customer’s start code and its customer confirms it complete',
      params: ZBookingIdParams, body: ZVendorBookingStatusBody, response: { 200: ZVendorBooking, ...sessionErrorResponses },
    },
  }, async (req) => {
    const me = await requireVendor(req);
    const result = await changeBookingStatusAsVendor(app.payments, me.id, req.params.id, req.body.status);
    void app.outbox.poke();
    return result;
  });

  app.get('/api/vendor/:id/booked-slots', {
    schema: {
      tags: ['bookings'], summary: 'The taken slots of a professional on a date (no customer data)',
      params: ZIdParams, querystring: ZBookedSlotsQuery, response: { 200: ZBookedSlots, ...errorResponses },
    },
  }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return service.bookedSlots(app.db, req.params.id, req.query.date);
  });

  // A call of the seed's original frontend that the spec does not list (docs/api-contract.md); the path is its spelling.
  app.get('/datedeatils/:vendorId', {
    schema: {
      tags: ['bookings'], summary: "A professional's taken slots from today on, as [{serviceDate, serviceTime}] (no customer data); [] for an unknown id",
      params: z.object({ vendorId: ZId }), response: { 200: ZTakenSlots, ...errorResponses },
    },
  }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return service.takenSlots(app.db, req.params.vendorId);
  });
};
