import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings } from '../src/db/schema/index.ts';
import { autoCompleteBookings } from '../src/flows/booking-arrival.ts';
import { autoCompleteAt } from '../src/modules/bookings/arrival.ts';
import type { TestApp } from './support/app.ts';
import { activatePayoutAccount } from './support/payout-accounts.ts';
import { appWithRazorpay, type RazorpayStandIn } from './support/razorpay-app.ts';
import { transferKit } from './support/transfers.ts';

/**
 * Arrival and completion of a booking (issue 34, decision record 043): the customer's start code proves the
 * professional's visit (wrong codes limited, under races), "on my way" on WhatsApp and by mail, completion by the
 * customer releasing the professional's transfer, and completion by itself 48 hours after the job.
 */

let t: TestApp;
let rzp: RazorpayStandIn;
appWithRazorpay((started) => ({ t, rzp } = started));
const k = transferKit(() => ({ t, rzp }));
type Who = Awaited<ReturnType<typeof k.customer>>;
type Pro = Awaited<ReturnType<typeof k.vendor>>;
interface Order { _id: string; status: string; startCode?: string; completable?: boolean; onTheWayAt?: string | null; completedBy?: string | null; autoCompleteAt?: string | null }

/** My orders → Service Orders, as the customer sees one booking. */
async function myBooking(me: Who, id: string): Promise<Order> {
  const res = await k.call(me.headers, 'GET', `/cart/service/${me.id}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as Order[]).find((b) => b._id === id)!;
}

/** A booking of `pro` by `me` (cash unless told), confirmed by the professional. */
async function confirmedBooking(me: Who, pro: Pro, method = 'cash') {
  const res = await k.call(me.headers, 'POST', '/api/booking', k.bookingBody(me, pro.id, method));
  expect(res.statusCode, res.body).toBe(201);
  const made = res.json() as { booking: { _id: string }; payment: { razorpayOrderId: string } | null };
  if (made.payment) expect((await k.call(me.headers, 'POST', '/api/payments/razorpay/verify', rzp.pay(made.payment.razorpayOrderId))).statusCode).toBe(200);
  expect((await k.call(pro.headers, 'PATCH', `/api/vendor/bookings/${made.booking._id}`, { status: 'Confirmed' })).statusCode).toBe(200);
  return made.booking._id;
}

const start = (pro: Pro, id: string, code: string) => k.call(pro.headers, 'POST', `/api/vendor/bookings/${id}/start`, { code });
const otherCode = (code: string, i = 1) => String((Number(code) + i) % 10_000).padStart(4, '0');
const mails = async () => (await k.call({}, 'GET', '/dev/mailbox.json')).json() as { to: string; subject: string; text: string }[];

describe('the start code', () => {
  it('is shown to the customer only, and the right code moves the booking to In progress', async () => {
    const me = await k.customer();
    const pro = await k.vendor('professional');
    const id = await confirmedBooking(me, pro);
    const code = (await myBooking(me, id)).startCode!;
    expect(code).toMatch(/^\d{4}$/);
    // The professional's list never carries it; the customer's booking mail does (in the body, not the subject).
    const portal = (await k.call(pro.headers, 'GET', '/api/vendor/bookings')).json() as Order[];
    expect(portal.find((b) => b._id === id)).not.toHaveProperty('startCode');
    const mine = (await mails()).find((m) => m.to === me.email && m.subject.startsWith('Booking requested'))!;
    expect(mine.text).toContain(`Your start code is ${code}.`);
    expect(mine.subject).not.toContain(code);

    const wrong = await start(pro, id, otherCode(code));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('That start code is not right. Ask the customer for the 4-digit code under My orders; 4 tries left.');
    const right = await start(pro, id, code);
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({ _id: id, status: 'In progress', completable: true });
    expect(right.json()).not.toHaveProperty('startCode');
    const seen = await myBooking(me, id);
    expect(seen).toMatchObject({ status: 'In progress', completable: true, cancellable: false });
    expect(seen).not.toHaveProperty('startCode');
    // Started once: the code does nothing more; a started job cannot be cancelled.
    expect((await start(pro, id, code)).json().message).toBe('This booking has already been started.');
    expect((await k.call(me.headers, 'PUT', `/api/booking/${id}/cancel`)).statusCode).toBe(409);
  });

  it('40 racing wrong codes: 5 are counted (the fifth locks it), the rest refused, and then even the right code is locked out', async () => {
    const me = await k.customer();
    const pro = await k.vendor('professional');
    const id = await confirmedBooking(me, pro);
    const code = (await myBooking(me, id)).startCode!;
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => start(pro, id, otherCode(code, 1 + i))));
    expect(results.filter((r) => r.statusCode === 400).map((r) => r.json().message.slice(-13)).sort()).toEqual(['1 tries left.', '2 tries left.', '3 tries left.', '4 tries left.']);
    const locked = results.filter((r) => r.statusCode === 409);
    expect(locked).toHaveLength(36);
    expect(locked[0]!.json().message).toBe('This booking took 5 wrong start codes and is locked. Ask the customer to contact Nirmaan support.');
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    expect(row).toMatchObject({ startCodeTries: 5, status: 'Confirmed' });
    expect((await start(pro, id, code)).statusCode).toBe(409);
    expect((await myBooking(me, id)).status).toBe('Confirmed');
  });

  it('refuses a Pending booking, another professional, a malformed code and a customer', async () => {
    const me = await k.customer();
    const pro = await k.vendor('professional');
    const other = await k.vendor('professional');
    const res = await k.call(me.headers, 'POST', '/api/booking', k.bookingBody(me, pro.id, 'cash'));
    const id = (res.json() as { booking: { _id: string } }).booking._id;
    const code = (await myBooking(me, id)).startCode!;
    expect((await start(pro, id, code)).json().message).toBe('Only a confirmed booking can be started. Please confirm it first.');
    expect((await start(other, id, code)).statusCode).toBe(404);
    const bad = await start(pro, id, '12a4');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The start code is the 4 digits the customer has under My orders.');
    expect((await k.call(me.headers, 'POST', `/api/vendor/bookings/${id}/start`, { code })).statusCode).toBe(403);
    expect((await myBooking(me, id)).status).toBe('Pending');
  });
});

describe('completion', () => {
  it('the customer confirms a started paid booking complete: the transfer is released; a stranger and the professional cannot', async () => {
    const me = await k.customer();
    const stranger = await k.customer();
    const pro = await k.vendor('professional', { chargeAmount: 600 });
    const acc = await activatePayoutAccount(t.db, pro.id);
    const id = await confirmedBooking(me, pro, 'upi');
    await k.retryNow();
    expect(k.transfersTo(acc)).toEqual([expect.objectContaining({ amount: 54_000, on_hold: true })]);
    // Not before the professional has started it with the code.
    expect((await k.call(me.headers, 'POST', `/api/bookings/${id}/complete`)).json().message)
      .toBe('This job has not started yet: it can be confirmed complete once the professional has arrived.');
    expect((await start(pro, id, (await myBooking(me, id)).startCode!)).statusCode).toBe(200);

    expect((await k.call(stranger.headers, 'POST', `/api/bookings/${id}/complete`)).statusCode).toBe(404);
    const byPro = await k.call(pro.headers, 'PATCH', `/api/vendor/bookings/${id}`, { status: 'Completed' });
    expect(byPro.statusCode).toBe(409);
    expect(byPro.json().message).toContain('The customer confirms a started job complete');
    await k.retryNow();
    expect(k.transfersTo(acc)[0]!.on_hold).toBe(true);

    const racing = await Promise.all(Array.from({ length: 10 }, () => k.call(me.headers, 'POST', `/api/bookings/${id}/complete`)));
    expect(racing.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(racing.filter((r) => r.statusCode === 409)).toHaveLength(9);
    expect(racing.find((r) => r.statusCode === 200)!.json()).toMatchObject({ message: 'Booking completed.', booking: { status: 'Completed', completedBy: 'customer' } });
    await k.retryNow();
    expect(k.transfersTo(acc)[0]!.on_hold).toBe(false);
    expect((await k.earnings(pro)).entries[0]).toMatchObject({ kind: 'booking', netPaise: 54_000, state: 'released' });
    expect(await myBooking(me, id)).toMatchObject({ status: 'Completed', completable: false, completedBy: 'customer' });
  });

  it('a started booking with no answer completes by itself 48 hours after the job, once, and the customer is mailed', async () => {
    const me = await k.customer();
    const pro = await k.vendor('professional', { chargeAmount: 600 });
    const acc = await activatePayoutAccount(t.db, pro.id);
    const id = await confirmedBooking(me, pro, 'upi');
    expect((await start(pro, id, (await myBooking(me, id)).startCode!)).statusCode).toBe(200);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    const due = autoCompleteAt(row!);
    // The job (two days ahead, 10:00 AM in India, one hour) ends at 11:00 AM; 48 hours later it is due.
    expect(due.toISOString()).toBe(new Date(new Date(`${row!.serviceDate}T11:00:00+05:30`).getTime() + 48 * 3_600_000).toISOString());
    expect((await myBooking(me, id)).autoCompleteAt).toBe(due.toISOString());

    expect(await autoCompleteBookings(t.db, t.app.money, new Date(due.getTime() - 60_000))).not.toContain(id);
    expect((await myBooking(me, id)).status).toBe('In progress');
    // Overlapping sweeps (one per process) complete it once.
    const passes = await Promise.all(Array.from({ length: 5 }, () => autoCompleteBookings(t.db, t.app.money, new Date(due.getTime() + 60_000))));
    expect(passes.flat().filter((x) => x === id)).toHaveLength(1);
    expect(await autoCompleteBookings(t.db, t.app.money, new Date(due.getTime() + 3_600_000))).not.toContain(id);
    expect(await myBooking(me, id)).toMatchObject({ status: 'Completed', completedBy: 'auto' });

    const told = (await mails()).filter((m) => m.to === me.email && m.subject.startsWith('Booking complete:'));
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('we had no answer from you 48 hours after the job, so it completed by itself');
    await k.retryNow();
    expect(k.transfersTo(acc)[0]!.on_hold).toBe(false);
    expect((await k.call(me.headers, 'POST', `/api/bookings/${id}/complete`)).statusCode).toBe(409);
  });

  it("the professional's Completed (the spec's call) cannot complete a booking never started with the code, and releases nothing", async () => {
    const me = await k.customer();
    const pro = await k.vendor('professional', { chargeAmount: 600 });
    const acc = await activatePayoutAccount(t.db, pro.id);
    const id = await confirmedBooking(me, pro, 'upi');
    const res = await k.call(pro.headers, 'PATCH', `/api/vendor/bookings/${id}`, { status: 'Completed' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Enter the customer’s start code when you arrive (Start): once the job is In progress, the customer confirms it complete.');
    expect(await myBooking(me, id)).toMatchObject({ status: 'Confirmed', completedBy: null });
    await k.retryNow();
    expect(k.transfersTo(acc)).toEqual([expect.objectContaining({ on_hold: true })]);
    // Nor a Pending one.
    const pending = (await k.call(me.headers, 'POST', '/api/booking', k.bookingBody(me, pro.id, 'cash', '2:00 PM'))).json().booking._id as string;
    expect((await k.call(pro.headers, 'PATCH', `/api/vendor/bookings/${pending}`, { status: 'Completed' })).statusCode).toBe(409);
    expect((await myBooking(me, pending)).status).toBe('Pending');
    // In the request's language, as every refusal.
    const inHindi = await k.call({ ...pro.headers, 'accept-language': 'hi' }, 'PATCH', `/api/vendor/bookings/${pending}`, { status: 'Completed' });
    expect(inHindi.json().message).toBe('पहुँचने पर ग्राहक का स्टार्ट कोड डालें (Start): काम In progress होने के बाद ग्राहक उसे पूरा होने की पुष्टि करते हैं।');
  });
});

describe('on my way', () => {
  it('tells a consenting customer on WhatsApp (the stand-in) and by mail, once', async () => {
    const me = await k.customer();
    const pro = await k.vendor('professional', { businessName: 'Ravi Plumbing Works' });
    const phone = `98${String(Date.now()).slice(-8)}`;
    expect((await k.call(me.headers, 'PUT', '/api/me/whatsapp', { phone, consent: true })).statusCode).toBe(200);
    const id = await confirmedBooking(me, pro);
    const code = (await myBooking(me, id)).startCode!;

    const taps = await Promise.all(Array.from({ length: 5 }, () => k.call(pro.headers, 'POST', `/api/vendor/bookings/${id}/on-the-way`)));
    expect(taps.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(taps.filter((r) => r.statusCode === 409).map((r) => r.json().message)).toEqual(Array(4).fill('The customer has already been told that you are on the way.'));
    expect((await myBooking(me, id)).onTheWayAt).toEqual(expect.any(String));

    await t.app.whatsapp.worker.poke();
    const received = (await k.call({}, 'GET', '/dev/whatsapp.json')).json() as { to: string; body: { template?: { name: string; language: { code: string }; components: { type: string; parameters: { text: string }[] }[] } } }[];
    const onTheWay = received.filter((m) => m.to === `91${phone}` && m.body.template?.name === 'nirmaan_professional_on_the_way');
    expect(onTheWay).toHaveLength(1);
    expect(onTheWay[0]!.body.template!.language.code).toBe('en');
    expect(onTheWay[0]!.body.template!.components[0]!.parameters.map((p) => p.text)).toEqual([me.fullName, 'Ravi Plumbing Works', '10:00 AM', code]);

    const mail = (await mails()).filter((m) => m.to === me.email && m.subject === 'Ravi Plumbing Works is on the way');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain(`give them your start code ${code}`);
  });

  it('is refused on a booking that is not Confirmed', async () => {
    const me = await k.customer();
    const pro = await k.vendor('professional');
    const res = await k.call(me.headers, 'POST', '/api/booking', k.bookingBody(me, pro.id, 'cash'));
    const id = (res.json() as { booking: { _id: string } }).booking._id;
    const tap = await k.call(pro.headers, 'POST', `/api/vendor/bookings/${id}/on-the-way`);
    expect(tap.statusCode).toBe(409);
    expect(tap.json().message).toBe('Only a confirmed booking can be marked on the way.');
  });
});
