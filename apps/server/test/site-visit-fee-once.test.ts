import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DISPUTE_MSG, type Dispute } from '@nirmaan/shared/disputes';
import { JOB_MSG, type Quote } from '@nirmaan/shared/jobs';
import { bookings, paymentRefunds } from '../src/db/schema/index.ts';
import type { TestApp } from './support/app.ts';
import { operatorSessions, type OperatorSessions } from './support/ops.ts';
import { appWithRazorpay, type RazorpayStandIn } from './support/razorpay-app.ts';
import { siteVisitKit, VISIT_FEE } from './support/site-visits.ts';
import { transferKit } from './support/transfers.ts';

/**
 * A site visit's fee is given back at most once (decision record 051): as a refund of the visit after a dispute, or
 * as the credit off the job booked from its quote, whatever the order. A job accepted after the refund is given what
 * of the fee is still paid; a refund after the acceptance is refused while the job is live, and allowed once it ends.
 */

let t: TestApp;
let rzp: RazorpayStandIn;
let ops: OperatorSessions;
appWithRazorpay(async (started) => {
  ({ t, rzp } = started);
  ops = await operatorSessions(t.app, t.db, '10.96.0');
});
const k = transferKit(() => ({ t, rzp }));
const { engineer, move, startAtDoor, send, accept, visitedAndQuoted } = siteVisitKit(() => ({ t, rzp }), k);
type Who = Awaited<ReturnType<typeof k.customer>>;

const rowOf = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const refundedOf = async (bookingId: string) =>
  (await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.bookingId, bookingId))).reduce((s, r) => s + r.amountPaise, 0);
const myQuote = async (me: Who, id: string) => ((await k.call(me.headers, 'GET', '/api/quotes')).json() as Quote[]).find((q) => q.id === id)!;
const resolve = (id: string, body: object) => k.call(ops.admin, 'POST', `/api/ops/disputes/${id}/resolve`, body);
const UPI = { method: 'upi', reference: 'UPI-512345678901' } as const;

/** The customer confirms the visit done and disputes it: the engineer's visit was not what they paid for. */
async function disputeVisit(me: Who, visitId: string) {
  const done = await k.call(me.headers, 'POST', `/api/bookings/${visitId}/complete`);
  expect(done.statusCode, done.body).toBe(200);
  const opened = await k.call(me.headers, 'POST', '/api/disputes', { bookingId: visitId, reason: 'poor_work', text: 'The engineer measured only one side of the wall.' });
  expect(opened.statusCode, opened.body).toBe(201);
  return (opened.json() as Dispute).id;
}

/** A visit paid by UPI (or in cash), quoted, done and disputed. */
async function disputedQuotedVisit(method: 'upi' | 'cash' = 'upi') {
  const me = await k.customer();
  const { pro } = await engineer();
  let visitId: string;
  let quote: Quote;
  if (method === 'upi') ({ visitId, quote } = await visitedAndQuoted(me, pro));
  else {
    const res = await k.call(me.headers, 'POST', '/api/booking', { ...k.bookingBody(me, pro.id, 'cash', '11:00 AM'), siteVisit: true });
    expect(res.statusCode, res.body).toBe(201);
    visitId = res.json().booking._id;
    await move(pro, visitId, 'Confirmed');
    await startAtDoor(pro, visitId);
    const sent = await send(pro, visitId);
    expect(sent.statusCode, sent.body).toBe(201);
    quote = sent.json() as Quote;
  }
  return { me, pro, visitId, quote, disputeId: await disputeVisit(me, visitId) };
}

describe('the site visit fee, given back once', () => {
  it('refunded in full after the quote was sent: the job accepted later carries no credit, and the quote says so', async () => {
    const { me, visitId, quote, disputeId } = await disputedQuotedVisit();
    expect(quote.visitCreditPaise).toBe(VISIT_FEE);
    const refunded = await resolve(disputeId, { outcome: 'full_refund', reason: 'The visit was not done properly.' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await refundedOf(visitId)).toBe((await rowOf(visitId)).totalAmountPaise);
    // The open quote says so before it is accepted.
    expect(await myQuote(me, quote.id)).toMatchObject({ status: 'Sent', visitCreditPaise: 0 });

    const res = await accept(me, quote.id, { payment: { method: 'cash' } });
    expect(res.statusCode, res.body).toBe(201);
    // ₹7,500 of labour, nothing off: the customer has the visit fee back already.
    expect(res.json().booking.basePrice).toBe(7500);
    expect((await rowOf(res.json().booking._id)).visitCreditPaise).toBe(0);
    expect(await myQuote(me, quote.id)).toMatchObject({ status: 'Accepted', visitCreditPaise: 0 });
  });

  it('refunded in part: the job is given the rest of the fee, and a new version of the quote says so when sent', async () => {
    const { me, pro, visitId, quote, disputeId } = await disputedQuotedVisit();
    const refunded = await resolve(disputeId, { outcome: 'partial_refund', amountPaise: 20_000, reason: 'The engineer came an hour late.' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const v2 = await send(pro, visitId);
    expect(v2.statusCode, v2.body).toBe(201);
    expect(v2.json()).toMatchObject({ version: 2, visitCreditPaise: VISIT_FEE - 20_000 });
    expect((await accept(me, quote.id)).statusCode).toBe(409);

    const res = await accept(me, v2.json().id, { payment: { method: 'cash' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().booking).toMatchObject({ basePrice: 7200, visitCreditPaise: VISIT_FEE - 20_000 });
  });

  it('refunded in part after the quote was sent: the job accepted from the old version is given only the rest', async () => {
    const { me, quote, disputeId } = await disputedQuotedVisit();
    // More than the service charge: a refund comes out of the fee first.
    expect((await resolve(disputeId, { outcome: 'partial_refund', amountPaise: 30_000, reason: 'Half the visit.' })).statusCode).toBe(200);
    expect(await myQuote(me, quote.id)).toMatchObject({ status: 'Sent', visitCreditPaise: VISIT_FEE - 30_000 });
    const res = await accept(me, quote.id, { payment: { method: 'cash' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().booking).toMatchObject({ basePrice: 7300, visitCreditPaise: VISIT_FEE - 30_000 });
    expect(await myQuote(me, quote.id)).toMatchObject({ status: 'Accepted', visitCreditPaise: VISIT_FEE - 30_000 });
  });

  it('accepted first: a refund of the visit is refused while its job is live (full or in part), and allowed once the job is cancelled', async () => {
    const { me, visitId, quote, disputeId } = await disputedQuotedVisit();
    const res = await accept(me, quote.id, { payment: { method: 'cash' } });
    expect(res.statusCode, res.body).toBe(201);
    const jobId = res.json().booking._id as string;

    const full = await resolve(disputeId, { outcome: 'full_refund', reason: 'The visit was not done properly.' });
    expect(full.statusCode, full.body).toBe(409);
    expect(full.json().message).toBe(DISPUTE_MSG.visitFeeCredited);
    // Not even the service charge: the whole fee is off the job.
    const part = await resolve(disputeId, { outcome: 'partial_refund', amountPaise: 1_000, reason: 'Late.' });
    expect(part.statusCode, part.body).toBe(409);
    expect(await refundedOf(visitId)).toBe(0);
    expect((await rowOf(jobId)).visitCreditPaise).toBe(VISIT_FEE);

    // The job cancelled reopens its quote (decision record 048): the fee is no longer credited, and may go back.
    expect((await k.call(me.headers, 'PUT', `/api/booking/${jobId}/cancel`)).statusCode).toBe(200);
    const now = await resolve(disputeId, { outcome: 'full_refund', reason: 'The visit was not done properly.' });
    expect(now.statusCode, now.body).toBe(200);
    const again = await accept(me, quote.id, { payment: { method: 'cash' } });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().booking.basePrice).toBe(7500);
  });

  it('a cash visit: a refund paid outside lowers the credit, and after an acceptance it is refused', async () => {
    const first = await disputedQuotedVisit('cash');
    const outside = await resolve(first.disputeId, { outcome: 'partial_refund', amountPaise: 25_000, reason: 'Late.', paidOutside: UPI });
    expect(outside.statusCode, outside.body).toBe(200);
    const res = await accept(first.me, first.quote.id, { payment: { method: 'cash' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().booking).toMatchObject({ basePrice: 7250, visitCreditPaise: VISIT_FEE - 25_000 });

    const second = await disputedQuotedVisit('cash');
    expect((await accept(second.me, second.quote.id, { payment: { method: 'cash' } })).statusCode).toBe(201);
    const refused = await resolve(second.disputeId, { outcome: 'full_refund', reason: 'Not done.', paidOutside: UPI });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(DISPUTE_MSG.visitFeeCredited);
  });

  it('40 racing requests, 20 refunds of the visit by an operator and 20 acceptances of its quote: one job, and the fee given back once', async () => {
    const { me, visitId, quote, disputeId } = await disputedQuotedVisit();
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 === 0
      ? resolve(disputeId, { outcome: 'full_refund', reason: 'The visit was not done properly.' })
      : accept(me, quote.id, { payment: { method: 'cash' } }))));
    const refunds = results.filter((_, i) => i % 2 === 0);
    const accepts = results.filter((_, i) => i % 2 === 1);
    const booked = accepts.filter((r) => r.statusCode === 201);
    expect(booked).toHaveLength(1);
    expect(accepts.filter((r) => r.statusCode !== 201).every((r) => r.statusCode === 409 && r.json().message === JOB_MSG.quoteTaken)).toBe(true);
    expect(refunds.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 409)).toBe(true);
    const credit = (await rowOf(booked[0]!.json().booking._id)).visitCreditPaise;
    const refunded = await refundedOf(visitId);
    // Either the refund came first (the job carries nothing off) or the acceptance did (the refund refused).
    if (refunded > 0) {
      expect(refunds.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(credit).toBe(0);
    } else {
      expect(refunds.every((r) => [DISPUTE_MSG.visitFeeCredited, DISPUTE_MSG.alreadyResolved].includes(r.json().message))).toBe(true);
      expect(credit).toBe(VISIT_FEE);
    }
  });
});
