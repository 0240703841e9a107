import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox, orderLines, orders, payments, products } from '../src/db/schema/index.ts';
import type { TestApp } from './support/app.ts';
import { caller, loggedInCustomer, type Who } from './support/http.ts';
import { createProduct } from './support/factories.ts';
import { appWithRazorpay, type RazorpayStandIn } from './support/razorpay-app.ts';

/**
 * An independently written client built from the spec (docs/api-contract.md) checks out: items 1 (empty coordinates),
 * 3 (an online choice said only by "Paid" lines) and 8 (mail to the account only), Idempotency-Key bound to its
 * request, and the 999 cap per product across the whole order. Online payment goes to the local Razorpay stand-in.
 */

let t: TestApp;
let rzp: RazorpayStandIn;
appWithRazorpay((started) => ({ t, rzp } = started), { PUBLIC_URL: 'https://shop.nirmaan.test' });

const customer = () => loggedInCustomer(t);
const call = caller(() => t, { origin: 'https://shop.nirmaan.test' });

/** An order line exactly as the spec's checkout sends it (docs/api-contract.md), before Locate Me. */
const specLine = (who: Who, p: { id: string; vendorId: string; name: string; price: number }, quantity: number, over: Record<string, unknown> = {}) => ({
  vendorid: p.vendorId, productId: p.id, productName: p.name, productImage: '/img.svg', quantity,
  pricePerUnit: p.price, totalPrice: p.price * quantity, customerId: who.id, customerName: who.fullName,
  phone: '9876543210', email: who.email,
  shippingAddress: { fullAddress: '8-2-293 Road No. 14, Banjara Hills', city: 'Hyderabad', pincode: '500034', state: 'Telangana', coordinates: { latitude: '', longitude: '' } },
  paymentStatus: 'Pending', ...over,
});
const ordersOf = (customerId: string) => t.db.select().from(orders).where(eq(orders.customerId, customerId));
const stockOf = async (id: string) => (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;
const mailsTo = (to: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));

describe('item 1: checkout without Locate Me', () => {
  it('places an order with coordinates {latitude: "", longitude: ""} and stores none; numbers are kept; garbage is refused', async () => {
    const me = await customer();
    const p = await createProduct(t.db, { stock: 20 });
    const res = await call(me, 'POST', '/ordercart', { orders: [specLine(me, p, 1)] });
    expect(res.statusCode, res.body).toBe(201);
    const [stored] = await ordersOf(me.id);
    expect((stored!.shippingAddress as { coordinates?: unknown }).coordinates ?? null).toBeNull();

    const located = await call(me, 'POST', '/ordercart', { orders: [specLine(me, p, 1, {
      shippingAddress: { ...specLine(me, p, 1).shippingAddress, coordinates: { latitude: 17.4126, longitude: 78.4482 } },
    })] });
    expect(located.statusCode, located.body).toBe(201);
    expect(located.json().orders[0].shippingAddress.coordinates).toEqual({ latitude: 17.4126, longitude: 78.4482 });

    const garbage = await call(me, 'POST', '/ordercart', { orders: [specLine(me, p, 1, {
      shippingAddress: { ...specLine(me, p, 1).shippingAddress, coordinates: { latitude: 'north', longitude: '' } },
    })] });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().message).toBe('The latitude must be a number.');
    expect(await ordersOf(me.id)).toHaveLength(2);
    expect(await stockOf(p.id)).toBe(18);
  });
});

describe('item 3: an online choice said only by the lines’ paymentStatus', () => {
  it('"Paid" lines without a method: an online order awaiting payment, a gateway order, and a pay link mailed to the account', async () => {
    const me = await customer();
    const p = await createProduct(t.db, { price: 640, stock: 10, name: 'Asian Paints Apex 20 L' });
    const gatewayOrders = rzp.orders.size;
    const res = await call(me, 'POST', '/ordercart', { orders: [specLine(me, p, 2, { paymentStatus: 'Paid', email: `someone-${me.id}@elsewhere.test` })] });
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json();
    expect(placed.orders[0]).toMatchObject({ paymentMethod: 'online', paymentStatus: 'Pending', orderStatus: 'Pending' });
    const [stored] = await ordersOf(me.id);
    expect(stored).toMatchObject({ paymentMethod: 'online', paymentStatus: 'Pending' });
    expect(rzp.orders.size).toBe(gatewayOrders + 1);
    expect(placed.payment).toMatchObject({ razorpayOrderId: expect.stringMatching(/^order_/), amount: Math.round(placed.total * 100) });
    expect(rzp.orders.get(placed.payment.razorpayOrderId)).toMatchObject({ receipt: placed.orderId, amount: Math.round(placed.total * 100) });
    expect(await t.db.select().from(payments).where(eq(payments.orderId, placed.orderId))).toHaveLength(1);

    const link = `https://shop.nirmaan.test/myorder?pay=${placed.orderId}`;
    const payMail = (await mailsTo(me.email)).find((m) => m.subject.startsWith('Pay for your Nirmaan order'));
    expect(payMail?.text).toContain(`Pay now: ${link}`);
    expect(payMail?.html).toContain(`href="${link}"`);
    expect(await mailsTo(`someone-${me.id}@elsewhere.test`)).toEqual([]);

    // The seller waits for the money; the link's Pay now pays it.
    const pay = await call(me, 'POST', `/api/payments/razorpay/order/${placed.orderId}`);
    expect(pay.json().razorpayOrderId).toBe(placed.payment.razorpayOrderId);
    expect((await call(me, 'POST', '/api/payments/razorpay/verify', rzp.pay(placed.payment.razorpayOrderId))).statusCode).toBe(200);
    expect((await ordersOf(me.id))[0]!.paymentStatus).toBe('Paid');
  });

  it('"Pending" lines without a method stay cash on delivery, with no gateway order and no pay link', async () => {
    const me = await customer();
    const p = await createProduct(t.db, { stock: 10 });
    const gatewayOrders = rzp.orders.size;
    const res = await call(me, 'POST', '/ordercart', { orders: [specLine(me, p, 1)] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ payment: null, orders: [{ paymentMethod: 'cod', paymentStatus: 'Pending' }] });
    expect(rzp.orders.size).toBe(gatewayOrders);
    expect((await mailsTo(me.email)).some((m) => m.subject.startsWith('Pay for'))).toBe(false);
  });

  it('a named method wins over the lines’ "Paid", which is never believed', async () => {
    const me = await customer();
    const p = await createProduct(t.db, { stock: 10 });
    const cod = await call(me, 'POST', '/ordercart', { paymentMethod: 'cod', orders: [specLine(me, p, 1, { paymentStatus: 'Paid' })] });
    expect(cod.json()).toMatchObject({ payment: null, orders: [{ paymentMethod: 'cod', paymentStatus: 'Pending' }] });
  });
});

describe('item 8: order mail goes to the account', () => {
  it('mails the confirmation and the cancellation to the account’s address only, even when the body names another', async () => {
    const me = await customer();
    const stranger = `victim-${me.id}@elsewhere.test`;
    const p = await createProduct(t.db, { stock: 10 });
    const placed = await call(me, 'POST', '/ordercart', { orders: [specLine(me, p, 1, { email: stranger, customerName: 'Site Office' })] });
    expect(placed.statusCode).toBe(201);
    expect(placed.json().orders[0]).toMatchObject({ email: stranger, customerName: 'Site Office' });
    expect((await call(me, 'PUT', `/api/cancel/${placed.json().orderId}`)).statusCode).toBe(200);
    expect(await mailsTo(stranger)).toEqual([]);
    const subjects = (await mailsTo(me.email)).map((m) => m.subject);
    expect(subjects).toEqual(expect.arrayContaining([expect.stringMatching(/^Your Nirmaan order .* is placed$/), 'Your Nirmaan order is cancelled']));
  });
});

describe('the contact email in an order body', () => {
  /** A well-formed address of `length` characters: labels of at most 63 under a 64-character local part. */
  const longEmail = (length: number) => {
    const domain = `${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(63)}.test`;
    return `${'a'.repeat(length - domain.length - 1)}@${domain}`;
  };

  it('is at most 254 characters: one more is a 400 with a message and no order', async () => {
    const me = await customer();
    const p = await createProduct(t.db, { stock: 10 });
    const refused = await call(me, 'POST', '/ordercart', { orders: [specLine(me, p, 1, { email: longEmail(255) })] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('An email address can be at most 254 characters.');
    expect(await ordersOf(me.id)).toEqual([]);
    const placed = await call(me, 'POST', '/ordercart', { orders: [specLine(me, p, 1, { email: longEmail(254) })] });
    expect(placed.statusCode, placed.body).toBe(201);
  });
});

describe('Idempotency-Key is bound to its request', () => {
  it('same key and body: the first answer and nothing new; same key and another body: 422 and nothing new', async () => {
    const me = await customer();
    const p = await createProduct(t.db, { stock: 10 });
    const key = { 'idempotency-key': `co-${me.id}` };
    const first = await call(me, 'POST', '/ordercart', { orders: [specLine(me, p, 2)] }, key);
    expect(first.statusCode).toBe(201);
    const again = await call(me, 'POST', '/ordercart', { orders: [specLine(me, p, 2)] }, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const other = await call(me, 'POST', '/ordercart', { orders: [specLine(me, p, 3)] }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe('This Idempotency-Key was already used with a different request. Use a new key for a new request.');
    expect(await ordersOf(me.id)).toHaveLength(1);
    expect(await stockOf(p.id)).toBe(8);
  });

  it('40 racing requests with one key: one order, one stock take', async () => {
    const me = await customer();
    const p = await createProduct(t.db, { stock: 100 });
    const key = { 'idempotency-key': `race-${me.id}` };
    const results = await Promise.all(Array.from({ length: 40 }, () => call(me, 'POST', '/ordercart', { orders: [specLine(me, p, 1)] }, key)));
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    expect(new Set(results.map((r) => r.json().orderId)).size).toBe(1);
    expect(await ordersOf(me.id)).toHaveLength(1);
    expect(await stockOf(p.id)).toBe(99);
  }, 60_000);
});

describe('999 per product across the whole order', () => {
  it('50 lines of 999 of one product: 400 naming it, nothing written, no stock taken, no gateway order', async () => {
    const me = await customer();
    const p = await createProduct(t.db, { stock: 100_000, name: 'Red Clay Brick' });
    const gatewayOrders = rzp.orders.size;
    const res = await call(me, 'POST', '/ordercart', { paymentMethod: 'online', orders: Array.from({ length: 50 }, () => specLine(me, p, 999)) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('You can order at most 999 of Red Clay Brick in one order (this order has 49950). Please lower the quantity.');
    expect(await ordersOf(me.id)).toHaveLength(0);
    expect(await t.db.select().from(orderLines).where(eq(orderLines.productId, p.id))).toHaveLength(0);
    expect(await stockOf(p.id)).toBe(100_000);
    expect(rzp.orders.size).toBe(gatewayOrders);
  });

  it('2 lines of 500 are refused; 2 lines of 400 become one line of 800', async () => {
    const me = await customer();
    const p = await createProduct(t.db, { stock: 5_000 });
    const q = await createProduct(t.db, { stock: 5_000 });
    expect((await call(me, 'POST', '/ordercart', { orders: [specLine(me, p, 500), specLine(me, p, 500)] })).statusCode).toBe(400);
    const ok = await call(me, 'POST', '/ordercart', { orders: [specLine(me, p, 400), specLine(me, q, 999), specLine(me, p, 400)] });
    expect(ok.statusCode, ok.body).toBe(201);
    const lines = await t.db.select().from(orderLines).where(inArray(orderLines.productId, [p.id, q.id]));
    expect(lines.map((l) => [l.productId, l.quantity]).sort()).toEqual([[p.id, 800], [q.id, 999]].sort());
    expect(await stockOf(p.id)).toBe(4_200);
  });
});
