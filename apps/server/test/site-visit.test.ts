import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Invoice } from '@nirmaan/shared';
import { JOB_MSG, type Quote } from '@nirmaan/shared/jobs';
import { bookings, invoices, siteQuotes } from '../src/db/schema/index.ts';
import type { TestApp } from './support/app.ts';
import { appWithRazorpay, type RazorpayStandIn } from './support/razorpay-app.ts';
import { transferKit } from './support/transfers.ts';
import { startAndComplete } from './support/http.ts';
import { QUOTE, siteVisitKit, VISIT_FEE } from './support/site-visits.ts';
import { expireUnpaid } from '../src/flows/expire-unpaid.ts';

/**
 * A quote after a site visit (issue 34, decision record 042): the paid visit, the itemised quote in versions, and the
 * acceptance that books the job at the quoted price less the visit fee, paid through the Razorpay stand-in, its
 * transfer released on completion and its invoice covering the job.
 */

let t: TestApp;
let rzp: RazorpayStandIn;
appWithRazorpay((started) => ({ t, rzp } = started));
const k = transferKit(() => ({ t, rzp }));
const { inDays, engineer, paidVisit, move, startAtDoor, send, accept, visitedAndQuoted } = siteVisitKit(() => ({ t, rzp }), k);

describe('visit → quote → job', () => {
  it('credits the visit fee, is paid through the gateway, released on completion, and invoiced for the whole job', async () => {
    const me = await k.customer();
    const { pro, account } = await engineer();
    const visitId = await paidVisit(me, pro);
    // A quote waits for the visit.
    expect((await send(pro, visitId)).json().message).toBe(JOB_MSG.visitNotDone);
    await move(pro, visitId, 'Confirmed');
    expect((await send(pro, visitId)).json().message).toBe(JOB_MSG.visitNotDone);
    // The start code proves the visit: the quote may follow at once.
    await startAtDoor(pro, visitId);
    const sent = await send(pro, visitId);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ version: 1, status: 'Sent', labourPaise: 750_000, materialsPaise: 42_000, visitCreditPaise: VISIT_FEE, days: 3, dayStart: '9:00 AM', expired: false });

    // The customer sees it in My orders' quotes, and accepts it with the cement from the professional.
    const mine = (await k.call(me.headers, 'GET', '/api/quotes')).json() as Quote[];
    expect(mine.map((q) => q.id)).toEqual([sent.json().id]);
    const res = await accept(me, sent.json().id, { includeMaterials: true });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json();
    // ₹7,500 labour + ₹420 cement − ₹500 visit = ₹7,420, plus the service charge.
    expect(made.booking).toMatchObject({ kind: 'job', basePrice: 7420, days: [inDays(3), inDays(4), inDays(5)], serviceTime: '9:00 AM', visitCreditPaise: VISIT_FEE });
    expect(made.quote).toMatchObject({ status: 'Accepted', jobBookingId: made.booking._id });
    const [job] = await t.db.select().from(bookings).where(eq(bookings.id, made.booking._id));
    expect(job!.basePricePaise).toBe(742_000);
    expect(made.payment.amount).toBe(job!.totalAmountPaise);

    expect((await k.call(me.headers, 'POST', '/api/payments/razorpay/verify', rzp.pay(made.payment.razorpayOrderId))).statusCode).toBe(200);
    await k.retryNow();
    // Services commission is 10%: the job's transfer is on hold until it is completed.
    const jobTransfer = () => k.transfersTo(account).find((x) => x.amount === 742_000 - 74_200);
    expect(jobTransfer()).toMatchObject({ on_hold: true });
    await move(pro, made.booking._id, 'Confirmed');
    await startAndComplete(t, pro, me, made.booking._id);
    await k.retryNow();
    expect(jobTransfer()).toMatchObject({ on_hold: false });

    const rows = await t.db.select().from(invoices).where(and(eq(invoices.bookingId, made.booking._id), eq(invoices.vendorId, pro.id)));
    expect(rows).toHaveLength(1);
    const invoice = (await k.call(me.headers, 'GET', `/api/invoices/${rows[0]!.id}`)).json() as Invoice;
    expect(invoice.totals.totalPaise).toBe(742_000);
    expect(invoice.lines[0]!.description).toContain(`3-day job from ${inDays(3)} to ${inDays(5)}`);
    expect(invoice.lines[0]!.description).toContain('less the site visit fee of ₹500.00 already paid');
  });

  it('a revision makes a new version and the old one is refused; declined and accepted quotes are closed', async () => {
    const me = await k.customer();
    const { pro } = await engineer();
    const { visitId, quote: v1 } = await visitedAndQuoted(me, pro);
    const asked = await k.call(me.headers, 'POST', `/api/quotes/${v1.id}/revision`, { note: 'Please quote 2 days with 3 masons.' });
    expect(asked.json()).toMatchObject({ status: 'RevisionAsked', revisionNote: 'Please quote 2 days with 3 masons.' });
    expect((await k.call(pro.headers, 'GET', '/api/vendor/quotes')).json()[0]).toMatchObject({ id: v1.id, status: 'RevisionAsked' });
    const v2 = (await send(pro, visitId, { ...QUOTE, days: 2, labour: [{ kind: 'days', description: 'Masonry, 3 masons', days: 2, ratePaise: 330_000 }] })).json() as Quote;
    expect(v2).toMatchObject({ version: 2, status: 'Sent', labourPaise: 660_000 });
    const old = await accept(me, v1.id);
    expect(old.statusCode).toBe(409);
    expect(old.json().message).toBe(JOB_MSG.quoteReplaced);
    expect((await k.call(me.headers, 'GET', '/api/quotes')).json().map((q: Quote) => [q.version, q.status])).toEqual([[2, 'Sent'], [1, 'Superseded']]);
    // Without the materials, cash: ₹6,600 − ₹500.
    const ok = await accept(me, v2.id, { payment: { method: 'cash' } });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().booking).toMatchObject({ basePrice: 6100, days: [inDays(3), inDays(4)] });
    expect((await k.call(me.headers, 'POST', `/api/quotes/${v2.id}/decline`)).json().message).toBe(JOB_MSG.quoteTaken);
    // A quote accepted, no new version can be sent for the visit.
    expect((await send(pro, visitId)).json().message).toBe(JOB_MSG.quoteTaken);
    // Another customer cannot see or answer it.
    const other = await k.customer();
    expect((await accept(other, v2.id)).statusCode).toBe(404);
  });

  it('an expired quote cannot be accepted; a declined one neither', async () => {
    const me = await k.customer();
    const { pro } = await engineer();
    const { quote } = await visitedAndQuoted(me, pro);
    await t.db.update(siteQuotes).set({ validUntil: inDays(-1) }).where(eq(siteQuotes.id, quote.id));
    expect((await k.call(me.headers, 'GET', '/api/quotes')).json()[0]).toMatchObject({ expired: true });
    const refused = await accept(me, quote.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(JOB_MSG.quoteExpired);
    expect(await t.db.select().from(bookings).where(and(eq(bookings.vendorId, pro.id), eq(bookings.kind, 'job')))).toHaveLength(0);

    const second = await visitedAndQuoted(me, pro, QUOTE, '1:00 PM');
    expect((await k.call(me.headers, 'POST', `/api/quotes/${second.quote.id}/decline`)).json().status).toBe('Declined');
    expect((await accept(me, second.quote.id)).json().message).toBe(JOB_MSG.quoteClosed);
  });

  it('refuses a quote for a plain booking, or one not above the visit fee', async () => {
    const me = await k.customer();
    const { pro } = await engineer();
    const plain = (await k.call(me.headers, 'POST', '/api/booking', k.bookingBody(me, pro.id, 'cash', '2:00 PM'))).json().booking._id as string;
    await move(pro, plain, 'Confirmed');
    await startAtDoor(pro, plain);
    expect((await send(pro, plain)).json().message).toBe(JOB_MSG.notAVisit);
    const visitId = await paidVisit(me, pro);
    await move(pro, visitId, 'Confirmed');
    await startAtDoor(pro, visitId);
    expect((await send(pro, visitId, { ...QUOTE, labour: [{ kind: 'lump', description: 'Inspection', amountPaise: VISIT_FEE }] })).json().message).toBe(JOB_MSG.quoteTooSmall);
    const bad = await send(pro, visitId, { ...QUOTE, labour: [], validDays: 0 });
    expect(bad.statusCode).toBe(400);
  });

  it('a job from a quote left unpaid expires and gives the quote back: accepted again, it books again; past its validity it shows expired', async () => {
    const me = await k.customer();
    const { pro } = await engineer();
    const { quote } = await visitedAndQuoted(me, pro);
    const first = await accept(me, quote.id);
    expect(first.statusCode, first.body).toBe(201);
    const jobId = first.json().booking._id as string;
    const swept = await expireUnpaid(t.app.payments, new Date(Date.now() + 31 * 60_000));
    expect(swept.bookings).toContain(jobId);
    expect((await t.db.select().from(bookings).where(eq(bookings.id, jobId)))[0]!.status).toBe('Cancelled');
    const mine = (await k.call(me.headers, 'GET', '/api/quotes')).json() as Quote[];
    expect(mine.find((q) => q.id === quote.id)).toMatchObject({ status: 'Sent', jobBookingId: null, expired: false, endedJob: { bookingId: jobId, by: 'unpaid' } });
    // Its days are free again, and the customer accepts it once more.
    const again = await accept(me, quote.id, { payment: { method: 'cash' } });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().quote).toMatchObject({ status: 'Accepted', jobBookingId: again.json().booking._id });

    // A quote given back after its validity shows expired and cannot be accepted: the customer asks for a revision.
    const second = await visitedAndQuoted(me, pro, QUOTE, '1:00 PM');
    const taken = await accept(me, second.quote.id, { startDate: inDays(8) });
    expect(taken.statusCode, taken.body).toBe(201);
    await t.db.update(siteQuotes).set({ validUntil: inDays(-1) }).where(eq(siteQuotes.id, second.quote.id));
    await expireUnpaid(t.app.payments, new Date(Date.now() + 31 * 60_000));
    expect((await k.call(me.headers, 'GET', '/api/quotes')).json().find((q: Quote) => q.id === second.quote.id)).toMatchObject({ status: 'Sent', expired: true });
    expect((await accept(me, second.quote.id, { startDate: inDays(8) })).json().message).toBe(JOB_MSG.quoteExpired);
    expect((await k.call(me.headers, 'POST', `/api/quotes/${second.quote.id}/revision`, { note: 'Please quote again.' })).statusCode).toBe(200);
  });

  it('40 racing accepts of one quote make one job', async () => {
    const me = await k.customer();
    const { pro } = await engineer();
    const { quote } = await visitedAndQuoted(me, pro);
    const results = await Promise.all(Array.from({ length: 40 }, () => accept(me, quote.id, { payment: { method: 'cash' } })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const losers = results.filter((r) => r.statusCode !== 201);
    expect(losers.every((r) => r.statusCode === 409 && r.json().message === JOB_MSG.quoteTaken)).toBe(true);
    expect(await t.db.select().from(bookings).where(and(eq(bookings.vendorId, pro.id), eq(bookings.kind, 'job')))).toHaveLength(1);
  });
});
