import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, products, whatsappSettings } from '../src/db/schema/index.ts';
import { todayInIndia } from '../src/modules/bookings/service.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { verifyEmail } from './support/auth.ts';
import { createProduct } from './support/factories.ts';
import { caller, loggedInCustomer, loggedInVendor, orderLine, type Who } from './support/http.ts';
import { startWhatsApp, type WhatsAppTestServer } from './support/whatsapp.ts';

/**
 * The unticked WhatsApp box at signup, checkout and booking (issue 36, decision record 038): the consent travels in
 * the call's own body and is stored in its transaction, with the moment and the screen, or not at all.
 */

let t: TestApp;
let wa: WhatsAppTestServer;
beforeAll(async () => {
  wa = await startWhatsApp();
  t = await createTestApp(wa.env);
});
afterAll(async () => {
  await t?.close();
  await wa?.close();
});

const call = caller(() => t);
const settingOf = async (me: Who) => (await call(me, 'GET', '/api/me/whatsapp')).json();
const stockOf = async (id: string) => (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;
const inDays = (n: number) => {
  const d = new Date(`${todayInIndia()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

describe('consent given at checkout', () => {
  it('is stored with the order, with its time and "checkout", and the order\'s own message follows it', async () => {
    const me = await loggedInCustomer(t);
    const p = await createProduct(t.db, { price: 400, stock: 10 });
    const before = Date.now();
    const res = await call(me, 'POST', '/ordercart', { orders: [orderLine(me, p.id, 2)], whatsapp: { phone: '098480 22338', consent: true } });
    expect(res.statusCode).toBe(201);
    const setting = await settingOf(me);
    expect(setting).toMatchObject({ phone: '+919848022338', consent: true, source: 'checkout' });
    expect(Date.parse(setting.consentedAt)).toBeGreaterThanOrEqual(before - 1000);
    await t.app.whatsapp.worker.poke();
    const sent = wa.received.filter((m) => m.to === '919848022338');
    expect(sent.map((m) => (m.body.template as { name: string }).name)).toEqual(['nirmaan_order_placed']);
  });

  it('a number that is not an Indian mobile refuses the order with a clear message, and nothing is stored', async () => {
    const me = await loggedInCustomer(t);
    const p = await createProduct(t.db, { stock: 10 });
    const res = await call(me, 'POST', '/ordercart', { orders: [orderLine(me, p.id, 1)], whatsapp: { phone: '12345', consent: true } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Indian mobile number');
    expect(await stockOf(p.id)).toBe(10);
    expect(await settingOf(me)).toMatchObject({ consent: false, phone: null });
  });

  it('an order that fails stores no consent (one transaction)', async () => {
    const me = await loggedInCustomer(t);
    const p = await createProduct(t.db, { stock: 1 });
    const res = await call(me, 'POST', '/ordercart', { orders: [orderLine(me, p.id, 5)], whatsapp: { phone: '9848022339', consent: true } });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(await settingOf(me)).toMatchObject({ consent: false, phone: null });
  });

  it('the box left unticked keeps a consent given before, where and when it was given', async () => {
    const me = await loggedInCustomer(t);
    const p = await createProduct(t.db, { stock: 10 });
    const given = (await call(me, 'PUT', '/api/me/whatsapp', { phone: '9848022340', consent: true })).json();
    const res = await call(me, 'POST', '/ordercart', { orders: [orderLine(me, p.id, 1)], whatsapp: { phone: '9848022341', consent: false } });
    expect(res.statusCode).toBe(201);
    expect(await settingOf(me)).toMatchObject({ phone: '+919848022340', consent: true, source: 'profile', consentedAt: given.consentedAt });
  });
});

describe('consent given on the booking page and at signup', () => {
  it('a booking stores it as "booking"', async () => {
    const me = await loggedInCustomer(t);
    const pro = await loggedInVendor(t, { kind: 'professional' });
    const res = await call(me, 'POST', '/api/booking', {
      Vendorid: pro.id, customerid: me.id, serviceDate: inDays(4), serviceTime: '10:00 AM',
      customer: { fullName: me.fullName, email: me.email, phone: '9876543210', alternatePhone: '' },
      address: { street: '12 Road No. 36, Jubilee Hills', city: 'Hyderabad', state: 'Telangana', zip: '500033', latitude: null, longitude: null, specialInstructions: '' },
      saveAddress: false, payment: { method: 'cash' }, totalAmount: 1, whatsapp: { phone: '+91 98480 22342', consent: true },
    });
    expect(res.statusCode).toBe(201);
    expect(await settingOf(me)).toMatchObject({ phone: '+919848022342', consent: true, source: 'booking' });
  });

  it('a signup stores it with the new account as "signup"; without the box, none', async () => {
    const signup = (email: string, extra: object) => t.app.inject({
      method: 'POST', url: '/profiledata',
      payload: { Full_Name: 'Lakshmi Reddy', Emailaddress: email, Phone_Number: '9848022343', Password: 'Tiles&Grout-2026', Location: 'Hyderabad', ...extra },
    });
    const ticked = `wa-signup-${Date.now()}@example.in`;
    await verifyEmail(t.app, ticked);
    expect((await signup(ticked, { whatsapp: { phone: '9848022343', consent: true } })).statusCode).toBe(201);
    const [account] = await t.db.select().from(customers).where(eq(customers.email, ticked));
    const [setting] = await t.db.select().from(whatsappSettings).where(eq(whatsappSettings.partyId, account!.id));
    expect(setting).toMatchObject({ party: 'customer', phone: '+919848022343', consent: 'given', consentSource: 'signup' });
    expect(Date.now() - setting!.consentedAt!.getTime()).toBeLessThan(60_000);

    const plain = `wa-plain-${Date.now()}@example.in`;
    await verifyEmail(t.app, plain);
    expect((await signup(plain, {})).statusCode).toBe(201);
    const [other] = await t.db.select().from(customers).where(eq(customers.email, plain));
    expect(await t.db.select().from(whatsappSettings).where(eq(whatsappSettings.partyId, other!.id))).toHaveLength(0);
  });
});
