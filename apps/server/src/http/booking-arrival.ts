import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZBookingIdParams, ZBookingResponse, ZStartBookingBody, ZVendorBooking } from '@nirmaan/shared';
import { SESSION_SECURITY, VENDOR_SESSION_SECURITY, sessionErrorResponses } from '../lib/http-schemas.ts';
import { requireCustomer, requireVendor } from '../lib/identity.ts';
import { completeBookingAsCustomer } from '../flows/booking-arrival.ts';
import * as bookings from '../modules/bookings/service.ts';

/**
 * Arrival and completion of a booking (issue 34, decision record 043): the professional's "on my way" and start
 * code in the portal, and the customer's confirmation of completion in My orders.
 */
export const bookingArrivalRoutes: FastifyPluginAsyncZod = async (app) => {
  const vendorCall = { tags: ['vendor portal'], security: VENDOR_SESSION_SECURITY };

  app.post('/api/vendor/bookings/:id/on-the-way', {
    schema: {
      ...vendorCall,
      summary: 'Tell the customer of a Confirmed booking that the professional is on the way (WhatsApp with consent, and mail), once',
      params: ZBookingIdParams, response: { 200: ZVendorBooking, ...sessionErrorResponses },
    },
  }, async (req) => {
    const me = await requireVendor(req);
    const row = await bookings.markOnTheWay(app.db, me.id, req.params.id);
    void app.outbox.poke();
    return bookings.vendorBookingAnswer(app.db, row);
  });

  app.post('/api/vendor/bookings/:id/start', {
    schema: {
      ...vendorCall,
      summary: "Start a Confirmed booking at arrival with the customer's 4-digit start code (In progress); 5 wrong codes lock it",
      params: ZBookingIdParams, body: ZStartBookingBody, response: { 200: ZVendorBooking, ...sessionErrorResponses },
    },
    // Who asks is settled before the body is validated.
    onRequest: async (req) => {
      await requireVendor(req);
    },
  }, async (req) => {
    const me = await requireVendor(req);
    const row = await bookings.startWithCode(app.db, me.id, req.params.id, req.body.code);
    return bookings.vendorBookingAnswer(app.db, row);
  });

  app.post('/api/bookings/:id/complete', {
    schema: {
      tags: ['bookings'], security: SESSION_SECURITY,
      summary: "The customer confirms a started (In progress) booking complete: the professional's transfer is released",
      params: ZBookingIdParams, response: { 200: ZBookingResponse, ...sessionErrorResponses },
    },
  }, async (req) => {
    const me = await requireCustomer(req);
    const done = await completeBookingAsCustomer(app.db, app.money, me.id, req.params.id);
    void app.outbox.poke();
    // A completed booking makes its customer's review of the professional a verified booking.
    await app.responseCache.evict([`vendor:${done.row.vendorId}`]);
    return bookings.customerBookingAnswer('Booking completed.', done.row, done.vendorName);
  });
};
