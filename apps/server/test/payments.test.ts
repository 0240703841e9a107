import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, emailOutbox, orders, paymentRefunds, payments, products } from '../src/db/schema/index.ts';
import { expireUnpaidOrders } from '../src/modules/orders/service.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { caller, loggedInCustomer, loggedInVendor, orderLine, webhookDeliverer, type Who } from './support/http.ts';
import { createProduct, createVendor } from './support/factories.ts';
import { expireUnpaidBookings, todayInIndia } from '../src/modules/bookings/service.ts';
import { appWithRazorpay, type RazorpayStandIn } from './support/razorpay-app.ts';

/** Online and UPI payment through Razorpay's protocol, against a local server that speaks it. */

let t: TestApp;
let rzp: RazorpayStandIn;
appWithRazorpay((started) => ({ t, rzp } = started));

const customer = () => loggedInCustomer(t);
const call = caller(() => t);
const line = orderLine;
async function placeOnline(who: Who, items: [string, number][], method: 'online' | 'upi' = 'online', headers: Record<string, string> = {}) {
  const res = await call(who, 'POST', '/ordercart', { paymentMethod: method, orders: items.map(([id, q]) => line(who, id, q)) }, headers);
  expect(res.statusCode).toBe(201);
  return res.json();
}
const myLines = async (who: Who) => (await call(who, 'GET', `/orderdetails/${who.id}`)).json() as { _id: string; orderId: string; productId: string; paymentStatus: string; orderStatus: string }[];
const statuses = async (who: Who, orderId: string) => (await myLines(who)).filter((l) => l.orderId === orderId).map((l) => [l.paymentStatus, l.orderStatus]);
const verify = (who: Who | null, fields: object) => call(who, 'POST', '/api/payments/razorpay/verify', fields);
const deliver = webhookDeliverer(() => t);

describe('placing an online or UPI order', () => {
  it('creates one Razorpay order for exactly the server total in paise, and a retry with the same Idempotency-Key creates no second one', async () => {
    const me = await customer();
    const a = await createProduct(t.db, { price: 333, stock: 20 });
    const b = await createProduct(t.db, { price: 1251, stock: 20 });
    const before = rzp.orders.size;
    const headers = { 'idempotency-key': `pay-${me.id}` };
    const placed = await placeOnline(me, [[a.id, 3], [b.id, 1]], 'upi', headers);
    expect(placed.total).toBeCloseTo(333 * 3 + 1251 + placed.deliveryFee, 2);
    const expected = Math.round(placed.total * 100);
    expect(placed.payment).toEqual({ provider: 'razorpay', keyId: rzp.keys.keyId, razorpayOrderId: expect.stringMatching(/^order_/), amount: expected, currency: 'INR' });
    expect(JSON.stringify(placed)).not.toContain(rzp.keys.keySecret);
    const gatewayOrder = rzp.orders.get(placed.payment.razorpayOrderId)!;
    expect(gatewayOrder).toMatchObject({ amount: expected, currency: 'INR', receipt: placed.orderId });
    expect(await statuses(me, placed.orderId)).toEqual([['Pending', 'Pending'], ['Pending', 'Pending']]);

    const again = await call(me, 'POST', '/ordercart', { paymentMethod: 'upi', orders: [line(me, a.id, 3), line(me, b.id, 1)] }, headers);
    expect(again.json().payment.razorpayOrderId).toBe(placed.payment.razorpayOrderId);
    expect(rzp.orders.size).toBe(before + 1);
  });

  it('keeps the order Pending with a clear message when the gateway is down, and Pay now works once it is back', async () => {
    const me = await customer();
    const p = await createProduct(t.db, { price: 800, stock: 5 });
    rzp.state.down = true;
    let placed;
    try {
      placed = await placeOnline(me, [[p.id, 1]]);
    } finally {
      rzp.state.down = false;
    }
    expect(placed.payment).toMatchObject({ razorpayOrderId: null, message: expect.stringMatching(/pay for it from My orders/) });
    expect(await statuses(me, placed.orderId)).toEqual([['Pending', 'Pending']]);

    const other = await customer();
    expect((await call(other, 'POST', `/api/payments/razorpay/order/${placed.orderId}`)).statusCode).toBe(404);
    const start = await call(me, 'POST', `/api/payments/razorpay/order/${placed.orderId}`);
    expect(start.statusCode).toBe(200);
    expect(start.json()).toMatchObject({ amount: Math.round(placed.total * 100), razorpayOrderId: expect.stringMatching(/^order_/) });
    const twice = await call(me, 'POST', `/api/payments/razorpay/order/${placed.orderId}`);
    expect(twice.json().razorpayOrderId).toBe(start.json().razorpayOrderId);
    expect((await verify(me, rzp.pay(start.json().razorpayOrderId))).statusCode).toBe(200);
    expect(await statuses(me, placed.orderId)).toEqual([['Paid', 'Pending']]);
    expect((await call(me, 'POST', `/api/payments/razorpay/order/${placed.orderId}`)).statusCode).toBe(409);
  });
});

describe('verification', () => {
  it('refuses a tampered signature, a wrong amount, another customer’s order and an unpaid payment, changing nothing', async () => {
    const me = await customer();
    const thief = await customer();
    const p = await createProduct(t.db, { price: 500, stock: 5 });
    const placed = await placeOnline(me, [[p.id, 1]]);
    const rzpOrder = placed.payment.razorpayOrderId as string;

    const good = rzp.pay(rzpOrder);
    const tampered = await verify(me, { ...good, razorpay_signature: good.razorpay_signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().message).toMatch(/could not be verified/);
    expect((await verify(me, { ...good, razorpay_signature: 'short' })).statusCode).toBe(400);

    const cheap = rzp.pay(rzpOrder, { amount: 100 });
    expect((await verify(me, cheap)).statusCode).toBe(400);
    const failed = rzp.pay(rzpOrder, { status: 'failed' });
    expect((await verify(me, failed)).statusCode).toBe(400);
    // A signed payment of another order cannot pay this one.
    const otherOrder = await placeOnline(me, [[p.id, 1]]);
    const elsewhere = rzp.pay(otherOrder.payment.razorpayOrderId);
    expect((await verify(me, { ...elsewhere, razorpay_order_id: rzpOrder })).statusCode).toBe(400);

    expect((await verify(thief, good)).statusCode).toBe(404);
    expect(await statuses(me, placed.orderId)).toEqual([['Pending', 'Pending']]);
    expect((await verify(null, good)).statusCode).toBe(401);
    expect((await verify(me, { razorpay_order_id: rzpOrder })).statusCode).toBe(400);
  });

  it('marks a correctly signed, captured payment Paid, once, however often it is verified', async () => {
    const me = await customer();
    const p = await createProduct(t.db, { price: 1200, stock: 5 });
    const placed = await placeOnline(me, [[p.id, 2]]);
    const fields = rzp.pay(placed.payment.razorpayOrderId);
    const first = await verify(me, fields);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ orderId: placed.orderId, paymentStatus: 'Paid' });
    expect((await verify(me, fields)).json().paymentStatus).toBe('Paid');
    expect(await statuses(me, placed.orderId)).toEqual([['Paid', 'Pending']]);
    const [stored] = await t.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(stored!.paymentStatus).toBe('Paid');
  });
});

describe('webhook', () => {
  it('refuses a bad signature, confirms payment.captured before verify, ignores a replayed event, and verify still succeeds after', async () => {
    const me = await customer();
    const p = await createProduct(t.db, { price: 700, stock: 5 });
    const placed = await placeOnline(me, [[p.id, 1]]);
    const fields = rzp.pay(placed.payment.razorpayOrderId);
    const captured = rzp.webhook('payment.captured', { payment: { entity: rzp.payments.get(fields.razorpay_payment_id) } });

    const forged = await deliver({ body: captured.body, headers: { ...captured.headers, 'x-razorpay-signature': 'f'.repeat(64) } });
    expect(forged.statusCode).toBe(400);
    const unsigned = await deliver({ body: captured.body, headers: { 'content-type': 'application/json' } });
    expect(unsigned.statusCode).toBe(400);
    const altered = await deliver({ body: captured.body.replace(`"amount":${Math.round(placed.total * 100)}`, '"amount":100'), headers: captured.headers });
    expect(altered.statusCode).toBe(400);
    expect(await statuses(me, placed.orderId)).toEqual([['Pending', 'Pending']]);

    const res = await deliver(captured);
    expect(res.statusCode).toBe(200);
    expect(await statuses(me, placed.orderId)).toEqual([['Paid', 'Pending']]);
    expect((await deliver(captured)).statusCode).toBe(200);
    expect((await verify(me, fields)).json()).toMatchObject({ paymentStatus: 'Paid' });
    expect(await statuses(me, placed.orderId)).toEqual([['Paid', 'Pending']]);
  });

  it('leaves the order Pending on payment.failed, and a captured payment of the wrong amount pays nothing', async () => {
    const me = await customer();
    const p = await createProduct(t.db, { price: 900, stock: 5 });
    const placed = await placeOnline(me, [[p.id, 1]]);
    const failed = rzp.pay(placed.payment.razorpayOrderId, { status: 'failed' });
    expect((await deliver(rzp.webhook('payment.failed', { payment: { entity: rzp.payments.get(failed.razorpay_payment_id) } }))).statusCode).toBe(200);
    const short = rzp.pay(placed.payment.razorpayOrderId, { amount: 100 });
    expect((await deliver(rzp.webhook('payment.captured', { payment: { entity: rzp.payments.get(short.razorpay_payment_id) } }))).statusCode).toBe(200);
    expect(await statuses(me, placed.orderId)).toEqual([['Pending', 'Pending']]);
  });
});

describe('racing confirmations', () => {
  it('40 racing verifies and webhook deliveries of one payment all succeed and mark it paid once', async () => {
    const me = await customer();
    const p = await createProduct(t.db, { price: 1100, stock: 5 });
    const placed = await placeOnline(me, [[p.id, 1]]);
    const fields = rzp.pay(placed.payment.razorpayOrderId);
    const entity = rzp.payments.get(fields.razorpay_payment_id);
    const replayed = rzp.webhook('payment.captured', { payment: { entity } });
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 === 0
      ? verify(me, fields)
      : deliver(i % 4 === 1 ? replayed : rzp.webhook('payment.captured', { payment: { entity } })))));
    expect(results.map((r) => r.statusCode)).toEqual(Array(40).fill(200));
    expect(await statuses(me, placed.orderId)).toEqual([['Paid', 'Pending']]);
    const [row] = await t.db.select().from(payments).where(eq(payments.orderId, placed.orderId));
    expect(row).toMatchObject({ razorpayPaymentId: fields.razorpay_payment_id, paidAt: expect.any(Date) });
  });
});

describe('limits', () => {
  it('limits a customer to 30 gateway calls (verify, Pay now) in ten minutes, with a clear message', async () => {
    const me = await customer();
    const p = await createProduct(t.db, { price: 300, stock: 5 });
    const placed = await placeOnline(me, [[p.id, 1]]);
    const bad = { ...rzp.pay(placed.payment.razorpayOrderId), razorpay_signature: '0'.repeat(64) };
    const codes = await Promise.all(Array.from({ length: 40 }, () => verify(me, bad).then((r) => r.statusCode)));
    expect(codes.filter((c) => c === 400)).toHaveLength(30);
    expect(codes.filter((c) => c === 429)).toHaveLength(10);
    const refused = await call(me, 'POST', `/api/payments/razorpay/order/${placed.orderId}`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Too many payment attempts/);
  });

  it('never refuses a correctly signed verify: after 31 Pay-now presses the captured payment still makes the order Paid', async () => {
    const me = await customer();
    const p = await createProduct(t.db, { price: 800, stock: 5 });
    const placed = await placeOnline(me, [[p.id, 1]]);
    const presses = [];
    for (let i = 0; i < 31; i++) presses.push((await call(me, 'POST', `/api/payments/razorpay/order/${placed.orderId}`)).statusCode);
    expect(presses.at(-1)).toBe(429);
    const fields = rzp.pay(placed.payment.razorpayOrderId);
    const verified = await verify(me, fields);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(await statuses(me, placed.orderId)).toEqual([['Paid', 'Pending']]);
    // Replays of the signed fields are answered too, from our rows: no further call to the gateway.
    const fetches = () => rzp.calls.filter((c) => c.path === `/v1/payments/${fields.razorpay_payment_id}`).length;
    const before = fetches();
    const replays = await Promise.all(Array.from({ length: 10 }, () => verify(me, fields).then((r) => r.statusCode)));
    expect(replays).toEqual(Array(10).fill(200));
    expect(fetches()).toBe(before);
    // A forged signature still counts against the limit, and is refused.
    expect((await verify(me, { ...fields, razorpay_signature: '0'.repeat(64) })).statusCode).toBe(429);
  });
});

describe('cancel and refund', () => {
  it('refunds a cancelled paid line’s own amount through the gateway; the line is Refunded and Cancelled, the other stays Paid', async () => {
    const me = await customer();
    const a = await createProduct(t.db, { price: 451, stock: 10 });
    const b = await createProduct(t.db, { price: 300, stock: 10 });
    const placed = await placeOnline(me, [[a.id, 2], [b.id, 1]]);
    const fields = rzp.pay(placed.payment.razorpayOrderId);
    expect((await verify(me, fields)).statusCode).toBe(200);
    const lineA = placed.orders.find((l: { productId: string }) => l.productId === a.id);

    const res = await call(me, 'PUT', `/api/cancel/${lineA._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().orders[0]).toMatchObject({ paymentStatus: 'Refunded', orderStatus: 'Cancelled' });
    const refunds = rzp.refunds.filter((r) => r.payment_id === fields.razorpay_payment_id);
    expect(refunds).toEqual([expect.objectContaining({ amount: 90200, receipt: lineA._id })]);
    const lines = await myLines(me);
    expect(lines.find((l) => l.productId === a.id)).toMatchObject({ paymentStatus: 'Refunded', orderStatus: 'Cancelled' });
    expect(lines.find((l) => l.productId === b.id)).toMatchObject({ paymentStatus: 'Paid', orderStatus: 'Pending' });
    expect((await call(me, 'PUT', `/api/cancel/${lineA._id}`)).statusCode).toBe(409);
    expect(rzp.refunds.filter((r) => r.payment_id === fields.razorpay_payment_id)).toHaveLength(1);

    const processed = rzp.webhook('refund.processed', { refund: { entity: refunds[0] }, payment: { entity: rzp.payments.get(fields.razorpay_payment_id) } });
    expect((await deliver(processed)).statusCode).toBe(200);
    const [row] = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.lineId, lineA._id));
    expect(row).toMatchObject({ amountPaise: 90200, processed: true });
  });

  it('a seller ships or cancels an online line only once it is paid, and cancelling a paid line it cannot fulfil refunds it', async () => {
    const me = await customer();
    const seller = await loggedInVendor(t, { kind: 'seller' });
    const a = await createProduct(t.db, { vendorId: seller.id, price: 720, stock: 10 });
    const b = await createProduct(t.db, { vendorId: seller.id, price: 410, stock: 10 });
    const placed = await placeOnline(me, [[a.id, 1], [b.id, 2]]);
    const lineOf = (id: string) => placed.orders.find((l: { productId: string }) => l.productId === id)._id as string;
    const move = (lineId: string, status: string) => call(seller, 'PATCH', `/api/vendor/orders/${lineId}`, { status });

    const early = await move(lineOf(a.id), 'Shipped');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('The customer has not paid for this item yet: ship it once the payment arrives.');
    // The gateway order is for the whole order: an unpaid line is not cancelled under the customer's payment.
    const earlyCancel = await move(lineOf(b.id), 'Cancelled');
    expect(earlyCancel.statusCode).toBe(409);
    expect(earlyCancel.json().message).toBe('The customer has not paid for this order yet: an unpaid order cancels itself after 30 minutes.');
    const fields = rzp.pay(placed.payment.razorpayOrderId);
    expect((await verify(me, fields)).statusCode).toBe(200);
    expect((await move(lineOf(a.id), 'Shipped')).statusCode).toBe(200);

    const cancelled = await move(lineOf(b.id), 'Cancelled');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ orderStatus: 'Cancelled', paymentStatus: 'Refunded' });
    expect(rzp.refunds.filter((r) => r.payment_id === fields.razorpay_payment_id)).toEqual([expect.objectContaining({ amount: 82000, receipt: lineOf(b.id) })]);
    expect((await move(lineOf(a.id), 'Cancelled')).statusCode).toBe(409);
    expect(await statuses(me, placed.orderId)).toEqual(expect.arrayContaining([['Paid', 'Shipped'], ['Refunded', 'Cancelled']]));
    const [stock] = await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, b.id));
    expect(stock!.stock).toBe(10);
  });

  it('refunds a whole paid order in one refund of the lines’ sum and the delivery fee, each line Refunded', async () => {
    const me = await customer();
    const a = await createProduct(t.db, { price: 210, stock: 10 });
    const b = await createProduct(t.db, { price: 330, stock: 10 });
    const placed = await placeOnline(me, [[a.id, 1], [b.id, 2]]);
    const fields = rzp.pay(placed.payment.razorpayOrderId);
    expect((await verify(me, fields)).statusCode).toBe(200);
    const res = await call(me, 'PUT', `/api/cancel/${placed.orderId}`);
    expect(res.statusCode).toBe(200);
    expect(placed.deliveryFee).toBeGreaterThan(0);
    expect(rzp.refunds.filter((r) => r.payment_id === fields.razorpay_payment_id).map((r) => r.amount)).toEqual([21000 + 66000 + placed.deliveryFee * 100]);
    expect(await statuses(me, placed.orderId)).toEqual([['Refunded', 'Cancelled'], ['Refunded', 'Cancelled']]);
  });

  it('cancels at once when the gateway cannot refund: the refund is stored and made exactly once when the gateway is back', async () => {
    const me = await customer();
    const p = await createProduct(t.db, { price: 600, stock: 10 });
    const placed = await placeOnline(me, [[p.id, 1]]);
    const fields = rzp.pay(placed.payment.razorpayOrderId);
    expect((await verify(me, fields)).statusCode).toBe(200);
    rzp.state.down = true;
    let res;
    try {
      res = await call(me, 'PUT', `/api/cancel/${placed.orderId}`);
      expect(res.statusCode).toBe(200);
      expect(await statuses(me, placed.orderId)).toEqual([['Refunded', 'Cancelled']]);
      const stored = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.razorpayPaymentId, fields.razorpay_payment_id));
      expect(stored.map((r) => [r.reason, r.amountPaise, r.razorpayRefundId]).sort()).toEqual([['cancelled', 60000, null], ['delivery fee', placed.deliveryFee * 100, null]]);
    } finally {
      rzp.state.down = false;
    }
    await t.db.update(paymentRefunds).set({ nextAttemptAt: new Date(0) }).where(eq(paymentRefunds.razorpayPaymentId, fields.razorpay_payment_id));
    await t.app.payments.worker.poke();
    await t.app.payments.worker.poke();
    expect(rzp.refunds.filter((r) => r.payment_id === fields.razorpay_payment_id).map((r) => r.amount)).toEqual([60000 + placed.deliveryFee * 100]);
    const rows = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.razorpayPaymentId, fields.razorpay_payment_id));
    expect(rows.every((r) => r.razorpayRefundId === rzp.refunds.find((x) => x.payment_id === fields.razorpay_payment_id)!.id)).toBe(true);
  });
});

describe('expiry', () => {
  it('cancels an online order still unpaid after 30 minutes and returns its products to the cart and stock; paid and younger orders stay', async () => {
    const me = await customer();
    const p = await createProduct(t.db, { price: 250, stock: 10 });
    const stale = await placeOnline(me, [[p.id, 3]]);
    const paid = await placeOnline(me, [[p.id, 1]]);
    expect((await verify(me, rzp.pay(paid.payment.razorpayOrderId))).statusCode).toBe(200);
    const young = await placeOnline(me, [[p.id, 2]]);
    const oldTime = new Date(Date.now() - 31 * 60 * 1000);
    await t.db.update(orders).set({ createdAt: oldTime }).where(eq(orders.id, stale.orderId));
    await t.db.update(orders).set({ createdAt: oldTime }).where(eq(orders.id, paid.orderId));

    const expired = await expireUnpaidOrders(t.db);
    expect(expired).toContain(stale.orderId);
    expect(expired).not.toContain(paid.orderId);
    expect(await statuses(me, stale.orderId)).toEqual([['Pending', 'Cancelled']]);
    expect(await statuses(me, paid.orderId)).toEqual([['Paid', 'Pending']]);
    expect(await statuses(me, young.orderId)).toEqual([['Pending', 'Pending']]);
    const cart = (await call(me, 'GET', `/carts/${me.id}`)).json();
    expect(cart).toEqual([expect.objectContaining({ productid: p.id, productQuantity: 3 })]);
    const [after] = await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, p.id));
    expect(after!.stock).toBe(10 - 1 - 2);
    expect(await expireUnpaidOrders(t.db)).not.toContain(stale.orderId);

    // A payment arriving after expiry does not revive the cancelled lines.
    const late = await verify(me, rzp.pay(stale.payment.razorpayOrderId));
    expect(late.statusCode).toBe(409);
    expect(await statuses(me, stale.orderId)).toEqual([['Pending', 'Cancelled']]);
  });
});

describe('bookings', () => {
  const inDays = (n: number) => {
    const d = new Date(`${todayInIndia()}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + n);
    return d.toISOString().slice(0, 10);
  };
  // One day each: a customer holds at most 2 live bookings of one professional a day.
  const booking = (who: Who, vendorId: string, method: string, serviceTime: string, day = 4) => ({
    Vendorid: vendorId, customerid: who.id, serviceDate: inDays(day), serviceTime,
    customer: { fullName: who.fullName, email: who.email, phone: '9876543210', alternatePhone: '' },
    address: { street: '12 Road No. 36', city: 'Hyderabad', state: 'Telangana', zip: '500033', latitude: null, longitude: null, specialInstructions: '' },
    saveAddress: false, payment: { method }, totalAmount: 1,
  });

  it('pays card, UPI and netbanking bookings through the same flow; cash needs no payment', async () => {
    const me = await customer();
    const thief = await customer();
    const pro = await createVendor(t.db, { kind: 'professional', chargeAmount: 700 });
    const slots = ['9:00 AM', '10:00 AM', '11:00 AM'];
    for (const [i, method] of ['card', 'upi', 'netbanking'].entries()) {
      const res = await call(me, 'POST', '/api/booking', booking(me, pro.id, method, slots[i]!, 4 + i));
      expect(res.statusCode).toBe(201);
      const { booking: b, payment } = res.json();
      expect(payment).toMatchObject({ provider: 'razorpay', amount: (700 + 250) * 100, currency: 'INR' });
      expect(rzp.orders.get(payment.razorpayOrderId)).toMatchObject({ amount: 95000, receipt: b._id });
      const fields = rzp.pay(payment.razorpayOrderId);
      expect((await verify(thief, fields)).statusCode).toBe(404);
      expect((await verify(me, { ...fields, razorpay_signature: '0'.repeat(64) })).statusCode).toBe(400);
      expect((await verify(me, fields)).json()).toMatchObject({ orderId: b._id, paymentStatus: 'Paid' });
    }
    const cash = await call(me, 'POST', '/api/booking', booking(me, pro.id, 'cash', '1:00 PM', 7));
    expect(cash.json().payment).toBeNull();
    const listed = (await call(me, 'GET', `/cart/service/${me.id}`)).json() as { paymentMethod: string; paymentStatus: string }[];
    expect(Object.fromEntries(listed.map((b) => [b.paymentMethod, b.paymentStatus]))).toEqual({ card: 'Paid', upi: 'Paid', netbanking: 'Paid', cash: 'Pending' });
  });
});

describe('booking refund and expiry', () => {
  const inDays = (n: number) => {
    const d = new Date(`${todayInIndia()}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + n);
    return d.toISOString().slice(0, 10);
  };
  const booking = (who: Who, vendorId: string, method: string, serviceTime: string) => ({
    Vendorid: vendorId, customerid: who.id, serviceDate: inDays(5), serviceTime,
    customer: { fullName: who.fullName, email: who.email, phone: '9876543210', alternatePhone: '' },
    address: { street: '12 Road No. 36', city: 'Hyderabad', state: 'Telangana', zip: '500033', latitude: null, longitude: null, specialInstructions: '' },
    saveAddress: false, payment: { method }, totalAmount: 1,
  });

  it('refunds a cancelled paid booking in full through the gateway, and it shows Refunded', async () => {
    const me = await customer();
    const pro = await createVendor(t.db, { kind: 'professional', chargeAmount: 500 });
    const { booking: b, payment } = (await call(me, 'POST', '/api/booking', booking(me, pro.id, 'card', '2:00 PM'))).json();
    const fields = rzp.pay(payment.razorpayOrderId);
    expect((await verify(me, fields)).statusCode).toBe(200);
    const res = await call(me, 'PUT', `/api/booking/${b._id}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json().booking).toMatchObject({ status: 'Cancelled', paymentStatus: 'Refunded' });
    expect(rzp.refunds.filter((r) => r.payment_id === fields.razorpay_payment_id)).toEqual([expect.objectContaining({ amount: 75000 })]);
  });

  it('cancels a card booking still unpaid after 30 minutes, which frees its slot; paid ones stay', async () => {
    const me = await customer();
    const pro = await createVendor(t.db, { kind: 'professional', chargeAmount: 400 });
    const unpaid = (await call(me, 'POST', '/api/booking', booking(me, pro.id, 'upi', '3:00 PM'))).json();
    const paid = (await call(me, 'POST', '/api/booking', booking(me, pro.id, 'netbanking', '9:00 AM'))).json();
    expect((await verify(me, rzp.pay(paid.payment.razorpayOrderId))).statusCode).toBe(200);
    const old = new Date(Date.now() - 31 * 60 * 1000);
    for (const id of [unpaid.booking._id, paid.booking._id]) await t.db.update(bookings).set({ createdAt: old }).where(eq(bookings.id, id));
    const expired = await expireUnpaidBookings(t.db);
    expect(expired).toEqual([unpaid.booking._id]);
    // The customer is told why, once: a second sweep finds nothing to cancel and mails nothing.
    expect(await expireUnpaidBookings(t.db)).toEqual([]);
    const told = (await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, me.email))).filter((m) => m.subject.startsWith('Booking cancelled, not paid'));
    expect(told.map((m) => m.subject)).toEqual([`Booking cancelled, not paid: ${pro.businessName} on ${inDays(5)}`]);
    expect(told[0]!.text).toContain('at 3:00 PM is cancelled: it was not paid within 30 minutes, so the slot is free again.');
    const slots = (await call(me, 'GET', `/api/vendor/${pro.id}/booked-slots?date=${inDays(5)}`)).json();
    expect(slots.booked).toEqual(['9:00 AM']);
    const lateFields = rzp.pay(unpaid.payment.razorpayOrderId);
    const late = await verify(me, lateFields);
    expect(late.statusCode).toBe(409);
    // Like an order's: the late payment is recorded and refunded in full, once, and the customer is mailed.
    const captured = () => rzp.webhook('payment.captured', { payment: { entity: rzp.payments.get(lateFields.razorpay_payment_id) } });
    for (let i = 0; i < 3; i++) {
      expect((await deliver(captured())).statusCode).toBe(200);
    }
    const refunded = () => rzp.refunds.filter((r) => r.payment_id === lateFields.razorpay_payment_id);
    for (let waited = 0; refunded().length === 0 && waited < 8_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
    expect(refunded()).toEqual([expect.objectContaining({ amount: 65000 })]);
    const rows = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.razorpayPaymentId, lateFields.razorpay_payment_id));
    expect(rows).toEqual([expect.objectContaining({ reason: 'order cancelled', amountPaise: 65000 })]);
    const mails = (await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, me.email))).filter((m) => /refunded/.test(m.subject));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('for your booking');
  });
});

describe('configuration', () => {
  it('tells the web app where checkout.js is, and the CSP allows exactly its addresses only when keys are set', async () => {
    expect((await call(null, 'GET', '/api/config')).json()).toMatchObject({ onlinePayment: true, razorpayCheckoutUrl: 'https://checkout.razorpay.com/v1/checkout.js' });
    const header = String((await call(null, 'GET', '/api/ping')).headers['content-security-policy']);
    const d = Object.fromEntries(header.split(';').map((x) => { const [n, ...v] = x.trim().split(/\s+/); return [n!, v]; }));
    expect(d['script-src']).toEqual(["'self'", 'https://checkout.razorpay.com/v1/checkout.js']);
    expect(d['frame-src']).toEqual(["'self'", 'https://checkout.razorpay.com', rzp.url]);
  });

  it('refuses a partial set of keys at start', async () => {
    const { loadConfig } = await import('../src/config/index.ts');
    expect(() => loadConfig({ RAZORPAY_KEY_ID: rzp.keys.keyId })).toThrow(/set all three or none/);
    expect(() => loadConfig({ ...rzp.env, RAZORPAY_API_URL: 'not a url' })).toThrow(/RAZORPAY_API_URL/);
  });
});

describe('without keys in development', () => {
  it('pays through the built-in test gateway on our own origin, with the very same verification', async () => {
    const dev = await createTestApp({ NODE_ENV: 'development' });
    try {
      const me = await loggedInCustomer(dev);
      const devCall = caller(() => dev);
      const inject = (method: 'GET' | 'POST', url: string, payload?: object) => devCall(me, method, url, payload);
      expect((await inject('GET', '/api/config')).json()).toMatchObject({ onlinePayment: true, razorpayCheckoutUrl: '/dev/razorpay/checkout.js' });
      const script = await inject('GET', '/dev/razorpay/checkout.js');
      expect(script.headers['content-type']).toMatch(/javascript/);
      expect(script.body).toContain('window.Razorpay');
      const p = await createProduct(dev.db, { price: 640, stock: 5 });
      const placed = (await inject('POST', '/ordercart', { paymentMethod: 'upi', orders: [line(me, p.id, 1)] })).json();
      expect(placed.payment).toMatchObject({ provider: 'razorpay', keyId: 'rzp_test_nirmaanDevGateway', amount: Math.round(placed.total * 100) });
      const fields = (await inject('POST', '/dev/razorpay/pay', { order_id: placed.payment.razorpayOrderId })).json();
      expect((await inject('POST', '/api/payments/razorpay/verify', { ...fields, razorpay_signature: '0'.repeat(64) })).statusCode).toBe(400);
      const ok = await inject('POST', '/api/payments/razorpay/verify', fields);
      expect(ok.json()).toMatchObject({ paymentStatus: 'Paid' });
    } finally {
      await dev.close();
    }
  });
});

describe('without keys in production', () => {
  it('does not offer online, UPI, card or netbanking, and cash on delivery and Cash still work', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production' });
    try {
      const me = await loggedInCustomer(prod);
      const prodCall = caller(() => prod);
      const p = await createProduct(prod.db, { price: 400, stock: 5 });
      for (const paymentMethod of ['online', 'upi']) {
        const res = await prodCall(me, 'POST', '/ordercart', { paymentMethod, orders: [line(me, p.id, 1)] });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(/cash on delivery/);
      }
      const pro = await createVendor(prod.db, { kind: 'professional', chargeAmount: 300 });
      const book = (method: string, serviceTime: string) => prodCall(me, 'POST', '/api/booking', {
        // Within the 90 days one may book ahead.
        Vendorid: pro.id, customerid: me.id, serviceDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10), serviceTime,
        customer: { fullName: me.fullName, email: me.email, phone: '9876543210', alternatePhone: '' },
        address: { street: '12 Road No. 36', city: 'Hyderabad', state: 'Telangana', zip: '500033', latitude: null, longitude: null, specialInstructions: '' },
        saveAddress: false, payment: { method }, totalAmount: 1,
      });
      for (const method of ['card', 'upi', 'netbanking']) {
        const res = await book(method, '9:00 AM');
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(/choose Cash/);
      }
      const cash = await book('cash', '9:00 AM');
      expect(cash.statusCode).toBe(201);
      expect(cash.json().payment).toBeNull();
      const cod = await prodCall(me, 'POST', '/ordercart', { paymentMethod: 'cod', orders: [line(me, p.id, 1)] });
      expect(cod.statusCode).toBe(201);
      expect(cod.json().payment).toBeNull();
      expect((await prodCall(null, 'GET', '/api/config')).json()).toMatchObject({ onlinePayment: false, razorpayCheckoutUrl: null });
      const header = String((await prodCall(null, 'GET', '/api/ping')).headers['content-security-policy']);
      expect(header).not.toMatch(/razorpay/);
    } finally {
      await prod.close();
    }
  });
});
