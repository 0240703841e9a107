import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { auditLog, bookings, disputes, emailOutbox, orderLines, paymentRefunds } from '../src/db/schema/index.ts';
import { todayInIndia } from '../src/modules/bookings/service.ts';
import type { TestApp } from './support/app.ts';
import { cookieHeader, createVendorWithPassword, loginVendor } from './support/auth.ts';
import { createProduct } from './support/factories.ts';
import { upload } from './support/files.ts';
import { operatorSessions, type OperatorSessions } from './support/ops.ts';
import { reconcile } from '../src/modules/transfers/service.ts';
import { activatePayoutAccount } from './support/payout-accounts.ts';
import { appWithRazorpay, type RazorpayStandIn } from './support/razorpay-app.ts';
import { transferKit } from './support/transfers.ts';

/**
 * Disputes (decision record 020): a customer reports a problem with a delivered line, the vendor answers, support
 * resolves it with a refund through the gateway (held to support's limit) or a rejection. Against the local
 * Razorpay stand-in, on PGlite and on PostgreSQL.
 */

const LIMIT_PAISE = 150_000; // ₹1,500 for support in this app
let t: TestApp;
let rzp: RazorpayStandIn;
let ops: OperatorSessions;
let seller: { id: string; email: string; headers: Record<string, string> };

appWithRazorpay(async (started) => {
  ({ t, rzp } = started);
  ops = await operatorSessions(t.app, t.db, '10.91.0');
  const v = await createVendorWithPassword(t.db, { kind: 'seller', approvedAt: new Date() });
  seller = { id: v.id, email: v.email, headers: cookieHeader((await loginVendor(t.app, v.email)).token) };
}, { SUPPORT_REFUND_LIMIT_PAISE: String(LIMIT_PAISE) });

const k = transferKit(() => ({ t, rzp }));
const customer = () => k.customer();
type Who = Awaited<ReturnType<typeof customer>>;
const inject = k.call;
/** A line of `price` paid online and delivered by the seller, as a customer would have it. */
const deliveredLine = (who: Who, price: number) => k.deliveredLine(who, seller, price);

const open = (who: Who, lineId: string, text = 'The bags arrived torn and half the cement had set hard.') =>
  inject(who.headers, 'POST', '/api/disputes', { lineId, reason: 'damaged', text });
const resolve = (role: keyof typeof ops, id: string, body: object) => inject(ops[role], 'POST', `/api/ops/disputes/${id}/resolve`, body);
const mailsTo = async (to: string) => (await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, to))).map((m) => m.subject);

describe('opening a dispute', () => {
  it('only on the customer’s own shipped or delivered line, with a reason that fits; 40 racing opens store one', async () => {
    const me = await customer();
    const other = await customer();
    const { lineId } = await deliveredLine(me, 800);
    expect((await open(other, lineId)).statusCode).toBe(404);
    const wrongReason = await inject(me.headers, 'POST', '/api/disputes', { lineId, reason: 'poor_work', text: 'The plumber did a poor job here.' });
    expect(wrongReason.statusCode).toBe(400);
    expect((await inject(me.headers, 'POST', '/api/disputes', { lineId, reason: 'damaged', text: 'short' })).json().message).toMatch(/at least 10 characters/);

    const answers = await Promise.all(Array.from({ length: 40 }, () => open(me, lineId)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(39);
    expect(await t.db.select().from(disputes).where(eq(disputes.lineId, lineId))).toHaveLength(1);
    const mine = (await inject(me.headers, 'GET', '/api/disputes')).json().disputes;
    expect(mine).toMatchObject([{ lineId, status: 'open', reason: 'damaged', paidPaise: 80_000, refundedPaise: 0 }]);
    expect((await inject(other.headers, 'GET', '/api/disputes')).json().disputes).toEqual([]);
    expect(await mailsTo(me.email)).toContain(`We received your report: ${mine[0].subject}`);
    expect((await mailsTo(seller.email)).some((s) => s.startsWith('A customer reported a problem'))).toBe(true);
  });

  it('takes photos only from the customer’s own private files: another’s is refused naming photoIds, and nothing is stored', async () => {
    const me = await customer();
    const other = await customer();
    const { lineId } = await deliveredLine(me, 600);
    const photo = await sharp({ create: { width: 32, height: 24, channels: 3, background: { r: 200, g: 120, b: 40 } } }).png().toBuffer();
    const uploadAs = async (who: Who) => {
      const res = await upload(t.app, who.headers, photo, { filename: 'torn-bag.png', type: 'image/png' });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    const [theirs, mine] = [await uploadAs(other), await uploadAs(me)];
    const body = { lineId, reason: 'damaged', text: 'The bags arrived torn, see the photo.' };
    const refused = await inject(me.headers, 'POST', '/api/disputes', { ...body, photoIds: [mine, theirs] });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json().issues)).toContain('photoIds');
    expect(await t.db.select().from(disputes).where(eq(disputes.lineId, lineId))).toEqual([]);
    const opened = await inject(me.headers, 'POST', '/api/disputes', { ...body, photoIds: [mine] });
    expect(opened.statusCode, opened.body).toBe(201);
    expect((await t.db.select().from(disputes).where(eq(disputes.lineId, lineId)))[0]!.photoIds).toEqual([mine]);
    // The vendor it is against sees the photo, to answer it; another vendor, or the photo not attached, is a 404.
    const seen = await inject(seller.headers, 'GET', `/api/files/${mine}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/png');
    expect((await inject(seller.headers, 'GET', `/api/files/${theirs}`)).statusCode).toBe(404);
    const stranger = await createVendorWithPassword(t.db, { kind: 'seller' });
    expect((await inject(cookieHeader((await loginVendor(t.app, stranger.email)).token), 'GET', `/api/files/${mine}`)).statusCode).toBe(404);
  });

  it('refuses a line not yet shipped (409)', async () => {
    const me = await customer();
    const product = await createProduct(t.db, { vendorId: seller.id, price: 300 });
    const [line] = (await k.place(me, [[product.id, 1]], 'cod')).lines;
    const res = await open(me, line!.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/once it is paid, shipped or delivered/);
  });
});

describe('the vendor answers, support resolves', () => {
  it('the vendor answers once, in the portal; another vendor cannot see or answer it; both parties are mailed', async () => {
    const me = await customer();
    const { lineId } = await deliveredLine(me, 500);
    const id = (await open(me, lineId)).json().id;
    const stranger = await createVendorWithPassword(t.db, { kind: 'seller' });
    const strangerHeaders = cookieHeader((await loginVendor(t.app, stranger.email)).token);
    expect((await inject(strangerHeaders, 'POST', `/api/vendor/disputes/${id}/answer`, { text: 'Not ours, we never sold this.' })).statusCode).toBe(404);
    expect((await inject(strangerHeaders, 'GET', '/api/vendor/disputes')).json().disputes).toEqual([]);
    const answered = await inject(seller.headers, 'POST', `/api/vendor/disputes/${id}/answer`, { text: 'We packed them well; the courier dropped them.' });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({ status: 'answered', vendorAnswer: 'We packed them well; the courier dropped them.' });
    expect((await inject(seller.headers, 'POST', `/api/vendor/disputes/${id}/answer`, { text: 'Second answer, should be refused.' })).statusCode).toBe(409);
    expect((await mailsTo(me.email)).some((s) => s.endsWith('answered your report'))).toBe(true);
    expect((await inject(seller.headers, 'GET', '/api/vendor/disputes')).json().disputes.map((d: { id: string }) => d.id)).toContain(id);
  });

  it('finance cannot resolve (403); support refunds half: the gateway refund, the stored row, the audit entry, the customer sees it', async () => {
    const me = await customer();
    const { lineId } = await deliveredLine(me, 1000);
    const id = (await open(me, lineId)).json().id;
    const finance = await resolve('finance', id, { outcome: 'reject', reason: 'Not finance’s call' });
    expect(finance.statusCode).toBe(403);

    const half = await resolve('support', id, { outcome: 'partial_refund', amountPaise: 50_000, reason: 'Half the bags were damaged in transit' });
    expect(half.statusCode, half.body).toBe(200);
    expect(half.json()).toMatchObject({ status: 'refunded', refundedPaise: 50_000, paidPaise: 100_000, resolutionReason: 'Half the bags were damaged in transit' });
    const rows = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.lineId, lineId));
    expect(rows).toMatchObject([{ amountPaise: 50_000, reason: 'dispute' }]);
    expect(rzp.refunds.filter((r) => r.payment_id === rows[0]!.razorpayPaymentId).map((r) => r.amount)).toEqual([50_000]);
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.subjectType, 'dispute'), eq(auditLog.subjectId, id)));
    expect(audit).toMatchObject([{ action: 'dispute.partial_refund', reason: 'Half the bags were damaged in transit', after: { status: 'refunded', refundedPaise: 50_000 } }]);
    expect((await inject(me.headers, 'GET', '/api/disputes')).json().disputes[0]).toMatchObject({ id, status: 'refunded', refundedPaise: 50_000 });
    expect(await mailsTo(me.email)).toContain('Your refund of ₹500.00 is on its way');
    expect((await mailsTo(seller.email)).some((s) => s.startsWith('A report about'))).toBe(true);
    // The refund settles the line: a new dispute on it cannot refund again.
    const again = (await open(me, lineId, 'Still unhappy with the remaining bags of cement.')).json().id;
    expect((await resolve('admin', again, { outcome: 'full_refund', reason: 'Trying to refund twice' })).statusCode).toBe(409);
  });

  it('support above its limit is refused with a clear 403; an admin is not limited', async () => {
    const me = await customer();
    const { lineId } = await deliveredLine(me, 2000);
    const id = (await open(me, lineId)).json().id;
    const refused = await resolve('support', id, { outcome: 'full_refund', reason: 'Everything arrived broken' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Refunds above ₹1,500 need an admin: your support role may refund up to ₹1,500.');
    expect(await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.lineId, lineId))).toEqual([]);
    expect((await t.db.select().from(disputes).where(eq(disputes.id, id)))[0]!.status).toBe('open');
    const admin = await resolve('admin', id, { outcome: 'full_refund', reason: 'Everything arrived broken' });
    expect(admin.statusCode, admin.body).toBe(200);
    expect(admin.json()).toMatchObject({ refundedPaise: 200_000 });
    expect((await t.db.select().from(orderLines).where(eq(orderLines.id, lineId)))[0]!.paymentStatus).toBe('Refunded');
  });

  it('a partial refund is at least ₹1 and at most what was paid (400 naming amountPaise); a rejection needs a reason', async () => {
    const me = await customer();
    const { lineId } = await deliveredLine(me, 700);
    const id = (await open(me, lineId)).json().id;
    const over = await resolve('admin', id, { outcome: 'partial_refund', amountPaise: 70_001, reason: 'Too much' });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('A refund can be at most ₹700.00: what was paid less what is already refunded.');
    expect((await resolve('admin', id, { outcome: 'partial_refund', amountPaise: 99, reason: 'Too little' })).statusCode).toBe(400);
    expect((await resolve('admin', id, { outcome: 'partial_refund', reason: 'No amount' })).json().message).toMatch(/amountPaise/);
    expect((await resolve('admin', id, { outcome: 'reject' })).statusCode).toBe(400);
    const exact = await resolve('admin', id, { outcome: 'partial_refund', amountPaise: 70_000, reason: 'All of it, as a partial' });
    expect(exact.statusCode, exact.body).toBe(200);
  });

  it('20 racing resolutions give one: one refund row, one gateway refund, one audit row', async () => {
    const me = await customer();
    const { lineId } = await deliveredLine(me, 600);
    const id = (await open(me, lineId)).json().id;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => resolve(i % 2 ? 'admin' : 'support', id, { outcome: 'partial_refund', amountPaise: 10_000 + i, reason: `Racing decision ${i}` })));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(19);
    const rows = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.lineId, lineId));
    expect(rows).toHaveLength(1);
    expect(rzp.refunds.filter((r) => r.payment_id === rows[0]!.razorpayPaymentId)).toHaveLength(1);
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.subjectType, 'dispute'), eq(auditLog.subjectId, id)))).toHaveLength(1);
  });

  it('a rejection refunds nothing and lets the customer report again', async () => {
    const me = await customer();
    const { lineId } = await deliveredLine(me, 450);
    const id = (await open(me, lineId)).json().id;
    const rejected = await resolve('support', id, { outcome: 'reject', reason: 'Photos show the bags intact' });
    expect(rejected.json()).toMatchObject({ status: 'rejected', refundedPaise: 0 });
    expect(await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.lineId, lineId))).toEqual([]);
    expect(await mailsTo(me.email)).toContain(`Your report is closed: ${rejected.json().subject}`);
    expect((await open(me, lineId, 'I have new photos of the damaged bags.')).statusCode).toBe(201);
    const list = (await inject(ops.finance, 'GET', '/api/ops/disputes?status=open')).json();
    expect(list.disputes.some((d: { lineId: string }) => d.lineId === lineId)).toBe(true);
  });
});

describe('a dispute about a booking', () => {
  const inDays = (n: number) => {
    const d = new Date(`${todayInIndia()}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + n);
    return d.toISOString().slice(0, 10);
  };

  it('opens once the professional confirmed it, with a booking reason; a full refund pays back the booking and marks it Refunded', async () => {
    const me = await customer();
    const pro = await createVendorWithPassword(t.db, { kind: 'professional', chargeAmount: 500, approvedAt: new Date() });
    const proHeaders = cookieHeader((await loginVendor(t.app, pro.email)).token);
    const booked = await inject(me.headers, 'POST', '/api/booking', {
      Vendorid: pro.id, customerid: me.id, serviceDate: inDays(5), serviceTime: '2:00 PM',
      customer: { fullName: me.fullName, email: me.email, phone: '9876543210', alternatePhone: '' },
      address: { street: '12 Road No. 36', city: 'Hyderabad', state: 'Telangana', zip: '500033', latitude: null, longitude: null, specialInstructions: '' },
      saveAddress: false, payment: { method: 'card' }, totalAmount: 1,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const { booking, payment } = booked.json();
    expect((await inject(me.headers, 'POST', '/api/payments/razorpay/verify', rzp.pay(payment.razorpayOrderId))).statusCode).toBe(200);
    const report = { bookingId: booking._id, reason: 'professional_no_show', text: 'Nobody came at 2 PM, and the phone was switched off.' };
    expect((await inject(me.headers, 'POST', '/api/disputes', report)).json().message).toMatch(/once it is paid, shipped or delivered/);
    expect((await inject(proHeaders, 'PATCH', `/api/vendor/bookings/${booking._id}`, { status: 'Confirmed' })).statusCode).toBe(200);
    expect((await inject(me.headers, 'POST', '/api/disputes', { ...report, reason: 'damaged' })).statusCode).toBe(400);
    const opened = await inject(me.headers, 'POST', '/api/disputes', report);
    expect(opened.statusCode, opened.body).toBe(201);
    expect(opened.json()).toMatchObject({ bookingId: booking._id, lineId: null, paidPaise: 75_000, subject: pro.businessName });
    const full = await resolve('support', opened.json().id, { outcome: 'full_refund', reason: 'The professional did not come' });
    expect(full.statusCode, full.body).toBe(200);
    expect(await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.bookingId, booking._id))).toMatchObject([{ amountPaise: 75_000, reason: 'dispute' }]);
    expect((await t.db.select().from(bookings).where(eq(bookings.id, booking._id)))[0]!.paymentStatus).toBe('Refunded');
  });
});

describe('a dispute of something refunded another way', () => {
  it('closes as refunded in the refund’s transaction, with a note on the console’s timeline, when the customer cancels the booking', async () => {
    const me = await customer();
    const pro = await createVendorWithPassword(t.db, { kind: 'professional', chargeAmount: 500, approvedAt: new Date() });
    const proHeaders = cookieHeader((await loginVendor(t.app, pro.email)).token);
    const date = new Date(`${todayInIndia()}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + 6);
    const booked = await inject(me.headers, 'POST', '/api/booking', {
      Vendorid: pro.id, customerid: me.id, serviceDate: date.toISOString().slice(0, 10), serviceTime: '11:00 AM',
      customer: { fullName: me.fullName, email: me.email, phone: '9876543210', alternatePhone: '' },
      address: { street: '12 Road No. 36', city: 'Hyderabad', state: 'Telangana', zip: '500033', latitude: null, longitude: null, specialInstructions: '' },
      saveAddress: false, payment: { method: 'card' }, totalAmount: 1,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const { booking, payment } = booked.json();
    expect((await inject(me.headers, 'POST', '/api/payments/razorpay/verify', rzp.pay(payment.razorpayOrderId))).statusCode).toBe(200);
    expect((await inject(proHeaders, 'PATCH', `/api/vendor/bookings/${booking._id}`, { status: 'Confirmed' })).statusCode).toBe(200);
    const opened = await inject(me.headers, 'POST', '/api/disputes', { bookingId: booking._id, reason: 'professional_no_show', text: 'Nobody came at 11 AM, and the phone was switched off.' });
    expect(opened.statusCode, opened.body).toBe(201);

    const cancelled = await inject(me.headers, 'PUT', `/api/booking/${booking._id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.bookingId, booking._id))).toMatchObject([{ amountPaise: 75_000, reason: 'cancelled' }]);
    const mine = (await inject(me.headers, 'GET', '/api/disputes')).json().disputes;
    expect(mine).toMatchObject([{ id: opened.json().id, status: 'refunded', resolutionReason: 'Closed: refunded outside the dispute (cancelled)', refundedPaise: 75_000 }]);
    const timeline = (await inject(ops.support, 'GET', `/api/ops/bookings/${booking._id}`)).json().timeline as { text: string }[];
    expect(timeline.map((e) => e.text)).toContain('Dispute (professional no_show): refunded, Closed: refunded outside the dispute (cancelled)');
    // Nothing is left for support to decide, and the customer may report something new.
    expect((await resolve('support', opened.json().id, { outcome: 'reject', reason: 'Already refunded' })).statusCode).toBe(409);
  });
});

describe('a dispute refund and the seller’s transfer', () => {
  it('reverses the refunded share of the released transfer through the gateway, and the ledger still reconciles', async () => {
    const me = await k.customer();
    const v = await k.vendor('seller', { approvedAt: new Date() });
    const account = await activatePayoutAccount(t.db, v.id);
    const order = await k.deliveredLine(me, v, 1000);
    const lineId = order.lineId;
    await k.retryNow();
    // 1,000.00 less 5% commission, released on delivery.
    const [transfer] = k.transfersTo(account);
    expect(transfer).toMatchObject({ amount: 95_000, on_hold: false });

    const id = (await open(me, lineId)).json().id;
    const half = await resolve('support', id, { outcome: 'partial_refund', amountPaise: 50_000, reason: 'Half the bags were damaged in transit' });
    expect(half.statusCode, half.body).toBe(200);
    await k.retryNow();
    // Half the line goes back: half the seller's 950.00 is reversed; the platform gives back its 25.00 of commission.
    expect(rzp.route.reversals.filter((r) => r.transfer_id === transfer!.id)).toEqual([expect.objectContaining({ amount: 47_500 })]);
    expect(rzp.refunds.filter((r) => r.payment_id === order.paymentId).map((r) => r.amount)).toEqual([50_000]);
    expect(await reconcile(t.db, v.id)).toMatchObject({ ok: true, problems: [] });
    expect((await k.earnings(v)).entries[0]).toMatchObject({ grossPaise: 100_000 });
  });
});
