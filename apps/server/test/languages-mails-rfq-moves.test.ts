import { describe, expect, it } from 'vitest';
import { addDays } from '@nirmaan/shared/dates';
import type { Rfq, VendorRfq } from '@nirmaan/shared/rfqs';
import { vendorPayoutAccounts } from '../src/db/schema/index.ts';
import { sweepMoves } from '../src/flows/reschedule.ts';
import { todayInIndia } from '../src/modules/bookings/service.ts';
import type { TestApp } from './support/app.ts';
import { HYDERABAD_DELIVERY } from './support/delivery.ts';
import { createProduct } from './support/factories.ts';
import { caller, loggedInCustomer, loggedInVendor, type VendorWho, type Who } from './support/http.ts';
import { appWithSmtp, mailText, NATIVE_DIGITS, type Smtp, subjectOf } from './support/smtp.ts';

/**
 * Issue 33, the mails of requests for quotes and of rescheduling: each is written in its recipient account's
 * language — the buyer's Telugu, the seller's Hindi, the professional's Marathi — with Latin digits, Indian grouping
 * and the day in the language's words, and in English, word for word as before, for an account without a language.
 * Received by a real SMTP server.
 */

let smtp: Smtp;
let t: TestApp;
appWithSmtp((s) => { ({ t, smtp } = s); });

const call = caller(() => t);
/** A rupee amount of at least a lakh, grouped the Indian way: ₹1,56,890.00. */
const LAKHS = /₹\d{1,2},\d\d,\d{3}\.\d\d/;

/** The `n`th mail (from 1) received for `email`, once the outbox has sent it. */
async function mail(email: string, n: number) {
  for (let tries = 0; tries < 50; tries++) {
    await t.app.outbox.poke();
    const got = smtp.received.filter((m) => m.to.includes(email.toLowerCase()));
    if (got.length >= n) return { subject: subjectOf(got[n - 1]!.raw), text: mailText(got[n - 1]!.raw) };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail ${n} for ${email}`);
}
const language = async (who: Who | VendorWho, lang: 'hi' | 'te' | 'mr', path: string) =>
  expect((await call(who, 'PUT', path, { language: lang })).json()).toEqual({ language: lang });

// ─── Requests for quotes ───────────────────────────────────────────────────────────────────────────────────────

/** An approved cement seller delivering to Hyderabad, with a GSTIN and 2,000 bags. */
async function seller(lang?: 'hi' | 'mr') {
  const v = await loggedInVendor(t, { kind: 'seller', approvedAt: new Date(), ownerName: 'Ramesh Yadav' });
  if (lang) await language(v, lang, '/api/vendor/language');
  expect((await call(v, 'PUT', '/api/vendor/delivery', { settings: HYDERABAD_DELIVERY })).statusCode).toBe(200);
  await t.db.insert(vendorPayoutAccounts).values({
    vendorId: v.id, legalName: `${v.businessName} LLP`, businessType: 'llp', pan: 'ABCPE1234F', gstin: '36ABCPE1234F1ZC',
    accountNumber: '918020012345678', ifsc: 'UTIB0000123', beneficiaryName: v.businessName,
  });
  await createProduct(t.db, { vendorId: v.id, category: 'Cement', unit: 'bag', price: 400, stock: 2_000, weightKg: 50, volumeM3: 0.035 });
  return v;
}
async function ask(who: Who) {
  const res = await call(who, 'POST', '/api/rfqs', {
    items: [{ category: 'Cement', description: 'OPC 53 grade, UltraTech or equivalent', quantity: 400, unit: 'bags' }],
    pincode: '500032', neededBy: { from: '2030-01-10', to: '2030-01-20' }, floors: 2, notes: '', quoteDays: 3,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Rfq;
}
async function quote(v: VendorWho, rfq: Rfq) {
  const proposal = ((await call(v, 'GET', `/api/vendor/rfqs/${rfq._id}`)).json() as VendorRfq).proposal!;
  const res = await call(v, 'POST', `/api/vendor/rfqs/${rfq._id}/quotes`, {
    items: rfq.items.map((i) => ({ itemId: i._id, unitPricePaise: 39_000 })), freightPaise: proposal.freightPaise, unloadingPaise: proposal.unloadingPaise,
    validHours: 48, paymentTerms: ['online', 'cod'], notes: '',
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as VendorRfq).myQuotes[0]!;
}
const refOf = (id: string) => id.slice(0, 8).toUpperCase();

describe('request-for-quotes mails in the account’s language', () => {
  it('the Hindi seller is asked, countered and told in Hindi; the Telugu buyer hears of the quote and the answer in Telugu', async () => {
    const shop = await seller('hi');
    const me = await loggedInCustomer(t, { fullName: 'Lakshmi Prasanna' });
    await language(me, 'te', '/api/me/language');
    const rfq = await ask(me);
    const ref = refOf(rfq._id);

    const asked = await mail(shop.email, 1);
    expect(asked!.subject).toBe(`500032 के पास नया कोटेशन अनुरोध ${ref}`);
    expect(asked!.text).toContain('नमस्ते Ramesh Yadav,');
    expect(asked!.text).toContain('एक बिल्डर PIN 500032 पर डिलीवरी सहित कीमत पूछ रहे हैं:');
    // The closing moment in Hindi words and India's time, not the English mail's UTC stamp.
    expect(asked!.text).toMatch(/कोटेशन \d{1,2} [\u0900-\u097F]+ \d{4}[^\n]*\d{1,2}:\d\d[^\n]* IST तक लिए जाएँगे।/);
    expect(asked!.text).not.toContain('UTC');
    expect(asked!.text).not.toMatch(NATIVE_DIGITS);

    const v1 = await quote(shop, rfq);
    const quoted = await mail(me.email, 1);
    expect(quoted!.subject).toBe(`అభ్యర్థన ${ref} కోసం ${shop.businessName} కొటేషన్ పంపారు`);
    expect(quoted!.text).toContain('నమస్తే Lakshmi Prasanna గారు,');
    expect(quoted!.text).toMatch(new RegExp(`${shop.businessName} కొటేషన్ పంపారు: మీ సైట్ వరకు మొత్తం ${LAKHS.source}\\.`));
    expect(quoted!.text).not.toMatch(NATIVE_DIGITS);
    expect(quoted!.text).not.toContain('Namaste');

    const offered = v1.landedTotalPaise - 200_000;
    expect((await call(me, 'POST', `/api/rfqs/${rfq._id}/counter`, { quoteId: v1._id, totalPaise: offered })).statusCode).toBe(200);
    const countered = await mail(shop.email, 2);
    expect(countered.subject).toMatch(new RegExp(`^अनुरोध ${ref}: खरीदार ने साइट तक कुल ${LAKHS.source} का प्रस्ताव दिया$`));
    expect(countered.text).toMatch(new RegExp(`खरीदार ने ${LAKHS.source} के बदले साइट तक कुल ${LAKHS.source} का प्रस्ताव दिया। अपने पोर्टल में “कोटेशन अनुरोध” में जाकर इसका जवाब दें।`));

    expect((await call(shop, 'POST', `/api/vendor/rfqs/${rfq._id}/counter-answer`, { answer: 'decline' })).statusCode).toBe(200);
    const declined = await mail(me.email, 2);
    expect(declined.subject).toBe(`అభ్యర్థన ${ref}: విక్రేత మీ కౌంటర్-ఆఫర్‌ను తిరస్కరించారు`);
    expect(declined.text).toContain('విక్రేత మీ కౌంటర్-ఆఫర్‌ను తిరస్కరించారు; కొటేషన్ ముందులాగే ఉంది. దీన్ని “నా కొటేషన్ అభ్యర్థనలు”లో చూడండి.');
    expect(declined.text).toContain('— టీమ్ Nirmaan');

    // The buyer withdraws: the seller with a live quote is told, in Hindi.
    expect((await call(me, 'POST', `/api/rfqs/${rfq._id}/cancel`)).statusCode).toBe(200);
    const closed = await mail(shop.email, 3);
    expect(closed.subject).toBe(`अनुरोध ${ref} बंद हो गया है`);
    expect(closed.text).toContain('खरीदार ने अनुरोध वापस ले लिया। आपका कोटेशन बंद हो गया है। कोटेशन देने के लिए धन्यवाद।');
  });

  it('a seller and a buyer without a language get them in English, word for word as before', async () => {
    const shop = await seller();
    const me = await loggedInCustomer(t, { fullName: 'Arjun Reddy' });
    const rfq = await ask(me);
    const ref = refOf(rfq._id);
    const asked = await mail(shop.email, 1);
    expect(asked.subject).toBe(`New request for quotes ${ref} near 500032`);
    expect(asked.text).toMatch(new RegExp('^Namaste Ramesh Yadav,\\n\\nA builder asks for a price delivered to PIN 500032:\\n\\nCement, OPC 53 grade, UltraTech or equivalent: 400 bags\\n\\n'
      + 'Quotes are collected until \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC\\. Open Requests in your portal to quote or decline\\.\\n\\n\\n\\n— Team Nirmaan'));

    const v1 = await quote(shop, rfq);
    const quoted = await mail(me.email, 1);
    expect(quoted.subject).toBe(`${shop.businessName} sent a quote for request ${ref}`);
    expect(quoted.text).toMatch(new RegExp(`^Namaste Arjun Reddy,\\n\\n${shop.businessName} sent a quote: ${LAKHS.source} landed at your site\\.\\n\\nCompare the quotes under My requests\\.`));

    const offered = v1.landedTotalPaise - 200_000;
    expect((await call(me, 'POST', `/api/rfqs/${rfq._id}/counter`, { quoteId: v1._id, totalPaise: offered })).statusCode).toBe(200);
    const countered = await mail(shop.email, 2);
    // The subject is the first sentence up to a full stop, as it always was (the amount's paise cut off).
    expect(countered.subject).toMatch(new RegExp(`^Request ${ref}: The buyer proposes ₹\\d{1,2},\\d\\d,\\d{3}$`));
    expect(countered.text).toMatch(new RegExp(`The buyer proposes ${LAKHS.source} landed instead of ${LAKHS.source}\\. Answer it under Requests in your portal\\.`));

    expect((await call(shop, 'POST', `/api/vendor/rfqs/${rfq._id}/counter-answer`, { answer: 'decline' })).statusCode).toBe(200);
    const declined = await mail(me.email, 2);
    expect(declined.subject).toBe(`Request ${ref}: The seller declined your counter-offer; its quote stands as it was`);
    expect(declined.text).toBe('Namaste Arjun Reddy,\n\nThe seller declined your counter-offer; its quote stands as it was. See it under My requests.\n\n\n\n— Team Nirmaan');
  });
});

// ─── Rescheduling ──────────────────────────────────────────────────────────────────────────────────────────────

const inDays = (n: number) => addDays(todayInIndia(), n);
async function book(who: Who, pro: VendorWho, serviceDate: string, serviceTime: string) {
  const res = await call(who, 'POST', '/api/booking', {
    Vendorid: pro.id, customerid: who.id, serviceDate, serviceTime,
    customer: { fullName: who.fullName, email: who.email, phone: '9876543210', alternatePhone: '' },
    address: { street: '12 Road No. 36, Jubilee Hills', city: 'Hyderabad', state: 'Telangana', zip: '500033', latitude: null, longitude: null, specialInstructions: '' },
    saveAddress: false, payment: { method: 'cash' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { booking: { _id: string } }).booking._id;
}

describe('rescheduling mails in the account’s language', () => {
  it('the Marathi professional’s proposal reaches the Telugu customer in Telugu; once accepted, each side hears of the move in its own language', async () => {
    const pro = await loggedInVendor(t, { kind: 'professional', businessName: 'Sai Ram Plumbing Works', ownerName: 'Ganesh Patil' });
    await language(pro, 'mr', '/api/vendor/language');
    const me = await loggedInCustomer(t, { fullName: 'Lakshmi Prasanna' });
    await language(me, 'te', '/api/me/language');
    const id = await book(me, pro, inDays(5), '10:00 AM');
    expect((await call(pro, 'POST', `/api/vendor/bookings/${id}/propose`, { serviceDate: inDays(6), serviceTime: '3:00 PM' })).statusCode).toBe(200);

    const proposed = await mail(me.email, 2);
    // The days in Telugu words with Latin digits (2 డిసెంబర్ 2026), not the ISO dates of the English mail.
    expect(proposed.subject).toMatch(/^Sai Ram Plumbing Works కొత్త సమయం ప్రతిపాదించారు: \d{1,2} [\u0C00-\u0C7F]+,? \d{4}, 3:00 PMకి$/);
    expect(proposed.subject).not.toContain(inDays(6));
    expect(proposed.text).toContain('నమస్తే Lakshmi Prasanna గారు,');
    expect(proposed.text).toMatch(/Sai Ram Plumbing Works \d{1,2} [\u0C00-\u0C7F]+,? \d{4}న 10:00 AMకి రాలేరు; బదులుగా \d{1,2} [\u0C00-\u0C7F]+,? \d{4}న 3:00 PMకి వస్తామని ప్రతిపాదిస్తున్నారు\./);
    expect(proposed.text).toContain('(భారత కాలమానం) లోపు My orders → Service Ordersలో దీన్ని అంగీకరించండి');
    expect(proposed.text).not.toMatch(NATIVE_DIGITS);

    expect((await call(me, 'POST', `/api/bookings/${id}/proposal/accept`)).statusCode).toBe(200);
    const movedForMe = await mail(me.email, 3);
    expect(movedForMe.subject).toMatch(/^బుకింగ్ సమయం మారింది: Sai Ram Plumbing Works, ఇప్పుడు \d{1,2} [\u0C00-\u0C7F]+,? \d{4}న 3:00 PMకి$/);
    expect(movedForMe.text).toContain('ఈ కొత్త సమయాన్ని ప్రొఫెషనల్ ప్రతిపాదించారు.');
    const movedForPro = await mail(pro.email, 2);
    expect(movedForPro.subject).toMatch(/^बुकिंगची वेळ बदलली: Sai Ram Plumbing Works, आता \d{1,2} [\u0900-\u097F]+,? \d{4} रोजी 3:00 PM वाजता$/);
    expect(movedForPro.text).toContain('नमस्कार Ganesh Patil,');
    expect(movedForPro.text).toMatch(/Lakshmi Prasanna यांची Sai Ram Plumbing Works सोबतची बुकिंग \d{1,2} [\u0900-\u097F]+,? \d{4} रोजी 10:00 AM वरून/);
    expect(movedForPro.text).not.toMatch(NATIVE_DIGITS);
  });

  it('an unanswered proposal lapses: the Hindi customer is told in Hindi, the professional without a language in English as before', async () => {
    const pro = await loggedInVendor(t, { kind: 'professional', businessName: 'Kaveri Electricals', ownerName: 'Suresh Kumar' });
    const me = await loggedInCustomer(t, { fullName: 'Priya Sharma' });
    await language(me, 'hi', '/api/me/language');
    const id = await book(me, pro, inDays(8), '2:00 PM');
    expect((await call(pro, 'POST', `/api/vendor/bookings/${id}/propose`, { serviceDate: inDays(9), serviceTime: '2:00 PM' })).statusCode).toBe(200);
    expect((await sweepMoves(t.app.payments, new Date(Date.now() + 25 * 3_600_000))).lapsed).toContain(id);

    const forMe = await mail(me.email, 3);
    expect(forMe.subject).toBe('बुकिंग रद्द: नए समय पर जवाब नहीं मिला (Kaveri Electricals)');
    expect(forMe.text).toMatch(/\d{1,2} [\u0900-\u097F]+ \d{4} को 2:00 PM बजे की Kaveri Electricals के साथ बुकिंग के लिए सुझाए गए नए समय का समय पर जवाब नहीं मिला, इसलिए बुकिंग रद्द कर दी गई है।/);
    expect(forMe.text).toContain('कोई पैसा नहीं कटा।');
    const forPro = await mail(pro.email, 2);
    expect(forPro.subject).toBe('Booking cancelled: no answer to the new time (Kaveri Electricals)');
    expect(forPro.text).toBe(`Namaste Suresh Kumar,\n\nThe new time proposed for the booking with Kaveri Electricals on ${inDays(8)} at 2:00 PM was not answered in time, so the booking is cancelled.\n\nNothing was charged.\n\n\n\n— Team Nirmaan`);
  });

  it('an English customer’s proposal and move mails are as before', async () => {
    const pro = await loggedInVendor(t, { kind: 'professional', businessName: 'Shree Carpentry' });
    const me = await loggedInCustomer(t, { fullName: 'Arjun Reddy' });
    const id = await book(me, pro, inDays(5), '11:00 AM');
    expect((await call(pro, 'POST', `/api/vendor/bookings/${id}/propose`, { serviceDate: inDays(6), serviceTime: '9:00 AM' })).statusCode).toBe(200);
    const proposed = await mail(me.email, 2);
    expect(proposed.subject).toBe(`Shree Carpentry proposes a new time: ${inDays(6)} at 9:00 AM`);
    expect(proposed.text).toMatch(new RegExp(`^Namaste Arjun Reddy,\\n\\nShree Carpentry cannot come on ${inDays(5)} at 11:00 AM and proposes ${inDays(6)} at 9:00 AM instead\\.\\n\\n`
      + 'Please accept it or choose another time under My orders → Service Orders before \\d{1,2} [A-Z][a-z]{2} \\d{4}, \\d{1,2}:\\d\\d [ap]m \\(India time\\)\\. Without an answer, the booking is cancelled and refunded in full\\.'));
    expect((await call(me, 'POST', `/api/bookings/${id}/proposal/accept`)).statusCode).toBe(200);
    const moved = await mail(me.email, 3);
    expect(moved.subject).toBe(`Booking moved: Shree Carpentry now on ${inDays(6)} at 9:00 AM`);
    expect(moved.text).toBe(`Namaste Arjun Reddy,\n\nThe booking of Arjun Reddy with Shree Carpentry has moved from ${inDays(5)} at 11:00 AM to ${inDays(6)} at 9:00 AM, the new time the professional proposed.\n\n`
      + 'You can see every change of this booking under My orders → Service Orders.\n\n\n\n— Team Nirmaan');
  });
});
