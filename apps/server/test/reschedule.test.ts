import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays } from '@nirmaan/shared/dates';
import { bookingMoves, bookings, emailOutbox, paymentRefunds } from '../src/db/schema/index.ts';
import { todayInIndia } from '../src/modules/bookings/service.ts';
import { sweepMoves } from '../src/flows/reschedule.ts';
import type { TestApp } from './support/app.ts';
import { caller, loggedInCustomer, loggedInVendor, type VendorWho, type Who } from './support/http.ts';
import { appWithRazorpay, type RazorpayStandIn } from './support/razorpay-app.ts';
import { loggedInOperator } from './support/ops.ts';

/**
 * Rescheduling (issue 34, decision record 041). The platform's free window is 48 hours here, so a booking tomorrow
 * is always inside it and one three days ahead always outside, whatever the time of day the tests run.
 */

let t: TestApp;
let rzp: RazorpayStandIn;
appWithRazorpay((s) => { ({ t, rzp } = s); }, { RESCHEDULE_FREE_HOURS: '48' });

const call = caller(() => t);
const inDays = (n: number) => addDays(todayInIndia(), n);
const SIX = ['9:00 AM', '10:00 AM', '11:00 AM', '1:00 PM', '2:00 PM', '3:00 PM'];
const bookingBody = (who: Who, vendorId: string, serviceDate: string, serviceTime: string, method = 'cash') => ({
  Vendorid: vendorId, customerid: who.id, serviceDate, serviceTime,
  customer: { fullName: who.fullName, email: who.email, phone: '9876543210', alternatePhone: '' },
  address: { street: '12 Road No. 36, Jubilee Hills', city: 'Hyderabad', state: 'Telangana', zip: '500033', latitude: null, longitude: null, specialInstructions: '' },
  saveAddress: false, payment: { method },
});

async function book(who: Who, pro: VendorWho, date: string, time: string, method: 'cash' | 'card' = 'cash') {
  const res = await call(who, 'POST', '/api/booking', bookingBody(who, pro.id, date, time, method));
  expect(res.statusCode, res.body).toBe(201);
  const made = res.json() as { booking: { _id: string }; payment: { razorpayOrderId: string } | null };
  if (method === 'card') expect((await call(who, 'POST', '/api/payments/razorpay/verify', rzp.pay(made.payment!.razorpayOrderId))).statusCode).toBe(200);
  return made.booking._id;
}
const rowOf = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const slotsOn = async (vendorId: string, date: string) =>
  ((await call(null, 'GET', `/api/vendors/${vendorId}/slots?from=${date}&to=${date}`)).json() as { days: { times: string[] }[] }).days[0]!.times;
const mailsTo = async (to: string) => (await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, to))).map((m) => m.subject);
const myOrder = async (who: Who, id: string) =>
  ((await call(who, 'GET', `/cart/service/${who.id}`)).json() as { _id: string; serviceDate: string; serviceTime: string; moves: { status: string }[] }[]).find((b) => b._id === id)!;

describe('POST /api/bookings/{id}/reschedule', () => {
  it('moves a booking for free outside the window: the old slot is free, the new one taken, both sides mailed, the timeline shows it', async () => {
    const pro = await loggedInVendor(t, { kind: 'professional' });
    const me = await loggedInCustomer(t);
    const id = await book(me, pro, inDays(3), '10:00 AM');
    const res = await call(me, 'POST', `/api/bookings/${id}/reschedule`, { serviceDate: inDays(4), serviceTime: '2:00 PM' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Booking rescheduled.', payment: null, move: { status: 'done', feePaise: 0, to: { serviceDate: inDays(4), serviceTime: '2:00 PM' } } });
    expect(await slotsOn(pro.id, inDays(3))).toEqual(SIX);
    expect(await slotsOn(pro.id, inDays(4))).toEqual(SIX.filter((s) => s !== '2:00 PM'));
    expect(await myOrder(me, id)).toMatchObject({ serviceDate: inDays(4), serviceTime: '2:00 PM', moves: [{ status: 'done' }] });
    expect(await mailsTo(me.email)).toContain(`Booking moved: ${pro.businessName} now on ${inDays(4)} at 2:00 PM`);
    expect(await mailsTo(pro.email)).toContain(`Booking moved: ${pro.businessName} now on ${inDays(4)} at 2:00 PM`);
    expect(await t.db.select().from(bookingMoves).where(eq(bookingMoves.bookingId, id))).toHaveLength(1);
    // The console's booking view shows the move in its timeline.
    const support = await loggedInOperator(t.app, t.db, 'support', '10.77.41.1');
    const timeline = (await call(support, 'GET', `/api/ops/bookings/${id}`)).json().timeline as { kind: string; text: string }[];
    expect(timeline).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'rescheduled', text: `Rescheduled: ${inDays(3)} 10:00 AM → ${inDays(4)} 2:00 PM` })]));
  });

  it('40 racing reschedules of different bookings onto one free slot: one wins, the 39 others keep their old slot', { timeout: 180_000 }, async () => {
    const pro = await loggedInVendor(t, { kind: 'professional' });
    const people = await Promise.all(Array.from({ length: 40 }, () => loggedInCustomer(t)));
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) ids.push(await book(people[i]!, pro, inDays(3 + Math.floor(i / 6)), SIX[i % 6]!));
    const before = new Map((await t.db.select().from(bookings).where(inArray(bookings.id, ids))).map((b) => [b.id, `${b.serviceDate} ${b.serviceTime}`]));
    const target = { serviceDate: inDays(12), serviceTime: '10:00 AM' };
    const results = await Promise.all(ids.map((id, i) => call(people[i]!, 'POST', `/api/bookings/${id}/reschedule`, target)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const losers = results.filter((r) => r.statusCode === 409);
    expect(losers).toHaveLength(39);
    expect(losers[0]!.json().message).toBe('This time slot is already booked.');
    const after = await t.db.select().from(bookings).where(inArray(bookings.id, ids));
    expect(after.filter((b) => b.serviceDate === target.serviceDate && b.serviceTime === target.serviceTime)).toHaveLength(1);
    expect(after.filter((b) => before.get(b.id) === `${b.serviceDate} ${b.serviceTime}`)).toHaveLength(39);
  });

  it('inside the window an online booking pays the fee through the gateway; the new slot is held meanwhile and taken once it is paid', async () => {
    const pro = await loggedInVendor(t, { kind: 'professional' });
    const me = await loggedInCustomer(t);
    const other = await loggedInCustomer(t);
    const id = await book(me, pro, inDays(1), '3:00 PM', 'card');
    const res = await call(me, 'POST', `/api/bookings/${id}/reschedule`, { serviceDate: inDays(5), serviceTime: '11:00 AM' });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ move: { status: 'awaiting_fee', feePaise: 10_000 }, payment: { amount: 10_000, currency: 'INR' }, booking: { serviceDate: inDays(1), serviceTime: '3:00 PM' } });
    // Held for her: nobody else can book it, and it is not offered.
    expect(await slotsOn(pro.id, inDays(5))).not.toContain('11:00 AM');
    expect((await call(other, 'POST', '/api/booking', bookingBody(other, pro.id, inDays(5), '11:00 AM'))).statusCode).toBe(409);
    expect((await rowOf(id)).serviceDate).toBe(inDays(1));

    const paid = await call(me, 'POST', '/api/payments/razorpay/verify', rzp.pay(answer.payment.razorpayOrderId));
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await rowOf(id)).toMatchObject({ serviceDate: inDays(5), serviceTime: '11:00 AM', paymentStatus: 'Paid' });
    expect(await slotsOn(pro.id, inDays(1))).toContain('3:00 PM');
    expect((await myOrder(me, id)).moves).toMatchObject([{ status: 'done', feePaise: 10_000 }]);
    expect((await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, me.email))).some((m) => m.text.includes('A rescheduling fee of ₹100.00 was paid.'))).toBe(true);
  });

  it('a fee not paid within 30 minutes expires: the held slot is free again and the booking keeps its slot', async () => {
    const pro = await loggedInVendor(t, { kind: 'professional' });
    const me = await loggedInCustomer(t);
    const id = await book(me, pro, inDays(1), '9:00 AM', 'card');
    const res = await call(me, 'POST', `/api/bookings/${id}/reschedule`, { serviceDate: inDays(6), serviceTime: '1:00 PM' });
    expect(res.json().move.status).toBe('awaiting_fee');
    expect((await call(me, 'POST', `/api/bookings/${id}/reschedule`, { serviceDate: inDays(6), serviceTime: '2:00 PM' })).json().message)
      .toBe('A reschedule of this booking is waiting for its fee. Please pay it or wait for it to expire.');
    const later = new Date(Date.now() + 31 * 60_000);
    const [first, second] = await Promise.all([sweepMoves(t.app.payments, later), sweepMoves(t.app.payments, later)]);
    expect([...first.expired, ...second.expired]).toEqual([res.json().move.id]);
    expect(await slotsOn(pro.id, inDays(6))).toContain('1:00 PM');
    expect(await rowOf(id)).toMatchObject({ serviceDate: inDays(1), serviceTime: '9:00 AM' });
    // A payment that lands after the expiry is refunded, and moves nothing.
    const late = await call(me, 'POST', '/api/payments/razorpay/verify', rzp.pay(res.json().payment.razorpayOrderId));
    expect(late.statusCode).toBe(409);
    expect(await rowOf(id)).toMatchObject({ serviceDate: inDays(1), serviceTime: '9:00 AM' });
  });

  it('inside the window a cash booking is refused; after the start any booking is refused; a stranger cannot move another’s booking', async () => {
    const pro = await loggedInVendor(t, { kind: 'professional' });
    const me = await loggedInCustomer(t);
    const stranger = await loggedInCustomer(t);
    const cash = await book(me, pro, inDays(1), '1:00 PM');
    const refused = await call(me, 'POST', `/api/bookings/${cash}/reschedule`, { serviceDate: inDays(5), serviceTime: '9:00 AM' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Cash bookings cannot be rescheduled within 48 hours of the start. Please contact the professional.');
    expect((await call(me, 'GET', `/api/bookings/${cash}/reschedule`)).json()).toMatchObject({ terms: 'cash', freeHours: 48, feePaise: 10_000 });

    const later = await book(me, pro, inDays(4), '1:00 PM');
    const moved = await call(stranger, 'POST', `/api/bookings/${later}/reschedule`, { serviceDate: inDays(5), serviceTime: '9:00 AM' });
    expect(moved.statusCode).toBe(404);
    expect((await call(stranger, 'GET', `/api/bookings/${later}/reschedule`)).statusCode).toBe(404);
    expect((await call(null, 'POST', `/api/bookings/${later}/reschedule`, { serviceDate: inDays(5), serviceTime: '9:00 AM' })).statusCode).toBe(401);
    expect(await rowOf(later)).toMatchObject({ serviceDate: inDays(4), serviceTime: '1:00 PM' });

    // The job started (its start passed): refused.
    await t.db.update(bookings).set({ serviceDate: inDays(-1) }).where(eq(bookings.id, later));
    const started = await call(me, 'POST', `/api/bookings/${later}/reschedule`, { serviceDate: inDays(5), serviceTime: '9:00 AM' });
    expect(started.statusCode).toBe(409);
    expect(started.json().message).toBe('This booking has already started and can no longer be rescheduled.');
    // Completed: refused too.
    const done = await book(me, pro, inDays(7), '1:00 PM');
    await t.db.update(bookings).set({ status: 'Completed' }).where(eq(bookings.id, done));
    expect((await call(me, 'POST', `/api/bookings/${done}/reschedule`, { serviceDate: inDays(8), serviceTime: '9:00 AM' })).json().message)
      .toBe('This booking is completed and can no longer be rescheduled.');
  });
});

describe('a professional proposes a new time', () => {
  it('the customer accepts it: the booking moves to the held slot; a stranger vendor cannot propose', async () => {
    const pro = await loggedInVendor(t, { kind: 'professional' });
    const otherPro = await loggedInVendor(t, { kind: 'professional' });
    const me = await loggedInCustomer(t);
    const id = await book(me, pro, inDays(5), '10:00 AM');
    expect((await call(otherPro, 'POST', `/api/vendor/bookings/${id}/propose`, { serviceDate: inDays(6), serviceTime: '3:00 PM' })).statusCode).toBe(404);
    const proposed = await call(pro, 'POST', `/api/vendor/bookings/${id}/propose`, { serviceDate: inDays(6), serviceTime: '3:00 PM' });
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect(proposed.json().move).toMatchObject({ kind: 'proposal', status: 'proposed' });
    expect((await call(pro, 'POST', `/api/vendor/bookings/${id}/propose`, { serviceDate: inDays(6), serviceTime: '2:00 PM' })).statusCode).toBe(409);
    expect(await slotsOn(pro.id, inDays(6))).not.toContain('3:00 PM');
    expect(await mailsTo(me.email)).toContain(`${pro.businessName} proposes a new time: ${inDays(6)} at 3:00 PM`);

    const accepted = await call(me, 'POST', `/api/bookings/${id}/proposal/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await rowOf(id)).toMatchObject({ serviceDate: inDays(6), serviceTime: '3:00 PM' });
    expect((await myOrder(me, id)).moves).toMatchObject([{ kind: 'proposal', status: 'accepted' }]);
    expect((await call(me, 'POST', `/api/bookings/${id}/proposal/accept`)).statusCode).toBe(409);
    expect(await slotsOn(pro.id, inDays(5))).toContain('10:00 AM');
  });

  it('the customer picks another slot instead: free, the proposal is passed over', async () => {
    const pro = await loggedInVendor(t, { kind: 'professional' });
    const me = await loggedInCustomer(t);
    const id = await book(me, pro, inDays(1), '11:00 AM');
    expect((await call(pro, 'POST', `/api/vendor/bookings/${id}/propose`, { serviceDate: inDays(2), serviceTime: '9:00 AM' })).statusCode).toBe(200);
    // Inside the window, and cash: free all the same, since the professional asked for the change.
    const res = await call(me, 'POST', `/api/bookings/${id}/reschedule`, { serviceDate: inDays(2), serviceTime: '1:00 PM' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await myOrder(me, id)).moves.map((m) => m.status)).toEqual(['superseded', 'done']);
    expect(await slotsOn(pro.id, inDays(2))).toContain('9:00 AM');
  });

  it('unanswered, it lapses once: the booking is cancelled, refunded in full, and the customer is mailed', async () => {
    const pro = await loggedInVendor(t, { kind: 'professional' });
    const me = await loggedInCustomer(t);
    const id = await book(me, pro, inDays(8), '2:00 PM', 'card');
    expect((await call(pro, 'POST', `/api/vendor/bookings/${id}/propose`, { serviceDate: inDays(9), serviceTime: '2:00 PM' })).statusCode).toBe(200);
    expect((await sweepMoves(t.app.payments, new Date(Date.now() + 23 * 3_600_000))).lapsed).not.toContain(id);
    expect((await rowOf(id)).status).toBe('Pending');
    const later = new Date(Date.now() + 25 * 3_600_000);
    const runs = await Promise.all([sweepMoves(t.app.payments, later), sweepMoves(t.app.payments, later), sweepMoves(t.app.payments, later)]);
    expect(runs.flatMap((r) => r.lapsed).filter((b) => b === id)).toHaveLength(1);
    expect(await rowOf(id)).toMatchObject({ status: 'Cancelled', paymentStatus: 'Refunded' });
    expect(await t.db.select().from(paymentRefunds).where(and(eq(paymentRefunds.bookingId, id)))).toMatchObject([{ amountPaise: (await rowOf(id)).totalAmountPaise, reason: 'cancelled' }]);
    expect(await mailsTo(me.email)).toContain(`Booking cancelled: no answer to the new time (${pro.businessName})`);
    expect((await myOrder(me, id)).moves).toMatchObject([{ status: 'lapsed' }]);
    expect(await slotsOn(pro.id, inDays(9))).toContain('2:00 PM');
  });
});
