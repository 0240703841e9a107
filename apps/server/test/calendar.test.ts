import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@nirmaan/shared/dates';
import { fitsCapacity, indiaMinute, slotMinutes, type CalendarRules } from '@nirmaan/shared/calendar';
import { bookings } from '../src/db/schema/index.ts';
import { todayInIndia } from '../src/modules/bookings/service.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { caller, loggedInCustomer, loggedInVendor, type Who } from './support/http.ts';

/** Professionals' calendars (issue 34, decision record 037): rules in the portal, the slots call, and bookings under races. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = caller(() => t);
const inDays = (n: number) => addDays(todayInIndia(), n);
const SIX = ['9:00 AM', '10:00 AM', '11:00 AM', '1:00 PM', '2:00 PM', '3:00 PM'];
const body = (who: Who, vendorId: string, serviceDate: string, serviceTime: string, zip = '500033') => ({
  Vendorid: vendorId, customerid: who.id, serviceDate, serviceTime,
  customer: { fullName: who.fullName, email: who.email, phone: '9876543210', alternatePhone: '' },
  address: { street: '12 Road No. 36, Jubilee Hills', city: 'Hyderabad', state: 'Telangana', zip, latitude: null, longitude: null, specialInstructions: '' },
  saveAddress: true, payment: { method: 'cash' },
});
const day = { open: '09:00', close: '18:00' };
/** Every day 9 to 6; two teams; two-hour jobs; 30 days ahead. */
const TEAM: CalendarRules = { weekly: Array(7).fill(day), exceptions: [], capacity: 2, jobMinutes: 120, bufferMinutes: 0, travel: false, horizonDays: 30 };
const slotsOf = async (vendorId: string, from: string, to = from, extra = '') =>
  (await call(null, 'GET', `/api/vendors/${vendorId}/slots?from=${from}&to=${to}${extra}`)).json() as { days: { date: string; times: string[] }[]; jobMinutes: number };
const customers = (n: number) => Promise.all(Array.from({ length: n }, () => loggedInCustomer(t)));

describe('a professional without a calendar', () => {
  it('offers the spec’s six slots every day up to 90 days ahead, and /datedeatils answers taken slots with nothing personal', async () => {
    const pro = await loggedInVendor(t, { kind: 'professional' });
    const me = await loggedInCustomer(t);
    expect((await call(pro, 'GET', '/api/vendor/calendar')).json()).toMatchObject({ calendar: null, defaults: { slots: SIX, capacity: 1, horizonDays: 90 } });
    const ahead = await slotsOf(pro.id, inDays(89), inDays(91));
    expect(ahead.days.map((d) => d.times)).toEqual([SIX, SIX, []]);
    expect((await call(me, 'POST', '/api/booking', body(me, pro.id, inDays(91), '9:00 AM'))).json().message).toBe('Bookings can be made at most 90 days ahead. Please choose an earlier date.');

    expect((await call(me, 'POST', '/api/booking', body(me, pro.id, inDays(2), '10:00 AM'))).statusCode).toBe(201);
    expect((await slotsOf(pro.id, inDays(2))).days[0]!.times).toEqual(SIX.filter((s) => s !== '10:00 AM'));
    const taken = (await call(null, 'GET', `/datedeatils/${pro.id}`)).json();
    expect(taken).toEqual([{ serviceDate: inDays(2), serviceTime: '10:00 AM' }]);
  });

  it('40 racing bookings of one slot: one wins, 39 get 409', async () => {
    const pro = await loggedInVendor(t, { kind: 'professional' });
    const people = await customers(20);
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => call(people[i % 20]!, 'POST', '/api/booking', body(people[i % 20]!, pro.id, inDays(4), '2:00 PM'))));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(39);
  });
});

describe('GET/PUT /api/vendor/calendar', () => {
  it('saves weekly hours, leave and one-off days, and the slots follow them; null goes back to the six slots', async () => {
    const pro = await loggedInVendor(t, { kind: 'professional' });
    const [leave, short] = [inDays(3), inDays(4)];
    const rules = { ...TEAM, capacity: 1, exceptions: [{ date: leave, hours: null }, { date: short, hours: { open: '14:00', close: '17:00' } }] };
    const saved = await call(pro, 'PUT', '/api/vendor/calendar', { calendar: rules });
    expect(saved.statusCode).toBe(200);
    expect((await call(pro, 'GET', '/api/vendor/calendar')).json().calendar).toEqual(rules);
    const s = await slotsOf(pro.id, inDays(2), inDays(4));
    expect(s.jobMinutes).toBe(120);
    expect(s.days.map((d) => d.times)).toEqual([
      ['9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM'], [], ['2:00 PM', '3:00 PM'],
    ]);
    const me = await loggedInCustomer(t);
    expect((await call(me, 'POST', '/api/booking', body(me, pro.id, leave, '10:00 AM'))).json().message).toBe('Please choose one of the time slots.');
    expect((await call(me, 'POST', '/api/booking', body(me, pro.id, inDays(31), '10:00 AM'))).json().message).toBe('Bookings can be made at most 30 days ahead. Please choose an earlier date.');
    // A start the six slots lack (12 PM) is bookable once the calendar offers it.
    expect((await call(me, 'POST', '/api/booking', body(me, pro.id, inDays(2), '12:00 PM'))).statusCode).toBe(201);
    expect((await slotsOf(pro.id, inDays(2))).days[0]!.times).toEqual(['9:00 AM', '10:00 AM', '2:00 PM', '3:00 PM', '4:00 PM']);

    expect((await call(pro, 'PUT', '/api/vendor/calendar', { calendar: null })).json().calendar).toBeNull();
    expect((await slotsOf(pro.id, leave)).days[0]!.times).toEqual(SIX);
  });

  it('refuses bad hours with a message per field, sellers and customers with 403, and visitors with 401', async () => {
    const pro = await loggedInVendor(t, { kind: 'professional' });
    const bad = await call(pro, 'PUT', '/api/vendor/calendar', { calendar: { ...TEAM, weekly: [{ open: '18:00', close: '09:00' }, ...TEAM.weekly.slice(1)], capacity: 0 } });
    expect(bad.statusCode).toBe(400);
    const messages = JSON.stringify(bad.json());
    expect(messages).toContain('Closing time must be after opening time.');
    expect(messages).toContain('At least one job at once.');
    const seller = await loggedInVendor(t, { kind: 'seller' });
    expect((await call(seller, 'PUT', '/api/vendor/calendar', { calendar: TEAM })).statusCode).toBe(403);
    expect((await call(seller, 'GET', '/api/vendor/calendar')).json().calendar).toBeNull();
    expect((await call(await loggedInCustomer(t), 'PUT', '/api/vendor/calendar', { calendar: TEAM })).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/vendor/calendar')).statusCode).toBe(401);
    expect((await call(null, 'GET', `/api/vendors/${pro.id}/slots?from=${inDays(0)}&to=${inDays(70)}`)).statusCode).toBe(400);
    expect((await call(null, 'GET', `/api/vendors/${seller.id}/slots?from=${inDays(0)}&to=${inDays(1)}`)).statusCode).toBe(400);
  });
});

describe('capacity, buffer and travel under races', () => {
  it('40 racing bookings of overlapping two-hour jobs for a team of two never put three jobs at once', async () => {
    const pro = await loggedInVendor(t, { kind: 'professional' });
    expect((await call(pro, 'PUT', '/api/vendor/calendar', { calendar: TEAM })).statusCode).toBe(200);
    const people = await customers(20);
    const times = ['10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM'];
    const date = inDays(5);
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => {
      const who = people[i % 20]!;
      return call(who, 'POST', '/api/booking', body(who, pro.id, date, times[i % times.length]!));
    }));
    const won = results.filter((r) => r.statusCode === 201);
    expect(won.length).toBeGreaterThanOrEqual(2);
    expect(results.filter((r) => r.statusCode !== 201).every((r) => r.statusCode === 409 && r.json().message === 'This time slot is already booked.')).toBe(true);
    // Whatever order they came in, no moment of the day has more than two live jobs.
    const rows = await t.db.select().from(bookings).where(eq(bookings.vendorId, pro.id));
    expect(rows).toHaveLength(won.length);
    const jobs = rows.map((r) => ({ start: indiaMinute(r.serviceDate, slotMinutes(r.serviceTime)!), minutes: r.jobMinutes, pincode: null }));
    for (let minute = indiaMinute(date, 600); minute < indiaMinute(date, 900); minute += 30) {
      expect(jobs.filter((j) => j.start <= minute && minute < j.start + j.minutes).length).toBeLessThanOrEqual(2);
    }
    // And the slots call agrees with what the bookings left.
    const left = (await slotsOf(pro.id, date)).days[0]!.times;
    for (const time of left) expect(fitsCapacity(TEAM, { start: indiaMinute(date, slotMinutes(time)!), minutes: 120, pincode: null }, jobs, () => 0)).toBe(true);
  });

  it('keeps the buffer and the travel between two sites’ PIN codes free', async () => {
    const pro = await loggedInVendor(t, { kind: 'professional' });
    const rules = { ...TEAM, capacity: 1, jobMinutes: 60, bufferMinutes: 30, travel: true };
    expect((await call(pro, 'PUT', '/api/vendor/calendar', { calendar: rules })).statusCode).toBe(200);
    const me = await loggedInCustomer(t);
    const date = inDays(6);
    expect((await call(me, 'POST', '/api/booking', body(me, pro.id, date, '12:00 PM', '500033'))).statusCode).toBe(201);
    // Same PIN: only the half-hour buffer, so 11 AM (ends at noon) and 1 PM (starts as the job ends) are taken too.
    expect((await slotsOf(pro.id, date, date, '&pincode=500033')).days[0]!.times).toEqual(['9:00 AM', '10:00 AM', '2:00 PM', '3:00 PM', '4:00 PM', '5:00 PM']);
    // 501401, about 20 km by road from Jubilee Hills (500033): an hour of travel on top of the buffer each side.
    expect((await slotsOf(pro.id, date, date, '&pincode=501401')).days[0]!.times).toEqual(['9:00 AM', '3:00 PM', '4:00 PM', '5:00 PM']);
    // Secunderabad (500003), about 10 km: half an hour, so 2 PM starts just as the road and buffer end.
    expect((await slotsOf(pro.id, date, date, '&pincode=500003')).days[0]!.times).toEqual(['9:00 AM', '10:00 AM', '2:00 PM', '3:00 PM', '4:00 PM', '5:00 PM']);
    const other = await loggedInCustomer(t);
    const refused = await call(other, 'POST', '/api/booking', body(other, pro.id, date, '2:00 PM', '501401'));
    expect(refused.statusCode).toBe(409);
    expect((await call(other, 'POST', '/api/booking', body(other, pro.id, date, '2:00 PM', '500033'))).statusCode).toBe(201);
  });
});
