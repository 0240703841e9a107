import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@nirmaan/shared/dates';
import { indiaMinute, slotMinutes, type CalendarRules } from '@nirmaan/shared/calendar';
import { JOB_MSG } from '@nirmaan/shared/jobs';
import { bookings } from '../src/db/schema/index.ts';
import { todayInIndia } from '../src/modules/bookings/service.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { caller, loggedInCustomer, loggedInVendor, type Who } from './support/http.ts';

/** Multi-day jobs (issue 34, decision record 042): N working days held all at once or none, beside single slots. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = caller(() => t);
const inDays = (n: number) => addDays(todayInIndia(), n);
const body = (who: Who, vendorId: string, serviceDate: string, serviceTime: string, extra: object = {}) => ({
  Vendorid: vendorId, customerid: who.id, serviceDate, serviceTime,
  customer: { fullName: who.fullName, email: who.email, phone: '9876543210', alternatePhone: '' },
  address: { street: '12 Road No. 36, Jubilee Hills', city: 'Hyderabad', state: 'Telangana', zip: '500033', latitude: null, longitude: null, specialInstructions: '' },
  saveAddress: false, payment: { method: 'cash' }, ...extra,
});
const day = { open: '09:00', close: '18:00' };
const customers = (n: number) => Promise.all(Array.from({ length: n }, () => loggedInCustomer(t)));
/** 9 to 5 each day, ₹2,500 a day, up to 5 days. */
const OFFER = { pricePerDayPaise: 250_000, maxDays: 5, dayStart: '09:00', dayEnd: '17:00' };

async function professional(rules: CalendarRules | null, offers: object = { siteVisitFeePaise: null, multiDay: OFFER }) {
  const pro = await loggedInVendor(t, { kind: 'professional', chargeAmount: 600 });
  if (rules) expect((await call(pro, 'PUT', '/api/vendor/calendar', { calendar: rules })).statusCode).toBe(200);
  const saved = await call(pro, 'PUT', '/api/vendor/job-offers', offers);
  expect(saved.statusCode, saved.body).toBe(200);
  return pro;
}

describe('a multi-day job', () => {
  it('takes N working days skipping the day off, at the price per day, and the calendar shows every day taken', async () => {
    // The weekday of the day after tomorrow is off.
    const off = inDays(3);
    const weekly = Array.from({ length: 7 }, (_, i) => (i === new Date(`${off}T00:00:00Z`).getUTCDay() ? null : day));
    const pro = await professional({ weekly, exceptions: [], capacity: 1, jobMinutes: 60, bufferMinutes: 0, travel: false, horizonDays: 30 });
    const me = await loggedInCustomer(t);

    const slots = (await call(null, 'GET', `/api/vendors/${pro.id}/slots?from=${inDays(2)}&to=${inDays(2)}&days=3`)).json();
    expect(slots.offers).toEqual({ siteVisitFeePaise: null, multiDay: { ...OFFER, dayStartTime: '9:00 AM' } });
    expect(slots.job).toEqual({ days: 3, starts: [{ date: inDays(2), days: [inDays(2), inDays(4), inDays(5)] }] });

    const res = await call(me, 'POST', '/api/booking', body(me, pro.id, inDays(2), '9:00 AM', { days: 3 }));
    expect(res.statusCode, res.body).toBe(201);
    const booking = res.json().booking;
    expect(booking).toMatchObject({ kind: 'job', days: [inDays(2), inDays(4), inDays(5)], basePrice: 7500, serviceDate: inDays(2), serviceTime: '9:00 AM' });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking._id));
    expect(row).toMatchObject({ basePricePaise: 750_000, totalAmountPaise: 750_000 + row!.serviceChargePaise, jobMinutes: 480, lastDate: inDays(5) });

    // Every day of the job is taken for single slots too, and /datedeatils answers each day's date and time only.
    for (const d of [inDays(2), inDays(4), inDays(5)]) {
      expect((await call(null, 'GET', `/api/vendors/${pro.id}/slots?from=${d}&to=${d}`)).json().days[0].times).toEqual(['5:00 PM']);
    }
    expect((await call(null, 'GET', `/datedeatils/${pro.id}`)).json()).toEqual([inDays(2), inDays(4), inDays(5)].map((d) => ({ serviceDate: d, serviceTime: '9:00 AM' })));
    expect((await call(null, 'GET', `/api/vendor/${pro.id}/booked-slots?date=${inDays(4)}`)).json().booked).toEqual(['9:00 AM']);

    // Cancelling the job frees every day at once.
    expect((await call(me, 'PUT', `/api/booking/${booking._id}/cancel`)).json().booking.status).toBe('Cancelled');
    expect((await call(null, 'GET', `/datedeatils/${pro.id}`)).json()).toEqual([]);
  });

  it('holds all of its days or none: one busy day refuses the whole job and takes nothing', async () => {
    const pro = await professional(null, { siteVisitFeePaise: null, multiDay: { ...OFFER, dayEnd: '16:00' } });
    const [a, b] = await customers(2);
    // A single slot on the job's third day.
    expect((await call(a!, 'POST', '/api/booking', body(a!, pro.id, inDays(4), '2:00 PM'))).statusCode).toBe(201);
    const refused = await call(b!, 'POST', '/api/booking', body(b!, pro.id, inDays(2), '9:00 AM', { days: 3 }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(JOB_MSG.full);
    expect(await t.db.select().from(bookings).where(eq(bookings.vendorId, pro.id))).toHaveLength(1);
    // The first two days are still free for single slots.
    expect((await call(null, 'GET', `/api/vendors/${pro.id}/slots?from=${inDays(2)}&to=${inDays(3)}`)).json().days.map((d: { times: string[] }) => d.times.length)).toEqual([6, 6]);
    // Two days fit.
    expect((await call(b!, 'POST', '/api/booking', body(b!, pro.id, inDays(2), '9:00 AM', { days: 2 }))).statusCode).toBe(201);
  });

  it('refuses what the professional does not offer, with a clear message', async () => {
    const plain = await loggedInVendor(t, { kind: 'professional', chargeAmount: 600 });
    const pro = await professional(null);
    const me = await loggedInCustomer(t);
    const msg = async (vendorId: string, extra: object, time = '9:00 AM') => (await call(me, 'POST', '/api/booking', body(me, vendorId, inDays(2), time, extra))).json().message;
    expect(await msg(plain.id, { days: 2 })).toBe(JOB_MSG.noJobs);
    expect(await msg(pro.id, { days: 6 })).toBe(JOB_MSG.tooManyDays(5));
    expect(await msg(pro.id, { days: 2 }, '10:00 AM')).toBe(JOB_MSG.startTime('9:00 AM'));
    expect(await msg(pro.id, { days: 2, siteVisit: true })).toBe(JOB_MSG.notBoth);
    expect(await msg(pro.id, { days: 1 })).toBe('A multi-day job is at least 2 days.');
    expect(await msg(pro.id, { siteVisit: true })).toBe(JOB_MSG.noVisits);
    const seller = await loggedInVendor(t, { kind: 'seller' });
    expect((await call(seller, 'PUT', '/api/vendor/job-offers', { siteVisitFeePaise: 50_000, multiDay: null })).statusCode).toBe(403);
    expect((await call(pro, 'PUT', '/api/vendor/job-offers', { siteVisitFeePaise: 50_000, multiDay: { ...OFFER, dayEnd: '08:00' } })).statusCode).toBe(400);
  });

  it('40 racing bookings of overlapping multi-day jobs and single slots never put more jobs on a day than the team of two', async () => {
    const pro = await professional({ weekly: Array(7).fill(day), exceptions: [], capacity: 2, jobMinutes: 60, bufferMinutes: 0, travel: false, horizonDays: 30 });
    const people = await customers(20);
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => {
      const who = people[i % 20]!;
      // Jobs of 2 or 3 days starting on days 2 to 5, and single slots on days 2 to 6.
      const request = i % 2 === 0
        ? body(who, pro.id, inDays(2 + (i % 4)), '9:00 AM', { days: 2 + (i % 3 === 0 ? 1 : 0) })
        : body(who, pro.id, inDays(2 + (i % 5)), ['10:00 AM', '1:00 PM', '3:00 PM'][i % 3]!);
      return call(who, 'POST', '/api/booking', request);
    }));
    const won = results.filter((r) => r.statusCode === 201);
    expect(won.length).toBeGreaterThanOrEqual(2);
    for (const r of results.filter((x) => x.statusCode !== 201)) {
      expect(r.statusCode, r.body).toBe(409);
      expect([JOB_MSG.full, 'This time slot is already booked.']).toContain(r.json().message);
    }
    const rows = await t.db.select().from(bookings).where(eq(bookings.vendorId, pro.id));
    expect(rows).toHaveLength(won.length);
    const jobs = rows.flatMap((r) => (r.days ?? [r.serviceDate]).map((d) => ({ start: indiaMinute(d, slotMinutes(r.serviceTime)!), minutes: r.jobMinutes })));
    for (let d = 2; d <= 8; d++) {
      for (let minute = 9 * 60; minute < 18 * 60; minute += 30) {
        const at = indiaMinute(inDays(d), minute);
        expect(jobs.filter((j) => j.start <= at && at < j.start + j.minutes).length, `${inDays(d)} ${minute}`).toBeLessThanOrEqual(2);
      }
    }
  });
});
