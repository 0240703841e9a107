import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice } from '@nirmaan/shared';
import { invoices, orderLines, productQuantityBreaks, products, vendorPayoutAccounts } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { caller, loggedInCustomer, loggedInVendor, orderLine, shipAndDeliver, type VendorWho, type Who } from './support/http.ts';

/**
 * Quantity prices (issue 35, docs/decisions/035): a seller prices a product lower from a quantity on; the product page
 * shows them; the cart, the delivery quote and POST /ordercart apply the best one a line's quantity reaches, whatever
 * the client sends, and the order line and its invoice carry that price. Refused with a 400 naming the field when not
 * each below the price and the one before; another vendor's product is not found. On PGlite and on PostgreSQL.
 */

let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'nirmaan-quantity-breaks-'));
  t = await createTestApp({ UPLOADS_DIR: dir });
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

const call = caller(() => t);
/** ≥ 100 bags ₹365, ≥ 500 bags ₹355, on a ₹380 bag. */
const BREAKS = [{ minQuantity: 100, pricePaise: 36_500 }, { minQuantity: 500, pricePaise: 35_500 }];

let shade = 0;
async function uploadImage(who: VendorWho) {
  shade += 1;
  const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: shade % 256, g: 90, b: 40 } } }).jpeg().toBuffer();
  const res = await t.app.inject({ method: 'POST', url: '/api/vendor/uploads', headers: { ...who.headers, 'content-type': 'image/jpeg' }, payload: jpeg });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().url as string;
}

/** An approved seller with a GST registration (so its invoices are tax invoices). */
async function seller() {
  const v = await loggedInVendor(t, { kind: 'seller', approvedAt: new Date() });
  await t.db.insert(vendorPayoutAccounts).values({
    vendorId: v.id, legalName: `${v.businessName} LLP`, businessType: 'llp', pan: 'ABCPE1234F', gstin: '36ABCPE1234F1ZC',
    accountNumber: '918020012345678', ifsc: 'UTIB0000123', beneficiaryName: v.businessName,
  });
  return v;
}

async function create(shop: VendorWho, extra: object = {}) {
  return call(shop, 'POST', '/api/vendor/products', {
    ProductName: 'UltraTech OPC 53 Grade Cement', ProductCategory: 'Cement', ProductBrand: 'UltraTech', ProductPrice: 380, ProductUnit: 'bag',
    Stock: 5000, ProductLocation: 'Hyderabad', ProductDescription: 'OPC 53 grade cement in 50 kg bags, fresh stock.', ProductUrl: [await uploadImage(shop)], ...extra,
  });
}

async function cementWithBreaks(shop?: VendorWho) {
  const owner = shop ?? (await seller());
  const res = await create(owner, { QuantityBreaks: BREAKS });
  expect(res.statusCode, res.body).toBe(201);
  return { shop: owner, id: res.json()._id as string };
}

const storedBreaks = async (id: string) => t.db.select({ minQuantity: productQuantityBreaks.minQuantity, pricePaise: productQuantityBreaks.pricePaise })
  .from(productQuantityBreaks).where(eq(productQuantityBreaks.productId, id)).orderBy(productQuantityBreaks.minQuantity);

async function place(me: Who, lines: object[]) {
  const res = await call(me, 'POST', '/ordercart', { paymentMethod: 'cod', orders: lines });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { orderId: string; orders: { productId: string; quantity: number; pricePerUnit: number; totalPrice: number }[]; subtotal: number; deliveryFee: number; total: number };
}

describe('a seller sets quantity prices', () => {
  it('on a new product and by a change; the product page and the portal show them in quantity order', async () => {
    const shop = await seller();
    // Sent out of order: answered and stored in quantity order.
    const created = await create(shop, { QuantityBreaks: [...BREAKS].reverse() });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().QuantityBreaks).toEqual(BREAKS);
    const id = created.json()._id as string;
    expect((await call(null, 'GET', `/product/${id}`)).json()).toMatchObject({ ProductPrice: 380, QuantityBreaks: BREAKS });

    const changed = await call(shop, 'PATCH', `/api/vendor/products/${id}`, { QuantityBreaks: [{ minQuantity: 50, pricePaise: 37_200 }] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().QuantityBreaks).toEqual([{ minQuantity: 50, pricePaise: 37_200 }]);
    // The public page was evicted from the cache: it shows the change at once.
    expect((await call(null, 'GET', `/product/${id}`)).json().QuantityBreaks).toEqual([{ minQuantity: 50, pricePaise: 37_200 }]);
    // A change that does not name them keeps them; an empty list removes them.
    expect((await call(shop, 'PATCH', `/api/vendor/products/${id}`, { Stock: 900 })).json().QuantityBreaks).toEqual([{ minQuantity: 50, pricePaise: 37_200 }]);
    expect((await call(shop, 'PATCH', `/api/vendor/products/${id}`, { QuantityBreaks: [] })).json().QuantityBreaks).toEqual([]);
    expect(await storedBreaks(id)).toEqual([]);
    expect((await call(shop, 'GET', '/api/vendor/products')).json().find((p: { _id: string }) => p._id === id).QuantityBreaks).toEqual([]);
  });

  it('refuses prices not below the price and the one before, repeats, too many and bad numbers, with a 400 naming the field', async () => {
    const shop = await seller();
    const refusal = async (extra: object, message: RegExp | string, field = 'QuantityBreaks') => {
      const res = await create(shop, extra);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(message);
      expect(res.json().issues[0].path).toMatch(new RegExp(`^body\\.${field}`));
    };
    await refusal({ QuantityBreaks: [{ minQuantity: 100, pricePaise: 38_000 }] }, 'The price for 100 or more (₹380) must be lower than the product\'s price (₹380).');
    await refusal({ QuantityBreaks: [{ minQuantity: 100, pricePaise: 36_500 }, { minQuantity: 500, pricePaise: 36_500 }] },
      'The price for 500 or more (₹365) must be lower than the price for 100 or more (₹365).');
    await refusal({ QuantityBreaks: [{ minQuantity: 100, pricePaise: 36_500 }, { minQuantity: 100, pricePaise: 36_000 }] }, 'There are two prices for 100 or more: keep one.');
    await refusal({ QuantityBreaks: [{ minQuantity: 1, pricePaise: 36_500 }] }, /whole number from 2 to 999/);
    await refusal({ QuantityBreaks: [{ minQuantity: 1000, pricePaise: 36_500 }] }, /whole number from 2 to 999/);
    await refusal({ QuantityBreaks: [{ minQuantity: 100, pricePaise: 365.5 }] }, /whole number of paise/);
    await refusal({ QuantityBreaks: [10, 20, 30, 40, 50, 60].map((q) => ({ minQuantity: q, pricePaise: 37_900 - q })) }, 'Set at most 5 quantity prices.');

    // A change is checked against what is stored: breaks alone against the stored price, a price alone against the stored breaks.
    const { id } = await cementWithBreaks(shop);
    const above = await call(shop, 'PATCH', `/api/vendor/products/${id}`, { QuantityBreaks: [{ minQuantity: 20, pricePaise: 39_000 }] });
    expect(above.statusCode).toBe(400);
    expect(above.json()).toMatchObject({ message: 'The price for 20 or more (₹390) must be lower than the product\'s price (₹380).' });
    const lowered = await call(shop, 'PATCH', `/api/vendor/products/${id}`, { ProductPrice: 360 });
    expect(lowered.statusCode).toBe(400);
    expect(lowered.json()).toMatchObject({ message: 'The price for 100 or more (₹365) must be lower than the product\'s price (₹360).' });
    // Both at once are checked together: a lower price with lower breaks is fine.
    const both = await call(shop, 'PATCH', `/api/vendor/products/${id}`, { ProductPrice: 360, QuantityBreaks: [{ minQuantity: 100, pricePaise: 35_000 }] });
    expect(both.statusCode, both.body).toBe(200);
    expect(await storedBreaks(id)).toEqual([{ minQuantity: 100, pricePaise: 35_000 }]);
  });

  it('cannot touch another vendor’s product: 404, its prices unchanged', async () => {
    const { id } = await cementWithBreaks();
    const other = await seller();
    const res = await call(other, 'PATCH', `/api/vendor/products/${id}`, { QuantityBreaks: [{ minQuantity: 2, pricePaise: 100 }] });
    expect(res.statusCode).toBe(404);
    expect(await storedBreaks(id)).toEqual(BREAKS);
  });

  it('keeps every price below the list price while changes of the price and of the breaks race', async () => {
    const { shop, id } = await cementWithBreaks();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 === 0
      ? call(shop, 'PATCH', `/api/vendor/products/${id}`, { ProductPrice: 370 })
      : call(shop, 'PATCH', `/api/vendor/products/${id}`, { QuantityBreaks: [{ minQuantity: 100, pricePaise: 37_500 }] }))));
    expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 400)).toBe(true);
    const [row] = await t.db.select({ pricePaise: products.pricePaise }).from(products).where(eq(products.id, id));
    for (const b of await storedBreaks(id)) expect(b.pricePaise).toBeLessThan(row!.pricePaise);
  });
});

describe('the cart and orders apply them on the server', () => {
  it('prices each cart line at the best price its quantity reaches: 99 bags at the list price, 100 at ₹365', async () => {
    const { id } = await cementWithBreaks();
    const me = await loggedInCustomer(t);
    // The client's price is ignored, whatever it says.
    const added = await call(me, 'POST', '/api/cart', { customerid: me.id, productid: id, productQuantity: 99, productprice: 1 });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ productprice: 380, quantityBreak: null, nextQuantityBreak: BREAKS[0], listPricePaise: 38_000 });
    const item = added.json()._id as string;
    expect((await call(me, 'PATCH', `/api/cart/${item}`, { quantity: 100 })).json())
      .toMatchObject({ productprice: 365, quantityBreak: BREAKS[0], nextQuantityBreak: BREAKS[1], listPricePaise: 38_000 });
    expect((await call(me, 'PATCH', `/api/cart/${item}`, { quantity: 500 })).json()).toMatchObject({ productprice: 355, quantityBreak: BREAKS[1], nextQuantityBreak: null });
    expect((await call(me, 'GET', `/carts/${me.id}`)).json()).toEqual([expect.objectContaining({ productQuantity: 500, productprice: 355 })]);
  });

  it('places 99 at the list price and 100 and 500 at their breaks, whatever price the client sends', async () => {
    const { id } = await cementWithBreaks();
    const me = await loggedInCustomer(t);
    const at = async (quantity: number, extra: object) => (await place(me, [orderLine(me, id, quantity, extra)])).orders[0]!;
    expect(await at(99, { pricePerUnit: 380, totalPrice: 99 * 380 })).toMatchObject({ quantity: 99, pricePerUnit: 380, totalPrice: 37_620 });
    expect(await at(100, { pricePerUnit: 380, totalPrice: 38_000 })).toMatchObject({ quantity: 100, pricePerUnit: 365, totalPrice: 36_500 });
    expect(await at(100, { pricePerUnit: 1, totalPrice: 100 })).toMatchObject({ quantity: 100, pricePerUnit: 365, totalPrice: 36_500 });
    expect(await at(499, { pricePerUnit: 355 })).toMatchObject({ pricePerUnit: 365, totalPrice: 182_135 });
    expect(await at(500, {})).toMatchObject({ pricePerUnit: 355, totalPrice: 177_500 });
  });

  it('adds lines of one product before choosing the break: 60 + 40 bags are 100 at ₹365', async () => {
    const { id } = await cementWithBreaks();
    const me = await loggedInCustomer(t);
    const placed = await place(me, [orderLine(me, id, 60, { pricePerUnit: 380 }), orderLine(me, id, 40, { pricePerUnit: 380 })]);
    expect(placed.orders).toEqual([expect.objectContaining({ quantity: 100, pricePerUnit: 365, totalPrice: 36_500 })]);
  });

  it('decides free delivery on the break prices: 132 bags are ₹50,160 at the list price but ₹48,180 at ₹365', async () => {
    const { id } = await cementWithBreaks();
    const me = await loggedInCustomer(t);
    const quote = await call(me, 'POST', '/api/delivery/quote', { pincode: '500033', items: [{ productId: id, quantity: 132 }] });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toMatchObject({ platformFeePaise: 30_000, vendors: [expect.objectContaining({ subtotalPaise: 4_818_000 })] });
    const placed = await place(me, [orderLine(me, id, 132, {})]);
    expect(placed).toMatchObject({ subtotal: 48_180, deliveryFee: 300, total: 48_480 });
  });

  it('keeps the break price on the order line and its invoice, whatever the seller changes later', async () => {
    const { shop, id } = await cementWithBreaks();
    const me = await loggedInCustomer(t);
    const placed = await place(me, [orderLine(me, id, 100, { pricePerUnit: 380 })]);
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, placed.orderId));
    expect(line).toMatchObject({ quantity: 100, pricePerUnitPaise: 36_500, totalPricePaise: 3_650_000 });
    expect((await call(shop, 'PATCH', `/api/vendor/products/${id}`, { QuantityBreaks: [] })).statusCode).toBe(200);
    for (const moved of await shipAndDeliver(t, shop, me, line!.id)) expect(moved.statusCode, moved.body).toBe(200);
    const [row] = await t.db.select().from(invoices).where(and(eq(invoices.orderId, placed.orderId), eq(invoices.vendorId, shop.id)));
    const invoice = (await call(me, 'GET', `/api/invoices/${row!.id}`)).json() as Invoice;
    // ₹36,500 at 28% inclusive within Telangana (cement, HSN 2523): ₹28,515.63 taxable, CGST and SGST 14% each.
    expect(invoice.lines).toEqual([expect.objectContaining({ hsn: '2523', quantity: 100, totalPaise: 3_650_000 })]);
    const l = invoice.lines[0]!;
    expect(l.taxableValuePaise + l.cgstPaise + l.sgstPaise).toBe(3_650_000);
  });
});
