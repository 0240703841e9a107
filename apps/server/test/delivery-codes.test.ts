import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_MSG, type OrderLine } from '@nirmaan/shared';
import { invoices, orderLines, vendorTransfers } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { createProduct } from './support/factories.ts';
import { upload } from './support/files.ts';
import { caller, deliveryCodeOf, loggedInCustomer, loggedInVendor, orderLine, type VendorWho, type Who } from './support/http.ts';
import { loggedInOperator } from './support/ops.ts';
import { decodeMail, startSmtp } from './support/smtp.ts';

/**
 * Proof at the door (issue 32, decision 032): a product line becomes Delivered only with its customer's 4-digit
 * delivery code, or, when the customer is away, a photo and the receiver's name. The code is in the customer's own
 * My orders once the line ships, and in the shipping mail (a real SMTP server here); no other party's answer has it.
 * Wrong codes are limited per line, in one statement, under races. On PGlite, and on PostgreSQL with DATABASE_URL.
 */

let t: TestApp;
const call = caller(() => t);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A customer's cash order of one product of a new seller: the seller, the customer and the line's id. */
async function orderedLine(name = 'UltraTech PPC 50 kg') {
  const seller = await loggedInVendor(t, { kind: 'seller' });
  const me = await loggedInCustomer(t);
  const product = await createProduct(t.db, { vendorId: seller.id, name, price: 410, stock: 20 });
  const placed = await call(me, 'POST', '/ordercart', { paymentMethod: 'cod', orders: [orderLine(me, product.id, 2)] });
  expect(placed.statusCode, placed.body).toBe(201);
  return { seller, me, lineId: placed.json().orders[0]._id as string };
}

const patch = (who: VendorWho, lineId: string, body: object) => call(who, 'PATCH', `/api/vendor/orders/${lineId}`, body);
async function ship(seller: VendorWho, lineId: string) {
  const res = await patch(seller, lineId, { status: 'Shipped' });
  expect(res.statusCode, res.body).toBe(200);
}
const myLine = async (me: Who, lineId: string) => ((await call(me, 'GET', `/orderdetails/${me.id}`)).json() as OrderLine[]).find((l) => l._id === lineId)!;
/** A 4-digit code that is not the line's. */
const wrongFor = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

async function deliveryPhoto(seller: VendorWho) {
  const photo = await sharp({ create: { width: 32, height: 24, channels: 3, background: { r: 90, g: 140, b: 60 } } }).png().toBuffer();
  const res = await upload(t.app, seller.headers, photo, { filename: 'at-the-gate.png', type: 'image/png' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

describe('the delivery code', () => {
  it('appears only in its own customer’s My orders, once the line is Shipped; the vendor, support and other customers never see it', async () => {
    const { seller, me, lineId } = await orderedLine();
    expect((await myLine(me, lineId)).deliveryCode).toBeUndefined();
    await ship(seller, lineId);
    const code = (await myLine(me, lineId)).deliveryCode!;
    expect(code).toMatch(/^[0-9]{4}$/);
    const [stored] = await t.db.select({ code: orderLines.deliveryCode }).from(orderLines).where(eq(orderLines.id, lineId));
    expect(stored!.code).toBe(code);

    // No other party's answer carries the code (no field named so, and no field holding it).
    const holdsCode = (body: unknown): boolean => JSON.stringify(body).includes('deliveryCode')
      || JSON.stringify(body, (_k, v: unknown) => (v === code ? '<<code>>' : v)).includes('<<code>>');
    const vendorList = await call(seller, 'GET', '/api/vendor/orders');
    expect(vendorList.json().map((l: OrderLine) => l._id)).toContain(lineId);
    expect(holdsCode(vendorList.json())).toBe(false);
    expect(holdsCode((await call(seller, 'GET', '/api/vendor/dashboard')).json())).toBe(false);
    const other = await loggedInCustomer(t);
    expect((await call(other, 'GET', `/orderdetails/${me.id}`)).statusCode).toBe(403);
    const support = await loggedInOperator(t.app, t.db, 'support', '10.93.0.1');
    const orderId = (await myLine(me, lineId)).orderId;
    const consoleView = await t.app.inject({ method: 'GET', url: `/api/ops/orders/${orderId}`, headers: support.headers });
    expect(consoleView.statusCode, consoleView.body).toBe(200);
    expect(holdsCode(consoleView.json())).toBe(false);

    // The vendor's delivery answer does not carry it either; the customer's list still shows it, with the date.
    const delivered = await patch(seller, lineId, { status: 'Delivered', deliveryCode: code });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json()).toMatchObject({ orderStatus: 'Delivered', deliveredAt: expect.any(String) });
    expect(holdsCode(delivered.json())).toBe(false);
    expect(await myLine(me, lineId)).toMatchObject({ orderStatus: 'Delivered', deliveryCode: code, deliveredAt: delivered.json().deliveredAt });
    expect((await myLine(me, lineId)).deliveredWithPhoto).toBeUndefined();
  });

  it('refuses a Delivered move without proof, a malformed code, and a wrong one, saying how many tries are left', async () => {
    const { seller, me, lineId } = await orderedLine();
    await ship(seller, lineId);
    const code = await deliveryCodeOf(t, me, lineId);

    const none = await patch(seller, lineId, { status: 'Delivered' });
    expect([none.statusCode, none.json().message, none.json().issues[0].path]).toEqual([400, DELIVERY_MSG.needProof, 'body.deliveryCode']);
    const malformed = await patch(seller, lineId, { status: 'Delivered', deliveryCode: '12a4' });
    expect([malformed.statusCode, malformed.json().message]).toEqual([400, DELIVERY_MSG.codeFormat]);
    const both = await patch(seller, lineId, { status: 'Delivered', deliveryCode: code, photo: crypto.randomUUID(), receivedBy: 'Watchman' });
    expect([both.statusCode, both.json().message]).toEqual([400, DELIVERY_MSG.bothProofs]);

    const wrong = await patch(seller, lineId, { status: 'Delivered', deliveryCode: wrongFor(code) });
    expect([wrong.statusCode, wrong.json().message, wrong.json().issues[0].path]).toEqual([400, DELIVERY_MSG.wrongCode(4), 'body.deliveryCode']);
    expect((await myLine(me, lineId)).orderStatus).toBe('Shipped');
    // Only a wrong code counts: the refusals above before it took no try.
    const [row] = await t.db.select({ tries: orderLines.deliveryCodeTries }).from(orderLines).where(eq(orderLines.id, lineId));
    expect(row!.tries).toBe(1);
    // Another seller's attempt on the line is a 404 and counts nothing.
    const rival = await loggedInVendor(t, { kind: 'seller' });
    expect((await patch(rival, lineId, { status: 'Delivered', deliveryCode: wrongFor(code) })).statusCode).toBe(404);
    expect((await patch(seller, lineId, { status: 'Delivered', deliveryCode: code })).statusCode).toBe(200);
    // Shipped and Cancelled moves are as before: a proof field sent with them is ignored.
    expect((await patch(seller, lineId, { status: 'Shipped', deliveryCode: code })).json().message).toBe('This item is Delivered: it cannot be marked Shipped.');
  });

  it('after 5 wrong codes refuses even the right one, pointing to the photo, which delivers and is flagged for the customer', async () => {
    const { seller, me, lineId } = await orderedLine('Fly-ash bricks');
    await ship(seller, lineId);
    const code = await deliveryCodeOf(t, me, lineId);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await patch(seller, lineId, { status: 'Delivered', deliveryCode: wrongFor(code) })).json().message);
    expect(answers).toEqual([4, 3, 2, 1, 0].map((left) => DELIVERY_MSG.wrongCode(left)));
    const right = await patch(seller, lineId, { status: 'Delivered', deliveryCode: code });
    expect([right.statusCode, right.json().message]).toEqual([409, DELIVERY_MSG.noTriesLeft]);
    expect((await myLine(me, lineId)).orderStatus).toBe('Shipped');

    // The photo path: a photo the seller uploaded, and who took the goods. A photo of someone else's is refused.
    const others = await deliveryPhoto(await loggedInVendor(t, { kind: 'seller' }));
    const notOwn = await patch(seller, lineId, { status: 'Delivered', photo: others, receivedBy: 'Ramesh (watchman)' });
    expect([notOwn.statusCode, notOwn.json().issues[0].path]).toEqual([400, 'body.photo']);
    const noName = await patch(seller, lineId, { status: 'Delivered', photo: others });
    expect([noName.statusCode, noName.json().message]).toEqual([400, DELIVERY_MSG.needReceiver]);
    const photo = await deliveryPhoto(seller);
    const delivered = await patch(seller, lineId, { status: 'Delivered', photo, receivedBy: '  Ramesh (watchman) ' });
    expect(delivered.statusCode, delivered.body).toBe(200);

    const mine = await myLine(me, lineId);
    expect(mine).toMatchObject({ orderStatus: 'Delivered', paymentStatus: 'Paid', deliveredWithPhoto: { receivedBy: 'Ramesh (watchman)', photoUrl: `/api/files/${photo}` } });
    // The customer opens the photo; another customer cannot.
    const seen = await call(me, 'GET', `/api/files/${photo}`);
    expect([seen.statusCode, seen.headers['content-type']]).toEqual([200, 'image/png']);
    expect((await call(await loggedInCustomer(t), 'GET', `/api/files/${photo}`)).statusCode).toBe(404);
    // What follows a delivery follows this one too: the seller's tax paperwork is issued.
    const orderId = mine.orderId;
    expect((await t.db.select().from(invoices).where(eq(invoices.orderId, orderId))).some((i) => i.vendorId === seller.id)).toBe(true);
    // A cash sale makes no transfer; the invoice above is what follows it.
    expect(await t.db.select().from(vendorTransfers).where(eq(vendorTransfers.vendorId, seller.id))).toEqual([]);
  });
});

describe('under races', () => {
  it('40 racing submissions of the right code deliver the line once', async () => {
    const { seller, me, lineId } = await orderedLine();
    await ship(seller, lineId);
    const body = { status: 'Delivered', deliveryCode: await deliveryCodeOf(t, me, lineId) };
    const answers = await Promise.all(Array.from({ length: 40 }, () => patch(seller, lineId, body)));
    expect(answers.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode !== 200).map((r) => [r.statusCode, r.json().message]))
      .toEqual(Array.from({ length: 39 }, () => [409, 'This item is Delivered: it cannot be marked Delivered.']));
    const invoiced = await t.db.select().from(invoices).where(eq(invoices.orderId, (await myLine(me, lineId)).orderId));
    expect(invoiced.filter((i) => i.vendorId === seller.id)).toHaveLength(1);
  });

  it('40 racing wrong codes take exactly 5 tries; then the right code is refused', async () => {
    const { seller, me, lineId } = await orderedLine();
    await ship(seller, lineId);
    const code = await deliveryCodeOf(t, me, lineId);
    const answers = await Promise.all(Array.from({ length: 40 }, () => patch(seller, lineId, { status: 'Delivered', deliveryCode: wrongFor(code) })));
    expect(answers.filter((r) => r.statusCode === 400).map((r) => r.json().message).sort())
      .toEqual([4, 3, 2, 1, 0].map((left) => DELIVERY_MSG.wrongCode(left)).sort());
    expect(answers.filter((r) => r.statusCode === 409).map((r) => r.json().message)).toEqual(Array.from({ length: 35 }, () => DELIVERY_MSG.noTriesLeft));
    const [row] = await t.db.select({ tries: orderLines.deliveryCodeTries, status: orderLines.status }).from(orderLines).where(eq(orderLines.id, lineId));
    expect(row).toEqual({ tries: 5, status: 'Shipped' });
    expect((await patch(seller, lineId, { status: 'Delivered', deliveryCode: code })).statusCode).toBe(409);
  });

  it('40 racing submissions, 3 of them wrong, deliver once, and count only the wrong ones that came first', async () => {
    const { seller, me, lineId } = await orderedLine();
    await ship(seller, lineId);
    const code = await deliveryCodeOf(t, me, lineId);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => patch(seller, lineId, { status: 'Delivered', deliveryCode: i < 3 ? wrongFor(code) : code })));
    expect(answers.filter((r) => r.statusCode >= 500)).toEqual([]);
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const [row] = await t.db.select({ tries: orderLines.deliveryCodeTries, status: orderLines.status }).from(orderLines).where(eq(orderLines.id, lineId));
    expect(row!.status).toBe('Delivered');
    expect(row!.tries).toBe(answers.filter((r) => r.statusCode === 400).length);
    expect(row!.tries).toBeLessThanOrEqual(3);
  });
});

describe('the shipping mail, through a real SMTP server', () => {
  // Its own app, mailing through SMTP (the main app's console logins read the development mailbox): the helpers
  // above act on it while this block runs.
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let main: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    main = t;
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Nirmaan <no-reply@nirmaan.in>' });
  });
  afterAll(async () => {
    await t?.close();
    t = main;
    await smtp?.close();
  });

  it('is mailed to the customer when the line ships, and not before', async () => {
    const { seller, me, lineId } = await orderedLine('JSW Neosteel TMT 12 mm');
    await t.app.outbox.poke();
    const mailsTo = () => smtp.received.filter((m) => m.to.includes(me.email.toLowerCase())).map((m) => decodeMail(m.raw));
    expect(mailsTo().length).toBeGreaterThan(0); // the order's confirmation
    expect(mailsTo().some((m) => /delivery code/i.test(m))).toBe(false);

    await ship(seller, lineId);
    await t.app.outbox.poke();
    const shipped = mailsTo().find((m) => /^Subject: Your Nirmaan order: JSW Neosteel TMT 12 mm shipped/m.test(m));
    expect(shipped, 'the shipping mail reached the SMTP server').toBeDefined();
    const mailed = shipped!.match(/Your delivery code is ([0-9]{4})\./)?.[1];
    expect(mailed).toBe((await myLine(me, lineId)).deliveryCode);
    // The subject never carries it: only the body, to the account's own address.
    expect(shipped!.match(/^Subject: .*$/m)![0]).not.toContain(mailed);

    // The code read from the mail delivers the line.
    expect((await patch(seller, lineId, { status: 'Delivered', deliveryCode: mailed })).statusCode).toBe(200);
  });

});
