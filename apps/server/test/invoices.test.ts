import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { indiaDate, type Invoice, type InvoiceSummary } from '@nirmaan/shared';
import { invoices, orders, vendorPayoutAccounts } from '../src/db/schema/index.ts';
import { issueForDeliveredLine } from '../src/modules/invoices/service.ts';
import type { TestApp } from './support/app.ts';
import type { createCustomerWithPassword } from './support/auth.ts';
import { createOrder, createProduct } from './support/factories.ts';
import { caller, knownBuyers, loggedInCustomer, loggedInVendor, startAndComplete } from './support/http.ts';
import { createOperator, loginOperator, opsCookie } from './support/ops.ts';
import { appWithRazorpay, type RazorpayStandIn } from './support/razorpay-app.ts';

/**
 * GST invoices (decision record 022): issued once on delivery under races, numbered without gaps, credit notes
 * for refunds after an invoice, and readable only by the buyer, the supplier and finance operators. On PGlite
 * and on PostgreSQL + Redis; refunds through the local stand-in for Razorpay's protocol.
 */

let t: TestApp;
let rzp: RazorpayStandIn;
appWithRazorpay((started) => ({ t, rzp } = started));

const SELLER_GSTIN = '36ABCPE1234F1ZC';
const BUYER_GSTIN = '29AAGCB7383J1Z4';
const KARNATAKA = { fullAddress: '14 Residency Road', city: 'Bengaluru', pincode: '560025', state: 'Karnataka' };
const TELANGANA = { fullAddress: '12 Road No. 36, Jubilee Hills', city: 'Hyderabad', pincode: '500033', state: 'Telangana' };

type Who = Awaited<ReturnType<typeof createCustomerWithPassword>> & { headers: Record<string, string> };
const buyers = knownBuyers(() => t);
const customer = async (overrides: Parameters<typeof createCustomerWithPassword>[1] = {}): Promise<Who> => buyers.add(await loggedInCustomer(t, overrides));
async function seller(gstin: string | null = SELLER_GSTIN) {
  const v = await loggedInVendor(t, { kind: 'seller' });
  await t.db.insert(vendorPayoutAccounts).values({
    vendorId: v.id, legalName: `${v.businessName} LLP`, businessType: 'llp', pan: 'ABCPE1234F', gstin,
    accountNumber: '918020012345678', ifsc: 'UTIB0000123', beneficiaryName: v.businessName,
  });
  return v;
}
const send = caller(() => t);
const call = (headers: Record<string, string> | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  send(headers ? { headers } : null, method, url, payload);
const lineIn = (who: Who, productId: string, quantity: number, address: object) => ({
  productId, quantity, customerId: who.id, customerName: who.fullName, phone: '9876543210', email: who.email, shippingAddress: address,
});
async function place(who: Who, items: [string, number][], opts: { address?: object; billing?: object; paymentMethod?: string } = {}) {
  const res = await call(who.headers, 'POST', '/ordercart', {
    paymentMethod: opts.paymentMethod ?? 'cod', orders: items.map(([id, q]) => lineIn(who, id, q, opts.address ?? KARNATAKA)), ...(opts.billing ? { billing: opts.billing } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { orderId: string; orders: { _id: string; totalPrice: number }[]; total: number; deliveryFee: number; payment: { razorpayOrderId: string } | null };
}
/** A registered plumber in Telangana charging ₹600 a visit, logged in. */
async function plumber() {
  const pro = await loggedInVendor(t, { kind: 'professional', category: 'Plumber', chargeAmount: 600, approvedAt: new Date() });
  await t.db.insert(vendorPayoutAccounts).values({
    vendorId: pro.id, legalName: 'Ravi Plumbing Works', businessType: 'proprietorship', pan: 'ABCPE1234F', gstin: SELLER_GSTIN,
    accountNumber: '918020012345678', ifsc: 'UTIB0000123', beneficiaryName: 'Ravi',
  });
  return { pro, proHeaders: pro.headers };
}
/** A vendor's move of a line; Delivered with the code the line's customer reads in My orders. */
const move = async (vendor: { headers: Record<string, string> }, lineId: string, status: string) =>
  call(vendor.headers, 'PATCH', `/api/vendor/orders/${lineId}`, status === 'Delivered' ? await buyers.deliveredBodyOf(lineId) : { status });
const invoicesOfOrder = (orderId: string) => t.db.select().from(invoices).where(eq(invoices.orderId, orderId));
const paise = (rupees: number) => Math.round(rupees * 100);

describe('issue on delivery', () => {
  it('a business buyer in Karnataka gets one IGST tax invoice from a Telangana seller, however many deliveries race', async () => {
    const me = await customer();
    const shop = await seller();
    const products = await Promise.all(Array.from({ length: 40 }, (_, i) => createProduct(t.db, { vendorId: shop.id, price: 385 + i, category: 'Cement' })));
    const placed = await place(me, products.map((p) => [p.id, 1]), { billing: { gstin: BUYER_GSTIN.toLowerCase(), legalName: 'Bharat Builders Pvt Ltd' } });
    for (const l of placed.orders) expect((await move(shop, l._id, 'Shipped')).statusCode).toBe(200);

    // 40 lines delivered at once, and the first line delivered by 5 racing requests.
    const moves = await Promise.all([...placed.orders.map((l) => move(shop, l._id, 'Delivered')), ...Array.from({ length: 5 }, () => move(shop, placed.orders[0]!._id, 'Delivered'))]);
    expect(moves.filter((r) => r.statusCode === 200)).toHaveLength(40);
    expect(moves.filter((r) => r.statusCode >= 500)).toEqual([]);

    const rows = await invoicesOfOrder(placed.orderId);
    expect(rows.filter((r) => r.vendorId === shop.id)).toHaveLength(1);
    const list = (await call(me.headers, 'GET', '/api/invoices')).json().invoices as InvoiceSummary[];
    const mine = list.find((i) => i.vendorId === shop.id)!;
    expect(mine).toMatchObject({ kind: 'tax_invoice', orderId: placed.orderId, number: expect.stringMatching(/^[A-Z0-9]{4}\/\d{4}\/000001$/) });
    expect(mine.number.length).toBeLessThanOrEqual(16);

    const invoice = (await call(me.headers, 'GET', `/api/invoices/${mine.id}`)).json() as Invoice;
    expect(invoice).toMatchObject({
      title: 'Tax Invoice', reverseCharge: 'No', placeOfSupply: { code: '29', name: 'Karnataka' },
      supplier: { gstin: SELLER_GSTIN, state: { code: '36', name: 'Telangana' }, legalName: `${shop.businessName} LLP` },
      recipient: { gstin: BUYER_GSTIN, legalName: 'Bharat Builders Pvt Ltd', name: me.fullName },
    });
    expect(invoice.lines).toHaveLength(40);
    for (const l of invoice.lines) {
      expect(l).toMatchObject({ hsn: '2523', ratePercent: 18, cgstPaise: 0, sgstPaise: 0 });
      expect(l.taxableValuePaise + l.igstPaise).toBe(l.totalPaise);
    }
    const subtotal = placed.orders.reduce((s, l) => s + paise(l.totalPrice), 0);
    expect(invoice.totals.totalPaise).toBe(subtotal);
    expect(invoice.totals.taxableValuePaise + invoice.totals.igstPaise).toBe(subtotal);
    expect(invoice.amountInWords).toMatch(/^Rupees .* Only$/);

    // The platform invoices its own delivery fee, in its own series.
    const fee = rows.filter((r) => r.vendorId === null);
    expect(fee).toHaveLength(placed.deliveryFee > 0 ? 1 : 0);
    if (fee[0]) expect(fee[0]).toMatchObject({ totalPaise: paise(placed.deliveryFee), number: expect.stringMatching(/^NRM\/\d{4}\/\d{6}$/) });
  });

  it('40 racing deliveries of one line issue one invoice and one for the delivery fee, and take no numbers from the next', async () => {
    const me = await customer();
    const shop = await seller();
    const product = await createProduct(t.db, { vendorId: shop.id, price: 385, category: 'Cement', stock: 10 });
    const placed = await place(me, [[product.id, 2]]);
    expect(placed.deliveryFee).toBeGreaterThan(0); // ₹770 is below free delivery, so the platform invoices its fee
    const lineId = placed.orders[0]!._id;
    expect((await move(shop, lineId, 'Shipped')).statusCode).toBe(200);

    const moves = await Promise.all(Array.from({ length: 40 }, () => move(shop, lineId, 'Delivered')));
    expect(moves.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
    expect(moves.filter((r) => r.statusCode === 200)).toHaveLength(1);
    // The others find the line Delivered already, whether they waited on its row lock or came after.
    const refused = moves.filter((r) => r.statusCode !== 200).map((r) => [r.statusCode, r.json().message]);
    expect(refused).toEqual(Array.from({ length: 39 }, () => [409, 'This item is Delivered: it cannot be marked Delivered.']));

    const rows = await invoicesOfOrder(placed.orderId);
    expect(rows).toHaveLength(2);
    const own = rows.find((r) => r.vendorId === shop.id)!;
    const fee = rows.find((r) => r.vendorId === null)!;
    expect(own).toMatchObject({ kind: 'tax_invoice', seq: 1, totalPaise: 77_000, number: expect.stringMatching(/^[A-Z0-9]{4}\/\d{4}\/000001$/) });
    expect(fee).toMatchObject({ kind: 'tax_invoice', totalPaise: paise(placed.deliveryFee), number: expect.stringMatching(/^NRM\/\d{4}\/\d{6}$/) });

    // The 39 losers took no number: the next delivery of each series is the very next one.
    const next = await place(me, [[product.id, 1]]);
    await move(shop, next.orders[0]!._id, 'Shipped');
    expect((await move(shop, next.orders[0]!._id, 'Delivered')).statusCode).toBe(200);
    const after = await invoicesOfOrder(next.orderId);
    expect(after.find((r) => r.vendorId === shop.id)).toMatchObject({ fy: own.fy, seq: 2, number: own.number!.replace(/000001$/, '000002') });
    expect(after.find((r) => r.vendorId === null)).toMatchObject({ fy: fee.fy, seq: fee.seq! + 1 });
  });

  it('within one state the tax is CGST + SGST, halves that add up to the paise paid', async () => {
    const me = await customer();
    const shop = await seller();
    const product = await createProduct(t.db, { vendorId: shop.id, price: 385, category: 'Cement' });
    const placed = await place(me, [[product.id, 3]], { address: TELANGANA });
    await move(shop, placed.orders[0]!._id, 'Shipped');
    await move(shop, placed.orders[0]!._id, 'Delivered');
    const id = (await invoicesOfOrder(placed.orderId)).find((r) => r.vendorId === shop.id)!.id;
    const invoice = (await call(me.headers, 'GET', `/api/invoices/${id}`)).json() as Invoice;
    // ₹1,155 at 18% inclusive: ₹978.81 taxable, ₹176.19 tax: CGST ₹88.10 (the odd paisa), SGST ₹88.09.
    expect(invoice.lines[0]).toMatchObject({ taxableValuePaise: 97_881, cgstPaise: 8_810, sgstPaise: 8_809, igstPaise: 0, totalPaise: 115_500 });
    expect(invoice.placeOfSupply).toEqual({ code: '36', name: 'Telangana' });
    expect(invoice.recipient).toMatchObject({ gstin: null, legalName: null });
  });

  it('a seller without a GSTIN issues a Bill of Supply with no tax', async () => {
    const me = await customer();
    const shop = await seller(null);
    const product = await createProduct(t.db, { vendorId: shop.id, price: 90, category: 'Sand' });
    const placed = await place(me, [[product.id, 2]]);
    await move(shop, placed.orders[0]!._id, 'Shipped');
    await move(shop, placed.orders[0]!._id, 'Delivered');
    const id = (await invoicesOfOrder(placed.orderId)).find((r) => r.vendorId === shop.id)!.id;
    const invoice = (await call(shop.headers, 'GET', `/api/invoices/${id}`)).json() as Invoice;
    expect(invoice).toMatchObject({ kind: 'bill_of_supply', title: 'Bill of Supply', totals: { taxableValuePaise: 18_000, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: 18_000 } });
    expect(invoice.lines[0]).toMatchObject({ hsn: '2505', ratePercent: 0 });
  });

  it('refuses a wrong buyer GSTIN with a 400 naming billing.gstin, and orders without billing as before', async () => {
    const me = await customer();
    const product = await createProduct(t.db, { price: 400 });
    const bad = await call(me.headers, 'POST', '/ordercart', { orders: [lineIn(me, product.id, 1, KARNATAKA)], billing: { gstin: '29AAGCB7383J1Z5', legalName: 'Bharat Builders' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: expect.stringMatching(/GSTIN .*check character/), issues: [expect.objectContaining({ path: 'body.billing.gstin' })] });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, (await place(me, [[product.id, 1]])).orderId));
    expect(order!.billing).toBeNull();
  });
});

describe('bookings', () => {
  it('a Completed booking issues the professional\'s invoice under its SAC and the platform\'s for the service charge', async () => {
    const me = await customer();
    const { pro, proHeaders } = await plumber();
    const date = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const made = await call(me.headers, 'POST', '/api/booking', {
      Vendorid: pro.id, customerid: me.id, serviceDate: date, serviceTime: '10:00 AM', payment: { method: 'cash' },
      address: { street: '14 Residency Road', city: 'Bengaluru', state: 'Karnataka', zip: '560025' },
      billing: { gstin: BUYER_GSTIN, legalName: 'Bharat Builders Pvt Ltd' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const bookingId = made.json().booking._id as string;
    expect((await call(proHeaders, 'PATCH', `/api/vendor/bookings/${bookingId}`, { status: 'Confirmed' })).statusCode).toBe(200);
    await startAndComplete(t, { headers: proHeaders }, me, bookingId);
    const rows = await t.db.select().from(invoices).where(eq(invoices.bookingId, bookingId));
    expect(rows).toHaveLength(2);
    const own = (await call(me.headers, 'GET', `/api/invoices/${rows.find((r) => r.vendorId === pro.id)!.id}`)).json() as Invoice;
    expect(own).toMatchObject({ placeOfSupply: { code: '29' }, recipient: { gstin: BUYER_GSTIN }, totals: { totalPaise: 60_000 } });
    expect(own.lines[0]).toMatchObject({ hsn: '9987', ratePercent: 18, igstPaise: 60_000 - own.lines[0]!.taxableValuePaise });
    const platform = rows.find((r) => r.vendorId === null)!;
    expect(platform).toMatchObject({ totalPaise: 25_000, number: expect.stringMatching(/^NRM\//) });
  });
});

describe('numbering', () => {
  it('a 200-invoice series is gap-free and unique when 200 deliveries race in waves of 40', async () => {
    const shop = await seller();
    const me = await customer();
    const product = await createProduct(t.db, { vendorId: shop.id, price: 500, stock: 1000 });
    const lineIds: string[] = [];
    for (let i = 0; i < 200; i += 1) {
      const { lines: [line] } = await createOrder(t.db, me, [{ product }], { shippingAddress: KARNATAKA }, { status: 'Shipped' });
      lineIds.push(line!.id);
    }
    for (let i = 0; i < lineIds.length; i += 40) {
      const wave = await Promise.all(lineIds.slice(i, i + 40).map((id) => move(shop, id, 'Delivered')));
      expect(wave.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);
    }
    const issued = await t.db.select().from(invoices).where(eq(invoices.vendorId, shop.id));
    expect(issued).toHaveLength(200);
    const bySeq = issued.map((r) => r.seq!).sort((a, b) => a - b);
    expect(bySeq).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(new Set(issued.map((r) => r.number)).size).toBe(200);
    expect(issued.every((r) => r.number!.length <= 16 && /^[A-Z0-9/-]+$/.test(r.number!))).toBe(true);

    // The platform's own series (every delivery fee here and in the other tests) has no gaps either.
    const platform = await t.db.select({ fy: invoices.fy, seq: invoices.seq }).from(invoices).where(and(isNull(invoices.vendorId), eq(invoices.kind, 'tax_invoice')));
    for (const fy of new Set(platform.map((p) => p.fy))) {
      const seqs = platform.filter((p) => p.fy === fy).map((p) => p.seq!).sort((a, b) => a - b);
      expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    }
  }, 120_000); // 200 deliveries, each issuing two invoices with their PDFs

  it('31 March 23:59 in India is the old financial year; 1 April 00:00 starts a new series at 1', async () => {
    const shop = await seller();
    const me = await customer();
    const product = await createProduct(t.db, { vendorId: shop.id, price: 500 });
    const deliverAt = async (instant: string) => {
      const { order, lines: [line] } = await createOrder(t.db, me, [{ product }], { shippingAddress: KARNATAKA, deliveryFeePaise: 0, totalPaise: 50_000 }, { status: 'Delivered' });
      vi.useFakeTimers({ toFake: ['Date'], now: new Date(instant) });
      try {
        await t.db.transaction((tx) => issueForDeliveredLine(tx, t.app.money.platform, order, line!));
      } finally {
        vi.useRealTimers();
      }
      return (await invoicesOfOrder(order.id))[0]!;
    };
    const march = await deliverAt('2027-03-31T18:29:59+00:00');
    const marchAgain = await deliverAt('2027-03-31T18:29:59+00:00');
    const april = await deliverAt('2027-03-31T18:30:00+00:00');
    expect([march.number!.slice(5), marchAgain.number!.slice(5), april.number!.slice(5)]).toEqual(['2627/000001', '2627/000002', '2728/000001']);
    expect(april.document.date).toBe('2027-04-01');
  });
});

describe('credit notes', () => {
  it('a refund after an invoice issues a credit note that refers to it, in the credit-note series', async () => {
    const me = await customer();
    const shop = await seller();
    const [a, b] = await Promise.all([createProduct(t.db, { vendorId: shop.id, price: 385 }), createProduct(t.db, { vendorId: shop.id, price: 410 })]);
    const placed = await place(me, [[a.id, 2], [b.id, 1]], { paymentMethod: 'online' });
    const fields = rzp.pay(placed.payment!.razorpayOrderId);
    expect((await call(me.headers, 'POST', '/api/payments/razorpay/verify', fields)).statusCode).toBe(200);
    const [first, second] = placed.orders;
    for (const l of placed.orders) await move(shop, l._id, 'Shipped');
    expect((await move(shop, first!._id, 'Delivered')).statusCode).toBe(200);
    const invoice = (await invoicesOfOrder(placed.orderId)).find((r) => r.vendorId === shop.id && r.kind === 'tax_invoice')!;
    expect(invoice.totalPaise).toBe(paise(first!.totalPrice + second!.totalPrice));

    // The customer cancels the line still on its way: its money goes back, and the invoice is corrected.
    const cancelled = await call(me.headers, 'PUT', `/api/cancel/${second!._id}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const notes = (await invoicesOfOrder(placed.orderId)).filter((r) => r.kind === 'credit_note');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ vendorId: shop.id, refersTo: invoice.id, totalPaise: paise(second!.totalPrice), seq: 1, number: expect.stringMatching(/^[A-Z0-9]{4}\/C\d{4}\/00001$/) });
    const note = (await call(me.headers, 'GET', `/api/invoices/${notes[0]!.id}`)).json() as Invoice;
    expect(note).toMatchObject({ title: 'Credit Note', refersTo: { id: invoice.id, number: invoice.number }, lines: [expect.objectContaining({ hsn: '2523', totalPaise: paise(second!.totalPrice) })] });
  });
});

describe('credit notes for cash on delivery and partial refunds', () => {
  it('a cash-on-delivery line cancelled after its order was invoiced gets one credit note, however many cancels race', async () => {
    const me = await customer();
    const shop = await seller();
    const [a, b] = await Promise.all([createProduct(t.db, { vendorId: shop.id, price: 385 }), createProduct(t.db, { vendorId: shop.id, price: 410 })]);
    const placed = await place(me, [[a.id, 2], [b.id, 1]]);
    const [first, second] = placed.orders;
    for (const l of placed.orders) await move(shop, l._id, 'Shipped');
    expect((await move(shop, first!._id, 'Delivered')).statusCode).toBe(200);
    const invoice = (await invoicesOfOrder(placed.orderId)).find((r) => r.vendorId === shop.id && r.kind === 'tax_invoice')!;
    expect(invoice.totalPaise).toBe(paise(first!.totalPrice + second!.totalPrice));

    const cancels = await Promise.all(Array.from({ length: 40 }, () => call(me.headers, 'PUT', `/api/cancel/${second!._id}`)));
    expect(cancels.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(cancels.filter((r) => r.statusCode >= 500)).toEqual([]);
    const notes = (await invoicesOfOrder(placed.orderId)).filter((r) => r.kind === 'credit_note');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ vendorId: shop.id, refersTo: invoice.id, totalPaise: paise(second!.totalPrice), supplyKey: `cancel:${second!._id}` });
    const note = (await call(shop.headers, 'GET', `/api/invoices/${notes[0]!.id}`)).json() as Invoice;
    expect(note).toMatchObject({ title: 'Credit Note', refersTo: { number: invoice.number }, lines: [expect.objectContaining({ totalPaise: paise(second!.totalPrice) })] });
  });

  it('an operator’s cancel of a cash-on-delivery order after a delivery credits the lines it cancels; lines never invoiced get none', async () => {
    const me = await customer();
    const shop = await seller();
    const other = await seller();
    const [a, b, c] = await Promise.all([
      createProduct(t.db, { vendorId: shop.id, price: 385 }), createProduct(t.db, { vendorId: shop.id, price: 410 }), createProduct(t.db, { vendorId: other.id, price: 90 }),
    ]);
    const placed = await place(me, [[a.id, 1], [b.id, 3], [c.id, 2]]);
    const [delivered, pending] = placed.orders;
    await move(shop, delivered!._id, 'Shipped');
    await move(shop, delivered!._id, 'Delivered');
    const admin = await createOperator(t.db, 'admin');
    const headers = opsCookie((await loginOperator(t.app, admin.email)).token);
    const cancelled = await call(headers, 'POST', `/api/ops/orders/${placed.orderId}/cancel`, { reason: 'The customer phoned to cancel the rest' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const notes = (await invoicesOfOrder(placed.orderId)).filter((r) => r.kind === 'credit_note');
    // The other seller delivered nothing, so it issued no invoice to correct.
    expect(notes.map((n) => [n.vendorId, n.totalPaise])).toEqual([[shop.id, paise(pending!.totalPrice)]]);
  });

  it('a partial refund of a delivered line credits that amount, its taxes adding up to it', async () => {
    const me = await customer();
    const shop = await seller();
    const product = await createProduct(t.db, { vendorId: shop.id, price: 1000 });
    const placed = await place(me, [[product.id, 1]], { paymentMethod: 'online' });
    expect((await call(me.headers, 'POST', '/api/payments/razorpay/verify', rzp.pay(placed.payment!.razorpayOrderId))).statusCode).toBe(200);
    const lineId = placed.orders[0]!._id;
    await move(shop, lineId, 'Shipped');
    await move(shop, lineId, 'Delivered');
    const opened = await call(me.headers, 'POST', '/api/disputes', { lineId, reason: 'damaged', text: 'Two of the bags arrived torn and wet.' });
    expect(opened.statusCode, opened.body).toBe(201);
    const admin = await createOperator(t.db, 'admin');
    const headers = opsCookie((await loginOperator(t.app, admin.email)).token);
    const resolved = await call(headers, 'POST', `/api/ops/disputes/${opened.json().id}/resolve`, { outcome: 'partial_refund', amountPaise: 25_050, reason: 'Two bags damaged' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const [note] = (await invoicesOfOrder(placed.orderId)).filter((r) => r.kind === 'credit_note');
    const doc = (await call(me.headers, 'GET', `/api/invoices/${note!.id}`)).json() as Invoice;
    // ₹250.50 at 18% across states: ₹212.29 taxable, ₹38.21 IGST.
    expect(doc.lines).toEqual([expect.objectContaining({ hsn: '2523', ratePercent: 18, taxableValuePaise: 21_229, igstPaise: 3_821, totalPaise: 25_050 })]);
    expect(doc.totals.totalPaise).toBe(25_050);
  });

  it('a partial refund of a completed booking credits the professional and the platform in proportion, adding up to the refund', async () => {
    const me = await customer();
    const { pro, proHeaders } = await plumber();
    const date = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const made = await call(me.headers, 'POST', '/api/booking', {
      Vendorid: pro.id, customerid: me.id, serviceDate: date, serviceTime: '10:00 AM', payment: { method: 'card' },
      address: { street: '14 Residency Road', city: 'Bengaluru', state: 'Karnataka', zip: '560025' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const { booking, payment } = made.json();
    expect((await call(me.headers, 'POST', '/api/payments/razorpay/verify', rzp.pay(payment.razorpayOrderId))).statusCode).toBe(200);
    expect((await call(proHeaders, 'PATCH', `/api/vendor/bookings/${booking._id}`, { status: 'Confirmed' })).statusCode).toBe(200);
    await startAndComplete(t, { headers: proHeaders }, me, booking._id);
    const opened = await call(me.headers, 'POST', '/api/disputes', { bookingId: booking._id, reason: 'poor_work', text: 'The new tap still drips after the visit.' });
    expect(opened.statusCode, opened.body).toBe(201);
    const admin = await createOperator(t.db, 'admin');
    const headers = opsCookie((await loginOperator(t.app, admin.email)).token);
    const resolved = await call(headers, 'POST', `/api/ops/disputes/${opened.json().id}/resolve`, { outcome: 'partial_refund', amountPaise: 10_001, reason: 'Part of the work was redone by another plumber' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const rows = await t.db.select().from(invoices).where(eq(invoices.bookingId, booking._id));
    const invoiceOf = (vendorId: string | null) => rows.find((r) => r.kind === 'tax_invoice' && r.vendorId === vendorId)!;
    const notes = rows.filter((r) => r.kind === 'credit_note');
    // ₹100.01 of ₹850 (₹600 the professional's, ₹250 the platform's): ₹70.60 and ₹29.41, the odd paisa to the larger remainder.
    expect(notes.map((n) => [n.vendorId, n.refersTo, n.totalPaise]).sort()).toEqual([[null, invoiceOf(null).id, 2_941], [pro.id, invoiceOf(pro.id).id, 7_060]].sort());
    for (const n of notes) {
      const doc = (await call(me.headers, 'GET', `/api/invoices/${n.id}`)).json() as Invoice;
      expect(doc.lines.reduce((sum, l) => sum + l.taxableValuePaise + l.igstPaise + l.cgstPaise + l.sgstPaise, 0)).toBe(n.totalPaise);
    }
  });
});

describe('reports', () => {
  it('GSTR-8 nets credit notes per supplier with TCS at 0.5%, and the vendor downloads its own sales register', async () => {
    const me = await customer();
    const shop = await seller('27AAPFU0939F1ZV');
    await t.db.update(vendorPayoutAccounts).set({ pan: 'AAPFU0939F' }).where(eq(vendorPayoutAccounts.vendorId, shop.id));
    const [a, b] = await Promise.all([createProduct(t.db, { vendorId: shop.id, price: 1180 }), createProduct(t.db, { vendorId: shop.id, price: 590 })]);
    const placed = await place(me, [[a.id, 1], [b.id, 1]], { paymentMethod: 'online' });
    expect((await call(me.headers, 'POST', '/api/payments/razorpay/verify', rzp.pay(placed.payment!.razorpayOrderId))).statusCode).toBe(200);
    for (const l of placed.orders) await move(shop, l._id, 'Shipped');
    await move(shop, placed.orders[0]!._id, 'Delivered');
    expect((await call(me.headers, 'PUT', `/api/cancel/${placed.orders[1]!._id}`)).statusCode).toBe(200);
    const month = indiaDate(new Date()).slice(0, 7);

    const finance = await createOperator(t.db, 'finance');
    const report = await call(opsCookie((await loginOperator(t.app, finance.email)).token), 'GET', `/api/ops/reports/gstr8.csv?month=${month}`);
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toMatch(/^text\/csv/);
    // Maharashtra seller to a Karnataka address: IGST. ₹1,770 invoiced (₹1,500 taxable), ₹590 returned (₹500): net ₹1,000, TCS ₹5.
    const row = report.body.split('\r\n').find((r) => r.includes('27AAPFU0939F1ZV'))!;
    expect(row.split(',').slice(3)).toEqual(['1500.00', '500.00', '1000.00', '180.00', '0.00', '0.00', '5.00', '0.00', '0.00']);

    const register = await call(shop.headers, 'GET', `/api/vendor/invoices/register.csv?month=${month}`);
    expect(register.statusCode).toBe(200);
    const rows = register.body.trim().split('\r\n');
    expect(rows).toHaveLength(4);
    expect(rows.filter((r) => r.startsWith('Credit Note,'))).toEqual([expect.stringContaining(',-500.00,-90.00,0.00,0.00,-590.00')]);
    expect((await call(shop.headers, 'GET', '/api/vendor/invoices/register.csv?month=2026-13')).json()).toMatchObject({ message: 'The month must be YYYY-MM (e.g. 2026-11).' });
    const support = await createOperator(t.db, 'support');
    expect((await call(opsCookie((await loginOperator(t.app, support.email)).token), 'GET', `/api/ops/reports/gstr8.csv?month=${month}`)).statusCode).toBe(403);
  });

  it('the console reads the same GSTR-8 figures as JSON, and lists every document by month, supplier and kind; support is refused', async () => {
    const me = await customer();
    const shop = await seller('27AABCK4321M1ZI');
    await t.db.update(vendorPayoutAccounts).set({ pan: 'AABCK4321M' }).where(eq(vendorPayoutAccounts.vendorId, shop.id));
    const [a, b] = await Promise.all([createProduct(t.db, { vendorId: shop.id, price: 1180 }), createProduct(t.db, { vendorId: shop.id, price: 590 })]);
    const placed = await place(me, [[a.id, 1], [b.id, 1]], { address: { ...KARNATAKA, state: 'Maharashtra' } });
    for (const l of placed.orders) await move(shop, l._id, 'Shipped');
    await move(shop, placed.orders[0]!._id, 'Delivered');
    expect((await call(me.headers, 'PUT', `/api/cancel/${placed.orders[1]!._id}`)).statusCode).toBe(200);
    const month = indiaDate(new Date()).slice(0, 7);

    const finance = opsCookie((await loginOperator(t.app, (await createOperator(t.db, 'finance')).email)).token);
    const summary = await call(finance, 'GET', `/api/ops/reports/gstr8?month=${month}`);
    expect(summary.statusCode).toBe(200);
    // Maharashtra to a Maharashtra address: CGST + SGST. ₹1,500 taxable invoiced, ₹500 returned (the cash-on-delivery cancel): TCS ₹5, half each.
    expect(summary.json().suppliers.find((s: { vendorId: string }) => s.vendorId === shop.id)).toEqual({
      gstin: '27AABCK4321M1ZI', legalName: `${shop.businessName} LLP`, vendorId: shop.id, grossTaxablePaise: 150_000, returnedTaxablePaise: 50_000, netTaxablePaise: 100_000,
      igstPaise: 0, cgstPaise: 9_000, sgstPaise: 9_000, tcsIgstPaise: 0, tcsCgstPaise: 250, tcsSgstPaise: 250,
    });
    const csv = (await call(finance, 'GET', `/api/ops/reports/gstr8.csv?month=${month}`)).body.split('\r\n').filter((r) => r.includes('27AABCK4321M1ZI'));
    expect(csv.some((r) => r.endsWith(',1500.00,500.00,1000.00,0.00,90.00,90.00,0.00,2.50,2.50'))).toBe(true);
    expect((await call(finance, 'GET', '/api/ops/reports/gstr8?month=2026-13')).statusCode).toBe(400);

    const list = async (query: string) => {
      const res = await call(finance, 'GET', `/api/ops/invoices?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { invoices: InvoiceSummary[]; total: number; page: number; pages: number };
    };
    const mine = await list(`month=${month}&vendor=${encodeURIComponent(shop.email)}`);
    expect(mine.invoices.map((i) => i.kind).sort()).toEqual(['credit_note', 'tax_invoice']);
    expect(mine).toMatchObject({ total: 2, page: 1, pages: 1 });
    expect((await list(`vendor=${encodeURIComponent(shop.email)}&kind=credit_note`)).invoices).toEqual([expect.objectContaining({ kind: 'credit_note', vendorId: shop.id, totalPaise: 59_000 })]);
    const platform = await list(`month=${month}&vendor=platform`);
    expect(platform.invoices.length).toBeGreaterThan(0);
    expect(platform.invoices.every((i) => i.vendorId === null)).toBe(true);
    expect((await list('month=2001-01')).invoices).toEqual([]);
    expect((await list('vendor=no-such-supplier-anywhere')).total).toBe(0);
    expect((await call(finance, 'GET', '/api/ops/invoices?kind=receipt')).statusCode).toBe(400);

    const support = opsCookie((await loginOperator(t.app, (await createOperator(t.db, 'support')).email)).token);
    expect((await call(support, 'GET', `/api/ops/reports/gstr8?month=${month}`)).statusCode).toBe(403);
    expect((await call(support, 'GET', '/api/ops/invoices')).statusCode).toBe(403);
    expect((await call(me.headers, 'GET', '/api/ops/invoices')).statusCode).toBe(401);
  });
});

describe('who sees them', () => {
  it('the buyer, that vendor and a finance operator read and download it; another customer or vendor, or a support operator, gets 404', async () => {
    const me = await customer();
    const shop = await seller();
    const product = await createProduct(t.db, { vendorId: shop.id, price: 385, category: 'Cement' });
    const placed = await place(me, [[product.id, 10]], { billing: { gstin: BUYER_GSTIN, legalName: 'Bharat Builders Pvt Ltd' } });
    await move(shop, placed.orders[0]!._id, 'Shipped');
    await move(shop, placed.orders[0]!._id, 'Delivered');
    const id = (await invoicesOfOrder(placed.orderId)).find((r) => r.vendorId === shop.id)!.id;

    const finance = await createOperator(t.db, 'finance');
    const support = await createOperator(t.db, 'support');
    const financeHeaders = opsCookie((await loginOperator(t.app, finance.email)).token);
    const supportHeaders = opsCookie((await loginOperator(t.app, support.email)).token);
    const stranger = await customer();
    const otherShop = await seller();

    const pdfs: Buffer[] = [];
    for (const headers of [me.headers, shop.headers, financeHeaders]) {
      expect((await call(headers, 'GET', `/api/invoices/${id}`)).statusCode).toBe(200);
      const pdf = await call(headers, 'GET', `/api/invoices/${id}/pdf`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      pdfs.push(pdf.rawPayload);
    }
    expect(pdfs[0]!.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfs.every((p) => p.equals(pdfs[0]!))).toBe(true);

    for (const headers of [stranger.headers, otherShop.headers, supportHeaders]) {
      expect((await call(headers, 'GET', `/api/invoices/${id}`)).statusCode).toBe(404);
      expect((await call(headers, 'GET', `/api/invoices/${id}/pdf`)).statusCode).toBe(404);
    }
    expect((await call(null, 'GET', `/api/invoices/${id}/pdf`)).statusCode).toBe(401);
    expect((await call(stranger.headers, 'GET', '/api/invoices')).json().invoices).toEqual([]);
    expect((await call(otherShop.headers, 'GET', '/api/vendor/invoices')).json().invoices).toEqual([]);
    expect((await call(shop.headers, 'GET', '/api/vendor/invoices')).json().invoices.map((i: InvoiceSummary) => i.id)).toEqual([id]);

    // The PDF says what the invoice says: both GSTINs, the HSN, IGST at 18% and the total paid.
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await pdfjs.getDocument({ data: new Uint8Array(pdfs[0]!), useSystemFonts: false }).promise;
    const page = await doc.getPage(1);
    const text = (await page.getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ');
    for (const expected of [SELLER_GSTIN, BUYER_GSTIN, '2523', 'IGST 18%', '3,850.00', 'Authorised signatory', 'Rupees Three Thousand Eight Hundred Fifty Only']) expect(text).toContain(expected);
    // A business buyer: its legal name, then the person who ordered as its contact (no trade name of theirs); the
    // supplier's business name is its trade name.
    expect(text).toMatch(new RegExp(`Recipient\\s+Bharat Builders Pvt Ltd\\s+Contact person: ${me.fullName}\\s`));
    expect(text).not.toContain(`Trade name: ${me.fullName}`);
    expect(text).toContain(`Trade name: ${shop.businessName}`);
    const [row] = await t.db.select({ pdfKey: invoices.pdfKey }).from(invoices).where(eq(invoices.id, id));
    expect(row!.pdfKey).toBe(`invoices/${id}.pdf`);
  });
});

describe('the PDF', () => {
  it('embeds Noto Sans Devanagari, so a Hindi name and ₹ are drawn with real, shaped glyphs and extract as text', async () => {
    const me = await customer({ fullName: 'आशा शर्मा' });
    const shop = await seller();
    const product = await createProduct(t.db, { vendorId: shop.id, price: 385, category: 'Cement' });
    const placed = await place(me, [[product.id, 10]], { billing: { gstin: BUYER_GSTIN, legalName: 'शर्मा बिल्डर्स' } });
    await move(shop, placed.orders[0]!._id, 'Shipped');
    await move(shop, placed.orders[0]!._id, 'Delivered');
    const id = (await invoicesOfOrder(placed.orderId)).find((r) => r.vendorId === shop.id)!.id;
    expect((await call(me.headers, 'GET', `/api/invoices/${id}`)).json().recipient).toMatchObject({ name: 'आशा शर्मा', legalName: 'शर्मा बिल्डर्स', gstin: BUYER_GSTIN });
    const pdf = (await call(me.headers, 'GET', `/api/invoices/${id}/pdf`)).rawPayload;

    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const page = await (await pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise).getPage(1);
    const { items, styles } = await page.getTextContent();
    const strs = items.map((i) => ('str' in i ? i.str : ''));
    // "Amounts in ₹", "IGST 18%: ₹587.29" and "Total: ₹3,850.00": ₹385 × 10 across states, ₹3,262.71 taxable.
    const text = strs.join('');
    expect(text).toMatch(/Amounts in ?₹/);
    for (const expected of ['IGST 18%: ₹587.29', 'Total: ₹3,850.00']) expect(text).toContain(expected);

    // The text layer follows the glyphs in visual order, as shaping placed them: the reph (र्) after the मा it sits
    // on, the i-sign (ि) before its consonant. So the names extract with the same letters, reordered where a
    // conjunct or a pre-base sign is; "आशा" has neither and extracts as typed.
    const sameLetters = (s: string) => [...s].sort().join('');
    const devanagari = strs.filter((s) => /[\u0900-\u097f]/.test(s)).map((s) => s.trim());
    expect(devanagari).toEqual(['शमार् िबल्डसर्', 'आशा शमार्']);
    expect(devanagari.map(sameLetters)).toEqual([sameLetters('शर्मा बिल्डर्स'), sameLetters('आशा शर्मा')]);

    // Every glyph drawn is in its font (none is .notdef, CID 0, the empty box), and the conjuncts were shaped: the reph
    // is one zero-width glyph standing for र + ्, the half ल् one glyph.
    const ops = await page.getOperatorList();
    type Glyph = { originalCharCode: number; unicode: string; isInFont: boolean; width: number };
    const glyphs = ops.fnArray.flatMap((fn, i) => (fn === pdfjs.OPS.showText ? (ops.argsArray[i][0] as unknown[]) : []))
      .filter((g): g is Glyph => typeof g === 'object' && g !== null);
    expect(glyphs.length).toBeGreaterThan(300);
    expect(glyphs.filter((g) => g.originalCharCode === 0 || (!g.isInFont && g.unicode.trim() !== ''))).toEqual([]);
    expect(glyphs.filter((g) => g.unicode === 'र्').map((g) => g.width)).toEqual([0, 0, 0]);
    expect(glyphs.filter((g) => g.unicode === 'ल्')).toHaveLength(1);
    expect(glyphs.filter((g) => g.unicode === '₹')).toHaveLength(3);

    // Each font is Noto Sans Devanagari, embedded as a TrueType subset: no reader has to have it, or substitutes.
    const fonts = Object.keys(styles).map((name) => page.commonObjs.get(name) as { name: string; missingFile: boolean });
    expect(fonts.length).toBeGreaterThanOrEqual(2);
    for (const f of fonts) expect(f).toMatchObject({ name: expect.stringMatching(/^[A-Z]{6}\+NotoSansDevanagari-(Regular|Bold)$/), missingFile: false });
    const raw = pdf.toString('latin1');
    const baseFonts = new Set([...raw.matchAll(/\/BaseFont \/(\S+)/g)].map((m) => m[1]));
    expect(raw.match(/\/FontFile2 /g)).toHaveLength(baseFonts.size);
    expect([...baseFonts].every((f) => /^[A-Z]{6}\+NotoSansDevanagari-(Regular|Bold)$/.test(f!))).toBe(true);
  });
});
