import type { BookingResponse, ZBookingBody } from '@nirmaan/shared';
import { addDays } from '@nirmaan/shared/dates';
import { JOB_LIMITS } from '@nirmaan/shared/jobs';
import type { Db } from '../db/client.ts';
import type { z } from 'zod';
import { AppError } from '../lib/errors.ts';
import { runOnce } from '../lib/idempotency.ts';
import { holdBookingTime } from './book-job.ts';
import * as auth from '../modules/auth/service.ts';
import * as bookings from '../modules/bookings/service.ts';
import * as calendar from '../modules/calendar/service.ts';
import { commissionsFor } from '../modules/commission/service.ts';
import * as payments from '../modules/payments/service.ts';
import * as vendors from '../modules/vendors/service.ts';
import * as whatsapp from '../modules/whatsapp/service.ts';

type BookingBody = z.output<typeof ZBookingBody>;

/**
 * Book a professional (the booking and the intent to make its gateway order in one transaction), then make the
 * gateway order after the commit, waiting a few seconds for it, like placing an order.
 */
export async function bookService(p: payments.Payments, customerId: string, body: BookingBody, idempotencyKey: string | undefined) {
  const made = await bookInOneTransaction(p, customerId, body, idempotencyKey);
  if (made.body.payment) made.body = { ...made.body, payment: await payments.startFor(p, { bookingId: made.body.booking._id }) };
  return made;
}

/**
 * Books a professional's date and slot in one transaction (vendors, auth, commission, bookings and payments): the
 * total is the professional's base price plus the service charge, computed here; the details are saved for next
 * time; the customer's row is locked before the limits are counted, then the professional's calendar row, under which
 * the slot is checked against their hours, horizon and live jobs (capacity, buffer, travel): of racing bookings no
 * more than the capacity get through (the others get 409). With an Idempotency-Key a retry gets the first
 * answer and creates nothing.
 */
async function bookInOneTransaction(p: payments.Payments, customerId: string, body: BookingBody, idempotencyKey: string | undefined) {
  bookings.assertBookable(customerId, body);
  const pro = await vendors.findBookableProfessional(p.db, body.Vendorid);
  // Card, UPI and netbanking pay through the gateway; cash is paid at the time of service.
  if (body.payment.method !== 'cash') payments.assertMethodAvailable(p, body.payment.method, 'booking');

  return runOnce<BookingResponse>(p.db, { customerId, route: 'POST /api/booking', key: idempotencyKey, request: body }, async (tx) => {
    const account = await auth.lockCustomerContact(tx, customerId);
    if (!account) throw new AppError('NOT_FOUND', 'Account not found.');
    await bookings.assertWithinLimits(tx, customerId, pro.id, body.serviceDate);
    // The professional's calendar row, locked: racing bookings of one professional are checked one after another
    // against their live jobs, so none passes the capacity (decision record 037).
    const rules = await calendar.lockProfessional(tx, pro.id);
    // One slot, a site visit, or every day of a multi-day job (all or none), and its price (decision record 042).
    const { priced, jobMinutes, job } = await holdBookingTime(tx, pro, rules, body);
    const customer = bookings.contactOf(account, body.customer);
    // On the professional's base price only: the service charge is the platform's own revenue.
    const [commission] = await commissionsFor(tx, 'services', [{ vendorId: pro.id, category: pro.category, amountPaise: priced.basePaise }]);
    const row = await bookings.insertBooking(tx, { customerId, body, vendorId: pro.id, customer, jobMinutes, ...(job ? { job } : {}) }, priced, commission!);
    if (body.saveAddress) await bookings.saveDetails(tx, customerId, { address: body.address, customer });
    // The WhatsApp box ticked on the booking page: stored with the booking, before its messages (decision 038).
    await whatsapp.giveConsent(tx, { party: 'customer', id: customerId }, body.whatsapp, 'booking');
    await bookings.mailBookingMade(tx, account, pro, body, customer, priced.totalPaise, row.startCode);
    await bookings.whatsappBookingMade(tx, row, pro, customer.fullName);
    const payment = body.payment.method === 'cash' ? null : await payments.requestGatewayOrder(p, tx, { bookingId: row.id }, priced.totalPaise);
    return { status: 201, body: bookings.bookedAnswer(row, pro.businessName, payment) };
  });
}

/**
 * GET /api/vendors/{id}/slots: a professional's bookable start times per day, from their calendar (or the six slots)
 * and their live jobs around the range; with the site's PIN code, travel from their other jobs counts too.
 */
export async function professionalSlots(db: Db, vendorId: string, q: { from: string; to: string; pincode?: string | undefined; days?: number | undefined }) {
  const pro = await vendors.findBookableProfessional(db, vendorId);
  const rules = await calendar.findRules(db, pro.id);
  const offers = await calendar.jobOffers(db, pro.id);
  // A multi-day job starting on the range's last day may run up to JOB_LIMITS.spanDays further.
  const reach = q.days ? JOB_LIMITS.spanDays : 0;
  const jobs = await bookings.liveJobs(db, pro.id, addDays(q.from, -calendar.REACH_DAYS), addDays(q.to, calendar.REACH_DAYS + reach));
  return calendar.slotsAnswer(pro.id, rules, q, jobs, new Date(), offers);
}
