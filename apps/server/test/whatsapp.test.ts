import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, emailOutbox, whatsappMessages, whatsappSettings } from '../src/db/schema/index.ts';
import { notify, WhatsAppWorker } from '../src/modules/whatsapp/service.ts';
import { whatsappClient } from '../src/modules/whatsapp/client.ts';
import { loadConfig } from '../src/config/index.ts';
import { queueReminders, todayInIndia } from '../src/modules/bookings/service.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { caller, loggedInCustomer, loggedInVendor, startAndComplete, type VendorWho, type Who } from './support/http.ts';
import { startWhatsApp, WA_KEYS, type WhatsAppTestServer } from './support/whatsapp.ts';

/**
 * WhatsApp updates (issue 36) against the Cloud API stand-in on a local server, through the WHATSAPP_* settings a
 * production deployment uses: consent, templates per language, statuses, the webhook's signature, STOP, reply buttons.
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
const sendAll = () => t.app.whatsapp.worker.poke();
const inDays = (n: number) => {
  const d = new Date(`${todayInIndia()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
let nextPhone = 9000000001;
const newPhone = () => String(nextPhone++);
const sentTo = (phone: string) => wa.received.filter((m) => m.to === `91${phone}`);
const templateOf = (m: { body: Record<string, unknown> }) => m.body.template as { name: string; language: { code: string }; components: { type: string; parameters: { text?: string; payload?: string }[] }[] };

async function consent(who: { headers: Record<string, string> }, path: '/api/me/whatsapp' | '/api/vendor/whatsapp', phone: string, extra: object = {}) {
  const res = await call(who, 'PUT', path, { phone, consent: true, ...extra });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function book(me: Who, pro: VendorWho, time = '10:00 AM', date = inDays(3)) {
  const res = await call(me, 'POST', '/api/booking', {
    Vendorid: pro.id, customerid: me.id, serviceDate: date, serviceTime: time,
    customer: { fullName: me.fullName, email: me.email, phone: '9876543210', alternatePhone: '' },
    address: { street: '12 Road No. 36, Jubilee Hills', city: 'Hyderabad', state: 'Telangana', zip: '500033', latitude: null, longitude: null, specialInstructions: '' },
    saveAddress: false, payment: { method: 'cash' }, totalAmount: 1,
  });
  expect(res.statusCode).toBe(201);
  return res.json().booking._id as string;
}

describe('configuration', () => {
  it('takes the WHATSAPP_* settings all four or none', () => {
    expect(() => loadConfig({ WHATSAPP_ACCESS_TOKEN: WA_KEYS.accessToken })).toThrow(/WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN: not set/);
    expect(loadConfig({ NODE_ENV: 'production' }).whatsapp).toBeNull();
    expect(loadConfig(wa.env).whatsapp).toMatchObject({ apiUrl: wa.url, phoneNumberId: WA_KEYS.phoneNumberId });
  });
});

describe('webhook verification and signature', () => {
  it('answers the challenge only for the right verify token', async () => {
    const ok = await call(null, 'GET', `/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${WA_KEYS.verifyToken}&hub.challenge=1158201444`);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const wrong = await call(null, 'GET', '/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=guess-guess&hub.challenge=1158201444');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).not.toContain('1158201444');
  });

  it('refuses a bad or missing signature and changes nothing', async () => {
    const me = await loggedInCustomer(t);
    const phone = newPhone();
    await consent(me, '/api/me/whatsapp', phone);
    const stop = wa.textWebhook(`91${phone}`, 'STOP');
    const json = { 'content-type': 'application/json' };
    const attempts = [
      { body: stop.rawBody, headers: json },
      { body: stop.rawBody, headers: { ...json, 'x-hub-signature-256': 'sha256=00' } },
      // The right signature over other bytes (one space more): the raw body is what is signed.
      { body: stop.rawBody.replace('"STOP"', '"STOP" '), headers: { ...json, 'x-hub-signature-256': stop.signature } },
    ];
    for (const a of attempts) expect((await call(null, 'POST', '/api/webhooks/whatsapp', a.body, a.headers)).statusCode).toBe(401);
    expect((await call(me, 'GET', '/api/me/whatsapp')).json()).toMatchObject({ consent: true, phone: `+91${phone}` });
  });
});

describe('consent', () => {
  it('normalises an Indian mobile to +91 and refuses anything else with a clear message', async () => {
    const me = await loggedInCustomer(t);
    const bad = await call(me, 'PUT', '/api/me/whatsapp', { phone: '12345', consent: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Indian mobile number');
    const saved = await consent(me, '/api/me/whatsapp', '098765 43210', { source: 'checkout', language: 'hi' });
    expect(saved).toMatchObject({ phone: '+919876543210', consent: true, language: 'hi', source: 'checkout', available: true });
    expect(Date.now() - Date.parse(saved.consentedAt)).toBeLessThan(60_000);
    const off = (await call(me, 'PUT', '/api/me/whatsapp', { phone: '9876543210', consent: false })).json();
    expect(off).toMatchObject({ consent: false, consentedAt: null });
  });

  it('sends nothing to a customer without consent, and the template in the vendor\'s language to one with it', async () => {
    const me = await loggedInCustomer(t);
    const pro = await loggedInVendor(t, { kind: 'professional', ownerName: 'Ravi Kumar' });
    const proPhone = newPhone();
    await consent(pro, '/api/vendor/whatsapp', proPhone, { language: 'te' });
    const bookingId = await book(me, pro);
    await sendAll();
    const [message, ...more] = sentTo(proPhone);
    expect(more).toHaveLength(0);
    const template = templateOf(message!);
    expect(template).toMatchObject({ name: 'nirmaan_vendor_new_booking', language: { code: 'te' } });
    expect(template.components[0]!.parameters.map((p) => p.text)).toEqual(['Ravi Kumar', me.fullName, inDays(3), '10:00 AM']);
    expect(template.components.slice(1).map((c) => c.parameters[0]!.payload)).toEqual(['vendor.booking.accept', 'vendor.booking.decline']);
    // The customer never consented: her confirmation goes by email only.
    await call(pro, 'PATCH', `/api/vendor/bookings/${bookingId}`, { status: 'Confirmed' });
    await sendAll();
    const rows = await t.db.select().from(whatsappMessages).where(eq(whatsappMessages.partyId, me.id));
    expect(rows).toHaveLength(0);
  });
});

describe('statuses and STOP', () => {
  it('records sent, delivered and read per message, never backwards', async () => {
    const me = await loggedInCustomer(t);
    const pro = await loggedInVendor(t, { kind: 'professional' });
    const phone = newPhone();
    await consent(me, '/api/me/whatsapp', phone, { language: 'mr' });
    const bookingId = await book(me, pro, '11:00 AM');
    await call(pro, 'PATCH', `/api/vendor/bookings/${bookingId}`, { status: 'Confirmed' });
    await sendAll();
    const [sent] = sentTo(phone);
    expect(templateOf(sent!)).toMatchObject({ name: 'nirmaan_booking_confirmed', language: { code: 'mr' } });
    const statusOf = async () => (await t.db.select().from(whatsappMessages).where(eq(whatsappMessages.wamid, sent!.wamid)))[0]!.status;
    expect(await statusOf()).toBe('sent');
    expect((await wa.post(t.app, wa.statusWebhook(sent!.wamid, 'delivered'))).statusCode).toBe(200);
    expect(await statusOf()).toBe('delivered');
    await wa.post(t.app, wa.statusWebhook(sent!.wamid, 'read'));
    await wa.post(t.app, wa.statusWebhook(sent!.wamid, 'delivered'));
    expect(await statusOf()).toBe('read');
  });

  it('STOP ends the consent at once: nothing more is sent', async () => {
    const me = await loggedInCustomer(t);
    const pro = await loggedInVendor(t, { kind: 'professional' });
    const phone = newPhone();
    await consent(me, '/api/me/whatsapp', phone);
    const bookingId = await book(me, pro, '2:00 PM');
    expect((await wa.post(t.app, wa.textWebhook(`91${phone}`, 'STOP'))).statusCode).toBe(200);
    const [setting] = await t.db.select().from(whatsappSettings).where(eq(whatsappSettings.partyId, me.id));
    expect(setting).toMatchObject({ consent: 'withdrawn', withdrawnBy: 'STOP' });
    await call(pro, 'PATCH', `/api/vendor/bookings/${bookingId}`, { status: 'Confirmed' });
    await sendAll();
    expect(sentTo(phone)).toHaveLength(0);
    expect((await call(me, 'GET', '/api/me/whatsapp')).json()).toMatchObject({ consent: false });
  });
});

describe('reply buttons', () => {
  async function vendorMessage() {
    const me = await loggedInCustomer(t);
    const pro = await loggedInVendor(t, { kind: 'professional' });
    const phone = newPhone();
    await consent(pro, '/api/vendor/whatsapp', phone);
    const bookingId = await book(me, pro, '3:00 PM');
    await sendAll();
    return { me, pro, phone, bookingId, message: sentTo(phone)[0]! };
  }
  const statusOfBooking = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!.status;

  it('Accept confirms the booking once, however often the webhook is redelivered', async () => {
    const { phone, bookingId, message } = await vendorMessage();
    const tap = wa.replyWebhook(`91${phone}`, message.wamid, 'vendor.booking.accept', 'Accept');
    const answers = await Promise.all(Array.from({ length: 20 }, () => wa.post(t.app, tap)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(await statusOfBooking(bookingId)).toBe('Confirmed');
    await sendAll();
    // One answer to the one tap, free-form within the window the tap opened.
    const replies = sentTo(phone).filter((m) => m.body.type === 'text');
    expect(replies).toHaveLength(1);
    expect((replies[0]!.body.text as { body: string }).body).toContain('confirmed');
  });

  it('a stranger\'s tap on the buttons does nothing', async () => {
    const { bookingId, message } = await vendorMessage();
    await wa.post(t.app, wa.replyWebhook('919999999999', message.wamid, 'vendor.booking.accept', 'Accept'));
    expect(await statusOfBooking(bookingId)).toBe('Pending');
  });

  it('the reminder\'s Cancel cancels her booking once under 20 redeliveries; Confirm keeps it; Reschedule sends a link', async () => {
    const { me, pro, bookingId } = await vendorMessage();
    const phone = newPhone();
    await consent(me, '/api/me/whatsapp', phone, { language: 'te' });
    await call(pro, 'PATCH', `/api/vendor/bookings/${bookingId}`, { status: 'Confirmed' });
    // 19:00 in India the evening before the booking: its reminder, once however often the sweep runs.
    const evening = new Date(`${inDays(2)}T13:30:00Z`);
    expect(await queueReminders(t.db, evening)).toBeGreaterThan(0);
    await queueReminders(t.db, evening);
    expect(await queueReminders(t.db, new Date(`${inDays(2)}T06:30:00Z`))).toBe(0);
    await sendAll();
    const reminders = sentTo(phone).filter((m) => m.body.type === 'template' && templateOf(m).name === 'nirmaan_booking_reminder');
    expect(reminders).toHaveLength(1);
    const reminder = reminders[0]!;
    expect(templateOf(reminder).language.code).toBe('te');
    expect(templateOf(reminder).components.slice(1).map((c) => c.parameters[0]!.payload)).toEqual(['booking.confirm', 'booking.reschedule', 'booking.cancel']);

    await wa.post(t.app, wa.replyWebhook(`91${phone}`, reminder.wamid, 'booking.confirm', 'నిర్ధారించు'));
    await wa.post(t.app, wa.replyWebhook(`91${phone}`, reminder.wamid, 'booking.reschedule', 'సమయం మార్చు'));
    expect(await statusOfBooking(bookingId)).toBe('Confirmed');
    const tap = wa.replyWebhook(`91${phone}`, reminder.wamid, 'booking.cancel', 'రద్దు చేయి');
    await Promise.all(Array.from({ length: 20 }, () => wa.post(t.app, tap)));
    expect(await statusOfBooking(bookingId)).toBe('Cancelled');
    await sendAll();
    const answers = sentTo(phone).filter((m) => m.body.type === 'text').map((m) => (m.body.text as { body: string }).body);
    expect(answers).toHaveLength(3);
    expect(answers).toEqual(expect.arrayContaining([expect.stringContaining(`/bookings/${bookingId}/reschedule`), expect.stringContaining('రద్దయింది')]));
  });

  it('a button the message did not offer does nothing', async () => {
    const { phone, bookingId, message } = await vendorMessage();
    await wa.post(t.app, wa.replyWebhook(`91${phone}`, message.wamid, 'booking.cancel', 'Cancel'));
    expect(await statusOfBooking(bookingId)).toBe('Pending');
  });
});

describe('the outbox', () => {
  it('sends 50 messages exactly once with three workers racing, and retries through an outage', async () => {
    const me = await loggedInCustomer(t);
    const phone = newPhone();
    await consent(me, '/api/me/whatsapp', phone);
    wa.state.down = true;
    await t.db.transaction(async (tx) => {
      for (let i = 0; i < 50; i++) await notify(tx, { party: 'customer', id: me.id }, 'order_refunded', [me.fullName, `₹${i + 1}.00`]);
    });
    await sendAll();
    expect(sentTo(phone)).toHaveLength(0);
    wa.state.down = false;
    // Due again now, as if the backoff had passed; three processes' workers take turns by their leases.
    await t.db.update(whatsappMessages).set({ nextAttemptAt: new Date() }).where(eq(whatsappMessages.partyId, me.id));
    const client = whatsappClient({ apiUrl: wa.url, apiVersion: 'v21.0', phoneNumberId: WA_KEYS.phoneNumberId, accessToken: WA_KEYS.accessToken });
    // All 50 go to one number: these workers allow that many a minute (the per-number limit is tested below).
    const workers = [0, 1, 2].map(() => new WhatsAppWorker(t.db, client, t.app.log, 50));
    for (let round = 0; round < 4; round++) await Promise.all(workers.map((w) => w.poke()));
    const amounts = sentTo(phone).map((m) => templateOf(m).components[0]!.parameters[1]!.text);
    expect(amounts).toHaveLength(50);
    expect(new Set(amounts).size).toBe(50);
    const rows = await t.db.select().from(whatsappMessages).where(eq(whatsappMessages.partyId, me.id));
    expect(rows.every((r) => r.status === 'sent' && r.wamid)).toBe(true);
  });

  it('sends at most 10 messages to one number in a minute, with workers racing; the rest wait, none is dropped', async () => {
    const me = await loggedInCustomer(t);
    const other = await loggedInCustomer(t);
    const [phone, otherPhone] = [newPhone(), newPhone()];
    await consent(me, '/api/me/whatsapp', phone);
    await consent(other, '/api/me/whatsapp', otherPhone);
    await t.db.transaction(async (tx) => {
      for (let i = 0; i < 25; i++) await notify(tx, { party: 'customer', id: me.id }, 'order_refunded', [me.fullName, `₹${i + 1}.00`]);
      await notify(tx, { party: 'customer', id: other.id }, 'order_refunded', [other.fullName, '₹7.00']);
    });
    const client = whatsappClient({ apiUrl: wa.url, apiVersion: 'v21.0', phoneNumberId: WA_KEYS.phoneNumberId, accessToken: WA_KEYS.accessToken });
    const workers = [0, 1, 2].map(() => new WhatsAppWorker(t.db, client, t.app.log));
    const raceAll = async () => {
      for (let round = 0; round < 3; round++) await Promise.all([...workers.map((w) => w.poke()), sendAll()]);
    };
    const rowsOf = () => t.db.select().from(whatsappMessages).where(eq(whatsappMessages.partyId, me.id));
    await raceAll();
    expect(sentTo(phone)).toHaveLength(10);
    // Another number is not held back by hers.
    expect(sentTo(otherPhone)).toHaveLength(1);
    expect((await rowsOf()).filter((r) => r.status === 'queued')).toHaveLength(15);
    // A minute later (the sends moved 61 seconds back): the next ten, then the last five.
    const aMinuteLater = () => t.db.update(whatsappMessages).set({ sentAt: sql`${whatsappMessages.sentAt} - interval '61 seconds'` }).where(eq(whatsappMessages.partyId, me.id));
    await aMinuteLater();
    await raceAll();
    expect(sentTo(phone)).toHaveLength(20);
    await aMinuteLater();
    await raceAll();
    const amounts = sentTo(phone).map((m) => templateOf(m).components[0]!.parameters[1]!.text);
    expect(amounts).toHaveLength(25);
    expect(new Set(amounts).size).toBe(25);
    expect((await rowsOf()).every((r) => r.status === 'sent')).toBe(true);
  });

  it('a send whose answer was lost is claimed by its status webhook (our id handed back) and not sent again', async () => {
    const me = await loggedInCustomer(t);
    const phone = newPhone();
    await consent(me, '/api/me/whatsapp', phone);
    const id = await t.db.transaction((tx) => notify(tx, { party: 'customer', id: me.id }, 'order_refunded', [me.fullName, '₹42.00']));
    // What a process killed between WhatsApp's answer and its "sent" mark leaves: the message at WhatsApp, the row queued.
    const client = whatsappClient({ apiUrl: wa.url, apiVersion: 'v21.0', phoneNumberId: WA_KEYS.phoneNumberId, accessToken: WA_KEYS.accessToken });
    const { wamid } = await client.send({ messaging_product: 'whatsapp', to: `91${phone}`, type: 'template', template: { name: 'nirmaan_order_refunded', language: { code: 'en' }, components: [] } }, id!);
    expect((await wa.post(t.app, wa.statusWebhook(wamid, 'sent'))).statusCode).toBe(200);
    const [row] = await t.db.select().from(whatsappMessages).where(eq(whatsappMessages.id, id!));
    expect(row).toMatchObject({ status: 'sent', wamid });
    // Its lease long over, the worker has nothing to send: WhatsApp got it once.
    await t.db.update(whatsappMessages).set({ leaseUntil: null, nextAttemptAt: new Date() }).where(eq(whatsappMessages.id, id!));
    await sendAll();
    expect(sentTo(phone)).toHaveLength(1);
  });
});

describe('when WhatsApp cannot carry an update, it goes by email', () => {
  const mailsTo = (email: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));

  it('a booking\'s update whose WhatsApp message failed (its status) or was refused still arrives by its own mail', async () => {
    const me = await loggedInCustomer(t);
    const pro = await loggedInVendor(t, { kind: 'professional' });
    const phone = newPhone();
    await consent(me, '/api/me/whatsapp', phone);
    const bookingId = await book(me, pro, '1:00 PM', inDays(7));
    await call(pro, 'PATCH', `/api/vendor/bookings/${bookingId}`, { status: 'Confirmed' });
    await sendAll();
    const [sent] = sentTo(phone);
    expect(templateOf(sent!).name).toBe('nirmaan_booking_confirmed');
    await wa.post(t.app, wa.statusWebhook(sent!.wamid, 'failed'));
    expect((await t.db.select().from(whatsappMessages).where(eq(whatsappMessages.wamid, sent!.wamid)))[0]!.status).toBe('failed');
    expect((await mailsTo(me.email)).map((m) => m.subject)).toEqual(expect.arrayContaining([expect.stringMatching(/^Booking confirmed/)]));

    // WhatsApp refuses the number for good at the send: the completion's mail goes all the same.
    wa.state.refuse.add(`91${phone}`);
    await startAndComplete(t, pro, me, bookingId);
    await sendAll();
    wa.state.refuse.delete(`91${phone}`);
    const rows = await t.db.select().from(whatsappMessages).where(eq(whatsappMessages.partyId, me.id));
    expect(rows.find((r) => r.event === 'booking_completed')).toMatchObject({ status: 'failed' });
    expect((await mailsTo(me.email)).map((m) => m.subject)).toEqual(expect.arrayContaining([expect.stringMatching(/^Booking completed/)]));
  });

  it('the evening-before reminder (no mail of its own) goes by email once without consent, and when WhatsApp refuses or fails it', async () => {
    const pro = await loggedInVendor(t, { kind: 'professional', businessName: 'Ravi Plumbing Works' });
    const [none, refused, failed] = [await loggedInCustomer(t), await loggedInCustomer(t), await loggedInCustomer(t)];
    const [refusedPhone, failedPhone] = [newPhone(), newPhone()];
    await consent(refused, '/api/me/whatsapp', refusedPhone, { language: 'te' });
    await consent(failed, '/api/me/whatsapp', failedPhone);
    for (const [who, time] of [[none, '9:00 AM'], [refused, '11:00 AM'], [failed, '2:00 PM']] as const) {
      const id = await book(who, pro, time, inDays(6));
      await call(pro, 'PATCH', `/api/vendor/bookings/${id}`, { status: 'Confirmed' });
    }
    const reminders = async (email: string) => (await mailsTo(email)).filter((m) => m.subject.includes(' tomorrow at ') || m.subject.startsWith('గుర్తు'));
    wa.state.refuse.add(`91${refusedPhone}`);
    const evening = new Date(`${inDays(5)}T13:30:00Z`);
    await queueReminders(t.db, evening);
    await queueReminders(t.db, evening);
    await sendAll();
    wa.state.refuse.delete(`91${refusedPhone}`);

    // No consent: by email, once however often the sweep runs, and nothing on WhatsApp.
    const [mail, ...more] = await reminders(none.email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('Reminder: Ravi Plumbing Works comes tomorrow at 9:00 AM');
    expect(mail!.text).toContain('My orders → Service Orders');
    // Refused for good at the send: by email, in her language.
    const [teluguMail] = await reminders(refused.email);
    expect(teluguMail!.subject).toBe('గుర్తు: Ravi Plumbing Works రేపు 11:00 AM కి వస్తారు');
    // Sent, then a failed status: by email once, however often the status is redelivered.
    expect(await reminders(failed.email)).toHaveLength(0);
    const sent = sentTo(failedPhone).find((m) => templateOf(m).name === 'nirmaan_booking_reminder');
    for (let i = 0; i < 3; i++) await wa.post(t.app, wa.statusWebhook(sent!.wamid, 'failed'));
    expect(await reminders(failed.email)).toHaveLength(1);
  });
});
