import { and, eq, isNull, like } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DeliverySettings } from '@nirmaan/shared/delivery';
import { splitInclusive } from '@nirmaan/shared/gst';
import { formatPaise, splitPaise } from '@nirmaan/shared/money';
import { RFQ_MSG, type Rfq, type RfqBody, type VendorRfq } from '@nirmaan/shared/rfqs';
import { auditLog, emailOutbox, orders, products, rfqQuotes, vendorPayoutAccounts } from '../src/db/schema/index.ts';
import type { TestApp } from './support/app.ts';
import { HYDERABAD_DELIVERY } from './support/delivery.ts';
import { createProduct } from './support/factories.ts';
import { caller, knownBuyers, loggedInCustomer, loggedInVendor, type VendorWho, type Who } from './support/http.ts';
import { createOperator, loginOperator, opsCookie } from './support/ops.ts';
import { appWithRazorpay, type RazorpayStandIn } from './support/razorpay-app.ts';

/**
 * Buying in bulk (issue 35, decision record 036): requests routed to nearby sellers of the category, contact hidden
 * until acceptance, quotes priced on the server to a landed total in paise, versions, expiry, and one acceptance
 * into an order that is paid through the gateway stand-in and invoiced at the quoted price. PGlite and PostgreSQL.
 */

let t: TestApp;
let rzp: RazorpayStandIn;
appWithRazorpay((started) => ({ t, rzp } = started));
const call = caller(() => t);
const buyers = knownBuyers(() => t);
/**
 * Each test's sellers are the only ones with live products: every seller here dispatches from the same depot, so a
 * request goes to 10 of them in an order that ties leave to chance, and a test's seller could miss its own request.
 */
beforeEach(async () => { await t.db.update(products).set({ deletedAt: new Date() }).where(isNull(products.deletedAt)); });

const SITE = '500032';
const SELLER_GSTIN = '36ABCPE1234F1ZC';
/** A seller 5 km around its Hyderabad depot: 500032 (37.5 km by road) is outside. */
const NEAR_DEPOT_ONLY: DeliverySettings = { ...HYDERABAD_DELIVERY, radiusKm: 5 };

/** An approved seller with the demo's Hyderabad rate card, a GSTIN, and 2,000 of a product of `category` at `price` rupees. */
async function seller(category = 'Cement', opts: { settings?: DeliverySettings; approved?: boolean; price?: number } = {}) {
  const v = await loggedInVendor(t, { kind: 'seller', approvedAt: opts.approved === false ? null : new Date() });
  expect((await call(v, 'PUT', '/api/vendor/delivery', { settings: opts.settings ?? HYDERABAD_DELIVERY })).statusCode).toBe(200);
  await t.db.insert(vendorPayoutAccounts).values({
    vendorId: v.id, legalName: `${v.businessName} LLP`, businessType: 'llp', pan: 'ABCPE1234F', gstin: SELLER_GSTIN,
    accountNumber: '918020012345678', ifsc: 'UTIB0000123', beneficiaryName: v.businessName,
  });
  const product = await createProduct(t.db, { vendorId: v.id, category, unit: category === 'Steel' ? 'tonne' : 'bag', price: opts.price ?? 400, stock: 2_000, weightKg: category === 'Steel' ? 1_000 : 50, volumeM3: 0.035 });
  return { ...v, product };
}

const request = (over: Partial<RfqBody> = {}): RfqBody => ({
  items: [{ category: 'Cement', description: 'OPC 53 grade, UltraTech or equivalent', quantity: 400, unit: 'bags' }],
  pincode: SITE, neededBy: { from: '2030-01-10', to: '2030-01-20' }, floors: 2, notes: 'Site gate on the service road.', quoteDays: 3, ...over,
});
async function ask(who: Who, over: Partial<RfqBody> = {}) {
  const res = await call(who, 'POST', '/api/rfqs', request(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Rfq;
}
const inbox = async (v: VendorWho) => ((await call(v, 'GET', '/api/vendor/rfqs')).json() as { rfqs: VendorRfq[] }).rfqs;
const detail = async (v: VendorWho, id: string) => (await call(v, 'GET', `/api/vendor/rfqs/${id}`)).json() as VendorRfq;
/** A quote of every item at `unitPricePaise`, freight as the seller's rate card proposes it. */
async function quote(v: VendorWho, rfq: Rfq, unitPricePaise: number, over: object = {}) {
  const proposal = (await detail(v, rfq._id)).proposal!;
  const res = await call(v, 'POST', `/api/vendor/rfqs/${rfq._id}/quotes`, {
    items: rfq.items.map((i) => ({ itemId: i._id, unitPricePaise })), freightPaise: proposal.freightPaise, unloadingPaise: proposal.unloadingPaise,
    validHours: 48, paymentTerms: ['online', 'cod'], notes: 'Fresh stock, this week.', ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as VendorRfq;
}
const mailsTo = (email: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));

describe('a request for quotes', () => {
  it('goes only to approved sellers of the category who deliver to the PIN, with the buyer\'s contact hidden', async () => {
    const [near, steel, far, unapproved] = [await seller(), await seller('Steel'), await seller('Cement', { settings: NEAR_DEPOT_ONLY }), await seller('Cement', { approved: false })];
    const me = buyers.add(await loggedInCustomer(t));
    const rfq = await ask(me);
    expect(rfq).toMatchObject({ state: 'open', collecting: true, pincode: SITE, district: 'K.V.Rangareddy', quotes: [], items: [{ _id: expect.any(String), quantity: 400, unit: 'bags' }] });

    const seen = (await inbox(near)).find((r) => r._id === rfq._id)!;
    expect(seen).toMatchObject({ buyer: null, declined: false, myQuotes: [], items: [{ category: 'Cement', quantity: 400 }] });
    const raw = (await call(near, 'GET', `/api/vendor/rfqs/${rfq._id}`)).body;
    for (const secret of [me.email, me.fullName, '9876543210']) expect(raw).not.toContain(secret);
    const [invited] = await mailsTo(near.email);
    expect(invited!.subject).toMatch(/New request for quotes .* near 500032/);
    expect(invited!.text).not.toContain(me.email);

    for (const other of [steel, far, unapproved]) {
      expect((await inbox(other)).map((r) => r._id)).not.toContain(rfq._id);
      expect((await call(other, 'GET', `/api/vendor/rfqs/${rfq._id}`)).statusCode).toBe(404);
      expect(await mailsTo(other.email)).toEqual([]);
    }
    // The steel seller does get a request for steel.
    const forSteel = await ask(me, { items: [{ category: 'Steel', description: 'Fe 550D TMT 12 mm', quantity: 5, unit: 'tonnes' }] });
    expect((await inbox(steel)).map((r) => r._id)).toContain(forSteel._id);
    expect((await inbox(near)).map((r) => r._id)).not.toContain(forSteel._id);
  });

  it('holds at most 5 open requests per customer when 40 race', async () => {
    await seller();
    const me = await loggedInCustomer(t);
    const all = await Promise.all(Array.from({ length: 40 }, () => call(me, 'POST', '/api/rfqs', request())));
    expect(all.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
    expect(all.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(new Set(all.filter((r) => r.statusCode !== 201).map((r) => `${r.statusCode} ${r.json().message}`))).toEqual(new Set([`409 ${RFQ_MSG.tooManyOpen}`]));
    expect((await call(me, 'GET', '/api/rfqs')).json().rfqs).toHaveLength(5);
  });
});

describe('quotes', () => {
  it('are priced on the server: GST derived from GST-inclusive prices, freight from the rate card, the landed total in paise', async () => {
    const shop = await seller();
    const me = await loggedInCustomer(t);
    const rfq = await ask(me);
    const { proposal } = await detail(shop, rfq._id);
    // The rate card's quote for the same load: 400 bags of 50 kg, 2 floors up.
    const card = (await call(null, 'POST', '/api/delivery/quote', { pincode: SITE, items: [{ productId: shop.product.id, quantity: 400 }], floors: 2 })).json();
    expect(proposal).toMatchObject({ served: true, unloadingPaise: 2 * 5_000, products: [{ itemId: rfq.items[0]!._id, productId: shop.product.id }] });
    expect(proposal!.freightPaise + proposal!.unloadingPaise).toBe(card.vendors[0].feePaise);

    const other = await call(shop, 'POST', `/api/vendor/rfqs/${rfq._id}/quotes`, {
      items: [{ itemId: rfq.items[0]!._id, unitPricePaise: 38_550 }], freightPaise: proposal!.freightPaise + 1, unloadingPaise: 10_000, validHours: 48, paymentTerms: ['online'], notes: '',
    });
    expect([other.statusCode, other.json().message]).toEqual([400, RFQ_MSG.freightReason]);

    await quote(shop, rfq, 38_550, { partLoadPaise: 2_501 });
    const [q] = ((await call(me, 'GET', `/api/rfqs/${rfq._id}`)).json() as Rfq).quotes;
    const material = 38_550 * 400;
    const tax = splitInclusive(material, 18, false).igstPaise;
    const landed = material + proposal!.freightPaise + 10_000 + 2_501;
    expect(q).toMatchObject({
      version: 1, status: 'live', vendor: { _id: shop.id, gstinVerified: true }, materialPaise: material, gstPaise: tax,
      freightPaise: proposal!.freightPaise, freightProposedPaise: proposal!.freightPaise, unloadingPaise: 10_000, partLoadPaise: 2_501,
      landedTotalPaise: landed, landedPerUnitPaise: Math.round(landed / 400), paymentTerms: ['online', 'cod'],
      items: [{ unitPricePaise: 38_550, quantity: 400, hsn: '2523', gstRatePercent: 18, taxablePaise: material - tax, gstPaise: tax, landedPerUnitPaise: Math.round(landed / 400) }],
    });
    expect(tax).toBe(2_352_203); // 1,54,20,000 × 18 / 118, to the paisa
    expect(Date.parse(q!.validUntil) - Date.parse(q!.createdAt)).toBe(48 * 3_600_000);
    expect((await mailsTo(me.email)).map((m) => m.subject)).toContainEqual(expect.stringMatching(/sent a quote for request/));
  });
});

describe('accepting a quote', () => {
  it('refuses expired and superseded versions, makes one order of 40 racing accepts at the quoted prices, paid and invoiced as quoted', async () => {
    const [winner, loser, late] = [await seller(), await seller(), await seller()];
    const me = buyers.add(await loggedInCustomer(t));
    const rfq = await ask(me);
    const v1 = (await quote(winner, rfq, 39_000)).myQuotes[0]!;
    const revised = await quote(winner, rfq, 38_500);
    expect(revised.myQuotes.map((q) => [q.version, q.status])).toEqual([[2, 'live'], [1, 'superseded']]);
    const v2 = revised.myQuotes[0]!;
    await quote(loser, rfq, 38_000);
    const expiring = (await quote(late, rfq, 37_000, { validHours: 1 })).myQuotes[0]!;
    await t.db.update(rfqQuotes).set({ validUntil: new Date(Date.now() - 1_000) }).where(eq(rfqQuotes.id, expiring._id));

    const compared = (await call(me, 'GET', `/api/rfqs/${rfq._id}`)).json() as Rfq;
    expect(compared.quotes.filter((q) => q.status === 'live').map((q) => q.vendor._id)).toEqual([late.id, loser.id, winner.id]);
    // Each seller sees its own quotes only.
    expect((await detail(loser, rfq._id)).myQuotes.map((q) => q.vendor._id)).toEqual([loser.id]);

    const accept = (quoteId: string, body: object = { paymentMethod: 'online' }) => call(me, 'POST', `/api/rfqs/${rfq._id}/quotes/${quoteId}/accept`, body);
    expect((await accept(expiring._id)).json()).toMatchObject({ message: RFQ_MSG.expired });
    expect((await accept(v1._id)).json()).toMatchObject({ message: RFQ_MSG.superseded });

    const all = await Promise.all(Array.from({ length: 40 }, () => accept(v2._id)));
    expect(all.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
    const placed = all.filter((r) => r.statusCode === 201);
    expect(placed).toHaveLength(1);
    expect(all.filter((r) => r.statusCode === 409).map((r) => r.json().message)).toEqual(Array.from({ length: 39 }, () => RFQ_MSG.alreadyAccepted));
    expect(await t.db.select().from(orders).where(eq(orders.customerId, me.id))).toHaveLength(1);

    const order = placed[0]!.json();
    const landed = v2.landedTotalPaise;
    expect(order).toMatchObject({ message: 'Order placed successfully!', subtotal: 154_000, total: landed / 100, orders: [{ productId: winner.product.id, quantity: 400, pricePerUnit: 385, totalPrice: 154_000 }] });
    expect(order.payment.razorpayOrderId).toEqual(expect.any(String));

    const after = (await call(me, 'GET', `/api/rfqs/${rfq._id}`)).json() as Rfq;
    expect(after).toMatchObject({ state: 'accepted', acceptedQuoteId: v2._id, orderId: order.orderId, collecting: false });
    expect(Object.fromEntries(after.quotes.filter((q) => q.version === 1 || q._id === v2._id).map((q) => [q.vendor._id + q.version, q.status])))
      .toEqual({ [`${winner.id}1`]: 'superseded', [`${winner.id}2`]: 'accepted', [`${loser.id}1`]: 'closed', [`${late.id}1`]: 'closed' });
    // The winner now sees who to deliver to; the others never do.
    expect((await detail(winner, rfq._id)).buyer).toEqual({ name: me.fullName, phone: '9876543210', email: me.email });
    expect((await detail(loser, rfq._id))).toMatchObject({ buyer: null, orderId: null });
    expect((await mailsTo(loser.email)).map((m) => m.subject)).toContainEqual(expect.stringMatching(/is closed/));
    expect((await mailsTo(winner.email)).map((m) => m.subject)).toContainEqual(expect.stringMatching(/is accepted/));
    expect((await accept(v2._id)).statusCode).toBe(409);

    // Paid through the gateway stand-in, then delivered with the customer's code: the invoice carries the quoted price.
    expect((await call(me, 'POST', '/api/payments/razorpay/verify', rzp.pay(order.payment.razorpayOrderId))).statusCode).toBe(200);
    const lines = (await call(me, 'GET', `/orderdetails/${me.id}`)).json() as { _id: string; orderId: string; pricePerUnit: number; paymentStatus: string }[];
    const line = lines.find((l) => l.orderId === order.orderId)!;
    expect(line).toMatchObject({ pricePerUnit: 385, paymentStatus: 'Paid' });
    expect((await call(winner, 'PATCH', `/api/vendor/orders/${line._id}`, { status: 'Shipped' })).statusCode).toBe(200);
    expect((await call(winner, 'PATCH', `/api/vendor/orders/${line._id}`, await buyers.deliveredBodyOf(line._id))).statusCode).toBe(200);
    const invoices = (await call(me, 'GET', '/api/invoices')).json().invoices as { id: string; vendorId: string | null; orderId: string }[];
    const mine = invoices.find((i) => i.orderId === order.orderId && i.vendorId === winner.id)!;
    const invoice = (await call(me, 'GET', `/api/invoices/${mine.id}`)).json();
    // The material at the quoted price, and the seller's own delivery (freight and unloading) as invoices carry it.
    expect(invoice.lines).toEqual([
      expect.objectContaining({ quantity: 400, hsn: '2523', totalPaise: 15_400_000, taxableValuePaise: splitInclusive(15_400_000, 18, true).taxableValuePaise }),
      expect.objectContaining({ unit: 'delivery', totalPaise: landed - 15_400_000 }),
    ]);
    expect(await t.db.select().from(emailOutbox).where(and(eq(emailOutbox.to, me.email), like(emailOutbox.subject, '%order%is placed')))).toHaveLength(1);
  });
});

describe('a split acceptance', () => {
  it('takes one quote per item across sellers into one order at each seller\'s quoted prices; 40 racing splits make one order, the other quotes close', async () => {
    const [a, b, c] = [await seller(), await seller(), await seller()];
    const steel = new Map<string, string>();
    for (const v of [a, b, c]) {
      steel.set(v.id, (await createProduct(t.db, { vendorId: v.id, category: 'Steel', unit: 'tonne', price: 60_000, stock: 50, weightKg: 1_000, volumeM3: 0.13 })).id);
    }
    const me = buyers.add(await loggedInCustomer(t));
    const rfq = await ask(me, { items: [
      { category: 'Cement', description: 'OPC 53', quantity: 300, unit: 'bags' },
      { category: 'Steel', description: 'Fe 500D TMT 12 mm', quantity: 2, unit: 'tonnes' },
    ] });
    const [cement, tmt] = rfq.items;
    const priced = (v: VendorWho, bag: number, tonne: number) => quote(v, rfq, 0, { items: [{ itemId: cement!._id, unitPricePaise: bag }, { itemId: tmt!._id, unitPricePaise: tonne }] });
    const qa = (await priced(a, 37_000, 6_400_000)).myQuotes[0]!; // cheapest cement
    const qb = (await priced(b, 39_000, 6_100_000)).myQuotes[0]!; // cheapest steel
    const qc = (await priced(c, 38_000, 6_300_000)).myQuotes[0]!;
    const split = (picks: { itemId: string; quoteId: string }[]) => call(me, 'POST', `/api/rfqs/${rfq._id}/accept-split`, { paymentMethod: 'cod', picks });
    const picks = [{ itemId: cement!._id, quoteId: qa._id }, { itemId: tmt!._id, quoteId: qb._id }];

    expect((await split([picks[0]!, { itemId: cement!._id, quoteId: qb._id }])).json().message).toBe(RFQ_MSG.pickEachItemOnce);
    const all = await Promise.all(Array.from({ length: 40 }, () => split(picks)));
    expect(all.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
    const placed = all.filter((r) => r.statusCode === 201);
    expect(placed).toHaveLength(1);
    expect(all.filter((r) => r.statusCode === 409).map((r) => r.json().message)).toEqual(Array.from({ length: 39 }, () => RFQ_MSG.alreadyAccepted));
    expect(await t.db.select().from(orders).where(eq(orders.customerId, me.id))).toHaveLength(1);

    // Each seller's line at its quoted price; each carries its share of its seller's charges, as the quote shared them.
    const share = (q: typeof qa, k: number) => splitPaise(q.freightPaise + q.unloadingPaise + q.partLoadPaise, q.items.map((i) => i.materialPaise))[k]!;
    const expected = qa.items[0]!.materialPaise + share(qa, 0) + qb.items[1]!.materialPaise + share(qb, 1);
    const order = placed[0]!.json();
    expect(order.orders).toEqual(expect.arrayContaining([
      expect.objectContaining({ productId: a.product.id, quantity: 300, pricePerUnit: 370 }),
      expect.objectContaining({ productId: steel.get(b.id), quantity: 2, pricePerUnit: 61_000 }),
    ]));
    expect(order.orders).toHaveLength(2);
    expect(Math.round(order.total * 100)).toBe(expected);

    const after = (await call(me, 'GET', `/api/rfqs/${rfq._id}`)).json() as Rfq;
    expect(after).toMatchObject({ state: 'accepted', orderId: order.orderId });
    expect(after.awards).toEqual(expect.arrayContaining([{ itemId: cement!._id, quoteId: qa._id }, { itemId: tmt!._id, quoteId: qb._id }]));
    expect(Object.fromEntries(after.quotes.map((q) => [q._id, q.status]))).toEqual({ [qa._id]: 'accepted', [qb._id]: 'accepted', [qc._id]: 'closed' });
    // Both winners see the buyer and the order; the third seller does not, and is told its quote closed.
    for (const v of [a, b]) expect(await detail(v, rfq._id)).toMatchObject({ buyer: { email: me.email }, orderId: order.orderId });
    expect(await detail(c, rfq._id)).toMatchObject({ buyer: null, orderId: null, acceptedQuoteId: null });
    expect((await mailsTo(c.email)).map((m) => m.subject)).toContainEqual(expect.stringMatching(/is closed/));
    for (const v of [a, b]) expect((await mailsTo(v.email)).map((m) => m.subject)).toContainEqual(expect.stringMatching(/is accepted/));
    // Stock was taken from the products sold.
    const [left] = await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, steel.get(b.id)!));
    expect(left!.stock).toBe(48);
  });
});

describe('counter-offers', () => {
  it('a unit-price counter accepted by the seller becomes a new version: the old one is refused, the new one accepted', async () => {
    const shop = await seller();
    const me = buyers.add(await loggedInCustomer(t));
    const rfq = await ask(me);
    const v1 = (await quote(shop, rfq, 39_000)).myQuotes[0]!;
    // Nothing to answer before the buyer counters.
    expect((await call(shop, 'POST', `/api/vendor/rfqs/${rfq._id}/counter-answer`, { answer: 'accept' })).json().message).toBe(RFQ_MSG.noCounter);
    const countered = await call(me, 'POST', `/api/rfqs/${rfq._id}/counter`, { quoteId: v1._id, itemId: rfq.items[0]!._id, unitPricePaise: 37_500, message: 'Another dealer offers ₹375.' });
    expect(countered.statusCode, countered.body).toBe(200);
    expect((await mailsTo(shop.email)).map((m) => m.text).join()).toContain('proposes ₹375.00 a unit');
    const answered = await call(shop, 'POST', `/api/vendor/rfqs/${rfq._id}/counter-answer`, { answer: 'accept', message: 'Done at ₹375.' });
    expect(answered.statusCode, answered.body).toBe(200);
    const [v2, old] = (answered.json() as VendorRfq).myQuotes;
    expect([v2!.version, v2!.status, v2!.items[0]!.unitPricePaise, v2!.landedTotalPaise]).toEqual([2, 'live', 37_500, v1.landedTotalPaise - 400 * 1_500]);
    expect(old).toMatchObject({ _id: v1._id, status: 'superseded' });
    const thread = ((await call(me, 'GET', `/api/rfqs/${rfq._id}`)).json() as Rfq).messages.map((m) => [m.author, m.kind]);
    expect(thread).toEqual([['buyer', 'counter'], ['seller', 'revised']]);

    const accept = (quoteId: string) => call(me, 'POST', `/api/rfqs/${rfq._id}/quotes/${quoteId}/accept`, { paymentMethod: 'cod' });
    expect((await accept(v1._id)).json().message).toBe(RFQ_MSG.superseded);
    const placed = await accept(v2!._id);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({ payment: null, orders: [{ pricePerUnit: 375, quantity: 400, paymentMethod: 'cod' }] });
  });
});

describe('counter-offers on a total', () => {
  it('the seller counters, the buyer agrees, the seller accepts into a version at that total; every step is mailed, and a decline leaves the quote as it was', async () => {
    const shop = await seller();
    const me = buyers.add(await loggedInCustomer(t));
    const rfq = await ask(me, { items: [
      { category: 'Cement', description: 'OPC 53', quantity: 300, unit: 'bags' },
    ] });
    const v1 = (await quote(shop, rfq, 39_000)).myQuotes[0]!;
    const counterOffer = (body: object) => call(me, 'POST', `/api/rfqs/${rfq._id}/counter`, { quoteId: v1._id, ...body });
    const answer = (body: object) => call(shop, 'POST', `/api/vendor/rfqs/${rfq._id}/counter-answer`, body);
    const sellerMails = async () => (await mailsTo(shop.email)).map((m) => m.text).join('\n');
    const buyerMails = async () => (await mailsTo(me.email)).map((m) => m.text).join('\n');
    // A total at or under the freight and charges alone is refused.
    expect((await counterOffer({ totalPaise: v1.freightPaise })).json().message).toBe(RFQ_MSG.counterBelowCharges);

    const asked = v1.landedTotalPaise - 200_000;
    expect((await counterOffer({ totalPaise: asked, message: 'Another dealer is cheaper.' })).statusCode).toBe(200);
    expect(await sellerMails()).toContain(`The buyer proposes ${formatPaise(asked)} landed instead of ${formatPaise(v1.landedTotalPaise)}.`);
    const offered = v1.landedTotalPaise - 100_000;
    expect((await answer({ answer: 'counter', totalPaise: offered, message: 'Best I can do.' })).statusCode).toBe(200);
    expect(await buyerMails()).toContain(`The seller answers your counter-offer with ${formatPaise(offered)} landed.`);
    // The buyer's turn now: the seller has nothing to answer.
    expect((await answer({ answer: 'accept' })).json().message).toBe(RFQ_MSG.noCounter);

    expect((await counterOffer({ totalPaise: offered })).statusCode).toBe(200);
    const accepted = await answer({ answer: 'accept' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const v2 = (accepted.json() as VendorRfq).myQuotes.find((q) => q.status === 'live')!;
    // Unit prices scaled down in whole paise, the charges kept: the agreed total or a few paise under.
    expect(v2.version).toBe(2);
    expect(offered - v2.landedTotalPaise).toBeGreaterThanOrEqual(0);
    expect(offered - v2.landedTotalPaise).toBeLessThan(300);
    expect([v2.freightPaise, v2.unloadingPaise]).toEqual([v1.freightPaise, v1.unloadingPaise]);
    expect(await buyerMails()).toContain(`The seller accepted your counter-offer: version 2 comes to ${formatPaise(v2.landedTotalPaise)} landed.`);

    // Another counter on version 2, declined: mailed, and version 2 stands.
    expect((await call(me, 'POST', `/api/rfqs/${rfq._id}/counter`, { quoteId: v2._id, totalPaise: v2.landedTotalPaise - 50_000 })).statusCode).toBe(200);
    expect((await answer({ answer: 'decline', message: 'No lower.' })).statusCode).toBe(200);
    expect(await buyerMails()).toContain('The seller declined your counter-offer; its quote stands as it was.');
    const view = (await call(me, 'GET', `/api/rfqs/${rfq._id}`)).json() as Rfq;
    expect(view.messages.map((m) => [m.author, m.kind])).toEqual([
      ['buyer', 'counter'], ['seller', 'countered'], ['buyer', 'counter'], ['seller', 'revised'], ['buyer', 'counter'], ['seller', 'declined'],
    ]);
    expect(view.messages[1]).toMatchObject({ proposedTotalPaise: offered, body: 'Best I can do.' });
    expect(view.quotes.filter((q) => q.status === 'live').map((q) => q._id)).toEqual([v2._id]);
    // A counter on the superseded version is refused.
    expect((await counterOffer({ totalPaise: asked })).json().message).toBe(RFQ_MSG.superseded);
  });
});

describe('sold as', () => {
  it('offers each of the seller\'s products of the category with stock and tax class; the quote takes the chosen one\'s HSN, and an out-of-stock product is not the default', async () => {
    const shop = await seller('Steel', { price: 60_000 });
    // Cheaper, but none in stock, and of another tax class.
    const empty = await createProduct(t.db, { vendorId: shop.id, category: 'Steel', unit: 'tonne', price: 55_000, stock: 0, weightKg: 1_000, volumeM3: 0.13, hsn: '7214', gstRatePercent: 18 });
    const other = await createProduct(t.db, { vendorId: shop.id, category: 'Steel', unit: 'tonne', price: 58_000, stock: 50, weightKg: 1_000, volumeM3: 0.13, hsn: '7308', gstRatePercent: 18 });
    const me = await loggedInCustomer(t);
    const rfq = await ask(me, { items: [{ category: 'Steel', description: 'Fe 500D TMT 12 mm', quantity: 2, unit: 'tonnes' }] });
    const { proposal } = await detail(shop, rfq._id);
    expect(proposal!.choices).toEqual([{
      itemId: rfq.items[0]!._id,
      products: [
        expect.objectContaining({ productId: empty.id, stock: 0, pricePaise: 5_500_000, hsn: '7214' }),
        expect.objectContaining({ productId: other.id, stock: 50, pricePaise: 5_800_000, hsn: '7308' }),
        expect.objectContaining({ productId: shop.product.id, stock: 2_000, pricePaise: 6_000_000 }),
      ],
    }]);
    // The default is the cheapest with the quantity in stock, not the empty one.
    expect(proposal!.products[0]!.productId).toBe(other.id);
    // Chosen out of stock: refused, naming the stock.
    const refused = await call(shop, 'POST', `/api/vendor/rfqs/${rfq._id}/quotes`, {
      items: [{ itemId: rfq.items[0]!._id, unitPricePaise: 5_600_000, productId: empty.id }], freightPaise: proposal!.freightPaise, unloadingPaise: proposal!.unloadingPaise,
      validHours: 24, paymentTerms: ['online'],
    });
    expect([refused.statusCode, refused.json().message]).toEqual([400, `Only 0 of ${empty.name} in stock. Raise its stock in Products before quoting 2.`]);
    const quoted = (await quote(shop, rfq, 5_900_000, { items: [{ itemId: rfq.items[0]!._id, unitPricePaise: 5_900_000, productId: shop.product.id }] })).myQuotes[0]!;
    expect(quoted.items[0]).toMatchObject({ productId: shop.product.id, productName: shop.product.name, hsn: '7214', gstRatePercent: 18 });
  });
});

describe('operators', () => {
  it('find requests, hide an abusive one with a reason (audited; it leaves the sellers\' inboxes) and count requests, quotes and orders', async () => {
    // Bricks, as the WhatsApp test below: the ten nearest cement sellers (every test seller is at one PIN) need not include this one.
    const shop = await seller('Bricks');
    const me = await loggedInCustomer(t);
    const rfq = await ask(me, { notes: 'Abusive words here.', items: [{ category: 'Bricks', description: 'Red clay, first class', quantity: 400, unit: 'pieces' }] });
    await quote(shop, rfq, 1_200);
    const admin = await createOperator(t.db, 'admin');
    const ops = { headers: opsCookie((await loginOperator(t.app, admin.email)).token) };
    const found = (await call(ops, 'GET', `/api/ops/rfqs?customerId=${me.id}`)).json();
    expect(found).toMatchObject({ total: 1, rfqs: [{ _id: rfq._id, customer: { _id: me.id, email: me.email }, state: 'open' }] });
    // Words in the notes, any case; a wildcard character is taken as itself.
    const byWords = async (q: string) => ((await call(ops, 'GET', `/api/ops/rfqs?q=${encodeURIComponent(q)}`)).json() as { rfqs: { _id: string }[] }).rfqs.map((r) => r._id);
    expect(await byWords('ABUSIVE words')).toContain(rfq._id);
    expect(await byWords('abusive_words')).not.toContain(rfq._id);
    expect(await byWords('%')).not.toContain(rfq._id);
    const summary = (await call(ops, 'GET', '/api/ops/rfqs/summary?days=1')).json();
    expect(summary.requests).toBeGreaterThanOrEqual(1);
    expect(summary.quotes).toBeGreaterThanOrEqual(1);
    expect(summary.conversions).toBeGreaterThanOrEqual(1); // the orders of the tests above

    expect((await call(ops, 'POST', `/api/ops/rfqs/${rfq._id}/hide`, { reason: '' })).statusCode).toBe(400);
    const hidden = await call(ops, 'POST', `/api/ops/rfqs/${rfq._id}/hide`, { reason: 'Abusive notes' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({ state: 'hidden', hiddenReason: 'Abusive notes', quotes: [{ status: 'closed' }] });
    expect((await inbox(shop)).map((r) => r._id)).not.toContain(rfq._id);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.subjectId, rfq._id));
    expect(entry).toMatchObject({ action: 'rfq.hide', subjectType: 'rfq', reason: 'Abusive notes', actor: admin.email });
    // Not for a customer or a seller.
    expect((await call(me, 'GET', '/api/ops/rfqs')).statusCode).toBe(401);
  });
});

describe('on WhatsApp (issue 36)', () => {
  const templateOf = (m: { body: Record<string, unknown> }) => m.body.template as { name: string; language: { code: string }; components: { type: string; parameters: { text?: string }[] }[] };
  const sentTo = (phone: string) => t.app.whatsapp.dev!.received.filter((m) => m.to === `91${phone}`);

  it('a new request reaches a consenting seller in Telugu, and a quote reaches a consenting buyer in Hindi', async () => {
    const near = await seller('Bricks');
    const me = buyers.add(await loggedInCustomer(t));
    expect((await call(near, 'PUT', '/api/vendor/whatsapp', { phone: '9848011221', consent: true, language: 'te' })).statusCode).toBe(200);
    expect((await call(me, 'PUT', '/api/me/whatsapp', { phone: '9848011222', consent: true, language: 'hi' })).statusCode).toBe(200);
    const rfq = await ask(me, { items: [{ category: 'Bricks', description: 'Red clay, first class', quantity: 400, unit: 'pieces' }] });
    await t.app.whatsapp.worker.poke();
    const [toSeller, ...moreToSeller] = sentTo('9848011221');
    expect(moreToSeller).toHaveLength(0);
    expect(templateOf(toSeller!)).toMatchObject({ name: 'nirmaan_vendor_new_rfq', language: { code: 'te' } });
    const sellerParams = templateOf(toSeller!).components[0]!.parameters.map((p) => p.text);
    expect(sellerParams.slice(0, 3)).toEqual([near.ownerName, 'Bricks, Red clay, first class: 400 pieces', SITE]);
    expect(sellerParams[3]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} IST$/);

    const quoted = await quote(near, rfq, 38_000);
    await t.app.whatsapp.worker.poke();
    const [toBuyer, ...moreToBuyer] = sentTo('9848011222');
    expect(moreToBuyer).toHaveLength(0);
    expect(templateOf(toBuyer!)).toMatchObject({ name: 'nirmaan_rfq_quote_received', language: { code: 'hi' } });
    const landed = quoted.myQuotes[0]!.landedTotalPaise;
    expect(templateOf(toBuyer!).components[0]!.parameters.map((p) => p.text)).toEqual([me.fullName, near.businessName, rfq._id.slice(0, 8).toUpperCase(), formatPaise(landed)]);
  });
});
