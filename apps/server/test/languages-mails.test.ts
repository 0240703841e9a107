import { describe, expect, it } from 'vitest';
import { todayInIndia } from '../src/modules/bookings/service.ts';
import type { TestApp } from './support/app.ts';
import { caller, loggedInCustomer, loggedInVendor, type Who } from './support/http.ts';
import { appWithSmtp, mailText, NATIVE_DIGITS, type Smtp, subjectOf } from './support/smtp.ts';

/**
 * Issue 33, the mails beyond orders: a booking's mails are written in each recipient account's language — the
 * customer's Telugu, the professional's Marathi — with Latin digits and Indian grouping, and in English, word for
 * word as before, for an account without a language.
 */

let smtp: Smtp;
let t: TestApp;
appWithSmtp((s) => { ({ t, smtp } = s); });

const call = caller(() => t);

const inDays = (n: number) => {
  const d = new Date(`${todayInIndia()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const booking = (who: Who, vendorId: string, serviceDate: string) => ({
  Vendorid: vendorId, customerid: who.id, serviceDate, serviceTime: '11:00 AM',
  customer: { fullName: who.fullName, email: who.email, phone: '9876543210', alternatePhone: '' },
  address: { street: '8-2-293 Road No. 12, Banjara Hills', city: 'Hyderabad', state: 'Telangana', zip: '500034', latitude: null, longitude: null, specialInstructions: '' },
  saveAddress: false, payment: { method: 'cash' }, totalAmount: 1,
});
/** The mails to `email`, newest last, once the outbox has sent what is due. */
async function mailsTo(email: string) {
  await t.app.outbox.poke();
  return smtp.received.filter((m) => m.to.includes(email.toLowerCase()));
}

describe('booking mails in the account’s language', () => {
  it('a Telugu customer gets the booking request and its confirmation in Telugu; the professional’s copy is in its Marathi', async () => {
    const me = await loggedInCustomer(t, { fullName: 'Lakshmi Prasanna' });
    expect((await call(me, 'PUT', '/api/me/language', { language: 'te' })).json()).toEqual({ language: 'te' });
    const pro = await loggedInVendor(t, { kind: 'professional', businessName: 'Sai Ram Plumbing Works', ownerName: 'Ganesh Patil', chargeAmount: 1_20_000 });
    expect((await call(pro, 'PUT', '/api/vendor/language', { language: 'mr' })).json()).toEqual({ language: 'mr' });
    const day = inDays(3);

    const made = await call(me, 'POST', '/api/booking', booking(me, pro.id, day));
    expect(made.statusCode, made.body).toBe(201);
    const [requested] = await mailsTo(me.email);
    expect(requested, 'the customer’s booking mail').toBeDefined();
    const subject = subjectOf(requested!.raw);
    // The day in Telugu words with Latin digits (2 డిసెంబర్ 2026), not the ISO date of the English mail.
    expect(subject).toMatch(/^బుకింగ్ అభ్యర్థన: Sai Ram Plumbing Works, \d{1,2} [\u0C00-\u0C7F]+,? \d{4}$/);
    expect(subject).not.toContain(day);
    const text = mailText(requested!.raw);
    expect(text).toContain('నమస్తే Lakshmi Prasanna గారు,');
    expect(text).toMatch(/Sai Ram Plumbing Works‌?తో మీ బుకింగ్ అభ్యర్థన పంపాం\. మొత్తం ₹1,20,\d{3}\.\d{2}\./);
    expect(text).toContain('11:00 AMకి');
    expect(text).toContain('చిరునామా: 8-2-293 Road No. 12, Banjara Hills');
    expect(text).toContain('— టీమ్ Nirmaan');
    expect(text).not.toMatch(NATIVE_DIGITS);
    expect(text).not.toContain('Namaste');
    expect(text).not.toContain('Your booking');

    const [forPro] = await mailsTo(pro.email);
    expect(subjectOf(forPro!.raw)).toMatch(/^नवीन बुकिंग: \d{1,2} [\u0900-\u097F]+,? \d{4}, 11:00 AM वाजता$/);
    const proText = mailText(forPro!.raw);
    expect(proText).toContain('नमस्कार Ganesh Patil,');
    expect(proText).toContain('Lakshmi Prasanna यांनी');
    expect(proText).toContain('कृपया तुमच्या Nirmaan विक्रेता अकाउंटमधून हे कन्फर्म करा किंवा नाकारा.');
    expect(proText).not.toMatch(NATIVE_DIGITS);

    const id = made.json().booking._id as string;
    expect((await call(pro, 'PATCH', `/api/vendor/bookings/${id}`, { status: 'Confirmed' })).statusCode).toBe(200);
    const confirmed = (await mailsTo(me.email)).find((m) => subjectOf(m.raw).startsWith('బుకింగ్ కన్ఫర్మ్ అయింది: '));
    expect(confirmed, 'the Telugu confirmation').toBeDefined();
    expect(mailText(confirmed!.raw)).toMatch(/Sai Ram Plumbing Works‌?తో మీ బుకింగ్ కన్ఫర్మ్ అయింది\./);
  });

  it('a customer without a language gets the booking mail in English, word for word as before, then the start code', async () => {
    const me = await loggedInCustomer(t, { fullName: 'Arjun Reddy' });
    const pro = await loggedInVendor(t, { kind: 'professional', businessName: 'Kaveri Electricals', chargeAmount: 80_000 });
    const day = inDays(4);
    const made = await call(me, 'POST', '/api/booking', booking(me, pro.id, day), { 'accept-language': 'te' });
    expect(made.statusCode, made.body).toBe(201);
    const [mail] = await mailsTo(me.email);
    expect(subjectOf(mail!.raw)).toBe(`Booking requested: Kaveri Electricals on ${day}`);
    expect(mailText(mail!.raw)).toMatch(new RegExp(`^Namaste Arjun Reddy,\\n\\nYour booking with Kaveri Electricals on ${day} at 11:00 AM is requested\\. Total ₹80,\\d{3}\\.\\d{2}\\.\\n\\n`
      + 'Address: 8-2-293 Road No\\. 12, Banjara Hills.*\\n\\nThe professional will confirm it; you can follow or cancel it under My orders → Service Orders\\.\\n\\n'
      // The start code the customer gives at the door (decision record 043), after the words of before.
      + 'Your start code is \\d{4}\\. Give it to the professional when they arrive, not before; it is also under My orders\\.\\n\\n\\n\\n— Team Nirmaan'));
  });
});
