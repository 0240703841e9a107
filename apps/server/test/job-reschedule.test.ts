import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays } from '@nirmaan/shared/dates';
import type { CalendarRules } from '@nirmaan/shared/calendar';
import { JOB_MSG } from '@nirmaan/shared/jobs';
import { RESCHEDULE_MSG } from '@nirmaan/shared/reschedule';
import { bookingMoves, bookings, emailOutbox } from '../src/db/schema/index.ts';
import { sweepMoves } from '../src/flows/reschedule.ts';
import { todayInIndia } from '../src/modules/bookings/service.ts';
import type { TestApp } from './support/app.ts';
import { caller, loggedInCustomer, loggedInVendor, type VendorWho, type Who } from './support/http.ts';
import { appWithRazorpay, type RazorpayStandIn } from './support/razorpay-app.ts';

/**
 * Rescheduling a multi-day job (issue 34, decision record 044): the whole job from a new first day, or one day of
 * it, with the window rules of a single booking. The free window is 48 hours here, so a job starting tomorrow is
 * inside it and one three days ahead outside, whatever the time of day the tests run.
 */

let t: TestApp;
let rzp: RazorpayStandIn;
appWithRazorpay((s) => { ({ t, rzp } = s); }, { RESCHEDULE_FREE_HOURS: '48' });

const call = caller(() => t);
const inDays = (n: number) => addDays(todayInIndia(), n);
const DAY = { open: '09:00', close: '18:00' };
/** 9 to 5 each day, ₹2,500 a day, up to 5 days. */
const OFFER = { pricePerDayPaise: 250_000, maxDays: 5, dayStart: '09:00', dayEnd: '17:00' };
const everyDay = (extra: Partial<CalendarRules> = {}): CalendarRules => ({ weekly: Array(7).fill(DAY), exceptions: [], capacity: 1, jobMinutes: 60, bufferMinutes: 0, travel: false, horizonDays: 90, ...extra });

const body = (who: Who, vendorId: string, serviceDate: string, serviceTime: string, method: string, extra: object = {}) => ({
  Vendorid: vendorId, customerid: who.id, serviceDate, serviceTime,
  customer: { fullName: who.fullName, email: who.email, phone: '9876543210', alternatePhone: '' },
  address: { street: '12 Road No. 36, Jubilee Hills', city: 'Hyderabad', state: 'Telangana', zip: '500033', latitude: null, longitude: null, specialInstructions: '' },
  saveAddress: false, payment: { method }, ...extra,
});

async function professional(rules: CalendarRules = everyDay()) {
  const pro = await loggedInVendor(t, { kind: 'professional', chargeAmount: 600 });
  expect((await call(pro, 'PUT', '/api/vendor/calendar', { calendar: rules })).statusCode).toBe(200);
  expect((await call(pro, 'PUT', '/api/vendor/job-offers', { siteVisitFeePaise: null, multiDay: OFFER })).statusCode).toBe(200);
  return pro;
}

/** A job of `days` days from `first` (paid by card when told), answered with its id. */
async function job(who: Who, pro: VendorWho, first: string, days: number, method: 'cash' | 'card' = 'cash') {
  const res = await call(who, 'POST', '/api/booking', body(who, pro.id, first, '9:00 AM', method, { days }));
  expect(res.statusCode, res.body).toBe(201);
  const made = res.json() as { booking: { _id: string }; payment: { razorpayOrderId: string } | null };
  if (method === 'card') expect((await call(who, 'POST', '/api/payments/razorpay/verify', rzp.pay(made.payment!.razorpayOrderId))).statusCode).toBe(200);
  return made.booking._id;
}

const rowOf = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const takenDays = async (vendorId: string) => ((await call(null, 'GET', `/datedeatils/${vendorId}`)).json() as { serviceDate: string }[]).map((s) => s.serviceDate);
const subjectsTo = async (to: string) => (await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, to))).map((m) => m.subject);
const move = (who: Who, id: string, serviceDate: string, extra: object = {}) => call(who, 'POST', `/api/bookings/${id}/reschedule`, { serviceDate, serviceTime: '9:00 AM', ...extra });

describe('moving a whole multi-day job', () => {
  it('re-holds every day from the new first day for free outside the window; the old days are free; both sides mailed; the timeline shows it', async () => {
    const pro = await professional();
    const me = await loggedInCustomer(t);
    const id = await job(me, pro, inDays(3), 3);
    const res = await move(me, id, inDays(10));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Booking rescheduled.', payment: null,
      booking: { serviceDate: inDays(10), days: [inDays(10), inDays(11), inDays(12)] },
      move: { status: 'done', scope: 'job', fromDays: [inDays(3), inDays(4), inDays(5)], toDays: [inDays(10), inDays(11), inDays(12)] },
    });
    expect(await rowOf(id)).toMatchObject({ serviceDate: inDays(10), lastDate: inDays(12), days: [inDays(10), inDays(11), inDays(12)] });
    expect(await takenDays(pro.id)).toEqual([inDays(10), inDays(11), inDays(12)]);
    expect(await subjectsTo(me.email)).toContain(`Booking moved: ${pro.businessName} now on ${inDays(10)} at 9:00 AM`);
    expect(await subjectsTo(pro.email)).toContain(`Booking moved: ${pro.businessName} now on ${inDays(10)} at 9:00 AM`);
    const mine = ((await call(me, 'GET', `/cart/service/${me.id}`)).json() as { _id: string; moves: object[] }[]).find((b) => b._id === id)!;
    expect(mine.moves).toMatchObject([{ scope: 'job', status: 'done' }]);
    // The daily start is the job's: another time is refused.
    expect((await call(me, 'POST', `/api/bookings/${id}/reschedule`, { serviceDate: inDays(20), serviceTime: '10:00 AM' })).json().message).toBe(JOB_MSG.startTime('9:00 AM'));
  });

  it('holds all of its new days or none: one busy day refuses the move and the job keeps its days', async () => {
    const pro = await professional();
    const [me, other] = [await loggedInCustomer(t), await loggedInCustomer(t)];
    const id = await job(me, pro, inDays(3), 3);
    expect((await call(other, 'POST', '/api/booking', body(other, pro.id, inDays(12), '2:00 PM', 'cash'))).statusCode).toBe(201);
    const refused = await move(me, id, inDays(10));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(JOB_MSG.full);
    expect(await rowOf(id)).toMatchObject({ serviceDate: inDays(3), days: [inDays(3), inDays(4), inDays(5)] });
    expect(await t.db.select().from(bookingMoves).where(eq(bookingMoves.bookingId, id))).toEqual([]);
  });

  it('inside the window a card job pays the fee, its new days held meanwhile; a cash job is refused; a started job moves only its later days', async () => {
    const pro = await professional();
    const [me, other] = [await loggedInCustomer(t), await loggedInCustomer(t)];
    const id = await job(me, pro, inDays(1), 2, 'card');
    const res = await move(me, id, inDays(8));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ move: { status: 'awaiting_fee', feePaise: 10_000, toDays: [inDays(8), inDays(9)] }, payment: { amount: 10_000 } });
    // Both new days are held: nobody else can book the second either.
    const held = await call(other, 'POST', '/api/booking', body(other, pro.id, inDays(9), '1:00 PM', 'cash'));
    expect(held.statusCode).toBe(409);
    expect((await call(me, 'POST', '/api/payments/razorpay/verify', rzp.pay(res.json().payment.razorpayOrderId))).statusCode).toBe(200);
    expect(await rowOf(id)).toMatchObject({ serviceDate: inDays(8), days: [inDays(8), inDays(9)], lastDate: inDays(9) });
    expect(await takenDays(pro.id)).toEqual([inDays(8), inDays(9)]);

    const cash = await job(me, pro, inDays(1), 2);
    const refused = await move(me, cash, inDays(20));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(RESCHEDULE_MSG.cashInWindow(48));

    // Started with the start code: the whole job no longer moves, nor its first day; its later days do.
    const started = await job(me, pro, inDays(4), 3);
    await t.db.update(bookings).set({ status: 'In progress', startedAt: new Date() }).where(eq(bookings.id, started));
    expect((await move(me, started, inDays(30))).json().message).toBe(RESCHEDULE_MSG.jobStarted);
    expect((await move(me, started, inDays(30), { day: inDays(4) })).json().message).toBe(RESCHEDULE_MSG.dayStarted);
    expect((await move(me, started, inDays(3), { day: inDays(5) })).json().message).toBe(RESCHEDULE_MSG.afterFirstDay);
    const later = await move(me, started, inDays(7), { day: inDays(5) });
    expect(later.statusCode, later.body).toBe(200);
    expect(await rowOf(started)).toMatchObject({ status: 'In progress', days: [inDays(4), inDays(6), inDays(7)] });
    const info = (await call(me, 'GET', `/api/bookings/${started}/reschedule`)).json();
    expect(info).toMatchObject({ terms: 'closed', days: [{ date: inDays(6), terms: 'free' }, { date: inDays(7), terms: 'free' }] });
  });

  it('the professional proposes a new first day (the portal sends the daily start): every new day held until the customer accepts, then the job moves whole', async () => {
    const pro = await professional();
    const me = await loggedInCustomer(t);
    const id = await job(me, pro, inDays(3), 3);
    expect((await call(pro, 'PATCH', `/api/vendor/bookings/${id}`, { status: 'Confirmed' })).statusCode).toBe(200);
    const proposed = await call(pro, 'POST', `/api/vendor/bookings/${id}/propose`, { serviceDate: inDays(8), serviceTime: '9:00 AM' });
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect(proposed.json().move).toMatchObject({ status: 'proposed', scope: 'job', toDays: [inDays(8), inDays(9), inDays(10)] });
    // Held while proposed: another customer cannot take the proposed days' daily start.
    const other = await loggedInCustomer(t);
    expect((await call(other, 'POST', '/api/booking', body(other, pro.id, inDays(9), '9:00 AM', 'cash'))).statusCode).toBe(409);
    const accepted = await call(me, 'POST', `/api/bookings/${id}/proposal/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await rowOf(id)).toMatchObject({ serviceDate: inDays(8), days: [inDays(8), inDays(9), inDays(10)] });
    expect(await takenDays(pro.id)).toEqual([inDays(8), inDays(9), inDays(10)]);
  });
});

describe('moving one day of a multi-day job', () => {
  it('moves day 2 to another working day for free outside the window: the old day is free for others, the timeline and mails say so', async () => {
    const pro = await professional();
    const [me, other] = [await loggedInCustomer(t), await loggedInCustomer(t)];
    const id = await job(me, pro, inDays(3), 3);
    const res = await move(me, id, inDays(9), { day: inDays(4) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      booking: { serviceDate: inDays(3), days: [inDays(3), inDays(5), inDays(9)] },
      move: { scope: 'day', status: 'done', from: { serviceDate: inDays(4) }, to: { serviceDate: inDays(9) }, toDays: [inDays(3), inDays(5), inDays(9)] },
    });
    expect(await rowOf(id)).toMatchObject({ lastDate: inDays(9) });
    expect(await takenDays(pro.id)).toEqual([inDays(3), inDays(5), inDays(9)]);
    expect((await call(other, 'POST', '/api/booking', body(other, pro.id, inDays(4), '10:00 AM', 'cash'))).statusCode).toBe(201);
    expect(await subjectsTo(me.email)).toContain(`Job day moved: ${pro.businessName} on ${inDays(9)} instead of ${inDays(4)}`);
    expect(await subjectsTo(pro.email)).toContain(`Job day moved: ${pro.businessName} on ${inDays(9)} instead of ${inDays(4)}`);
  });

  it('refuses a day the job does not hold, a date it already works, a full date, and a day field on a single booking', async () => {
    const pro = await professional();
    const [me, other] = [await loggedInCustomer(t), await loggedInCustomer(t)];
    const id = await job(me, pro, inDays(3), 3);
    expect((await move(me, id, inDays(9), { day: inDays(8) })).json().message).toBe(RESCHEDULE_MSG.notJobDay);
    expect((await move(me, id, inDays(5), { day: inDays(4) })).json().message).toBe(RESCHEDULE_MSG.dayTaken);
    expect((await call(other, 'POST', '/api/booking', body(other, pro.id, inDays(9), '11:00 AM', 'cash'))).statusCode).toBe(201);
    const full = await move(me, id, inDays(9), { day: inDays(4) });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(JOB_MSG.full);
    const single = (await call(other, 'POST', '/api/booking', body(other, pro.id, inDays(12), '11:00 AM', 'cash'))).json().booking._id as string;
    const notAJob = await call(other, 'POST', `/api/bookings/${single}/reschedule`, { serviceDate: inDays(13), serviceTime: '11:00 AM', day: inDays(12) });
    expect(notAJob.statusCode).toBe(400);
    expect(notAJob.json().message).toBe(RESCHEDULE_MSG.notAJob);
    expect(await rowOf(id)).toMatchObject({ days: [inDays(3), inDays(4), inDays(5)] });
  });
});

describe('the professional proposes one day of a job (decision record 049)', () => {
  it('a started job’s later day: the customer is told it stays as booked without an answer; accepted, the day moves; unanswered, it lapses and the job keeps its days', async () => {
    const pro = await professional();
    const [me, other] = [await loggedInCustomer(t), await loggedInCustomer(t)];
    const [accepted, unanswered] = [await job(me, pro, inDays(3), 3), await job(me, pro, inDays(10), 3)];
    await t.db.update(bookings).set({ status: 'In progress', startedAt: new Date() }).where(inArray(bookings.id, [accepted, unanswered]));
    const propose = (id: string, serviceDate: string, day: string) => call(pro, 'POST', `/api/vendor/bookings/${id}/propose`, { serviceDate, serviceTime: '9:00 AM', day });
    expect((await propose(accepted, inDays(8), inDays(3))).json().message).toBe(RESCHEDULE_MSG.dayStarted);

    const first = await propose(accepted, inDays(8), inDays(5));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().move).toMatchObject({ status: 'proposed', scope: 'day', from: { serviceDate: inDays(5) }, to: { serviceDate: inDays(8) }, toDays: [inDays(3), inDays(4), inDays(8)] });
    const told = (await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, me.email))).find((m) => m.text.includes(`cannot come on ${inDays(5)} at 9:00 AM and proposes ${inDays(8)} at 9:00 AM instead.`));
    expect(told?.text).toContain('Without an answer, that day of the job stays as booked.');
    expect(told?.text).not.toContain('cancelled');
    const yes = await call(me, 'POST', `/api/bookings/${accepted}/proposal/accept`);
    expect(yes.statusCode, yes.body).toBe(200);
    expect(await rowOf(accepted)).toMatchObject({ status: 'In progress', days: [inDays(3), inDays(4), inDays(8)], lastDate: inDays(8) });

    expect((await propose(unanswered, inDays(16), inDays(12))).statusCode).toBe(200);
    // Held while proposed.
    expect((await call(other, 'POST', '/api/booking', body(other, pro.id, inDays(16), '9:00 AM', 'cash'))).statusCode).toBe(409);
    expect((await sweepMoves(t.app.payments, new Date(Date.now() + 25 * 3_600_000))).lapsed).toContain(unanswered);
    expect(await rowOf(unanswered)).toMatchObject({ status: 'In progress', days: [inDays(10), inDays(11), inDays(12)] });
    const mine = ((await call(me, 'GET', `/cart/service/${me.id}`)).json() as { _id: string; moves: { status: string }[] }[]).find((b) => b._id === unanswered)!;
    expect(mine.moves).toMatchObject([{ status: 'lapsed' }]);
    for (const email of [me.email, pro.email]) {
      const kept = (await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, email))).filter((m) => m.subject.startsWith('No answer to the new date'));
      expect(kept, email).toHaveLength(1);
      expect(kept[0]!.text).toContain(`on ${inDays(12)} was not answered in time, so that day stays as booked`);
    }
    expect((await call(other, 'POST', '/api/booking', body(other, pro.id, inDays(16), '9:00 AM', 'cash'))).statusCode).toBe(201);
  });
});

describe('under races', () => {
  it('40 racing whole-job moves onto one free place, then 40 racing day moves onto another: one wins each, the losers keep their days', { timeout: 300_000 }, async () => {
    // Twenty teams: forty two-day jobs, twenty on days 3–4 and twenty on days 5–6. Days 10 and 8 hold 19 single jobs
    // each, so one more fits there.
    const pro = await professional(everyDay({ capacity: 20 }));
    const people = await Promise.all(Array.from({ length: 40 }, () => loggedInCustomer(t)));
    const ids: string[] = [];
    for (const [i, who] of people.entries()) ids.push(await job(who, pro, inDays(i < 20 ? 3 : 5), 2));
    for (const who of people.slice(1, 20)) {
      for (const d of [10, 8]) expect((await call(who, 'POST', '/api/booking', body(who, pro.id, inDays(d), '10:00 AM', 'cash'))).statusCode).toBe(201);
    }

    const whole = await Promise.all(ids.map((id, i) => move(people[i]!, id, inDays(10))));
    expect(whole.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(whole.filter((r) => r.statusCode === 409 && r.json().message === JOB_MSG.full)).toHaveLength(39);
    let rows = await t.db.select().from(bookings).where(inArray(bookings.id, ids));
    const winner = rows.find((r) => r.serviceDate === inDays(10))!;
    expect(winner.days).toEqual([inDays(10), inDays(11)]);
    const before = (i: number) => (i < 20 ? [inDays(3), inDays(4)] : [inDays(5), inDays(6)]);
    expect(rows.filter((r) => r.id !== winner.id).every((r) => r.days!.join() === before(ids.indexOf(r.id)).join())).toBe(true);

    // Each job moves its last day onto day 8.
    const days = await Promise.all(rows.map((r) => move(people[ids.indexOf(r.id)]!, r.id, inDays(8), { day: r.days![1]! })));
    expect(days.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(days.filter((r) => r.statusCode === 409 && r.json().message === JOB_MSG.full)).toHaveLength(39);
    rows = await t.db.select().from(bookings).where(inArray(bookings.id, ids));
    expect(rows.filter((r) => r.days!.includes(inDays(8)))).toHaveLength(1);
    expect(await t.db.select().from(bookingMoves).where(inArray(bookingMoves.bookingId, ids))).toHaveLength(2);
  });
});
