import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZProduct, ZProductDetail } from '@nirmaan/shared';
import { createTestApp, type TestApp } from './support/app.ts';
import { createProduct, createProductReview, createVendor } from './support/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const MALFORMED = 'not-a-uuid';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('GET /fetch?category=', () => {
  it('returns the category case-insensitively, cheapest first, with the spec field names', async () => {
    const seller = await createVendor(t.db, { kind: 'seller', businessName: 'Sri Lakshmi Traders' });
    const dear = await createProduct(t.db, { vendorId: seller.id, category: 'Paints', name: 'Royale Luxury Emulsion', price: 520, mrp: 600 });
    const cheap = await createProduct(t.db, { vendorId: seller.id, category: 'Paints', name: 'Tractor Emulsion', price: 260 });
    await createProduct(t.db, { vendorId: seller.id, category: 'Tiles', name: 'Vitrified Tile 2x2', price: 60 });

    const res = await get('/fetch?category=pAiNtS');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.map((p: { _id: string }) => p._id)).toEqual([cheap.id, dear.id]);
    const first = ZProduct.strict().parse(body[0]);
    expect(first).toMatchObject({
      ProductName: 'Tractor Emulsion',
      ProductCategory: 'Paints',
      ProductPrice: 260,
      ProductMrp: null,
      ProductUrl: ['/images/products/cement-1.svg'],
      ProductLocation: 'Hyderabad',
      ProductReview: null,
      ProductReviewCount: 0,
      Vendor: { _id: seller.id, Business_Name: 'Sri Lakshmi Traders' },
    });
    expect(body[1].ProductMrp).toBe(600);
  });

  it('lets the header search find products by brand or name, not only by category', async () => {
    const p = await createProduct(t.db, { category: 'Cement', name: 'UltraTech OPC 53 Grade Cement', brand: 'UltraTech', price: 420 });
    await createProduct(t.db, { category: 'Cement', name: 'ACC Suraksha PPC', brand: 'ACC', price: 390 });
    const byBrand = (await get('/fetch?category=ultratech')).json();
    expect(byBrand.map((x: { _id: string }) => x._id)).toEqual([p.id]);
    const byName = (await get('/fetch?category=opc%2053')).json();
    expect(byName.map((x: { _id: string }) => x._id)).toContain(p.id);
  });

  it('treats % and _ in a search term literally', async () => {
    await createProduct(t.db, { category: 'Glass', name: 'Frosted Glass Sheet' });
    expect((await get('/fetch?category=%25')).json()).toEqual([]);
    expect((await get('/fetch?category=_')).json()).toEqual([]);
  });

  it('returns an empty list for a term nothing matches', async () => {
    const res = await get('/fetch?category=unobtainium');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('refuses an absurdly long term with a message', async () => {
    const res = await get(`/fetch?category=${'x'.repeat(101)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Search terms are at most 100 characters.');
  });
});

describe('GET /product/{id}', () => {
  it('returns the product with its seller card and the average of its stored reviews', async () => {
    const seller = await createVendor(t.db, { kind: 'seller', businessName: 'Deccan Steel Depot', city: 'Hyderabad' });
    const p = await createProduct(t.db, { vendorId: seller.id, category: 'Steel', name: 'Tata Tiscon 12 mm TMT', price: 68000, mrp: 72000, unit: 'tonne', tag: 'Bestseller' });
    await createProductReview(t.db, p.id, { rating: 4 });
    await createProductReview(t.db, p.id, { rating: 5 });
    await createProductReview(t.db, p.id, { rating: 5 });

    const res = await get(`/product/${p.id}`);
    expect(res.statusCode).toBe(200);
    const body = ZProductDetail.strict().parse(res.json());
    expect(body).toMatchObject({
      _id: p.id,
      ProductName: 'Tata Tiscon 12 mm TMT',
      ProductPrice: 68000,
      ProductMrp: 72000,
      ProductUnit: 'tonne',
      Tag: 'Bestseller',
      ProductReview: 4.7,
      ProductReviewCount: 3,
      InStock: true,
    });
    expect(Object.keys(body.Vendor).sort()).toEqual(['Business_Name', 'Business_address', 'City', 'Profile_Image', '_id']);
  });

  it('never sends the seller’s email, phone, password hash or bank details', async () => {
    const seller = await createVendor(t.db, { kind: 'seller', email: 'private-seller@example.test', phone: '9000011111' });
    const p = await createProduct(t.db, { vendorId: seller.id });
    const raw = (await get(`/product/${p.id}`)).body;
    for (const secret of ['private-seller@example.test', '9000011111', 'argon2', '000123456789', 'SBIN0000001']) {
      expect(raw).not.toContain(secret);
    }
  });

  it('answers 400 for a malformed id and 404 for an unknown one, each with a message', async () => {
    const bad = await get(`/product/${MALFORMED}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'BAD_REQUEST', message: 'That link is not valid: the id is malformed.' });
    const missing = await get(`/product/${UNKNOWN}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'NOT_FOUND', message: 'Product not found.' });
  });
});

describe('GET /related-products/{category}?exclude=', () => {
  it('returns at most 4 others of the category, best rated first, never the excluded one', async () => {
    const seller = await createVendor(t.db, { kind: 'seller' });
    const made = [];
    for (let i = 0; i < 6; i++) made.push(await createProduct(t.db, { vendorId: seller.id, category: 'Roofing', price: 1000 + i }));
    await createProductReview(t.db, made[5]!.id, { rating: 5 });
    const res = await get(`/related-products/roofing?exclude=${made[0]!.id}`);
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((p: { _id: string }) => p._id);
    expect(ids).toHaveLength(4);
    expect(ids).not.toContain(made[0]!.id);
    expect(ids[0]).toBe(made[5]!.id);
  });

  it('rejects a malformed exclude id', async () => {
    const res = await get(`/related-products/Roofing?exclude=${MALFORMED}`);
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /fetch/review/{productId}', () => {
  it('lists reviews newest first under getreview', async () => {
    const p = await createProduct(t.db);
    await createProductReview(t.db, p.id, { comment: 'older', createdAt: new Date('2026-01-01T00:00:00Z') });
    await createProductReview(t.db, p.id, { comment: 'newer', rating: 2, createdAt: new Date('2026-06-01T00:00:00Z') });
    const res = await get(`/fetch/review/${p.id}`);
    expect(res.statusCode).toBe(200);
    const { getreview } = res.json();
    expect(getreview.map((r: { comment: string }) => r.comment)).toEqual(['newer', 'older']);
    expect(getreview[0]).toEqual({
      _id: expect.any(String), productId: p.id, customerName: 'Ravi Kumar', rating: 2, comment: 'newer', createdAt: '2026-06-01T00:00:00.000Z',
    });
  });

  it('answers 404 for an unknown product and 400 for a malformed id', async () => {
    expect((await get(`/fetch/review/${UNKNOWN}`)).statusCode).toBe(404);
    expect((await get(`/fetch/review/${MALFORMED}`)).statusCode).toBe(400);
  });
});
