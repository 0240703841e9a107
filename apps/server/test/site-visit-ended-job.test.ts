import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { JOB_MSG, type Quote } from '@nirmaan/shared/jobs';
import { bookings, paymentRefunds, siteQuotes } from '../src/db/schema/index.ts';
import { sweepMoves } from '../src/flows/reschedule.ts';
import type { TestApp } from './support/app.ts';
import { operatorSessions, type OperatorSessions } from './support/ops.ts';
import { appWithRazorpay, type RazorpayStandIn } from './support/razorpay-app.ts';
import { QUOTE, siteVisitKit, VISIT_FEE } from './support/site-visits.ts';
import { transferKit } from './support/transfers.ts';

/**
 * A job booked from a quote that ends before it is done (decision record 048): the customer cancels it, the
 * professional declines it, the professional's new time lapses unanswered, or support cancels it. In the same
 * transaction its quote is open again (`Sent`, without the job) and says which job ended and how, so neither side
 * sees a quote accepted for a job that will not happen; the customer may accept it again for new dates while it is
 * valid, the visit fee taken off the one live job.
 */

let t: TestApp;
let rzp: RazorpayStandIn;
let ops: OperatorSessions;
appWithRazorpay(async (started) => {
  ({ t, rzp } = started);
  ops = await operatorSessions(t.app, t.db, '10.95.0');
});
const k = transferKit(() => ({ t, rzp }));
const { inDays, engineer, send, accept, visitedAndQuoted } = siteVisitKit(() => ({ t, rzp }), k);
type Who = Awaited<ReturnType<typeof k.customer>>;
type Pro = Awaited<ReturnType<typeof k.vendor>>;

/** A visited customer's quote accepted into a job of 3 days from inDays(3), paid by UPI unless cash. */
async function quotedJob(method: 'upi' | 'cash' = 'upi') {
  const me = await k.customer();
  const { pro } = await engineer();
  const { visitId, quote } = await visitedAndQuoted(me, pro);
  const res = await accept(me, quote.id, { payment: { method } });
  expect(res.statusCode, res.body).toBe(201);
  const made = res.json() as { booking: { _id: string; totalAmount: number }; payment: { razorpayOrderId: string } | null };
  if (made.payment) expect((await k.call(me.headers, 'POST', '/api/payments/razorpay/verify', rzp.pay(made.payment.razorpayOrderId))).statusCode).toBe(200);
  return { me, pro, visitId, quote, jobId: made.booking._id };
}

const myQuote = async (me: Who, id: string) => ((await k.call(me.headers, 'GET', '/api/quotes')).json() as Quote[]).find((q) => q.id === id)!;
const portalQuote = async (pro: Pro, id: string) => ((await k.call(pro.headers, 'GET', '/api/vendor/quotes')).json() as Quote[]).find((q) => q.id === id)!;
const rowOf = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const refundsOf = (bookingId: string) => t.db.select().from(paymentRefunds).where(eq(paymentRefunds.bookingId, bookingId));
/** The pro's live jobs (not cancelled, declined or done), each with the visit fee it takes off. */
const liveJobs = (vendorId: string) => t.db.select({ id: bookings.id, visitCreditPaise: bookings.visitCreditPaise }).from(bookings)
  .where(and(eq(bookings.vendorId, vendorId), eq(bookings.kind, 'job'), inArray(bookings.status, ['Pending', 'Confirmed', 'In progress'])));
const cancel = (me: Who, id: string) => k.call(me.headers, 'PUT', `/api/booking/${id}/cancel`);
const decline = (pro: Pro, id: string) => k.call(pro.headers, 'PATCH', `/api/vendor/bookings/${id}`, { status: 'Declined' });

describe('the quote of a job that ends before it is done', () => {
  it('the customer cancels the paid job: refunded in full, the quote open again saying so; accepted again for new dates, the visit fee comes off the new job', async () => {
    const { me, pro, quote, jobId } = await quotedJob();
    expect((await myQuote(me, quote.id)).status).toBe('Accepted');
    const res = await cancel(me, jobId);
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowOf(jobId)).toMatchObject({ status: 'Cancelled', paymentStatus: 'Refunded' });
    // The job's own payment goes back (labour less the visit fee, plus the service charge); the visit's stays paid.
    expect((await refundsOf(jobId)).map((r) => r.amountPaise)).toEqual([(await rowOf(jobId)).totalAmountPaise]);
    const ended = { status: 'Sent', jobBookingId: null, expired: false, endedJob: { bookingId: jobId, by: 'customer' } };
    expect(await myQuote(me, quote.id)).toMatchObject(ended);
    expect(await portalQuote(pro, quote.id)).toMatchObject(ended);

    const again = await accept(me, quote.id, { startDate: inDays(6), payment: { method: 'cash' } });
    expect(again.statusCode, again.body).toBe(201);
    // ₹7,500 of labour less the ₹500 visit, as the first time.
    expect(again.json().booking).toMatchObject({ basePrice: 7000, days: [inDays(6), inDays(7), inDays(8)], visitCreditPaise: VISIT_FEE });
    const accepted = await myQuote(me, quote.id);
    expect(accepted).toMatchObject({ status: 'Accepted', jobBookingId: again.json().booking._id });
    expect(accepted.endedJob).toBeUndefined();
    expect(await liveJobs(pro.id)).toEqual([{ id: again.json().booking._id, visitCreditPaise: VISIT_FEE }]);
  });

  it('the professional declines it: the quote says so, and a new version of it may be sent, still less the visit fee', async () => {
    const { me, pro, visitId, quote, jobId } = await quotedJob('cash');
    const res = await decline(pro, jobId);
    expect(res.statusCode, res.body).toBe(200);
    expect(await myQuote(me, quote.id)).toMatchObject({ status: 'Sent', jobBookingId: null, endedJob: { bookingId: jobId, by: 'professional' } });
    // No longer accepted, the quote may be revised: the new version replaces it and keeps the credit.
    const v2 = await send(pro, visitId, { ...QUOTE, days: 2 });
    expect(v2.statusCode, v2.body).toBe(201);
    expect(v2.json()).toMatchObject({ version: 2, status: 'Sent', visitCreditPaise: VISIT_FEE });
    expect((await myQuote(me, quote.id)).status).toBe('Superseded');
    expect((await accept(me, quote.id)).json().message).toBe(JOB_MSG.quoteReplaced);
  });

  it('the professional’s new time lapses unanswered: the job is cancelled and refunded, and the quote says so', async () => {
    const { me, pro, quote, jobId } = await quotedJob();
    const proposed = await k.call(pro.headers, 'POST', `/api/vendor/bookings/${jobId}/propose`, { serviceDate: inDays(10), serviceTime: '9:00 AM' });
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect((await myQuote(me, quote.id)).status).toBe('Accepted');
    expect((await sweepMoves(t.app.payments, new Date(Date.now() + 25 * 3_600_000))).lapsed).toContain(jobId);
    expect(await rowOf(jobId)).toMatchObject({ status: 'Cancelled', paymentStatus: 'Refunded' });
    expect(await myQuote(me, quote.id)).toMatchObject({ status: 'Sent', jobBookingId: null, endedJob: { bookingId: jobId, by: 'lapsed' } });
  });

  it('support cancels it from the console: the quote says so', async () => {
    const { me, pro, quote, jobId } = await quotedJob();
    const res = await k.call(ops.support, 'POST', `/api/ops/bookings/${jobId}/cancel`, { reason: 'Customer asked by phone' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowOf(jobId)).toMatchObject({ status: 'Cancelled', paymentStatus: 'Refunded' });
    expect(await portalQuote(pro, quote.id)).toMatchObject({ status: 'Sent', jobBookingId: null, endedJob: { bookingId: jobId, by: 'support' } });
    expect((await myQuote(me, quote.id)).endedJob).toEqual({ bookingId: jobId, by: 'support' });
  });

  it('a version sent while another was being accepted cannot make a second job: one accepted version per visit', async () => {
    const { me, pro, quote, jobId } = await quotedJob('cash');
    // The race's outcome: the professional's new version read the visit before the acceptance committed.
    const [v1] = await t.db.select().from(siteQuotes).where(eq(siteQuotes.id, quote.id));
    const [v2] = await t.db.insert(siteQuotes).values({
      visitBookingId: v1!.visitBookingId, vendorId: v1!.vendorId, customerId: v1!.customerId, version: 2, labour: v1!.labour, materials: v1!.materials,
      days: v1!.days, validUntil: v1!.validUntil, labourPaise: v1!.labourPaise, materialsPaise: v1!.materialsPaise, visitCreditPaise: v1!.visitCreditPaise,
    }).returning();
    const res = await accept(me, v2!.id, { startDate: inDays(8), payment: { method: 'cash' } });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(JOB_MSG.quoteTaken);
    expect(await liveJobs(pro.id)).toEqual([{ id: jobId, visitCreditPaise: VISIT_FEE }]);
  });
});

describe('races', () => {
  it('40 racing ends of one paid job (20 cancels by the customer, 20 declines by the professional): one ends it, one refund, the quote open again once', async () => {
    const { me, pro, quote, jobId } = await quotedJob();
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? cancel(me, jobId) : decline(pro, jobId))));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 409)).toBe(true);
    const row = await rowOf(jobId);
    expect(row.paymentStatus).toBe('Refunded');
    expect(await refundsOf(jobId)).toHaveLength(1);
    expect(await myQuote(me, quote.id)).toMatchObject({ status: 'Sent', jobBookingId: null, endedJob: { bookingId: jobId, by: row.status === 'Cancelled' ? 'customer' : 'professional' } });
    expect(await liveJobs(pro.id)).toEqual([]);
  });

  it('40 racing requests, 20 cancelling the job and 20 accepting its quote again for the same days: one cancel, at most one new job, the visit fee off one live job', async () => {
    const { me, pro, quote, jobId } = await quotedJob();
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? cancel(me, jobId) : accept(me, quote.id, { payment: { method: 'cash' } }))));
    const cancels = results.filter((_, i) => i % 2 === 0);
    const accepts = results.filter((_, i) => i % 2 === 1);
    expect(cancels.filter((r) => r.statusCode === 200)).toHaveLength(1);
    // An accept before the cancel finds the quote still Accepted; after it, one of them books the freed days.
    expect(accepts.filter((r) => r.statusCode !== 201).every((r) => r.statusCode === 409 && r.json().message === JOB_MSG.quoteTaken)).toBe(true);
    const booked = accepts.filter((r) => r.statusCode === 201);
    expect(booked.length).toBeLessThanOrEqual(1);
    expect(await refundsOf(jobId)).toHaveLength(1);
    // Whichever way the race went, the quote tells the truth and can make one job.
    const now = await myQuote(me, quote.id);
    if (booked.length === 0) {
      expect(now).toMatchObject({ status: 'Sent', jobBookingId: null, endedJob: { bookingId: jobId, by: 'customer' } });
      expect((await accept(me, quote.id, { payment: { method: 'cash' } })).statusCode).toBe(201);
    }
    const [live] = await liveJobs(pro.id);
    expect(await liveJobs(pro.id)).toEqual([{ id: live!.id, visitCreditPaise: VISIT_FEE }]);
    expect(await myQuote(me, quote.id)).toMatchObject({ status: 'Accepted', jobBookingId: live!.id });
  });
});
