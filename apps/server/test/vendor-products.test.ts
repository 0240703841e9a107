import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VENDOR_PRODUCT_MSG, ZVendorProduct } from '@nirmaan/shared';
import type { vendors } from '../src/db/schema/index.ts';
import { products } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { caller, loggedInCustomer, loggedInVendor, orderLine } from './support/http.ts';

/** A seller's own products in the vendor portal, and what their changes do to the public catalogue. */

let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'nirmaan-vendor-products-'));
  t = await createTestApp({ UPLOADS_DIR: dir });
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

type Headers = Record<string, string>;
const call = caller(() => t);

let shade = 0;
/** Uploads a small real JPEG (a new colour each time) as this vendor; returns its url. */
async function uploadImage(headers: Headers) {
  shade += 1;
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: shade % 256, g: 90, b: 30 } } }).jpeg().toBuffer();
  const res = await t.app.inject({ method: 'POST', url: '/api/vendor/uploads', headers: { ...headers, 'content-type': 'image/jpeg' }, payload: jpeg });
  expect(res.statusCode).toBe(201);
  return res.json().url as string;
}

const seller = (overrides: Partial<typeof vendors.$inferInsert> = {}) => loggedInVendor(t, { kind: 'seller', ...overrides });
const customer = () => loggedInCustomer(t);

let n = 0;
async function productBody(headers: Headers, overrides: object = {}) {
  n += 1;
  return {
    ProductName: `Zorvex Weatherproof Primer ${n}`, ProductCategory: 'Paints', ProductBrand: 'Zorvex', ProductPrice: 450, ProductMrp: 520,
    ProductUnit: '1 litre', Stock: 12, ProductLocation: 'Hyderabad', ProductDescription: 'Exterior primer for new plaster, dries in an hour.',
    Tag: 'New', ProductUrl: [await uploadImage(headers)], ...overrides,
  };
}

const ids = (res: { json(): unknown }) => (res.json() as { _id: string }[]).map((p) => p._id);

describe('a seller’s products: create, list, change, delete', () => {
  it('creates a product with every field, lists it newest first, changes it and deletes it', async () => {
    const me = await seller();
    const first = await call(me, 'POST', '/api/vendor/products', await productBody(me.headers));
    expect(first.statusCode).toBe(201);
    const created = ZVendorProduct.strict().parse(first.json());
    expect(created).toMatchObject({ ProductCategory: 'Paints', ProductBrand: 'Zorvex', ProductPrice: 450, ProductMrp: 520, ProductUnit: '1 litre',
      Stock: 12, ProductLocation: 'Hyderabad', Tag: 'New', Vendor: { _id: me.id }, ProductReview: null, ProductReviewCount: 0 });
    const second = (await call(me, 'POST', '/api/vendor/products', await productBody(me.headers, { ProductMrp: undefined, Tag: '' }))).json();
    expect(second).toMatchObject({ ProductMrp: null, Tag: null });

    expect(ids(await call(me, 'GET', '/api/vendor/products'))).toEqual([second._id, created._id]);

    const img = await uploadImage(me.headers);
    const changed = await call(me, 'PATCH', `/api/vendor/products/${created._id}`, { Stock: 0, ProductPrice: 480, ProductUrl: [img, created.ProductUrl[0]] });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ Stock: 0, ProductPrice: 480, ProductMrp: 520, ProductName: created.ProductName, ProductUrl: [img, created.ProductUrl[0]] });
    expect((await call(null, 'GET', `/product/${created._id}`)).json()).toMatchObject({ ProductPrice: 480, InStock: false });

    const deleted = await call(me, 'DELETE', `/api/vendor/products/${created._id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe('Product deleted.');
    expect(ids(await call(me, 'GET', '/api/vendor/products'))).toEqual([second._id]);
    expect((await call(me, 'DELETE', `/api/vendor/products/${created._id}`)).statusCode).toBe(404);
    expect((await call(me, 'PATCH', `/api/vendor/products/${created._id}`, { Stock: 3 })).statusCode).toBe(404);
    const [row] = await t.db.select({ deletedAt: products.deletedAt }).from(products).where(eq(products.id, created._id));
    expect(row!.deletedAt).not.toBeNull();
  });

  it('keeps each vendor to its own products (404), customers out (403) and visitors out (401)', async () => {
    const a = await seller();
    const b = await seller();
    const c = await customer();
    const mine = (await call(a, 'POST', '/api/vendor/products', await productBody(a.headers))).json();
    expect(ids(await call(b, 'GET', '/api/vendor/products'))).toEqual([]);
    for (const [who, status] of [[b, 404], [c, 403], [null, 401]] as const) {
      expect((await call(who, 'PATCH', `/api/vendor/products/${mine._id}`, { ProductPrice: 1 })).statusCode).toBe(status);
      expect((await call(who, 'DELETE', `/api/vendor/products/${mine._id}`)).statusCode).toBe(status);
    }
    for (const [who, status] of [[c, 403], [null, 401]] as const) {
      expect((await call(who, 'GET', '/api/vendor/products')).statusCode).toBe(status);
      expect((await call(who, 'POST', '/api/vendor/products', await productBody(a.headers))).statusCode).toBe(status);
    }
    const [row] = await t.db.select().from(products).where(eq(products.id, mine._id));
    expect(row).toMatchObject({ pricePaise: 45_000, deletedAt: null });
  });

  it('lets only approved sellers add products, and tells a professional products are for sellers', async () => {
    const waiting = await seller({ approvedAt: null });
    const refused = await call(waiting, 'POST', '/api/vendor/products', await productBody(waiting.headers));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(VENDOR_PRODUCT_MSG.notApproved);
    const asPro = await loggedInVendor(t, { kind: 'professional' });
    for (const res of [await call(asPro, 'POST', '/api/vendor/products', await productBody(asPro.headers)), await call(asPro, 'GET', '/api/vendor/products')]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(VENDOR_PRODUCT_MSG.sellersOnly);
    }
  });
});

describe('what a seller may send', () => {
  it('refuses each bad field with a message naming it, and writes nothing', async () => {
    const me = await seller();
    const other = await seller();
    const good = await productBody(me.headers);
    const othersImage = await uploadImage(other.headers);
    const cases: [object, string, string][] = [
      [{ ProductMrp: 400 }, 'ProductMrp', VENDOR_PRODUCT_MSG.mrpBelowPrice],
      [{ ProductName: ' ' }, 'ProductName', 'Enter the product name (at least 2 characters).'],
      [{ ProductCategory: 'Plumber' }, 'ProductCategory', 'Choose a category from the list.'],
      [{ ProductPrice: 99.505 }, 'ProductPrice', 'Enter the price in rupees with at most two decimals for the paise (like 55.75).'],
      [{ ProductPrice: 0 }, 'ProductPrice', 'The price must be at least ₹1.'],
      [{ ProductPrice: '450' }, 'ProductPrice', 'Enter the price in rupees.'],
      [{ Stock: -1 }, 'Stock', 'Stock cannot be negative.'],
      [{ Stock: 2.5 }, 'Stock', 'Enter the stock as a whole number.'],
      [{ ProductLocation: 'Chennai' }, 'ProductLocation', 'Choose a location: Hyderabad, Bangalore, Mumbai, Delhi.'],
      [{ ProductDescription: 'short' }, 'ProductDescription', 'Describe the product (at least 10 characters).'],
      [{ ProductUrl: [] }, 'ProductUrl', 'Add at least one image.'],
      [{ ProductUrl: ['https://evil.example/cement.jpg'] }, 'ProductUrl.0', VENDOR_PRODUCT_MSG.imageNotOurs],
      [{ ProductUrl: Array(6).fill(good.ProductUrl[0]) }, 'ProductUrl', 'Add at most 5 images.'],
      [{ ProductUrl: [othersImage] }, 'ProductUrl', VENDOR_PRODUCT_MSG.imageNotOurs],
      [{ ProductUrl: [`/uploads/${'0'.repeat(64)}.webp`] }, 'ProductUrl', VENDOR_PRODUCT_MSG.imageNotOurs],
    ];
    for (const [change, field, message] of cases) {
      const res = await call(me, 'POST', '/api/vendor/products', { ...good, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().message).toBe(message);
      expect(res.json().issues?.[0]?.path).toBe(`body.${field}`);
    }
    expect(ids(await call(me, 'GET', '/api/vendor/products'))).toEqual([]);
  });

  it('refuses a change that puts the MRP below the stored price, or the price above the stored MRP', async () => {
    const me = await seller();
    const p = (await call(me, 'POST', '/api/vendor/products', await productBody(me.headers, { ProductPrice: 450, ProductMrp: 500 }))).json();
    for (const change of [{ ProductMrp: 449 }, { ProductPrice: 501 }, { ProductPrice: 600, ProductMrp: 550 }]) {
      const res = await call(me, 'PATCH', `/api/vendor/products/${p._id}`, change);
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().message).toBe(VENDOR_PRODUCT_MSG.mrpBelowPrice);
    }
    expect((await call(me, 'PATCH', `/api/vendor/products/${p._id}`, { ProductMrp: null, ProductPrice: 900 })).json()).toMatchObject({ ProductPrice: 900, ProductMrp: null });
  });
});

describe('the public catalogue follows a seller’s changes at once', () => {
  it('finds a new product by search, suggestion and category even when those answers were cached before', async () => {
    const me = await seller();
    const search = '/fetch?category=Quillmark';
    const category = '/fetch?category=Flooring';
    const page = '/api/products?category=Flooring';
    const suggest = '/api/search/suggest?q=quillmark';
    await call(null, 'POST', '/api/vendor/products', await productBody(me.headers, { ProductName: 'Placeholder Flooring Sheet', ProductCategory: 'Flooring', ProductBrand: 'Plaino' }))
      .then((r) => expect(r.statusCode).toBe(401));
    const before = { search: await call(null, 'GET', search), category: await call(null, 'GET', category), page: await call(null, 'GET', page) };
    await call(null, 'GET', suggest);
    expect((await call(null, 'GET', category)).headers['x-cache']).toBe('hit');
    expect((await call(null, 'GET', page)).headers['x-cache']).toBe('hit');
    const totalBefore = before.page.json().total;

    const created = (await call(me, 'POST', '/api/vendor/products', await productBody(me.headers, {
      ProductName: 'Quillmark Oak Laminate Plank', ProductCategory: 'Flooring', ProductBrand: 'Quillmark',
    }))).json();
    expect(ids(await call(null, 'GET', search))).toContain(created._id);
    expect(ids(await call(null, 'GET', category))).toContain(created._id);
    expect((await call(null, 'GET', page)).json().total).toBe(totalBefore + 1);
    expect((await call(null, 'GET', suggest)).json().suggestions.map((s: { id?: string }) => s.id)).toContain(created._id);
    expect(ids(await call(null, 'POST', '/api/viewstore', { id: me.id }))).toContain(created._id);

    // A rename is searchable by its new word at once (the search_words trigger and the cache eviction).
    expect(ids(await call(null, 'GET', '/fetch?category=Bramblecrest'))).toEqual([]);
    await call(me, 'PATCH', `/api/vendor/products/${created._id}`, { ProductName: 'Bramblecrest Oak Laminate Plank' });
    expect(ids(await call(null, 'GET', '/fetch?category=Bramblecrest'))).toEqual([created._id]);
  });

  it('a deleted product leaves every list, search and page, while the customer’s order history keeps its line', async () => {
    const me = await seller();
    const buyer = await customer();
    const p = (await call(me, 'POST', '/api/vendor/products', await productBody(me.headers, {
      ProductName: 'Vantrex Marine Plywood 18 mm', ProductCategory: 'Decorative Panels', ProductBrand: 'Vantrex', Stock: 5,
    }))).json();
    const sibling = (await call(me, 'POST', '/api/vendor/products', await productBody(me.headers, { ProductCategory: 'Decorative Panels' }))).json();
    expect((await call(buyer, 'POST', '/ordercart', { orders: [orderLine(buyer, p._id, 1)] })).statusCode).toBe(201);
    await call(buyer, 'POST', '/api/cart', { customerid: buyer.id, productid: p._id, productQuantity: 1 });

    const publicViews = {
      search: '/fetch?category=vantrex', category: '/fetch?category=Decorative Panels', page: '/api/products?category=vantrex',
      suggest: '/api/search/suggest?q=vantrex', related: `/related-products/Decorative Panels?exclude=${sibling._id}`,
    };
    for (const url of Object.values(publicViews)) expect((await call(null, 'GET', url)).body, url).toContain(p._id);
    await call(null, 'GET', `/product/${p._id}`);

    expect((await call(me, 'DELETE', `/api/vendor/products/${p._id}`)).statusCode).toBe(200);

    for (const url of Object.values(publicViews)) expect((await call(null, 'GET', url)).body, url).not.toContain(p._id);
    expect((await call(null, 'GET', '/api/products?category=vantrex')).json().total).toBe(0);
    expect((await call(null, 'POST', '/api/viewstore', { id: me.id })).body).not.toContain(p._id);
    const gone = await call(null, 'GET', `/product/${p._id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Product not found.');

    const history = (await call(buyer, 'GET', `/orderdetails/${buyer.id}`)).json();
    expect(history).toEqual([expect.objectContaining({ productId: p._id, productName: 'Vantrex Marine Plywood 18 mm', productImage: p.ProductUrl[0] })]);
    expect((await call(null, 'GET', p.ProductUrl[0])).statusCode).toBe(200);

    // Still in the cart, shown as none left; checking it out is refused with a reason, and nothing is ordered.
    const cart = (await call(buyer, 'GET', `/carts/${buyer.id}`)).json();
    expect(cart).toEqual([expect.objectContaining({ productid: p._id, stock: 0 })]);
    const refused = await call(buyer, 'POST', '/ordercart', { orders: [orderLine(buyer, p._id, 1)] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Vantrex Marine Plywood 18 mm is no longer sold by its seller. Please remove it from your cart.');
    expect((await call(buyer, 'GET', `/orderdetails/${buyer.id}`)).json()).toHaveLength(1);
    const readd = await call(buyer, 'POST', '/api/cart', { customerid: buyer.id, productid: p._id, productQuantity: 1 });
    expect(readd.statusCode).toBe(404);
  });
});
