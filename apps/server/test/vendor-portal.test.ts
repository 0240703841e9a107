import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, orderLines } from '../src/db/schema/index.ts';
import { todayInIndia } from '../src/modules/bookings/service.ts';
import { monthInIndia } from '../src/modules/vendor-dashboard/service.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { createProduct, createVendorReview } from './support/factories.ts';
import { caller, loggedInCustomer, loggedInVendor, orderLine, shipAndDeliver, type Who as Customer } from './support/http.ts';

/** What a vendor is told and shown — mails for new orders and bookings, the dashboard, reviews received. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const customer = () => loggedInCustomer(t);
const vendor = (overrides: Parameters<typeof loggedInVendor>[1] = {}) => loggedInVendor(t, overrides);
type Who = Pick<Customer, 'headers'>;
const call = caller(() => t);

const inDays = (n: number) => {
  const d = new Date(`${todayInIndia()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
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

describe('GET /api/vendor/dashboard', () => {
  it('counts lines to ship and sums only lines delivered this month in India, from real orders', async () => {
    const me = await customer();
    const a = await vendor({ kind: 'seller' });
    const b = await vendor({ kind: 'seller' });
    const cement = await createProduct(t.db, { vendorId: a.id, name: 'ACC Gold 50 kg', price: 410 });
    const steel = await createProduct(t.db, { vendorId: a.id, name: 'Tata Tiscon 10 mm', price: 780 });
    const bricks = await createProduct(t.db, { vendorId: a.id, name: 'Fly-ash bricks', price: 9, stock: 10_000 });
    const paint = await createProduct(t.db, { vendorId: a.id, name: 'Asian Paints Apex 20 L', price: 5200 });
    const othersTiles = await createProduct(t.db, { vendorId: b.id, name: 'Kajaria tiles', price: 1500 });
    const order = async (productId: string, quantity: number) => {
      const res = await call(me, 'POST', '/ordercart', { orders: [orderLine(me, productId, quantity)] });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().orders[0]._id as string;
    };
    const deliver = async (who: Who, lineId: string) => {
      for (const moved of await shipAndDeliver(t, who, me, lineId)) expect(moved.statusCode).toBe(200);
    };
    await order(cement.id, 2); // Pending: to ship
    const steelLine = await order(steel.id, 1);
    await deliver(a, steelLine); // Delivered now: ₹780 this month
    const bricksLine = await order(bricks.id, 100);
    await deliver(a, bricksLine);
    // Delivered a minute before this month began (India's time): last month's revenue.
    await t.db.update(orderLines).set({ deliveredAt: new Date(monthInIndia().start.getTime() - 60_000) }).where(eq(orderLines.id, bricksLine));
    const paintLine = await order(paint.id, 1);
    expect((await call(me, 'PUT', `/api/cancel/${paintLine}`)).statusCode).toBe(200); // Cancelled: neither
    await deliver(b, await order(othersTiles.id, 1)); // another vendor's

    const res = await call(a, 'GET', '/api/vendor/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const d = res.json();
    expect(d).toMatchObject({ newOrders: 1, revenueThisMonth: 780, month: todayInIndia().slice(0, 7), upcomingBookings: 0, unreadMessages: 0, rating: { average: null, count: 0 } });
    expect(d.latestOrders.map((l: { productName: string; orderStatus: string }) => `${l.productName} ${l.orderStatus}`))
      .toEqual(['Asian Paints Apex 20 L Cancelled', 'Fly-ash bricks Delivered', 'Tata Tiscon 10 mm Delivered', 'ACC Gold 50 kg Pending']);
    expect((await call(b, 'GET', '/api/vendor/dashboard')).json()).toMatchObject({ newOrders: 0, revenueThisMonth: 1500 });
  });

  it('counts upcoming bookings (Pending or Confirmed, today or later), soonest first, and the rating and latest reviews', async () => {
    const pro = await vendor({ kind: 'professional', chargeAmount: 600, chargeType: 'Per Visit' });
    const people = await Promise.all([customer(), customer(), customer(), customer()]);
    const book = async (who: Customer, day: number, time: string) => {
      const res = await call(who, 'POST', '/api/booking', bookingBody(who, pro.id, { serviceDate: inDays(day), serviceTime: time }));
      expect(res.statusCode, res.body).toBe(201);
      return res.json().booking._id as string;
    };
    const later = await book(people[0]!, 3, '10:00 AM');
    await book(people[1]!, 3, '9:00 AM');
    const confirmed = await book(people[2]!, 2, '3:00 PM');
    expect((await call(pro, 'PATCH', `/api/vendor/bookings/${confirmed}`, { status: 'Confirmed' })).statusCode).toBe(200);
    const cancelled = await book(people[3]!, 4, '11:00 AM');
    expect((await call(people[3]!, 'PUT', `/api/booking/${cancelled}/cancel`)).statusCode).toBe(200);
    // A booking from last week still Confirmed: past, not upcoming.
    await t.db.update(bookings).set({ serviceDate: inDays(-7), status: 'Confirmed' }).where(eq(bookings.id, later));

    await createVendorReview(t.db, pro.id, { rating: 5, comment: 'Fixed the leak in an hour.', createdAt: new Date(Date.now() - 3 * 86_400_000) });
    await createVendorReview(t.db, pro.id, { rating: 4, comment: 'Neat work.', createdAt: new Date(Date.now() - 2 * 86_400_000) });
    await createVendorReview(t.db, pro.id, { rating: 2, comment: 'Came late.', customerName: 'Imran Qureshi' });

    const d = (await call(pro, 'GET', '/api/vendor/dashboard')).json();
    expect(d.upcomingBookings).toBe(2);
    expect(d.nextBookings.map((b: { serviceDate: string; serviceTime: string; status: string }) => `${b.serviceDate} ${b.serviceTime} ${b.status}`))
      .toEqual([`${inDays(2)} 3:00 PM Confirmed`, `${inDays(3)} 9:00 AM Pending`]);
    expect(d.nextBookings[1].customer).toMatchObject({ fullName: people[1]!.fullName, email: people[1]!.email });
    expect(d.rating).toEqual({ average: 3.7, count: 3 });
    expect(d.latestReviews.map((r: { comment: string }) => r.comment)).toEqual(['Came late.', 'Neat work.', 'Fixed the leak in an hour.']);
  });

  it('counts unread messages and shows the latest conversations; reading them clears the count', async () => {
    const pro = await vendor({ kind: 'professional' });
    const [asha, ravi] = await Promise.all([customer(), customer()]);
    const say = async (who: Customer, text: string) =>
      expect((await call(who, 'POST', '/api/messages/send', { senderId: who.id, senderModel: 'Customer', receiverId: pro.id, receiverModel: 'Vendor', text })).statusCode).toBe(201);
    await say(asha, 'Can you come on Saturday?');
    await say(asha, 'It is the kitchen sink.');
    await say(ravi, 'Do you fix geysers?');
    const d = (await call(pro, 'GET', '/api/vendor/dashboard')).json();
    expect(d.unreadMessages).toBe(3);
    expect(d.latestMessages.map((c: { partner: { name: string }; lastMessage: { text: string }; unread: number }) => [c.partner.name, c.lastMessage.text, c.unread]))
      .toEqual([[ravi.fullName, 'Do you fix geysers?', 1], [asha.fullName, 'It is the kitchen sink.', 2]]);
    expect((await call(pro, 'POST', `/api/chat/read/${asha.id}`)).statusCode).toBe(200);
    expect((await call(pro, 'GET', '/api/vendor/dashboard')).json().unreadMessages).toBe(1);
  });

  it('is for vendors only', async () => {
    const me = await customer();
    expect((await call(me, 'GET', '/api/vendor/dashboard')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/vendor/dashboard')).statusCode).toBe(401);
  });
});

describe('GET /api/vendor/reviews', () => {
  it('lists the reviews the logged-in vendor received, newest first, with the stored average; another vendor sees none of them', async () => {
    const pro = await vendor({ kind: 'professional' });
    const other = await vendor({ kind: 'professional' });
    const me = await customer();
    // Through the customer's real review call, which keeps the stored sum.
    expect((await call(me, 'POST', `/review/${me.id}`, { vendorids: pro.id, rating: 4, comment: 'Good, tidy work.' })).statusCode).toBe(201);
    await createVendorReview(t.db, pro.id, { rating: 5, comment: 'Excellent.', createdAt: new Date(Date.now() - 86_400_000) });
    const res = await call(pro, 'GET', '/api/vendor/reviews');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ average: 4.5, count: 2, reviews: [{ customerName: me.fullName, rating: 4, comment: 'Good, tidy work.' }, { rating: 5, comment: 'Excellent.' }] });
    expect((await call(other, 'GET', '/api/vendor/reviews')).json()).toEqual({ average: null, count: 0, verifiedCount: 0, reviews: [] });
    expect((await call(me, 'GET', '/api/vendor/reviews')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/vendor/reviews')).statusCode).toBe(401);
  });
});
