import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, vendors } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { createCustomerWithPassword, PASSWORD, sessionCookie } from './support/auth.ts';
import { createProduct } from './support/factories.ts';
import { HYDERABAD_DELIVERY } from './support/delivery.ts';
import { startGeocoder } from './support/geocoder.ts';
import { caller, loggedInCustomer, loggedInVendor, orderLine } from './support/http.ts';
import { decodeMail, mailText, startSmtp, subjectOf } from './support/smtp.ts';

/**
 * Issue 33, the server's side: a refusal is in the request's language (the `nirmaan_lang` cookie, else
 * Accept-Language), and exactly the English of before without either; an account's language is saved and its mails
 * are written in it, amounts with Indian grouping and Latin digits.
 */

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let geocoder: Awaited<ReturnType<typeof startGeocoder>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtp();
  geocoder = await startGeocoder();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Nirmaan <no-reply@nirmaan.in>', GEOCODER_URL: geocoder.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await geocoder.close();
});

const call = caller(() => t);
/** Telugu digits (౦–౯) and Devanagari digits (०–९): numbers in mails are Latin in every language. */
const NATIVE_DIGITS = /[\u0C66-\u0C6F\u0966-\u096F]/;

describe('a refusal in the request’s language', () => {
  it('is in Telugu for Accept-Language: te, with the values put into the sentence, and exactly the English of before without the header or with en-US', async () => {
    const me = await loggedInCustomer(t);
    const p = await createProduct(t.db, { stock: 3, name: 'ACC Gold Water Shield' });
    const order = { paymentMethod: 'cod', orders: [orderLine(me, p.id, 4)] };

    const telugu = await call(me, 'POST', '/ordercart', order, { 'accept-language': 'te-IN,te;q=0.9,en;q=0.8' });
    expect(telugu.statusCode).toBe(409);
    expect(telugu.json()).toEqual({ code: 'CONFLICT', message: 'ACC Gold Water Shield ఇంకా 3 మాత్రమే ఉన్నాయి. దయచేసి పరిమాణం తగ్గించండి.' });

    const english = 'Only 3 left of ACC Gold Water Shield. Please lower the quantity.';
    const none = await call(me, 'POST', '/ordercart', order);
    expect(none.json()).toEqual({ code: 'CONFLICT', message: english });
    const chromium = await call(me, 'POST', '/ordercart', order, { 'accept-language': 'en-US' });
    expect(chromium.body).toBe(none.body);
  });

  it('the cookie beats the header; a refusal before the session is translated too', async () => {
    const hindi = await call(null, 'POST', '/fetch/userprofile', { email: 'nobody@example.test', password: 'wrong-password-1' }, {
      cookie: 'nirmaan_lang=hi', 'accept-language': 'te',
    });
    expect(hindi.json()).toMatchObject({ message: 'ईमेल या पासवर्ड गलत है।' });

    const marathi = await call(null, 'PUT', '/api/me/language', { language: 'te' }, { 'accept-language': 'mr' });
    expect(marathi.statusCode).toBe(401);
    expect(marathi.json().message).not.toMatch(/[A-Za-z]{4}/);
    const english = await call(null, 'PUT', '/api/me/language', { language: 'te' });
    expect(english.json().message).toMatch(/^Please log in/);
  });
});

describe('a refusal with values, whole in the language (decision record 050)', () => {
  it('a seller’s quantity prices and a checkout its seller cannot deliver read in Hindi and Marathi with their figures, not half in English', async () => {
    const shop = await loggedInVendor(t, { kind: 'seller', approvedAt: new Date() });
    const p = await createProduct(t.db, { vendorId: shop.id, name: 'UltraTech OPC 53', price: 380 });
    const breaks = { QuantityBreaks: [{ minQuantity: 120, pricePaise: 36_000 }, { minQuantity: 50, pricePaise: 35_000 }] };
    const hindi = await call(shop, 'PATCH', `/api/vendor/products/${p.id}`, breaks, { 'accept-language': 'hi' });
    expect(hindi.statusCode).toBe(400);
    expect(hindi.json().message).toBe('120 या ज़्यादा का दाम (₹360) 50 या ज़्यादा के दाम (₹350) से कम होना चाहिए।');
    const english = await call(shop, 'PATCH', `/api/vendor/products/${p.id}`, breaks);
    expect(english.json().message).toBe('The price for 120 or more (₹360) must be lower than the price for 50 or more (₹350).');

    // A seller with its own rate card refuses a PIN outside its area; checkout quotes the reason inside its sentence.
    const me = await loggedInCustomer(t);
    expect((await call(shop, 'PUT', '/api/vendor/delivery', { settings: HYDERABAD_DELIVERY })).statusCode).toBe(200);
    const mumbai = { fullAddress: '1 Dalal Street, Fort', city: 'Mumbai', pincode: '400001', state: 'Maharashtra' };
    const order = { paymentMethod: 'cod', orders: [orderLine(me, p.id, 2, { shippingAddress: mumbai })] };
    const marathi = await call(me, 'POST', '/ordercart', order, { 'accept-language': 'mr' });
    expect([marathi.statusCode, marathi.json().message]).toEqual([409, 'UltraTech OPC 53 ची डिलिव्हरी 400001 येथे होऊ शकत नाही. कृपया ते तुमच्या कार्टमधून काढा किंवा दुसरा पत्ता निवडा.']);
  });
});

describe('the account’s language', () => {
  it('PUT /api/me/language refuses an unknown language with a clear 400, in the asker’s language', async () => {
    const me = await loggedInCustomer(t);
    for (const language of ['xx', 'en-US', '', 7]) {
      const res = await call(me, 'PUT', '/api/me/language', { language });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', message: 'Please choose one of the languages: en, hi, te or mr.' });
    }
    const inTelugu = await call(me, 'PUT', '/api/me/language', {}, { 'accept-language': 'te' });
    expect(inTelugu.json()).toEqual({
      code: 'BAD_REQUEST', message: 'దయచేసి ఈ భాషలలో ఒకటి ఎంచుకోండి: en, hi, te లేదా mr.',
      issues: [{ path: 'body.language', message: 'దయచేసి ఈ భాషలలో ఒకటి ఎంచుకోండి: en, hi, te లేదా mr.' }],
    });
    const [row] = await t.db.select({ language: customers.language }).from(customers).where(eq(customers.id, me.id));
    expect(row!.language).toBeNull();
  });

  it('a customer with Telugu gets the cash order’s confirmation in Telugu, amounts in Latin digits with Indian grouping; the seller’s copy is in the seller’s Hindi', async () => {
    const me = await loggedInCustomer(t, { fullName: 'Ravi Teja' });
    const saved = await call(me, 'PUT', '/api/me/language', { language: 'te' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ language: 'te' });
    const seller = await loggedInVendor(t, { kind: 'seller', ownerName: 'Suresh Kumar' });
    expect((await call(seller, 'PUT', '/api/vendor/language', { language: 'hi' })).json()).toEqual({ language: 'hi' });
    const steel = await createProduct(t.db, { vendorId: seller.id, name: 'JSW TMT Fe 550D 12 mm', price: 123_456 });

    const placed = await call(me, 'POST', '/ordercart', { paymentMethod: 'cod', orders: [orderLine(me, steel.id, 1)] });
    expect(placed.statusCode, placed.body).toBe(201);
    const ref = (placed.json().orderId as string).slice(0, 8).toUpperCase();
    await t.app.outbox.poke();

    const mine = smtp.received.find((m) => m.to.includes(me.email.toLowerCase()) && decodeMail(m.raw).includes(ref));
    expect(mine, 'the customer’s confirmation').toBeDefined();
    expect(subjectOf(mine!.raw)).toBe(`మీ Nirmaan ఆర్డర్ ${ref} నమోదైంది`);
    const text = mailText(mine!.raw);
    expect(text).toContain('నమస్తే Ravi Teja గారు,');
    expect(text).toContain(`మీ ఆర్డర్ ${ref} కి ధన్యవాదాలు.`);
    expect(text).toContain('JSW TMT Fe 550D 12 mm × 1: ₹1,23,456.00');
    expect(text).toMatch(/మొత్తం: ₹1,2\d,\d{3}\.\d{2} \(క్యాష్ ఆన్ డెలివరీ\)/);
    expect(text).toContain('— టీమ్ Nirmaan');
    expect(text).not.toMatch(NATIVE_DIGITS);
    expect(text).not.toContain('Thank you');

    const theirs = smtp.received.find((m) => m.to.includes(seller.email.toLowerCase()) && decodeMail(m.raw).includes(ref));
    const vendorText = mailText(theirs!.raw);
    expect(vendorText).toContain('नमस्ते Suresh Kumar,');
    expect(vendorText).toContain(`${me.fullName} ने आपके स्टोर से ऑर्डर किया है (ऑर्डर ${ref}):`);
    expect(vendorText).not.toMatch(NATIVE_DIGITS);
  });

  it('a customer without a language gets the confirmation in English, word for word as before', async () => {
    const me = await loggedInCustomer(t, { fullName: 'Meera Nair' });
    const p = await createProduct(t.db, { name: 'UltraTech Cement PPC 50 kg', price: 1_499 });
    const placed = await call(me, 'POST', '/ordercart', { paymentMethod: 'cod', orders: [orderLine(me, p.id, 2)] }, { 'accept-language': 'te' });
    expect(placed.statusCode, placed.body).toBe(201);
    const ref = (placed.json().orderId as string).slice(0, 8).toUpperCase();
    await t.app.outbox.poke();
    const mail = smtp.received.find((m) => m.to.includes(me.email.toLowerCase()) && decodeMail(m.raw).includes(ref));
    expect(decodeMail(mail!.raw)).toMatch(new RegExp(`^Subject: Your Nirmaan order ${ref} is placed`, 'm'));
    const text = mailText(mail!.raw);
    expect(text).toContain(`Namaste Meera Nair,\n\nThank you for your order ${ref}.\n\nUltraTech Cement PPC 50 kg × 2: ₹2,998.00\nDelivery: `);
    expect(text).toContain('You can follow it, or cancel it before delivery, under My orders.\n\n— Team Nirmaan');
  });

  it('login with the language cookie stores it on an account without one, and never overwrites a choice', async () => {
    const c = await createCustomerWithPassword(t.db);
    const login = (lang: string) => t.app.inject({
      method: 'POST', url: '/fetch/userprofile', payload: { email: c.email, password: PASSWORD }, headers: { cookie: `nirmaan_lang=${lang}` }, remoteAddress: '10.77.0.1',
    });
    expect(sessionCookie(await login('mr')).value).toBeTruthy();
    const languageOf = async () => (await t.db.select({ language: customers.language }).from(customers).where(eq(customers.id, c.id)))[0]!.language;
    expect(await languageOf()).toBe('mr');
    await login('hi');
    expect(await languageOf()).toBe('mr');
    await login('klingon');
    expect(await languageOf()).toBe('mr');

    const v = await loggedInVendor(t);
    expect((await call(v, 'PUT', '/api/vendor/language', { language: 'de' })).statusCode).toBe(400);
    const [vendorRow] = await t.db.select({ language: vendors.language }).from(vendors).where(eq(vendors.id, v.id));
    expect(vendorRow!.language).toBeNull();
  });

  it('the OTP mail is in the language of the screen that asked for it', async () => {
    const res = await call(null, 'POST', '/sendotp', { Email: 'lakshmi@example.test' }, { cookie: 'nirmaan_lang=te' });
    expect(res.statusCode).toBe(200);
    await t.app.outbox.poke();
    const mail = smtp.received.find((m) => m.to.includes('lakshmi@example.test'));
    const text = mailText(mail!.raw);
    expect(text).toMatch(/మీ Nirmaan వెరిఫికేషన్ కోడ్ \d{6}\./);
    expect(text).toContain('ఇది 10 నిమిషాలు వరకు చెల్లుతుంది, ఒక్కసారే వాడవచ్చు.');
  });
});
