import type { ZBookingBody } from '@nirmaan/shared';
import type { z } from 'zod';
import * as bookings from '../modules/bookings/service.ts';
import * as payments from '../modules/payments/service.ts';

/**
 * Book a professional (the booking and the intent to make its gateway order in one transaction), then make the
 * gateway order after the commit, waiting a few seconds for it, like placing an order.
 */
export async function bookService(p: payments.Payments, customerId: string, body: z.output<typeof ZBookingBody>, idempotencyKey: string | undefined) {
  const made = await bookings.book(p.db, customerId, body, idempotencyKey, {
    assertAvailable: (method) => payments.assertMethodAvailable(p, method, 'booking'),
    start: (tx, booking) => payments.requestGatewayOrder(p, tx, { bookingId: booking.id }, booking.totalPaise),
  });
  if (made.body.payment) made.body = { ...made.body, payment: await payments.startFor(p, { bookingId: made.body.booking._id }) };
  return made;
}
