import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, emailOutbox, orderLines, orders, paymentRefunds, payments } from '../src/db/schema/index.ts';
import { expireUnpaid } from '../src/flows/expire-unpaid.ts';
import type { TestApp } from './support/app.ts';
import { PASSWORD } from './support/auth.ts';
import { caller, loggedInCustomer, orderLine, webhookDeliverer, type Who } from './support/http.ts';
import { createOrder, createProduct, createVendor } from './support/factories.ts';
import { appWithRazorpay, type RazorpayStandIn } from './support/razorpay-app.ts';

/**
 * The payments redesign: money is never kept by mistake, and a slow or absent gateway stops nothing but its own
 * calls. Against the local stand-in for Razorpay's protocol, on PGlite and on PostgreSQL + Redis.
 */

let t: TestApp;
let rzp: RazorpayStandIn;
appWithRazorpay((started) => ({ t, rzp } = started));

const customer = () => loggedInCustomer(t);
const call = caller(() => t);
const line = orderLine;
const place = (who: Who, items: [string, number][], paymentMethod = 'online') =>
  call(who, 'POST', '/ordercart', { paymentMethod, orders: items.map(([id, q]) => line(who, id, q)) });
async function placeOnline(who: Who, items: [string, number][]) {
  const res = await place(who, items);
  expect(res.statusCode).toBe(201);
  return res.json();
}
const statuses = async (who: Who, orderId: string) => ((await call(who, 'GET', `/orderdetails/${who.id}`)).json() as { orderId: string; paymentStatus: string; orderStatus: string }[])
  .filter((l) => l.orderId === orderId).map((l) => [l.paymentStatus, l.orderStatus]);
const verify = (who: Who, fields: object) => call(who, 'POST', '/api/payments/razorpay/verify', fields);
const deliver = webhookDeliverer(() => t);
const refundsOf = (paymentId: string) => rzp.refunds.filter((r) => r.payment_id === paymentId);
const posts = (path: RegExp) => rzp.calls.filter((c) => c.method === 'POST' && path.test(c.path)).length;
async function until(check: () => Promise<boolean> | boolean, ms = 8_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}
/** Makes every stored retry due now and runs the worker (twice: a pass already running may predate the update). */
async function retryNow() {
  await t.db.update(payments).set({ nextAttemptAt: new Date(0), leaseUntil: null }).where(eq(payments.status, 'creating'));
  await t.db.update(paymentRefunds).set({ nextAttemptAt: new Date(0) });
  await t.app.payments.worker.poke();
  await t.app.payments.worker.poke();
}
async function paidOrder(who: Who, productId: string, quantity = 1) {
  const placed = await placeOnline(who, [[productId, quantity]]);
  const fields = rzp.pay(placed.payment.razorpayOrderId);
  expect((await verify(who, fields)).statusCode).toBe(200);
  return { placed, fields };
}

describe('a payment we cannot honour is refunded in full, once, recorded and mailed', () => {
  it('after expiry, even when the webhook is replayed 5 times and verify comes too', async () => {
    const me = await customer();
    const p = await createProduct(t.db, { price: 420, stock: 10 });
    const placed = await placeOnline(me, [[p.id, 2]]);
    await t.db.update(orders).set({ createdAt: new Date(Date.now() - 31 * 60 * 1000) }).where(eq(orders.id, placed.orderId));
    expect((await expireUnpaid(t.app.payments)).orders).toContain(placed.orderId);
    expect((await call(me, 'POST', `/api/payments/razorpay/order/${placed.orderId}`)).statusCode).toBe(409);

    const fields = rzp.pay(placed.payment.razorpayOrderId);
    const captured = rzp.webhook('payment.captured', { payment: { entity: rzp.payments.get(fields.razorpay_payment_id) } });
    for (let i = 0; i < 5; i++) expect((await deliver(captured)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) {
      expect((await deliver(rzp.webhook('payment.captured', { payment: { entity: rzp.payments.get(fields.razorpay_payment_id) } }))).statusCode).toBe(200);
    }
    const late = await verify(me, fields);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/refunded in full/);

    await until(() => refundsOf(fields.razorpay_payment_id).length > 0);
    await retryNow();
    expect(refundsOf(fields.razorpay_payment_id)).toEqual([expect.objectContaining({ amount: placed.payment.amount })]);
    const rows = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.razorpayPaymentId, fields.razorpay_payment_id));
    expect(rows).toEqual([expect.objectContaining({ reason: 'order cancelled', amountPaise: placed.payment.amount, razorpayRefundId: refundsOf(fields.razorpay_payment_id)[0]!.id })]);
    const mails = await t.db.select().from(emailOutbox).where(and(eq(emailOutbox.to, me.email), like(emailOutbox.subject, '%refunded%')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('after the order was cancelled or had expired');
    expect(await statuses(me, placed.orderId)).toEqual([['Pending', 'Cancelled']]);
  });

  it('for an order the customer cancelled before paying, and for a second payment of a paid order', async () => {
    const me = await customer();
    const p = await createProduct(t.db, { price: 510, stock: 10 });
    const cancelled = await placeOnline(me, [[p.id, 1]]);
    expect((await call(me, 'PUT', `/api/cancel/${cancelled.orderId}`)).statusCode).toBe(200);
    const late = rzp.pay(cancelled.payment.razorpayOrderId);
    expect((await verify(me, late)).statusCode).toBe(409);
    await until(() => refundsOf(late.razorpay_payment_id).length === 1);

    const { placed } = await paidOrder(me, p.id);
    const second = rzp.pay(placed.payment.razorpayOrderId);
    const twice = await verify(me, second);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/already paid/);
    await until(() => refundsOf(second.razorpay_payment_id).length === 1);
    expect(refundsOf(second.razorpay_payment_id)[0]!.amount).toBe(placed.payment.amount);
    expect(await statuses(me, placed.orderId)).toEqual([['Paid', 'Pending']]);
  });

  it('for a captured payment of the wrong amount', async () => {
    const me = await customer();
    const p = await createProduct(t.db, { price: 900, stock: 10 });
    const placed = await placeOnline(me, [[p.id, 1]]);
    const cheap = rzp.pay(placed.payment.razorpayOrderId, { amount: 500 });
    expect((await verify(me, cheap)).statusCode).toBe(400);
    await until(() => refundsOf(cheap.razorpay_payment_id).length === 1);
    expect(refundsOf(cheap.razorpay_payment_id)[0]!.amount).toBe(500);
    expect(await statuses(me, placed.orderId)).toEqual([['Pending', 'Pending']]);
  });
});

describe('the expiry sweep asks the gateway before cancelling (issue 30)', () => {
  const ago31 = () => new Date(Date.now() - 31 * 60 * 1000);
  const sweeps = (n: number) => Promise.all(Array.from({ length: n }, () => expireUnpaid(t.app.payments)));
  /** The gateway order checkout pays (on a loaded machine the placing request may answer before the gateway did). */
  async function gatewayOrderOf(target: { orderId: string } | { bookingId: string }) {
    const where = 'orderId' in target ? eq(payments.orderId, target.orderId) : eq(payments.bookingId, target.bookingId);
    let id: string | null = null;
    await until(async () => {
      id = (await t.db.select().from(payments).where(where))[0]?.razorpayOrderId ?? null;
      if (id === null) await retryNow();
      return id !== null;
    }, 30_000);
    return id!;
  }

  it('adopts a captured payment that was never verified nor webhooked, once, even when 6 sweeps race; with the gateway down the order waits', async () => {
    const me = await customer();
    const p = await createProduct(t.db, { price: 800, stock: 10 });
    const placed = await placeOnline(me, [[p.id, 1]]);
    // The customer paid at the gateway; verify and the webhook never reached us.
    const fields = rzp.pay(await gatewayOrderOf({ orderId: placed.orderId }));
    await t.db.update(orders).set({ createdAt: ago31() }).where(eq(orders.id, placed.orderId));

    rzp.state.down = true;
    expect((await expireUnpaid(t.app.payments)).orders).not.toContain(placed.orderId);
    expect(await statuses(me, placed.orderId)).toEqual([['Pending', 'Pending']]);
    rzp.state.down = false;

    const results = await sweeps(6);
    expect(results.flatMap((r) => r.orders)).not.toContain(placed.orderId);
    expect(await statuses(me, placed.orderId)).toEqual([['Paid', 'Pending']]);
    const [row] = await t.db.select().from(payments).where(eq(payments.orderId, placed.orderId));
    expect(row).toMatchObject({ status: 'paid', razorpayPaymentId: fields.razorpay_payment_id });
    await retryNow();
    expect(refundsOf(fields.razorpay_payment_id)).toEqual([]);
    // A later verify of that payment agrees.
    expect((await verify(me, fields)).statusCode).toBe(200);
  });

  it('refunds, exactly once, a captured payment it cannot adopt (the wrong amount), when 6 sweeps race, and cancels the order', async () => {
    const me = await customer();
    const p = await createProduct(t.db, { price: 800, stock: 10 });
    const placed = await placeOnline(me, [[p.id, 1]]);
    const wrong = rzp.pay(await gatewayOrderOf({ orderId: placed.orderId }), { amount: 50_000 });
    await t.db.update(orders).set({ createdAt: ago31() }).where(eq(orders.id, placed.orderId));

    const results = await sweeps(6);
    expect(results.flatMap((r) => r.orders).filter((id) => id === placed.orderId)).toHaveLength(1);
    await until(() => refundsOf(wrong.razorpay_payment_id).length > 0);
    await retryNow();
    expect(refundsOf(wrong.razorpay_payment_id)).toEqual([expect.objectContaining({ amount: 50_000 })]);
    expect(posts(new RegExp(`^/v1/payments/${wrong.razorpay_payment_id}/refund$`))).toBe(1);
    expect(await statuses(me, placed.orderId)).toEqual([['Pending', 'Cancelled']]);
  });

  it('adopts a captured booking payment the same way, and refunds one paid on a booking it then expires', async () => {
    const me = await customer();
    const pro = await createVendor(t.db, { kind: 'professional', chargeAmount: 600 });
    const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const body = (serviceTime: string) => ({
      Vendorid: pro.id, customerid: me.id, serviceDate: day, serviceTime,
      customer: { fullName: me.fullName, email: me.email, phone: '9876543210', alternatePhone: '' },
      address: { street: '12 Road No. 36', city: 'Hyderabad', state: 'Telangana', zip: '500033', latitude: null, longitude: null, specialInstructions: '' },
      saveAddress: false, payment: { method: 'card' }, totalAmount: 1,
    });
    const paid = (await call(me, 'POST', '/api/booking', body('9:00 AM'))).json();
    const short = (await call(me, 'POST', '/api/booking', body('11:00 AM'))).json();
    const good = rzp.pay(await gatewayOrderOf({ bookingId: paid.booking._id }));
    const bad = rzp.pay(await gatewayOrderOf({ bookingId: short.booking._id }), { amount: 10_000 });
    for (const id of [paid.booking._id, short.booking._id]) await t.db.update(bookings).set({ createdAt: ago31() }).where(eq(bookings.id, id));

    const results = await sweeps(6);
    expect(results.flatMap((r) => r.bookings)).toEqual([short.booking._id]);
    const [adopted] = await t.db.select().from(bookings).where(eq(bookings.id, paid.booking._id));
    expect(adopted).toMatchObject({ paymentStatus: 'Paid', status: 'Pending' });
    await until(() => refundsOf(bad.razorpay_payment_id).length > 0);
    await retryNow();
    expect(refundsOf(good.razorpay_payment_id)).toEqual([]);
    expect(refundsOf(bad.razorpay_payment_id)).toEqual([expect.objectContaining({ amount: 10_000 })]);
  });
});

describe('the customer pays what is owed now', () => {
  it('cancelling a line of an unpaid order makes a new gateway order for the remainder; the old one is refunded if paid', async () => {
    const me = await customer();
    const a = await createProduct(t.db, { price: 375, stock: 10 });
    const b = await createProduct(t.db, { price: 380, stock: 10 });
    const placed = await placeOnline(me, [[a.id, 1], [b.id, 1]]);
    expect(placed.payment.amount).toBe((375 + 380 + placed.deliveryFee) * 100);
    const lineB = placed.orders.find((l: { productId: string }) => l.productId === b.id)._id as string;
    expect((await call(me, 'PUT', `/api/cancel/${lineB}`)).statusCode).toBe(200);

    const start = (await call(me, 'POST', `/api/payments/razorpay/order/${placed.orderId}`)).json();
    expect(start).toMatchObject({ amount: (375 + placed.deliveryFee) * 100, razorpayOrderId: expect.stringMatching(/^order_/) });
    expect(start.razorpayOrderId).not.toBe(placed.payment.razorpayOrderId);
    expect(rzp.orders.get(start.razorpayOrderId)!.amount).toBe((375 + placed.deliveryFee) * 100);
    const fields = rzp.pay(start.razorpayOrderId);
    expect((await verify(me, fields)).statusCode).toBe(200);
    expect((await statuses(me, placed.orderId)).sort()).toEqual([['Paid', 'Pending'], ['Pending', 'Cancelled']]);

    // The old gateway order, for the original total, can no longer be paid through us.
    const old = rzp.pay(placed.payment.razorpayOrderId);
    expect((await verify(me, old)).statusCode).toBe(409);
    await until(() => refundsOf(old.razorpay_payment_id).length === 1);
    expect(refundsOf(old.razorpay_payment_id)[0]!.amount).toBe((375 + 380 + placed.deliveryFee) * 100);
  });

  it('cancelling the last unpaid line leaves nothing to pay', async () => {
    const me = await customer();
    const a = await createProduct(t.db, { price: 450, stock: 10 });
    const placed = await placeOnline(me, [[a.id, 1]]);
    expect((await call(me, 'PUT', `/api/cancel/${placed.orderId}`)).statusCode).toBe(200);
    const res = await call(me, 'POST', `/api/payments/razorpay/order/${placed.orderId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/nothing to pay/);
  });

  it('a partial cancel of a paid order refunds its lines; the delivery fee goes back with the last line', async () => {
    const me = await customer();
    const a = await createProduct(t.db, { price: 200, stock: 10 });
    const b = await createProduct(t.db, { price: 175, stock: 10 });
    const placed = await placeOnline(me, [[a.id, 1], [b.id, 1]]);
    expect(placed.deliveryFee).toBeGreaterThan(0);
    const fields = rzp.pay(placed.payment.razorpayOrderId);
    expect((await verify(me, fields)).statusCode).toBe(200);
    const lineOf = (id: string) => placed.orders.find((l: { productId: string }) => l.productId === id)._id as string;
    expect((await call(me, 'PUT', `/api/cancel/${lineOf(a.id)}`)).statusCode).toBe(200);
    expect(refundsOf(fields.razorpay_payment_id).map((r) => r.amount)).toEqual([20000]);
    expect((await call(me, 'PUT', `/api/cancel/${lineOf(b.id)}`)).statusCode).toBe(200);
    expect(refundsOf(fields.razorpay_payment_id).map((r) => r.amount)).toEqual([20000, 17500 + placed.deliveryFee * 100]);
    expect(refundsOf(fields.razorpay_payment_id).reduce((s, r) => s + r.amount, 0)).toBe(placed.payment.amount);
  });
});

describe('My orders shows what an order still owes (amountDue, ours)', () => {
  const owed = async (who: Who, orderId: string) => ((await call(who, 'GET', `/orderdetails/${who.id}`)).json() as { orderId: string; orderTotal: number; amountDue?: number }[])
    .filter((l) => l.orderId === orderId).map((l) => [l.orderTotal, l.amountDue]);

  it('is the whole total when placed, the remainder Pay now charges after a partial cancel, and nothing once paid', async () => {
    const me = await customer();
    const a = await createProduct(t.db, { price: 375, stock: 10 });
    const b = await createProduct(t.db, { price: 380, stock: 10 });
    const placed = await placeOnline(me, [[a.id, 2], [b.id, 1]]);
    const total = 2 * 375 + 380 + placed.deliveryFee;
    expect(await owed(me, placed.orderId)).toEqual([[total, total], [total, total]]);

    const lineB = placed.orders.find((l: { productId: string }) => l.productId === b.id)._id as string;
    expect((await call(me, 'PUT', `/api/cancel/${lineB}`)).statusCode).toBe(200);
    const remainder = 2 * 375 + placed.deliveryFee;
    // The order's total stays what was placed; what is owed drops by the cancelled line, on every line of the order.
    expect(await owed(me, placed.orderId)).toEqual([[total, remainder], [total, remainder]]);
    const start = (await call(me, 'POST', `/api/payments/razorpay/order/${placed.orderId}`)).json();
    expect(start.amount).toBe(remainder * 100);

    expect((await verify(me, rzp.pay(start.razorpayOrderId))).statusCode).toBe(200);
    expect(await owed(me, placed.orderId)).toEqual([[total, 0], [total, 0]]);
  });

  it('is nothing once every line of an unpaid order is cancelled', async () => {
    const me = await customer();
    const a = await createProduct(t.db, { price: 199, stock: 10 });
    const b = await createProduct(t.db, { price: 7, stock: 10 });
    const placed = await placeOnline(me, [[a.id, 3], [b.id, 1]]);
    const lineB = placed.orders.find((l: { productId: string }) => l.productId === b.id)._id as string;
    expect((await call(me, 'PUT', `/api/cancel/${lineB}`)).statusCode).toBe(200);
    expect((await owed(me, placed.orderId))[0]).toEqual([placed.total, 597 + placed.deliveryFee]);
    expect((await call(me, 'PUT', `/api/cancel/${placed.orderId}`)).statusCode).toBe(200);
    expect(await owed(me, placed.orderId)).toEqual([[placed.total, 0], [placed.total, 0]]);
  });
});

describe('money in integers of paise', () => {
  it('places an online order above ₹2.15 crore with its exact gateway amount, and refuses one the order columns cannot hold with a clear 400 and no gateway order', async () => {
    const me = await customer();
    const big = await createProduct(t.db, { price: 21_500_001, stock: 5 });
    const placed = await placeOnline(me, [[big.id, 1]]);
    expect(placed.payment.amount).toBe(2_150_000_100 + placed.deliveryFee * 100);
    expect(rzp.orders.get(placed.payment.razorpayOrderId)!.amount).toBe(placed.payment.amount);
    const fields = rzp.pay(placed.payment.razorpayOrderId);
    expect((await verify(me, fields)).statusCode).toBe(200);
    expect((await call(me, 'PUT', `/api/cancel/${placed.orderId}`)).statusCode).toBe(200);
    expect(refundsOf(fields.razorpay_payment_id).map((r) => r.amount)).toEqual([placed.payment.amount]);

    const huge = await createProduct(t.db, { price: 2_000_000_000, stock: 10 });
    const before = rzp.orders.size;
    const refused = await place(me, [[huge.id, 5]]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/too large/);
    expect(rzp.orders.size).toBe(before);
  });

  it('a 999-quantity order of a ₹10,009 product answers, charges and refunds exactly ₹99,98,991', async () => {
    const me = await customer();
    const p = await createProduct(t.db, { price: 10_009, stock: 999 });
    const placed = await placeOnline(me, [[p.id, 999]]);
    expect(placed).toMatchObject({ subtotal: 9_998_991, deliveryFee: 0, total: 9_998_991 });
    expect(placed.orders[0]).toMatchObject({ quantity: 999, pricePerUnit: 10_009, totalPrice: 9_998_991, orderTotal: 9_998_991 });
    expect(placed.payment.amount).toBe(999_899_100);
    const [stored] = await t.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(stored).toMatchObject({ subtotalPaise: 999_899_100, deliveryFeePaise: 0, totalPaise: 999_899_100 });
    const fields = rzp.pay(placed.payment.razorpayOrderId);
    expect((await verify(me, fields)).statusCode).toBe(200);
    expect((await call(me, 'PUT', `/api/cancel/${placed.orderId}`)).statusCode).toBe(200);
    expect(refundsOf(fields.razorpay_payment_id).map((r) => r.amount)).toEqual([999_899_100]);
  });

  it('lines stored with paise that floating rupees get wrong (₹333.33 × 3, ₹19.99 × 7, ₹1.15 × 3) are answered, charged and refunded to the paisa', async () => {
    const me = await customer();
    const items = await Promise.all([333, 19, 1].map((price) => createProduct(t.db, { price, stock: 10 })));
    // In floating rupees 19.99 × 7 is 139.92999999999998 and 1.15 × 3 is 3.4499999999999997: the rows hold what the sums should be.
    const { order, lines } = await createOrder(t.db, me, items.map((product) => ({ product, quantity: product.price === 333 ? 3 : product.price === 19 ? 7 : 3 })),
      { paymentMethod: 'online', subtotalPaise: 114_337, deliveryFeePaise: 30_000, totalPaise: 144_337 });
    const exact: Record<number, [number, number]> = { 333: [33_333, 99_999], 19: [1_999, 13_993], 1: [115, 345] };
    for (const l of lines) {
      const price = items.find((p) => p.id === l.productId)!.price;
      await t.db.update(orderLines).set({ pricePerUnitPaise: exact[price]![0], totalPricePaise: exact[price]![1] }).where(eq(orderLines.id, l.id));
    }
    const start = await call(me, 'POST', `/api/payments/razorpay/order/${order.id}`);
    expect(start.statusCode).toBe(200);
    expect(start.json().amount).toBe(144_337);
    const answered = ((await call(me, 'GET', `/orderdetails/${me.id}`)).json() as { orderId: string; pricePerUnit: number; totalPrice: number; orderTotal: number }[])
      .filter((l) => l.orderId === order.id).map((l) => [l.pricePerUnit, l.totalPrice, l.orderTotal]).sort((a, b) => a[0]! - b[0]!);
    expect(answered).toEqual([[1.15, 3.45, 1443.37], [19.99, 139.93, 1443.37], [333.33, 999.99, 1443.37]]);
    const fields = rzp.pay(start.json().razorpayOrderId);
    expect((await verify(me, fields)).statusCode).toBe(200);
    const priciest = lines.find((l) => items.find((p) => p.id === l.productId)!.price === 333)!;
    expect((await call(me, 'PUT', `/api/cancel/${priciest.id}`)).statusCode).toBe(200);
    expect((await call(me, 'PUT', `/api/cancel/${order.id}`)).statusCode).toBe(200);
    // The line alone, then the other two lines with the delivery fee in one refund: 139.93 + 3.45 + 300.
    expect(refundsOf(fields.razorpay_payment_id).map((r) => r.amount)).toEqual([99_999, 44_338]);
  });
});

describe('only a captured payment makes a line Paid', () => {
  it('an authorized payment stays Pending on payment.authorized, and verify captures it before marking it Paid', async () => {
    const me = await customer();
    const p = await createProduct(t.db, { price: 640, stock: 10 });
    const placed = await placeOnline(me, [[p.id, 1]]);
    const fields = rzp.pay(placed.payment.razorpayOrderId, { status: 'authorized' });
    const authorized = rzp.webhook('payment.authorized', { payment: { entity: rzp.payments.get(fields.razorpay_payment_id) } });
    expect((await deliver(authorized)).statusCode).toBe(200);
    // A payment.captured event whose payment is in fact only authorized does not reach us signed; verify decides.
    expect(await statuses(me, placed.orderId)).toEqual([['Pending', 'Pending']]);
    const before = posts(/\/capture$/);
    expect((await verify(me, fields)).json()).toMatchObject({ paymentStatus: 'Paid' });
    expect(posts(/\/capture$/)).toBe(before + 1);
    expect(rzp.payments.get(fields.razorpay_payment_id)!.status).toBe('captured');
    expect(await statuses(me, placed.orderId)).toEqual([['Paid', 'Pending']]);
    // Cancelling it now refunds (a refund of an uncaptured payment would be refused).
    expect((await call(me, 'PUT', `/api/cancel/${placed.orderId}`)).statusCode).toBe(200);
    expect(refundsOf(fields.razorpay_payment_id)).toHaveLength(1);
  });
});

describe('with the gateway down', () => {
  it('orders are placed and refunds requested; once it is back, each call happens exactly once', async () => {
    const me = await customer();
    const p = await createProduct(t.db, { price: 330, stock: 50 });
    const paid = [await paidOrder(me, p.id), await paidOrder(me, p.id)];
    rzp.state.down = true;
    let placed;
    try {
      placed = [];
      for (let i = 0; i < 3; i++) placed.push(await placeOnline(me, [[p.id, 1]]));
      for (const o of placed) expect(o.payment).toMatchObject({ razorpayOrderId: null, message: expect.stringMatching(/pay for it from My orders/) });
      for (const o of paid) expect((await call(me, 'PUT', `/api/cancel/${o.placed.orderId}`)).statusCode).toBe(200);
      await retryNow();
    } finally {
      rzp.state.down = false;
    }
    const ordersBefore = posts(/^\/v1\/orders$/);
    const refundsBefore = posts(/\/refund$/);
    await retryNow();
    await retryNow();
    expect(posts(/^\/v1\/orders$/) - ordersBefore).toBe(3);
    expect(posts(/\/refund$/) - refundsBefore).toBe(2);
    for (const o of placed) {
      expect([...rzp.orders.values()].filter((g) => g.receipt === o.orderId)).toHaveLength(1);
      const start = (await call(me, 'POST', `/api/payments/razorpay/order/${o.orderId}`)).json();
      expect(rzp.orders.get(start.razorpayOrderId)).toMatchObject({ receipt: o.orderId, amount: o.payment.amount });
    }
    for (const o of paid) expect(refundsOf(o.fields.razorpay_payment_id).map((r) => r.amount)).toEqual([o.placed.payment.amount]);
  });

  it('a retry after a lost answer adopts what the gateway already made: no second gateway order or refund', async () => {
    const me = await customer();
    const p = await createProduct(t.db, { price: 610, stock: 20 });
    const { placed, fields } = await paidOrder(me, p.id);
    rzp.state.down = true;
    let unpaid;
    try {
      unpaid = await placeOnline(me, [[p.id, 1]]);
      expect((await call(me, 'PUT', `/api/cancel/${placed.orderId}`)).statusCode).toBe(200);
    } finally {
      rzp.state.down = false;
    }
    // As if the first attempts had reached the gateway and the process died before recording the answers.
    const [intent] = await t.db.select().from(payments).where(and(eq(payments.orderId, unpaid.orderId), eq(payments.status, 'creating')));
    const refundRows = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.razorpayPaymentId, fields.razorpay_payment_id));
    const auth = `Basic ${Buffer.from(`${rzp.keys.keyId}:${rzp.keys.keySecret}`).toString('base64')}`;
    const post = (path: string, body: object) => fetch(`${rzp.url}${path}`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    await post('/v1/orders', { amount: intent!.amountPaise, currency: 'INR', receipt: unpaid.orderId, notes: { orderId: unpaid.orderId, intent: intent!.id } });
    await post(`/v1/payments/${fields.razorpay_payment_id}/refund`, { amount: refundRows.reduce((s, r) => s + r.amountPaise, 0), receipt: refundRows[0]!.receipt });
    await t.db.update(payments).set({ attempts: 1 }).where(eq(payments.id, intent!.id));
    await t.db.update(paymentRefunds).set({ attempts: 1 }).where(eq(paymentRefunds.razorpayPaymentId, fields.razorpay_payment_id));
    await retryNow();

    const made = [...rzp.orders.values()].filter((g) => g.receipt === unpaid.orderId);
    expect(made).toHaveLength(1);
    const [opened] = await t.db.select().from(payments).where(eq(payments.id, intent!.id));
    expect(opened).toMatchObject({ status: 'open', razorpayOrderId: made[0]!.id });
    expect(refundsOf(fields.razorpay_payment_id)).toHaveLength(1);
    const recorded = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.razorpayPaymentId, fields.razorpay_payment_id));
    expect(recorded.every((r) => r.razorpayRefundId === refundsOf(fields.razorpay_payment_id)[0]!.id)).toBe(true);
  });
});

describe('racing confirmations', () => {
  it('40 verifies and webhooks of one payment make one payment, and no refund', async () => {
    const me = await customer();
    const p = await createProduct(t.db, { price: 777, stock: 10 });
    const placed = await placeOnline(me, [[p.id, 1]]);
    const fields = rzp.pay(placed.payment.razorpayOrderId);
    const entity = rzp.payments.get(fields.razorpay_payment_id);
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 === 0
      ? verify(me, fields)
      : deliver(rzp.webhook('payment.captured', { payment: { entity } }))).then((r) => r.statusCode)));
    expect(results.every((c) => c === 200)).toBe(true);
    const rows = await t.db.select().from(payments).where(eq(payments.orderId, placed.orderId));
    expect(rows).toEqual([expect.objectContaining({ status: 'paid', razorpayPaymentId: fields.razorpay_payment_id })]);
    expect(await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.razorpayPaymentId, fields.razorpay_payment_id))).toEqual([]);
    expect(await statuses(me, placed.orderId)).toEqual([['Paid', 'Pending']]);
  });
});

describe('a gateway that holds every call', () => {
  it('stops nothing else: while 12 online orders and 5 refunds wait on it, health, search, login and a cash order of the same product answer', async () => {
    const me = await customer();
    const p = await createProduct(t.db, { price: 250, stock: 100 });
    const paid = [];
    for (let i = 0; i < 5; i++) paid.push(await paidOrder(me, p.id));
    const ordersBefore = rzp.orders.size;

    rzp.hold();
    const pending = [
      ...Array.from({ length: 12 }, () => place(me, [[p.id, 1]])),
      ...paid.map((o) => call(me, 'PUT', `/api/cancel/${o.placed.orderId}`)),
    ];
    await until(() => rzp.heldCount() >= 17).catch((err: unknown) => { throw new Error(`${String(err)}: ${rzp.heldCount()} held`); });
    const stream = await Promise.all([
      call(null, 'GET', '/healthz'),
      call(null, 'GET', `/api/search/suggest?q=cem${Date.now()}`),
      call(null, 'POST', '/fetch/userprofile', { email: me.email, password: PASSWORD }),
      place(me, [[p.id, 1]], 'cod'),
    ]);
    // All of it answered while the gateway still held every call.
    expect(rzp.heldCount()).toBeGreaterThanOrEqual(17);
    expect(stream.map((r) => r.statusCode)).toEqual([200, 200, 200, 201]);

    rzp.release();
    const answers = await Promise.all(pending);
    expect(answers.map((r) => r.statusCode)).toEqual([...Array(12).fill(201), ...Array(5).fill(200)]);
    await until(async () => (await t.db.select().from(payments).where(eq(payments.status, 'creating'))).length === 0);
    expect(rzp.orders.size - ordersBefore).toBe(12);
    for (const o of paid) await until(() => refundsOf(o.fields.razorpay_payment_id).length === 1);
  });
});
