import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../lib/errors.ts';
import type { Payments } from '../modules/payments/service.ts';
import * as bookings from '../modules/bookings/service.ts';
import * as whatsapp from '../modules/whatsapp/service.ts';
import { cancelBooking, changeBookingStatusAsVendor } from './cancel-refund.ts';
import type { MoneySettings } from './money-events.ts';

/**
 * What a tap on a reply button does (issue 36): the same flows as the site, as the person the message went to. The
 * webhook module hands over only new taps (each message id once, however often it is redelivered) from the number the
 * message was sent to; the booking is the one the message named, and the flows check it is that person's. Each tap
 * gets a short answer in their language (their 24-hour window is open: they just wrote).
 */
export async function actOnReplies(deps: { payments: Payments; money: MoneySettings; wa: whatsapp.WhatsApp; publicUrl: string; log: FastifyBaseLogger }, replies: whatsapp.ButtonReply[]) {
  for (const r of replies) {
    const to = { party: r.message.party, id: r.message.partyId, phone: r.message.phone, language: r.language };
    const bookingId = r.message.ref?.bookingId;
    let outcome: string;
    try {
      if (!bookingId) throw new AppError('BAD_REQUEST', 'This message has nothing to act on.');
      outcome = await act(deps, r, bookingId, to);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      outcome = `refused: ${err.message}`;
      await whatsapp.answer(deps.wa.db, to, 'refused', [err.message]);
    }
    await whatsapp.setOutcome(deps.wa.db, r.inbound.wamid, `${r.action}: ${outcome}`);
  }
  if (replies.length > 0) void deps.wa.worker.poke();
}

type Recipient = Parameters<typeof whatsapp.answer>[1];

async function act(deps: Parameters<typeof actOnReplies>[0], r: whatsapp.ButtonReply, bookingId: string, to: Recipient): Promise<string> {
  const customer = r.message.party === 'customer' ? r.message.partyId : null;
  const vendor = r.message.party === 'vendor' ? r.message.partyId : null;
  switch (r.action) {
    case 'booking.confirm': {
      const booking = customer ? await bookings.findCustomerBooking(deps.wa.db, customer, bookingId) : null;
      if (!booking) throw new AppError('NOT_FOUND', 'Booking not found.');
      if (booking.status !== 'Confirmed' && booking.status !== 'Pending') throw new AppError('CONFLICT', `This booking is ${booking.status.toLowerCase()}.`);
      await whatsapp.answer(deps.wa.db, to, 'bookingConfirmed');
      return 'kept';
    }
    case 'booking.reschedule': {
      const booking = customer ? await bookings.findCustomerBooking(deps.wa.db, customer, bookingId) : null;
      if (!booking) throw new AppError('NOT_FOUND', 'Booking not found.');
      // The reschedule page of this booking: the professional's bookable slots (decision record 041).
      await whatsapp.answer(deps.wa.db, to, 'reschedule', [`${deps.publicUrl}/bookings/${booking.id}/reschedule`]);
      return 'link sent';
    }
    case 'booking.cancel': {
      if (!customer) throw new AppError('FORBIDDEN', 'Only the customer can cancel.');
      await cancelBooking(deps.payments, customer, bookingId);
      await whatsapp.answer(deps.wa.db, to, 'bookingCancelled');
      return 'cancelled';
    }
    case 'vendor.booking.accept':
    case 'vendor.booking.decline': {
      if (!vendor) throw new AppError('FORBIDDEN', 'Only the professional can answer a booking.');
      const accept = r.action === 'vendor.booking.accept';
      await changeBookingStatusAsVendor(deps.payments, vendor, bookingId, accept ? 'Confirmed' : 'Declined');
      await whatsapp.answer(deps.wa.db, to, accept ? 'vendorAccepted' : 'vendorDeclined');
      return accept ? 'confirmed' : 'declined';
    }
  }
}
