import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice } from '@nirmaan/shared';
import { invoices, orderLines, products, vendorPayoutAccounts } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { caller, loggedInCustomer, loggedInVendor, orderLine, shipAndDeliver } from './support/http.ts';

/**
 * A seller's HSN and GST rate per product among its category's allowed values (docs/decisions/022): refused with a
 * 400 naming the field when not allowed, checked against the stored category when a change leaves it out, kept
 * consistent under racing changes, recorded on each order line at placement and used by its invoice; and the platform's own invoices under its
 * configured registration. On PGlite and on PostgreSQL + Redis.
 */

/** The platform's own registration, configured (a Karnataka one here, not the demo in Telangana). */
const PLATFORM = { PLATFORM_LEGAL_NAME: 'Nirmaan Bazaar Private Limited', PLATFORM_GSTIN: '29AAGCB7383J1Z4', PLATFORM_ADDRESS: '14 Residency Road, Bengaluru 560025' };

let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'nirmaan-product-tax-'));
  t = await createTestApp({ UPLOADS_DIR: dir, ...PLATFORM });
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

type Headers = Record<string, string>;
const call = caller(() => t);

let shade = 0;
async function uploadImage(headers: Headers) {
  shade += 1;
  const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: shade % 256, g: 20, b: 120 } } }).jpeg().toBuffer();
  const res = await t.app.inject({ method: 'POST', url: '/api/vendor/uploads', headers: { ...headers, 'content-type': 'image/jpeg' }, payload: jpeg });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().url as string;
}

async function seller() {
  const v = await loggedInVendor(t, { kind: 'seller', approvedAt: new Date() });
  await t.db.insert(vendorPayoutAccounts).values({
    vendorId: v.id, legalName: `${v.businessName} LLP`, businessType: 'llp', pan: 'ABCPE1234F', gstin: '36ABCPE1234F1ZC',
    accountNumber: '918020012345678', ifsc: 'UTIB0000123', beneficiaryName: v.businessName,
  });
  return v;
}

async function body(headers: Headers, extra: object) {
  return {
    ProductName: 'Red clay bricks', ProductCategory: 'Bricks', ProductBrand: 'Kiln Co', ProductPrice: 12, ProductUnit: 'brick', Stock: 5000,
    ProductLocation: 'Hyderabad', ProductDescription: 'Well-burnt red clay bricks, 230 x 110 x 75 mm.', ProductUrl: [await uploadImage(headers)], ...extra,
  };
}
const create = async (shop: { headers: Headers }, extra: object = {}) => call(shop, 'POST', '/api/vendor/products', await body(shop.headers, extra));
const stored = async (id: string) => (await t.db.select({ category: products.category, hsn: products.hsn, rate: products.gstRatePercent }).from(products).where(eq(products.id, id)))[0]!;

describe('choosing a product’s HSN and GST rate', () => {
  it('takes the category’s default, or an allowed choice, and refuses others with a 400 naming the field', async () => {
    const shop = await seller();
    const plain = await create(shop);
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json()).toMatchObject({ ProductHsn: '6904', ProductGstRate: 12 });
    expect(await stored(plain.json()._id)).toEqual({ category: 'Bricks', hsn: null, rate: null });

    const chosen = await create(shop, { ProductHsn: '6810' });
    expect(chosen.json()).toMatchObject({ ProductHsn: '6810', ProductGstRate: 5 });
    expect(await stored(chosen.json()._id)).toEqual({ category: 'Bricks', hsn: '6810', rate: 5 });

    const cement = await create(shop, { ProductHsn: '2523', ProductGstRate: 18 });
    expect(cement.statusCode).toBe(400);
    expect(cement.json()).toMatchObject({ message: expect.stringMatching(/^HSN 2523 cannot be used for Bricks\. Please choose one of: 6904 /), issues: [{ path: 'body.ProductHsn' }] });
    const wrongRate = await create(shop, { ProductHsn: '6904', ProductGstRate: 5 });
    expect(wrongRate.statusCode).toBe(400);
    expect(wrongRate.json()).toMatchObject({ message: 'The GST rate for HSN 6904 must be 12%.', issues: [{ path: 'body.ProductGstRate' }] });
    expect((await create(shop, { ProductHsn: '69O4' })).json().issues).toEqual([expect.objectContaining({ path: 'body.ProductHsn', message: 'The HSN code is 4 to 8 digits.' })]);
  });

  it('checks a change against the stored category, and a new category keeps an allowed HSN or takes its default', async () => {
    const shop = await seller();
    const id = (await create(shop, { ProductHsn: '6815' })).json()._id as string;
    const patch = (change: object) => call(shop, 'PATCH', `/api/vendor/products/${id}`, change);

    const refused = await patch({ ProductHsn: '3209' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toEqual([expect.objectContaining({ path: 'body.ProductHsn' })]);
    expect((await patch({ ProductGstRate: 18 })).json().issues).toEqual([expect.objectContaining({ path: 'body.ProductGstRate', message: 'The GST rate for HSN 6815 must be 12%.' })]);
    expect(await stored(id)).toEqual({ category: 'Bricks', hsn: '6815', rate: 12 });

    expect((await patch({ ProductHsn: '6810' })).json()).toMatchObject({ ProductHsn: '6810', ProductGstRate: 5 });
    // Roofing allows no 6810: the product takes Roofing's default. Back to Bricks, a choice among Bricks' again.
    expect((await patch({ ProductCategory: 'Roofing' })).json()).toMatchObject({ ProductCategory: 'Roofing', ProductHsn: '7210', ProductGstRate: 18 });
    expect(await stored(id)).toEqual({ category: 'Roofing', hsn: null, rate: null });
    expect((await patch({ ProductHsn: '6905' })).json()).toMatchObject({ ProductHsn: '6905', ProductGstRate: 12 });
    expect((await patch({ ProductCategory: 'Bricks', ProductHsn: '6901' })).json()).toMatchObject({ ProductHsn: '6901', ProductGstRate: 12 });
    expect((await patch({ ProductHsn: null })).json()).toMatchObject({ ProductHsn: '6904', ProductGstRate: 12 });
  });

  it('40 racing changes of category and HSN never leave a product with an HSN its category does not allow', async () => {
    const shop = await seller();
    const id = (await create(shop)).json()._id as string;
    const changes = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? { ProductCategory: i % 4 === 0 ? 'Cement' : 'Bricks' } : { ProductHsn: '6815' }));
    const answers = await Promise.all(changes.map((c) => call(shop, 'PATCH', `/api/vendor/products/${id}`, c)));
    expect(answers.filter((r) => r.statusCode >= 500)).toEqual([]);
    // A 6815 sent while the product was Cement is refused; the rest apply one after another.
    expect(answers.every((r) => r.statusCode === 200 || (r.statusCode === 400 && r.json().issues[0].path === 'body.ProductHsn'))).toBe(true);
    const after = await stored(id);
    expect(after.hsn === null || (after.category === 'Bricks' && after.hsn === '6815' && after.rate === 12)).toBe(true);
  });
});

describe('invoices use what the line was sold under', () => {
  it('records the HSN and rate on the line at placement; a later change of the product alters no placed sale', async () => {
    const shop = await seller();
    const id = (await create(shop, { ProductHsn: '6810', ProductPrice: 105 })).json()._id as string;
    const me = await loggedInCustomer(t);
    const placed = await call(me, 'POST', '/ordercart', { paymentMethod: 'cod', orders: [orderLine(me, id, 10)] });
    expect(placed.statusCode, placed.body).toBe(201);
    const { orderId } = placed.json();
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    expect(line).toMatchObject({ hsn: '6810', gstRatePercent: 5 });

    // The seller moves the product to 6904 at 12% before delivering the order placed at 6810, 5%.
    expect((await call(shop, 'PATCH', `/api/vendor/products/${id}`, { ProductHsn: '6904' })).json()).toMatchObject({ ProductGstRate: 12 });
    for (const moved of await shipAndDeliver(t, shop, me, line!.id)) expect(moved.statusCode).toBe(200);
    const [row] = await t.db.select().from(invoices).where(and(eq(invoices.orderId, orderId), eq(invoices.vendorId, shop.id)));
    const invoice = (await call(me, 'GET', `/api/invoices/${row!.id}`)).json() as Invoice;
    // ₹1,050 at 5% inclusive within Telangana: ₹1,000 taxable, CGST ₹25, SGST ₹25.
    expect(invoice.lines).toEqual([expect.objectContaining({ hsn: '6810', ratePercent: 5, taxableValuePaise: 100_000, cgstPaise: 2_500, sgstPaise: 2_500, totalPaise: 105_000 })]);

    // The delivery fee is the platform's supply, under its configured registration: Karnataka to Telangana, IGST.
    const [fee] = await t.db.select().from(invoices).where(and(eq(invoices.orderId, orderId), isNull(invoices.vendorId)));
    const feeInvoice = (await call(me, 'GET', `/api/invoices/${fee!.id}`)).json() as Invoice;
    expect(feeInvoice.supplier).toEqual({
      name: 'Nirmaan', legalName: PLATFORM.PLATFORM_LEGAL_NAME, gstin: PLATFORM.PLATFORM_GSTIN, address: PLATFORM.PLATFORM_ADDRESS, state: { code: '29', name: 'Karnataka' },
    });
    expect(feeInvoice.lines).toEqual([expect.objectContaining({ hsn: '9968', totalPaise: 30_000, igstPaise: 30_000 - feeInvoice.lines[0]!.taxableValuePaise })]);
  });
});
