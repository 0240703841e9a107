import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInIndia } from '../src/modules/bookings/service.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { cookieHeader, createCustomerWithPassword, createVendorWithPassword, loginVendor, loginWithPassword } from './support/auth.ts';
import { createProduct } from './support/factories.ts';

/** Issue 12: what a vendor is told and shown — mails for new orders and bookings, the dashboard, reviews received. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function customer() {
  const c = await createCustomerWithPassword(t.db);
  const { token } = await loginWithPassword(t.app, c.email);
  return { ...c, headers: cookieHeader(token) };
}
async function vendor(overrides: Parameters<typeof createVendorWithPassword>[1] = {}) {
  const v = await createVendorWithPassword(t.db, overrides);
  const { token } = await loginVendor(t.app, v.email);
  return { ...v, headers: cookieHeader(token) };
}
type Who = { headers: Record<string, string> };
const call = (who: Who | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });

const inDays = (n: number) => {
  const d = new Date(`${todayInIndia()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const SHIP_TO = { fullAddress: '12 Road No. 36, Jubilee Hills', city: 'Hyderabad', pincode: '500033', state: 'Telangana' };
type Customer = Awaited<ReturnType<typeof customer>>;
const orderLine = (who: Customer, productId: string, quantity: number) => ({
  productId, quantity, customerId: who.id, customerName: who.fullName, phone: '9876543210', email: who.email, shippingAddress: SHIP_TO,
});
const bookingBody = (who: Customer, vendorId: string, over: Record<string, unknown> = {}) => ({
  Vendorid: vendorId, customerid: who.id, serviceDate: inDays(3), serviceTime: '10:00 AM',
  customer: { fullName: who.fullName, email: who.email, phone: '9876543210', alternatePhone: '' },
  address: { street: '7 Hill Colony, Banjara Hills', city: 'Hyderabad', state: 'Telangana', zip: '500034', latitude: null, longitude: null, specialInstructions: '' },
  saveAddress: true, payment: { method: 'cash' }, totalAmount: 1, ...over,
});
const mailsTo = async (email: string) =>
  ((await call(null, 'GET', '/dev/mailbox.json')).json() as { to: string; subject: string; text: string }[]).filter((m) => m.to === email);

describe('mail to the vendor', () => {
  it('sends each seller of a new order one mail listing only its own lines', async () => {
    const me = await customer();
    const a = await vendor({ kind: 'seller', ownerName: 'Ramesh Agarwal' });
    const b = await vendor({ kind: 'seller', ownerName: 'Farhan Shaikh' });
    const cement = await createProduct(t.db, { vendorId: a.id, name: 'UltraTech PPC 50 kg', price: 410 });
    const steel = await createProduct(t.db, { vendorId: a.id, name: 'JSW TMT 12 mm', price: 780 });
    const bricks = await createProduct(t.db, { vendorId: b.id, name: 'Red clay bricks', price: 9, stock: 10_000 });
    const placed = await call(me, 'POST', '/ordercart', { orders: [orderLine(me, cement.id, 2), orderLine(me, steel.id, 1), orderLine(me, bricks.id, 500)] });
    expect(placed.statusCode).toBe(201);
    const ref = (placed.json().orderId as string).slice(0, 8).toUpperCase();

    const toA = await mailsTo(a.email);
    expect(toA).toHaveLength(1);
    expect(toA[0]!.subject).toBe(`New order ${ref}: 2 items`);
    expect(toA[0]!.text).toContain(`Namaste Ramesh Agarwal,`);
    expect(toA[0]!.text).toContain(`${me.fullName} has ordered from your store`);
    expect(toA[0]!.text).toContain('UltraTech PPC 50 kg × 2: ₹820.00');
    expect(toA[0]!.text).toContain('JSW TMT 12 mm × 1: ₹780.00');
    expect(toA[0]!.text).toContain('Ship to: 12 Road No. 36, Jubilee Hills, Hyderabad, Telangana, 500033');
    expect(toA[0]!.text).not.toContain('Red clay bricks');

    const toB = await mailsTo(b.email);
    expect(toB).toHaveLength(1);
    expect(toB[0]!.subject).toBe(`New order ${ref}: Red clay bricks`);
    expect(toB[0]!.text).toContain('Red clay bricks × 500: ₹4,500.00');
    expect(toB[0]!.text).not.toContain('UltraTech');
  });

  it('queues no vendor mail for an order that fails (nothing half-written)', async () => {
    const me = await customer();
    const a = await vendor({ kind: 'seller' });
    const scarce = await createProduct(t.db, { vendorId: a.id, stock: 1 });
    expect((await call(me, 'POST', '/ordercart', { orders: [orderLine(me, scarce.id, 5)] })).statusCode).toBe(409);
    expect(await mailsTo(a.email)).toHaveLength(0);
  });

  it('mails the professional about a new booking, to the vendor account’s email', async () => {
    const me = await customer();
    const pro = await vendor({ kind: 'professional', ownerName: 'Srinivas Goud', businessName: 'Goud Plumbing Works', chargeAmount: 600, chargeType: 'Per Visit' });
    const res = await call(me, 'POST', '/api/booking', bookingBody(me, pro.id, { serviceTime: '11:00 AM' }));
    expect(res.statusCode).toBe(201);
    const mails = await mailsTo(pro.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`New booking on ${inDays(3)} at 11:00 AM`);
    expect(mails[0]!.text).toContain('Namaste Srinivas Goud,');
    expect(mails[0]!.text).toContain(`${me.fullName} has booked Goud Plumbing Works on ${inDays(3)} at 11:00 AM.`);
    expect(mails[0]!.text).toContain('Address: 7 Hill Colony, Banjara Hills, Hyderabad, Telangana, 500034');
  });
});
