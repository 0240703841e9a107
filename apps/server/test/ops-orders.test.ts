import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, paymentRefunds } from '../src/db/schema/index.ts';
import type { TestApp } from './support/app.ts';
import { cookieHeader, createVendorWithPassword, loginVendor } from './support/auth.ts';
import { transferKit } from './support/transfers.ts';
import { createBooking, createVendor } from './support/factories.ts';
import { operatorSessions, type OperatorSessions } from './support/ops.ts';
import { appWithRazorpay, type RazorpayStandIn } from './support/razorpay-app.ts';

/**
 * Support's orders and bookings (decision record 020): search, the timeline, cancel and refund through the
 * customer's own cancel flow (audited, support's limit), and the Money screen's commission rates.
 */

const LIMIT_PAISE = 100_000; // ₹1,000 for support in this app
let t: TestApp;
let rzp: RazorpayStandIn;
let ops: OperatorSessions;
let seller: { id: string; businessName: string; headers: Record<string, string> };

appWithRazorpay(async (started) => {
  ({ t, rzp } = started);
  ops = await operatorSessions(t.app, t.db, '10.92.0');
  const v = await createVendorWithPassword(t.db, { kind: 'seller', approvedAt: new Date(), businessName: 'Zenith Cement Traders' });
  seller = { id: v.id, businessName: v.businessName, headers: cookieHeader((await loginVendor(t.app, v.email)).token) };
}, { SUPPORT_REFUND_LIMIT_PAISE: String(LIMIT_PAISE) });

const k = transferKit(() => ({ t, rzp }));
const customer = (fullName?: string) => k.customer(fullName ? { fullName } : {});
const inject = k.call;
/** One line of `price` from the seller, paid online: the order's id. */
const paidOrder = async (who: Awaited<ReturnType<typeof customer>>, price: number) => (await k.paidLine(who, seller, price)).orderId;

const auditOf = (subjectType: string, subjectId: string) => t.db.select().from(auditLog).where(and(eq(auditLog.subjectType, subjectType), eq(auditLog.subjectId, subjectId)));

describe('orders in the console', () => {
  it('finds orders by id, customer, vendor, status and payment status, and shows the timeline', async () => {
    const me = await customer('Ishaan Ratnaparkhi');
    const paid = await k.paidLine(me, seller, 350);
    const { orderId, line } = paid;
    const found = async (query: string) => (await inject(ops.finance, 'GET', `/api/ops/orders?${query}`)).json().orders.map((o: { id: string }) => o.id);
    expect(await found(`q=${orderId.slice(0, 8)}`)).toEqual([orderId]);
    expect(await found('customer=ratnaparkhi')).toEqual([orderId]);
    expect(await found('vendor=zenith&paymentStatus=Paid')).toContain(orderId);
    expect(await found('vendor=nobody-sells-this')).toEqual([]);
    expect(await found('customer=ratnaparkhi&status=Delivered')).toEqual([]);
    expect(await found('customer=ratnaparkhi&paymentStatus=Pending')).toEqual([]);
    expect(await found('customer=ratnaparkhi&from=2000-01-01&to=2000-01-02')).toEqual([]);
    expect((await inject(ops.finance, 'GET', '/api/ops/orders?from=yesterday')).statusCode).toBe(400);
    const list = (await inject(ops.support, 'GET', '/api/ops/orders?customer=ratnaparkhi')).json();
    expect(list.orders[0]).toMatchObject({ customerName: 'Ishaan Ratnaparkhi', vendors: ['Zenith Cement Traders'], paymentStatus: 'Paid', statuses: ['Pending'], lines: 1 });

    await paid.deliver();
    const dispute = await inject(me.headers, 'POST', '/api/disputes', { lineId: line!.id, reason: 'wrong_item', text: 'I ordered PPC cement and got OPC instead.' });
    expect(dispute.statusCode).toBe(201);
    const detail = (await inject(ops.finance, 'GET', `/api/ops/orders/${orderId}`)).json();
    // The vendor has no payout account: its transfer waits for one, after the payment.
    expect(detail.timeline.map((e: { kind: string }) => e.kind)).toEqual(['placed', 'paid', 'transfer', 'shipped', 'delivered', 'dispute']);
    expect(detail.timeline[2]).toMatchObject({ text: 'Transfer to Zenith Cement Traders: awaiting account', amountPaise: 33_250 });
    expect(detail.lines).toMatchObject([{ id: line!.id, status: 'Delivered', paymentStatus: 'Paid', totalPaise: 35_000, refundedPaise: 0 }]);
    expect((await inject(ops.finance, 'GET', `/api/ops/orders/${me.id}`)).statusCode).toBe(404);
  });

  it('cancels with a reason through the customer’s flow: refunded, audited; support above the limit 403, finance 403', async () => {
    const me = await customer();
    const small = await paidOrder(me, 400);
    const big = await paidOrder(me, 1500);
    expect((await inject(ops.finance, 'POST', `/api/ops/orders/${small}/cancel`, { reason: 'Customer phoned to cancel' })).statusCode).toBe(403);
    const refused = await inject(ops.support, 'POST', `/api/ops/orders/${big}/cancel`, { reason: 'Customer phoned to cancel' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Refunds above ₹1,000 need an admin: your support role may refund up to ₹1,000.');
    expect(await auditOf('order', big)).toEqual([]);

    const cancelled = await inject(ops.support, 'POST', `/api/ops/orders/${small}/cancel`, { reason: 'Customer phoned to cancel' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const body = cancelled.json();
    expect(body.lines).toMatchObject([{ status: 'Cancelled', paymentStatus: 'Refunded', refundedPaise: 40_000 }]);
    expect(body.timeline.filter((e: { kind: string }) => e.kind === 'refund').map((e: { amountPaise: number }) => e.amountPaise).sort()).toEqual([30_000, 40_000].sort());
    expect(await auditOf('order', small)).toMatchObject([{ action: 'order.cancel', reason: 'Customer phoned to cancel', after: { status: 'Cancelled', refundedPaise: 70_000 } }]);
    const mine = (await inject(me.headers, 'GET', `/orderdetails/${me.id}`)).json().filter((l: { orderId: string }) => l.orderId === small);
    expect(mine).toMatchObject([{ orderStatus: 'Cancelled', paymentStatus: 'Refunded' }]);
    expect((await inject(ops.support, 'POST', `/api/ops/orders/${small}/cancel`, { reason: 'Again' })).statusCode).toBe(409);

    const admin = await inject(ops.admin, 'POST', `/api/ops/orders/${big}/cancel`, { reason: 'Seller out of stock, agreed with customer' });
    expect(admin.statusCode, admin.body).toBe(200);
    const refunds = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, big));
    expect(refunds.reduce((s, r) => s + r.amountPaise, 0)).toBe(180_000);
  });
});

describe('bookings in the console', () => {
  it('lists, shows and cancels a booking with a reason, audited', async () => {
    const me = await customer('Pallavi Deshmukh');
    const pro = await createVendor(t.db, { kind: 'professional', businessName: 'Deshmukh Plumbing Works' });
    const booking = await createBooking(t.db, me, pro.id);
    const list = (await inject(ops.finance, 'GET', '/api/ops/bookings?customer=deshmukh&status=Pending')).json();
    expect(list.bookings).toMatchObject([{ id: booking!.id, vendorName: 'Deshmukh Plumbing Works', totalPaise: 85_000, paymentMethod: 'cash' }]);
    expect((await inject(ops.finance, 'GET', '/api/ops/bookings?vendor=deshmukh&status=Completed')).json().bookings).toEqual([]);
    expect((await inject(ops.finance, 'GET', `/api/ops/bookings/${booking!.id}`)).json().timeline.map((e: { kind: string }) => e.kind)).toEqual(['placed']);
    expect((await inject(ops.finance, 'POST', `/api/ops/bookings/${booking!.id}/cancel`, { reason: 'Customer asked by phone' })).statusCode).toBe(403);
    const cancelled = await inject(ops.support, 'POST', `/api/ops/bookings/${booking!.id}/cancel`, { reason: 'Customer asked by phone' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().booking).toMatchObject({ status: 'Cancelled' });
    expect(await auditOf('booking', booking!.id)).toMatchObject([{ action: 'booking.cancel', reason: 'Customer asked by phone', before: { status: 'Pending' } }]);
  });
});

describe('commission rates on the Money screen', () => {
  it('every role reads them; only an admin changes one, audited with the reason', async () => {
    const rates = (await inject(ops.finance, 'GET', '/api/ops/commission')).json().rates;
    expect(rates).toEqual(expect.arrayContaining([expect.objectContaining({ scopeKey: 'default:materials', rateBps: 500, label: 'Default for materials' })]));
    const body = { scope: 'category', value: 'Cement', rateBps: 650, reason: 'Festival pricing agreed with sellers' };
    expect((await inject(ops.finance, 'PUT', '/api/ops/commission', body)).statusCode).toBe(403);
    expect((await inject(ops.support, 'PUT', '/api/ops/commission', body)).statusCode).toBe(403);
    const bad = await inject(ops.admin, 'PUT', '/api/ops/commission', { ...body, rateBps: 10_001 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/between 0% and 100%/);
    expect((await inject(ops.admin, 'PUT', '/api/ops/commission', { scope: 'default', value: 'cement', rateBps: 100 })).statusCode).toBe(400);
    const set = await inject(ops.admin, 'PUT', '/api/ops/commission', body);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().rates).toEqual(expect.arrayContaining([expect.objectContaining({ scopeKey: 'category:cement', rateBps: 650, label: 'Category: cement' })]));
    expect(await auditOf('commission_rate', 'category:cement')).toMatchObject([{ action: 'commission.set', reason: 'Festival pricing agreed with sellers', after: { rateBps: 650 } }]);
  });
});
