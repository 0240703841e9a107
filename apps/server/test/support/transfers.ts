import { eq, isNull, or } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Earnings } from '@nirmaan/shared';
import { todayInIndia } from '../../src/modules/bookings/service.ts';
import { orderLines, paymentRefunds, transferReversals, vendorTransfers } from '../../src/db/schema/index.ts';
import type { TestApp } from './app.ts';
import type { createCustomerWithPassword } from './auth.ts';
import { createProduct } from './factories.ts';
import { caller, knownBuyers, loggedInCustomer, loggedInVendor } from './http.ts';
import type { startRazorpay } from './razorpay.ts';

/** Customers, vendors, orders and the workers' passes for the transfer tests, against the local Razorpay stand-in. */
export function transferKit(get: () => { t: TestApp; rzp: Awaited<ReturnType<typeof startRazorpay>> }) {
  const send = caller(() => get().t);
  const call = (headers: Record<string, string>, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) => send({ headers }, method, url, payload);

  /** The kit's customers: `deliver` reads a line's delivery code from its customer's My orders. */
  const buyers = knownBuyers(() => get().t);
  const customer = async (over: Parameters<typeof createCustomerWithPassword>[1] = {}) => buyers.add(await loggedInCustomer(get().t, over));
  type Who = Awaited<ReturnType<typeof customer>>;

  const vendor = (kind: 'seller' | 'professional' = 'seller', over: Record<string, unknown> = {}) => loggedInVendor(get().t, { kind, ...over });

  const line = (who: Who, productId: string, quantity: number) => ({
    productId, quantity, customerId: who.id, customerName: who.fullName, phone: '9876543210', email: who.email,
    shippingAddress: { fullAddress: '12 Road No. 36, Jubilee Hills', city: 'Hyderabad', pincode: '500033', state: 'Telangana' },
  });

  async function place(who: Who, items: [string, number][], paymentMethod: 'online' | 'cod' = 'online') {
    const res = await call(who.headers, 'POST', '/ordercart', { paymentMethod, orders: items.map(([id, q]) => line(who, id, q)) });
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json() as { orderId: string; payment: { razorpayOrderId: string; amount: number } | null };
    const lines = await get().t.db.select().from(orderLines).where(eq(orderLines.orderId, placed.orderId));
    return { ...placed, lines };
  }

  /** Places an online order and pays it through checkout and verify; the paid order's lines and payment id. */
  async function paidOrder(who: Who, items: [string, number][]) {
    const placed = await place(who, items);
    const fields = get().rzp.pay(placed.payment!.razorpayOrderId);
    const verified = await call(who.headers, 'POST', '/api/payments/razorpay/verify', fields);
    expect(verified.statusCode, verified.body).toBe(200);
    return { ...placed, paymentId: fields.razorpay_payment_id };
  }

  const lineOf = (lines: { id: string; vendorId: string }[], vendorId: string) => lines.find((l) => l.vendorId === vendorId)!;

  /** Ships the line, then delivers it with the code its customer's My orders shows (decision 032). */
  async function deliver(v: { headers: Record<string, string> }, lineId: string) {
    expect((await call(v.headers, 'PATCH', `/api/vendor/orders/${lineId}`, { status: 'Shipped' })).statusCode).toBe(200);
    const res = await call(v.headers, 'PATCH', `/api/vendor/orders/${lineId}`, await buyers.deliveredBodyOf(lineId));
    expect(res.statusCode, res.body).toBe(200);
  }

  /**
   * One product of `price` from the vendor, bought online and paid through checkout and verify: the paid order, its
   * line, the product's name, and `deliver()` (shipped, then delivered by the vendor).
   */
  async function paidLine(who: Who, v: { id: string; headers: Record<string, string> }, price: number) {
    const product = await createProduct(get().t.db, { vendorId: v.id, price, stock: 50 });
    const order = await paidOrder(who, [[product.id, 1]]);
    const line = order.lines[0]!;
    return { ...order, line, lineId: line.id, productName: product.name, deliver: () => deliver(v, line.id) };
  }

  /** A paid line as above, shipped and delivered: what a customer can open a dispute about. */
  async function deliveredLine(who: Who, v: { id: string; headers: Record<string, string> }, price: number) {
    const paid = await paidLine(who, v, price);
    await paid.deliver();
    return paid;
  }

  /** Makes every stored retry due now and runs both workers (twice: a pass already running may predate it). */
  async function retryNow() {
    const { t } = get();
    await t.db.update(vendorTransfers).set({ nextAttemptAt: new Date(0), leaseUntil: null }).where(or(isNull(vendorTransfers.razorpayTransferId), isNull(vendorTransfers.releasedAt)));
    await t.db.update(transferReversals).set({ nextAttemptAt: new Date(0), leaseUntil: null }).where(isNull(transferReversals.razorpayReversalId));
    await t.db.update(paymentRefunds).set({ nextAttemptAt: new Date(0), leaseUntil: null }).where(isNull(paymentRefunds.razorpayRefundId));
    for (let i = 0; i < 2; i++) await Promise.all([t.app.transfers.worker.poke(), t.app.payments.worker.poke()]);
  }

  const transfersTo = (account: string) => [...get().rzp.route.transfers.values()].filter((x) => x.recipient === account);
  const earnings = async (v: { headers: Record<string, string> }) => {
    const res = await call(v.headers, 'GET', '/api/vendor/earnings');
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Earnings;
  };
  const inDays = (n: number) => {
    const d = new Date(`${todayInIndia()}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + n);
    return d.toISOString().slice(0, 10);
  };
  const bookingBody = (who: Who, vendorId: string, method: string, serviceTime = '10:00 AM') => ({
    Vendorid: vendorId, customerid: who.id, serviceDate: inDays(2), serviceTime,
    customer: { fullName: who.fullName, email: who.email, phone: '9876543210', alternatePhone: '' },
    address: { street: '12 Road No. 36, Jubilee Hills', city: 'Hyderabad', state: 'Telangana', zip: '500033', latitude: null, longitude: null, specialInstructions: '' },
    saveAddress: false, payment: { method }, totalAmount: 1,
  });

  return { call, customer, vendor, place, paidOrder, paidLine, deliveredLine, lineOf, deliver, retryNow, transfersTo, earnings, bookingBody };
}
