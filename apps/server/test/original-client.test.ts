import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, products, vendors } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { createBooking, createCustomer, createProduct, createVendor } from './support/factories.ts';
import { caller, loggedInVendor } from './support/http.ts';

/**
 * Issue 30: the three calls the seed's original frontend makes that the spec does not list (docs/api-contract.md):
 * its slot picker's taken slots, its view counter, and its recently viewed products.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const call = caller(() => t);
const from = (ip: string) => ({ remoteAddress: ip });
const view = (productId: string, ip: string) => t.app.inject({ method: 'POST', url: `/updateview/${productId}`, ...from(ip) });
const NO_SUCH = '00000000-0000-4000-8000-000000000000';

describe('GET /datedeatils/{vendorId}', () => {
  it("answers the professional's live slots from today on, day by day in slot order, with no customer data; [] for an unknown id", async () => {
    const pro = await createVendor(t.db, { kind: 'professional' });
    const c = await createCustomer(t.db);
    await createBooking(t.db, c, pro.id, { days: 3, time: '10:00 AM' });
    await createBooking(t.db, c, pro.id, { days: 3, time: '9:00 AM' });
    await createBooking(t.db, c, pro.id, { days: 1, time: '2:00 PM' });
    const cancelled = await createBooking(t.db, c, pro.id, { days: 1, time: '3:00 PM' });
    await t.db.update(bookings).set({ status: 'Cancelled' }).where(eq(bookings.id, cancelled.id));
    await createBooking(t.db, c, pro.id, { days: -2, time: '11:00 AM' });
    const other = await createVendor(t.db, { kind: 'professional' });
    await createBooking(t.db, c, other.id, { days: 2, time: '1:00 PM' });

    const res = await call(null, 'GET', `/datedeatils/${pro.id}`);
    expect(res.statusCode).toBe(200);
    const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    expect(res.json()).toEqual([
      { serviceDate: day(1), serviceTime: '2:00 PM' },
      { serviceDate: day(3), serviceTime: '9:00 AM' },
      { serviceDate: day(3), serviceTime: '10:00 AM' },
    ]);
    for (const secret of [c.email, c.fullName, '500033', c.id]) expect(res.body).not.toContain(secret);
    expect((await call(null, 'GET', `/datedeatils/${NO_SUCH}`)).json()).toEqual([]);
    const bad = await call(null, 'GET', '/datedeatils/not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/id is malformed/);
  });

  it('is JSON for a fetch and stays out of the way of page loads of other addresses', async () => {
    const pro = await createVendor(t.db, { kind: 'professional' });
    const res = await call(null, 'GET', `/datedeatils/${pro.id}`, undefined, { accept: 'application/json, text/plain, */*' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual([]);
  });
});

describe('POST /updateview/{productId}', () => {
  it('counts one view per client and product in half an hour, whatever the race, and 404s an unknown or deleted product', async () => {
    const p = await createProduct(t.db);
    const first = await view(p.id, '10.30.0.1');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: 'Success', counted: true, views: 1 });
    // The same client again, 20 times at once: no more counted.
    const again = await Promise.all(Array.from({ length: 20 }, () => view(p.id, '10.30.0.1')));
    expect(again.map((r) => r.json().counted)).toEqual(Array(20).fill(false));
    // 40 clients at once: each counts once, none lost.
    const racing = await Promise.all(Array.from({ length: 40 }, (_, i) => view(p.id, `10.31.0.${i + 1}`)));
    expect(racing.every((r) => r.statusCode === 200 && r.json().counted)).toBe(true);
    expect((await view(p.id, '10.30.0.1')).json()).toEqual({ message: 'Already counted', counted: false, views: 41 });

    expect((await view(NO_SUCH, '10.30.0.2')).statusCode).toBe(404);
    expect((await view('nope', '10.30.0.2')).statusCode).toBe(400);
    const gone = await createProduct(t.db);
    await t.db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, gone.id));
    expect((await view(gone.id, '10.30.0.2')).json()).toMatchObject({ code: 'NOT_FOUND', message: 'Product not found.' });
  });

  it('shows on the vendor’s dashboard, and sort=popular lists the most viewed first without changing the default order', async () => {
    const seller = await loggedInVendor(t, { kind: 'seller' });
    // A category name lists that category in price order by default; a town of this test's own keeps others out.
    const category = 'Cement';
    const town = `Kochi ${seller.id.slice(0, 8)}`;
    const [cheap, mid, dear] = await Promise.all([100, 200, 300].map((price) => createProduct(t.db, { vendorId: seller.id, price, category, location: town })));
    for (let i = 0; i < 3; i++) await view(dear!.id, `10.32.0.${i + 1}`);
    await view(mid!.id, '10.32.1.1');

    const dash = (await call(seller, 'GET', '/api/vendor/dashboard')).json();
    expect(dash.productViews).toEqual({
      total: 4,
      top: [{ _id: dear!.id, ProductName: dear!.name, views: 3 }, { _id: mid!.id, ProductName: mid!.name, views: 1 }],
    });

    const list = async (query: string) => (await call(null, 'GET', `/api/products?category=${category}&location=${encodeURIComponent(town)}${query}`)).json();
    const ids = (page: { items: { _id: string }[] }) => page.items.map((p) => p._id);
    expect(ids(await list(''))).toEqual([cheap!.id, mid!.id, dear!.id]);
    expect(ids(await list('&sort=popular'))).toEqual([dear!.id, mid!.id, cheap!.id]);
    const firstPage = await list('&sort=popular&limit=2');
    expect(ids(firstPage)).toEqual([dear!.id, mid!.id]);
    expect(ids(await list(`&sort=popular&limit=2&cursor=${firstPage.nextCursor}`))).toEqual([cheap!.id]);
    const spec = (await call(null, 'GET', `/fetch?category=${category}&location=${encodeURIComponent(town)}&sort=popular`)).json();
    expect(spec.map((p: { _id: string }) => p._id)).toEqual([dear!.id, mid!.id, cheap!.id]);
    expect((await call(null, 'GET', `/api/products?category=${category}&sort=views`)).json().message).toBe('sort is relevance, price_asc, price_desc or popular.');
  });
});

describe('POST /recent-products', () => {
  it('answers the shown products in the order given, in the spec’s product shape, skipping unknown, deleted and hidden ones', async () => {
    const [a, b, c, deleted] = await Promise.all([1, 2, 3, 4].map(() => createProduct(t.db)));
    await t.db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, deleted!.id));
    const suspended = await createVendor(t.db, { kind: 'seller' });
    const hidden = await createProduct(t.db, { vendorId: suspended.id });
    await t.db.update(vendors).set({ suspendedAt: new Date() }).where(eq(vendors.id, suspended.id));

    const res = await call(null, 'POST', '/recent-products', { ids: [c!.id, NO_SUCH, a!.id, deleted!.id, '64f1c0ffee0000000000abcd', hidden.id, b!.id, a!.id] });
    expect(res.statusCode).toBe(200);
    const items = res.json() as { _id: string; ProductName: string; ProductPrice: number; ProductUrl: string[] }[];
    expect(items.map((p) => p._id)).toEqual([c!.id, a!.id, b!.id]);
    expect(items[0]).toMatchObject({ _id: c!.id, ProductName: c!.name, ProductPrice: c!.price, ProductUrl: c!.images });
    // The same shape as the spec's product list.
    const listed = (await call(null, 'GET', `/product/${c!.id}`)).json();
    expect(Object.keys(items[0]!).sort()).toEqual(Object.keys(listed).filter((k) => !['ProductDescription', 'InStock', 'ProductVerifiedReviewCount', 'QuantityBreaks'].includes(k)).sort());
  });

  it('reads the first 20 ids only; more than 100 is a 400 with a message, and ids must be a list', async () => {
    const made = await Promise.all(Array.from({ length: 22 }, () => createProduct(t.db)));
    const res = await call(null, 'POST', '/recent-products', { ids: made.map((p) => p.id) });
    expect(res.json().map((p: { _id: string }) => p._id)).toEqual(made.slice(0, 20).map((p) => p.id));
    const tooMany = await call(null, 'POST', '/recent-products', { ids: Array(101).fill(NO_SUCH) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('Send at most 100 ids; the first 20 are read.');
    expect((await call(null, 'POST', '/recent-products', { ids: 'x' })).statusCode).toBe(400);
    expect((await call(null, 'POST', '/recent-products', { ids: [] })).json()).toEqual([]);
  });
});

describe('the contract', () => {
  it('documents the three calls in OpenAPI', async () => {
    const docs = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(docs.paths['/datedeatils/{vendorId}'].get).toBeDefined();
    expect(docs.paths['/updateview/{productId}'].post).toBeDefined();
    expect(docs.paths['/recent-products'].post).toBeDefined();
  });
});
