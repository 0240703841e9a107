import type { ZBookingBody } from '@nirmaan/shared';
import { JOB_MSG, quotedJobPaise, windowLabel, type Quote, type QuoteAccepted, type ZQuoteAcceptBody, type ZQuoteBody } from '@nirmaan/shared/jobs';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { runOnce } from '../lib/idempotency.ts';
import * as auth from '../modules/auth/service.ts';
import * as bookings from '../modules/bookings/service.ts';
import * as calendar from '../modules/calendar/service.ts';
import { commissionsFor } from '../modules/commission/service.ts';
import * as payments from '../modules/payments/service.ts';
import * as quotes from '../modules/quotes/service.ts';
import * as vendors from '../modules/vendors/service.ts';
import { holdJobDays } from './book-job.ts';
import { feeStillPaid } from './visit-credit.ts';

type BookingBody = z.output<typeof ZBookingBody>;

/**
 * A quote after a site visit (issue 34; decision record 042): the professional quotes for a visit they made, and
 * the customer's acceptance books the (multi-day) job through today's booking path: the calendar's row lock and all
 * days at once, the commission, the mails and the gateway order, at the quoted price less the visit fee.
 */

/** The daily start of a professional's jobs, as quotes show it. */
async function dayStartOf(db: Db, vendorId: string) {
  const [rules, offers] = await Promise.all([calendar.findRules(db, vendorId), calendar.jobOffers(db, vendorId)]);
  return windowLabel(calendar.jobWindow(rules, offers));
}

const isOpen = (r: quotes.QuoteRow) => (r.status === 'Sent' || r.status === 'RevisionAsked') && r.visitCreditPaise > 0;

/**
 * An open quote shows the credit its acceptance would give now: less than sent if the visit was refunded since
 * (decision record 051). An accepted one keeps what its job was given.
 */
async function creditsNow(db: Db, rows: quotes.QuoteRow[]) {
  const open = [...new Set(rows.filter(isOpen).map((r) => r.visitBookingId))];
  return new Map(await Promise.all(open.map(async (id) => {
    const visit = await bookings.findBooking(db, id);
    return [id, visit ? await feeStillPaid(db, visit) : 0] as const;
  })));
}

async function wire(db: Db, rows: quotes.QuoteRow[]): Promise<Quote[]> {
  const vendorIds = [...new Set(rows.map((r) => r.vendorId))];
  const names = await vendors.vendorNames(db, vendorIds);
  const starts = new Map(await Promise.all(vendorIds.map(async (id) => [id, await dayStartOf(db, id)] as const)));
  const credits = await creditsNow(db, rows);
  return rows.map((r) => {
    const still = credits.get(r.visitBookingId);
    const row = still !== undefined && isOpen(r) ? { ...r, visitCreditPaise: Math.min(r.visitCreditPaise, still) } : r;
    return quotes.toWire(row, names.get(r.vendorId) ?? '', starts.get(r.vendorId) ?? '');
  });
}

/**
 * POST /api/vendor/bookings/{id}/quotes: after a site visit (started with the start code, or Completed), the professional's quote, as a new version
 * (the open ones before it are superseded). The visit fee, less what was refunded of the visit, is credited against the job.
 */
export async function sendQuote(db: Db, vendorId: string, visitId: string, body: z.output<typeof ZQuoteBody>): Promise<Quote> {
  const row = await db.transaction(async (tx) => {
    const visit = await bookings.findVendorBooking(tx, vendorId, visitId);
    if (!visit) throw new AppError('NOT_FOUND', JOB_MSG.visitNotFound);
    if (visit.kind !== 'visit') throw new AppError('BAD_REQUEST', JOB_MSG.notAVisit);
    // The start code proved the visit (decision record 044): the quote need not wait for the customer's confirmation.
    if (visit.status !== 'Completed' && visit.status !== 'In progress') throw new AppError('CONFLICT', JOB_MSG.visitNotDone);
    // What of the fee is still paid (decision record 051); the acceptance reads it again under the visit's lock.
    const creditPaise = await feeStillPaid(tx, visit);
    return quotes.sendVersion(tx, { id: visit.id, vendorId, customerId: visit.customerId, creditPaise }, body);
  });
  return (await wire(db, [row]))[0]!;
}

export const customerQuotes = async (db: Db, customerId: string) => wire(db, await quotes.customerQuotes(db, customerId));
export const vendorQuotes = async (db: Db, vendorId: string) => wire(db, await quotes.vendorQuotes(db, vendorId));

/** The customer declines a quote, or asks for a revision with a note. */
export async function answerQuote(db: Db, customerId: string, id: string, to: 'Declined' | 'RevisionAsked', note?: string): Promise<Quote> {
  const row = await quotes.answerQuote(db, customerId, id, to, note);
  return (await wire(db, [row]))[0]!;
}

/**
 * POST /api/quotes/{id}/accept: books the quoted job of N working days from the chosen start date, in one
 * transaction. The quote's row is locked first (of 40 racing accepts one books the job, the others get 409), then
 * the customer's, then the professional's calendar, under which every day is checked (all held, or none). The job's
 * base price is the quote's labour (with its materials, if the customer takes them from the professional) less the
 * visit fee still paid (not refunded: read under the visit's row lock, taken after the quote's; decision record
 * 051); the service charge, commission, payment, hold, release and invoice are a booking's.
 */
export async function acceptQuote(p: payments.Payments, customerId: string, id: string, body: z.output<typeof ZQuoteAcceptBody>, idempotencyKey: string | undefined): Promise<{ status: number; body: QuoteAccepted }> {
  if (body.payment.method !== 'cash') payments.assertMethodAvailable(p, body.payment.method, 'booking');
  const first = await quotes.findCustomerQuote(p.db, customerId, id);
  if (!first) throw new AppError('NOT_FOUND', JOB_MSG.quoteNotFound);
  const pro = await vendors.findBookableProfessional(p.db, first.vendorId);

  const made = await runOnce<QuoteAccepted>(p.db, { customerId, route: 'POST /api/quotes/:id/accept', key: idempotencyKey, request: { id, ...body } }, async (tx) => {
    const quote = await quotes.lockForAccept(tx, customerId, id);
    // The visit's row next (a dispute refund of it takes this lock too): the job is given what of the fee is still paid.
    const visit = await bookings.lockBooking(tx, quote.visitBookingId);
    if (visit?.customerId !== customerId) throw new AppError('NOT_FOUND', JOB_MSG.visitNotFound);
    const credited = { ...quote, visitCreditPaise: Math.min(quote.visitCreditPaise, await feeStillPaid(tx, visit)) };
    const account = await auth.lockCustomerContact(tx, customerId);
    if (!account) throw new AppError('NOT_FOUND', 'Account not found.');
    const rules = await calendar.lockProfessional(tx, pro.id);
    const w = calendar.jobWindow(rules, await calendar.jobOffers(tx, pro.id));
    const days = await holdJobDays(tx, pro.id, rules, w, body.startDate, quote.days, visit.address.zip || null);

    const priced = bookings.priceBooking(quotedJobPaise(credited, body.includeMaterials));
    const job: BookingBody = {
      Vendorid: pro.id, customerid: customerId, serviceDate: body.startDate, serviceTime: windowLabel(w),
      customer: { fullName: '', email: '', phone: '', alternatePhone: '', ...visit.customer },
      address: visit.address as BookingBody['address'], saveAddress: false, payment: body.payment,
      ...(visit.billing ? { billing: visit.billing } : {}),
    };
    const customer = bookings.contactOf(account, job.customer);
    const [commission] = await commissionsFor(tx, 'services', [{ vendorId: pro.id, category: pro.category, amountPaise: priced.basePaise }]);
    const row = await bookings.insertBooking(tx, {
      customerId, body: job, vendorId: pro.id, customer, jobMinutes: w.end - w.start, job: { kind: 'job', days, visitCreditPaise: credited.visitCreditPaise },
    }, priced, commission!);
    const accepted = await quotes.markAccepted(tx, quote.id, row.id, credited.visitCreditPaise);
    await bookings.mailBookingMade(tx, account, pro, job, customer, priced.totalPaise);
    await bookings.whatsappBookingMade(tx, row, pro, customer.fullName);
    const payment = body.payment.method === 'cash' ? null : await payments.requestGatewayOrder(p, tx, { bookingId: row.id }, priced.totalPaise);
    const answer = bookings.bookedAnswer(row, pro.businessName, payment);
    return { status: 201, body: { ...answer, quote: quotes.toWire(accepted, pro.businessName, windowLabel(w)) } };
  });
  if (made.body.payment) made.body = { ...made.body, payment: await payments.startFor(p, { bookingId: made.body.booking._id }) };
  return made;
}
