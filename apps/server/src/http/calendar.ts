import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZSlots, ZSlotsQuery, ZVendorCalendar, ZVendorCalendarBody } from '@nirmaan/shared/calendar';
import { ZIdParams } from '@nirmaan/shared';
import { VENDOR_SESSION_SECURITY, errorResponses, sessionErrorResponses } from '../lib/http-schemas.ts';
import { requireVendor } from '../lib/identity.ts';
import { professionalSlots } from '../flows/book-service.ts';
import * as calendar from '../modules/calendar/service.ts';

/** Professionals' calendars (issue 34, decision record 037): the bookable slots, and the portal's Calendar. */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/vendors/:id/slots', {
    schema: {
      tags: ['bookings'],
      summary: "A professional's bookable start times per day (India's clock) from their calendar and live jobs; pincode adds travel from their other sites",
      params: ZIdParams, querystring: ZSlotsQuery,
      response: { 200: ZSlots, ...errorResponses },
    },
  }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return professionalSlots(app.db, req.params.id, req.query);
  });

  const vendorCall = { tags: ['vendor portal'], security: VENDOR_SESSION_SECURITY };
  app.get('/api/vendor/calendar', {
    schema: { ...vendorCall, summary: "The professional's calendar, or null (the spec's six slots, every day, 90 days ahead)", response: { 200: ZVendorCalendar, ...sessionErrorResponses } },
  }, async (req, reply) => {
    const me = await requireVendor(req);
    reply.header('cache-control', 'no-store');
    return calendar.vendorCalendar(app.db, me.id);
  });

  app.put('/api/vendor/calendar', {
    schema: {
      ...vendorCall,
      summary: "Replace the professional's calendar whole (calendar null: back to the six slots); existing bookings stay",
      body: ZVendorCalendarBody,
      response: { 200: ZVendorCalendar, ...sessionErrorResponses },
    },
    // Who asks is settled before the body is validated: a visitor or a customer learns nothing about the fields.
    onRequest: async (req) => {
      await requireVendor(req);
    },
  }, async (req) => {
    const me = await requireVendor(req);
    return calendar.saveVendorCalendar(app.db, me.id, req.body.calendar);
  });
};
