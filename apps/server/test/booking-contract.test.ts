import { and, eq, ilike } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, emailOutbox, savedBookingDetails } from '../src/db/schema/index.ts';
import { todayInIndia } from '../src/modules/bookings/service.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { caller, loggedInCustomer, loggedInVendor, type Who } from './support/http.ts';
import { createVendor } from './support/factories.ts';

/**
 * An independently written client built from the spec (docs/api-contract.md) books a professional: items 1 (empty coordinates),
 * 2 (a first booking), 7 (calendar hoarding) and 8 (mail to the account only), and Idempotency-Key bound to its request.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const customer = (overrides: Parameters<typeof loggedInCustomer>[1] = {}) => loggedInCustomer(t, overrides);
const call = caller(() => t);
const inDays = (n: number) => {
  const d = new Date(`${todayInIndia()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/** The spec's Book Your Service request as its page sends it before Locate Me and before any saved details. */
const specBooking = (who: Who, vendorId: string, over: Record<string, unknown> = {}) => ({
  Vendorid: vendorId, customerid: who.id, serviceDate: inDays(4), serviceTime: '11:00 AM',
  customer: { fullName: '', email: '', phone: '', alternatePhone: '' },
  address: { street: '4-1-12 Abids Road', city: 'Hyderabad', state: 'Telangana', zip: '500001', latitude: '', longitude: '', specialInstructions: '' },
  saveAddress: true, payment: { method: 'cash' }, totalAmount: 850, ...over,
});
const mailsTo = (to: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
const bookingsOf = (customerId: string) => t.db.select().from(bookings).where(eq(bookings.customerId, customerId));

describe('item 1: coordinates left empty by the booking page', () => {
  it('books with latitude and longitude "" and stores none; real numbers are stored; garbage is refused', async () => {
    const me = await customer();
    const pro = await createVendor(t.db, { kind: 'professional' });
    const empty = await call(me, 'POST', '/api/booking', specBooking(me, pro.id));
    expect(empty.statusCode, empty.body).toBe(201);
    expect(empty.json().booking.address).toMatchObject({ latitude: null, longitude: null });
    const [stored] = await bookingsOf(me.id);
    expect(stored!.address).toMatchObject({ latitude: null, longitude: null });

    const located = await call(me, 'POST', '/api/booking', specBooking(me, pro.id, {
      serviceTime: '1:00 PM', address: { ...specBooking(me, pro.id).address, latitude: 17.3924, longitude: 78.4737 },
    }));
    expect(located.statusCode, located.body).toBe(201);
    expect(located.json().booking.address).toMatchObject({ latitude: 17.3924, longitude: 78.4737 });

    for (const latitude of ['abc', '17.3.9', '91']) {
      const bad = await call(me, 'POST', '/api/booking', specBooking(me, pro.id, {
        serviceDate: inDays(6), address: { ...specBooking(me, pro.id).address, latitude, longitude: '78.47' },
      }));
      expect(bad.statusCode, latitude).toBe(400);
    }
    expect((await call(me, 'POST', '/api/booking', specBooking(me, pro.id, {
      serviceDate: inDays(6), address: { ...specBooking(me, pro.id).address, latitude: 'abc', longitude: 'def' },
    }))).json().message).toBe('The latitude must be a number.');
    expect(await bookingsOf(me.id)).toHaveLength(2);
  });
});

describe('item 2: a first booking', () => {
  it('answers the account’s details before any booking, then books with blank contact fields as the account', async () => {
    const me = await customer({ fullName: 'Lakshmi Narayana', phone: '+91 98480 22345' });
    const other = await customer();
    const pro = await loggedInVendor(t, { kind: 'professional' });

    const before = await call(me, 'GET', `/fetch/location/booking/${me.id}`);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({
      address: { street: '', city: '', state: '', zip: '', latitude: null, longitude: null, specialInstructions: '' },
      customer: { fullName: 'Lakshmi Narayana', email: me.email, phone: '+91 98480 22345', alternatePhone: '' },
    });
    expect((await call(other, 'GET', `/fetch/location/booking/${me.id}`)).statusCode).toBe(403);
    expect((await call(null, 'GET', `/fetch/location/booking/${me.id}`)).statusCode).toBe(401);

    const made = await call(me, 'POST', '/api/booking', specBooking(me, pro.id));
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().message).toBe('Booking Successful!');
    const [row] = await bookingsOf(me.id);
    expect(row!.customer).toEqual({ fullName: 'Lakshmi Narayana', email: me.email, phone: '+919848022345', alternatePhone: '' });
    const seen = (await call(pro, 'GET', '/api/vendor/bookings')).json();
    expect(seen[0].customer).toEqual({ fullName: 'Lakshmi Narayana', phone: '+919848022345', email: me.email });

    const after = (await call(me, 'GET', `/fetch/location/booking/${me.id}`)).json();
    expect(after.address).toMatchObject({ street: '4-1-12 Abids Road', zip: '500001', latitude: null });
    expect(after.customer).toMatchObject({ fullName: 'Lakshmi Narayana', email: me.email });
  });

  it('an account without a phone must give one; another person’s details in the body are only contact for the vendor', async () => {
    const noPhone = await customer({ phone: null });
    const pro = await createVendor(t.db, { kind: 'professional' });
    const refused = await call(noPhone, 'POST', '/api/booking', specBooking(noPhone, pro.id));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Please enter a 10-digit Indian mobile number.');
    const given = await call(noPhone, 'POST', '/api/booking', specBooking(noPhone, pro.id, { customer: { fullName: '', email: '', phone: '9000012345' } }));
    expect(given.statusCode, given.body).toBe(201);
    expect((await bookingsOf(noPhone.id))[0]!.customer).toMatchObject({ fullName: noPhone.fullName, email: noPhone.email, phone: '9000012345' });
  });
});

describe('item 7: calendar hoarding', () => {
  it('books at most 90 days ahead in India’s calendar', async () => {
    const me = await customer();
    const pro = await createVendor(t.db, { kind: 'professional' });
    const far = await call(me, 'POST', '/api/booking', specBooking(me, pro.id, { serviceDate: inDays(91) }));
    expect(far.statusCode).toBe(400);
    expect(far.json().message).toBe('Bookings can be made at most 90 days ahead. Please choose an earlier date.');
    const endOfTime = await call(me, 'POST', '/api/booking', specBooking(me, pro.id, { serviceDate: '9999-12-31' }));
    expect(endOfTime.statusCode).toBe(400);
    expect(endOfTime.json().message).toMatch(/at most 90 days ahead/);
    expect((await call(me, 'POST', '/api/booking', specBooking(me, pro.id, { serviceDate: inDays(90) }))).statusCode).toBe(201);
    expect(await bookingsOf(me.id)).toHaveLength(1);
  });

  it('40 racing bookings of every slot of one professional’s day: exactly 2 live, the rest refused with a reason', async () => {
    const me = await customer();
    const pro = await createVendor(t.db, { kind: 'professional' });
    const slots = ['9:00 AM', '10:00 AM', '11:00 AM', '1:00 PM', '2:00 PM', '3:00 PM'];
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) =>
      call(me, 'POST', '/api/booking', specBooking(me, pro.id, { serviceDate: inDays(7), serviceTime: slots[i % slots.length] }))));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(2);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(new Set(refused.map((r) => r.statusCode))).toEqual(new Set([409]));
    expect(refused.map((r) => r.json().message)).toContain('You already have 2 bookings with this professional on this day. Please choose another day.');
    expect(await t.db.select().from(bookings).where(and(eq(bookings.vendorId, pro.id), eq(bookings.serviceDate, inDays(7))))).toHaveLength(2);

    // A cancelled booking no longer counts for the day; another day is free.
    const [first] = await bookingsOf(me.id);
    expect((await call(me, 'PUT', `/api/booking/${first!.id}/cancel`)).statusCode).toBe(200);
    const free = slots.find((s) => !results.some((r) => r.statusCode === 201 && r.json().booking.serviceTime === s))!;
    expect((await call(me, 'POST', '/api/booking', specBooking(me, pro.id, { serviceDate: inDays(7), serviceTime: free }))).statusCode).toBe(201);
    expect((await call(me, 'POST', '/api/booking', specBooking(me, pro.id, { serviceDate: inDays(8), serviceTime: free }))).statusCode).toBe(201);
  }, 60_000);

  it('40 racing bookings across professionals and dates: 20 in the hour, the rest 429', async () => {
    const me = await customer();
    const pros = await Promise.all(Array.from({ length: 4 }, () => createVendor(t.db, { kind: 'professional' })));
    // Each with a key of its own, as retrying clients send them: the key rows and the customer's lock must not deadlock.
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) =>
      call(me, 'POST', '/api/booking', specBooking(me, pros[i % 4]!.id, { serviceDate: inDays(10 + Math.floor(i / 4)) }), { 'idempotency-key': `hoard-${i}` })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(20);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(new Set(refused.map((r) => r.statusCode))).toEqual(new Set([429]));
    expect(refused[0]!.json().message).toBe('You have made 20 bookings in the last hour. Please try again later.');
    expect(await bookingsOf(me.id)).toHaveLength(20);
    // Someone else is not held back by this customer's hour.
    const other = await customer();
    expect((await call(other, 'POST', '/api/booking', specBooking(other, pros[0]!.id, { serviceDate: inDays(40) }))).statusCode).toBe(201);
  }, 60_000);
});

describe('item 8: mail goes to the account', () => {
  it('mails the confirmation and the cancellation to the account’s address, never to the email in the body', async () => {
    const me = await customer();
    const pro = await createVendor(t.db, { kind: 'professional' });
    const stranger = `stranger-${me.id}@elsewhere.test`;
    const made = await call(me, 'POST', '/api/booking', specBooking(me, pro.id, {
      customer: { fullName: 'Site Supervisor', email: stranger, phone: '9123412345', alternatePhone: '' },
    }));
    expect(made.statusCode, made.body).toBe(201);
    expect((await bookingsOf(me.id))[0]!.customer).toMatchObject({ fullName: 'Site Supervisor', email: stranger, phone: '9123412345' });
    expect((await call(me, 'PUT', `/api/booking/${made.json().booking._id}/cancel`)).statusCode).toBe(200);

    expect(await mailsTo(stranger)).toEqual([]);
    const mine = (await mailsTo(me.email)).map((m) => m.subject).sort();
    expect(mine).toEqual([expect.stringMatching(/^Booking cancelled: /), expect.stringMatching(/^Booking requested: /)]);
    expect(await t.db.select().from(emailOutbox).where(ilike(emailOutbox.text, '%Site Supervisor has booked%'))).toHaveLength(1);
  });

  it('mails the professional’s status changes to the account too', async () => {
    const me = await customer();
    const pro = await loggedInVendor(t, { kind: 'professional' });
    const stranger = `other-${me.id}@elsewhere.test`;
    const made = (await call(me, 'POST', '/api/booking', specBooking(me, pro.id, { customer: { fullName: 'Ravi', email: stranger, phone: '' } }))).json();
    expect((await call(pro, 'PATCH', `/api/vendor/bookings/${made.booking._id}`, { status: 'Confirmed' })).statusCode).toBe(200);
    expect(await mailsTo(stranger)).toEqual([]);
    expect((await mailsTo(me.email)).some((m) => m.subject.startsWith('Booking confirmed: '))).toBe(true);
  });
});

describe('Idempotency-Key is bound to its request', () => {
  it('replays the first answer for the same body and refuses a different body with 422, creating nothing', async () => {
    const me = await customer();
    const pro = await createVendor(t.db, { kind: 'professional' });
    const key = { 'idempotency-key': `bk-${me.id}` };
    const first = await call(me, 'POST', '/api/booking', specBooking(me, pro.id), key);
    expect(first.statusCode).toBe(201);
    const again = await call(me, 'POST', '/api/booking', specBooking(me, pro.id), key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const changed = await call(me, 'POST', '/api/booking', specBooking(me, pro.id, { serviceTime: '3:00 PM' }), key);
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toMatchObject({ code: 'UNPROCESSABLE', message: 'This Idempotency-Key was already used with a different request. Use a new key for a new request.' });
    expect(await bookingsOf(me.id)).toHaveLength(1);
    expect(await t.db.select().from(savedBookingDetails).where(eq(savedBookingDetails.customerId, me.id))).toHaveLength(1);
  });

  it('40 racing requests with one key and two bodies: one booking; the same body replays it, the other gets 422', async () => {
    const me = await customer();
    const pro = await createVendor(t.db, { kind: 'professional' });
    const key = { 'idempotency-key': `race-${me.id}` };
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) =>
      call(me, 'POST', '/api/booking', specBooking(me, pro.id, { serviceTime: i % 2 === 0 ? '9:00 AM' : '10:00 AM' }), key)));
    expect(await bookingsOf(me.id)).toHaveLength(1);
    const made = results.filter((r) => r.statusCode === 201);
    expect(made).toHaveLength(20);
    expect(new Set(made.map((r) => r.json().booking._id)).size).toBe(1);
    expect(results.filter((r) => r.statusCode === 422)).toHaveLength(20);
  }, 60_000);
});
