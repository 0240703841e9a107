import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZServiceVendor, ZVendorProfile } from '@nirmaan/shared';
import { createTestApp, type TestApp } from './support/app.ts';
import { createProduct, createProject, createVendor, createVendorReview } from './support/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const MALFORMED = '12345';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const SECRETS = ['@example.test', '9123456780', 'argon2', '000123456789', 'SBIN0000001'];

describe('GET /fetch/services?category=', () => {
  it('lists professionals of the trade or sub-category, never product sellers', async () => {
    const plumber = await createVendor(t.db, { category: 'Plumber', businessName: 'Aqua Fix Plumbing', subCategories: ['Plumber', 'Technician'] });
    const lift = await createVendor(t.db, { category: 'Lift Technician', businessName: 'Lift Care', subCategories: ['Technician'] });
    await createVendor(t.db, { kind: 'seller', category: 'Plumbing', businessName: 'Pipe Depot Plumber Supplies' });
    await createVendorReview(t.db, plumber.id, { rating: 4 });
    await createVendorReview(t.db, plumber.id, { rating: 5 });

    const res = await get('/fetch/services?category=plumber');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(typeof body.description).toBe('string');
    expect(body.description.length).toBeGreaterThan(0);
    expect(body.services.map((s: { _id: string }) => s._id)).toEqual([plumber.id]);
    expect(ZServiceVendor.strict().parse(body.services[0])).toMatchObject({
      Business_Name: 'Aqua Fix Plumbing', Sub_Category: ['Plumber', 'Technician'], Charge_Per_Hour_or_Day: 600,
      Charge_Type: 'Per Visit', Rating: 4.5, ReviewCount: 2,
    });

    const tech = (await get('/fetch/services?category=Technician')).json();
    expect(tech.services.map((s: { _id: string }) => s._id).sort()).toEqual([plumber.id, lift.id].sort());
    expect(JSON.stringify(tech)).not.toMatch(new RegExp(SECRETS.map((s) => s.replace('$', '\\$')).join('|')));
  });

  it('returns an empty list (not an error) for a trade nobody offers', async () => {
    const res = await get('/fetch/services?category=Astronaut');
    expect(res.statusCode).toBe(200);
    expect(res.json().services).toEqual([]);
  });
});

describe('GET /profesionaldetails/{id} and GET /api/vendor/{id}', () => {
  it('returns only public fields, with a rating average', async () => {
    const v = await createVendor(t.db, { ownerName: 'Ramesh Yadav', businessName: 'Yadav Electricals', category: 'Electrician', subCategories: ['Electrician'] });
    await createVendorReview(t.db, v.id, { rating: 3 });
    for (const url of [`/profesionaldetails/${v.id}`, `/api/vendor/${v.id}`]) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      const body = ZVendorProfile.strict().parse(res.json());
      expect(body).toMatchObject({ _id: v.id, Owner_name: 'Ramesh Yadav', Business_Name: 'Yadav Electricals', Category: 'Electrician', Rating: 3, ReviewCount: 1 });
      for (const s of SECRETS) expect(res.body).not.toContain(s);
    }
  });

  it('answers 404 "No vendor found." for an unknown id and 400 for a malformed one', async () => {
    const res = await get(`/profesionaldetails/${UNKNOWN}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No vendor found.');
    expect((await get(`/profesionaldetails/${MALFORMED}`)).statusCode).toBe(400);
    expect((await get(`/api/vendor/${MALFORMED}`)).statusCode).toBe(400);
  });
});

describe('GET /api/projects/{id}', () => {
  it('lists the professional’s projects newest first', async () => {
    const v = await createVendor(t.db);
    await createProject(t.db, v.id, { title: 'Villa plumbing', createdAt: new Date('2025-03-01T00:00:00Z') });
    await createProject(t.db, v.id, { title: 'Kitchen sink line', createdAt: new Date('2026-02-01T00:00:00Z') });
    const res = await get(`/api/projects/${v.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((p: { title: string }) => p.title)).toEqual(['Kitchen sink line', 'Villa plumbing']);
    expect(Object.keys(res.json()[0]).sort()).toEqual(['_id', 'category', 'createdAt', 'description', 'image', 'title']);
  });

  it('answers 404 for an unknown vendor', async () => {
    expect((await get(`/api/projects/${UNKNOWN}`)).statusCode).toBe(404);
  });
});

describe('GET /fetch/review/service/{id}', () => {
  it('lists the vendor’s reviews newest first under getreview', async () => {
    const v = await createVendor(t.db);
    await createVendorReview(t.db, v.id, { comment: 'first', createdAt: new Date('2026-01-01T00:00:00Z') });
    await createVendorReview(t.db, v.id, { comment: 'second', createdAt: new Date('2026-03-01T00:00:00Z') });
    const res = await get(`/fetch/review/service/${v.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().getreview.map((r: { comment: string }) => r.comment)).toEqual(['second', 'first']);
    expect((await get(`/fetch/review/service/${UNKNOWN}`)).statusCode).toBe(404);
  });
});

describe('POST /api/viewstore', () => {
  const post = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/viewstore', payload: payload as object });

  it('lists the seller’s products, each with its Vendor and Tag', async () => {
    const seller = await createVendor(t.db, { kind: 'seller', businessName: 'Mumbai Build Mart', description: 'Cement, steel and tiles delivered across Mumbai since 1998.' });
    const other = await createVendor(t.db, { kind: 'seller' });
    const a = await createProduct(t.db, { vendorId: seller.id, tag: 'New' });
    const b = await createProduct(t.db, { vendorId: seller.id, category: 'Steel' });
    await createProduct(t.db, { vendorId: other.id });
    const res = await post({ id: seller.id });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.map((p: { _id: string }) => p._id).sort()).toEqual([a.id, b.id].sort());
    expect(body.every((p: { Vendor: { Business_Name: string } }) => p.Vendor.Business_Name === 'Mumbai Build Mart')).toBe(true);
    expect(body.find((p: { _id: string }) => p._id === a.id).Tag).toBe('New');
    // The store hero of a spec client reads the description from the products' Vendor.
    expect(body[0].Vendor.Business_Description).toBe('Cement, steel and tiles delivered across Mumbai since 1998.');
  });

  it('answers "Vendor not found." for an unknown vendor and 400 for a missing or malformed id', async () => {
    const res = await post({ id: UNKNOWN });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Vendor not found.');
    expect((await post({})).statusCode).toBe(400);
    expect((await post({ id: MALFORMED })).statusCode).toBe(400);
  });
});

describe('GET /api/vendor/{id}/price', () => {
  it('gives a professional’s base price', async () => {
    const v = await createVendor(t.db, { chargeAmount: 850, chargeType: 'Per Day' });
    const res = await get(`/api/vendor/${v.id}/price`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ vendorPrice: 850 });
  });

  it('answers 404 for a product seller or an unknown vendor', async () => {
    const seller = await createVendor(t.db, { kind: 'seller' });
    expect((await get(`/api/vendor/${seller.id}/price`)).statusCode).toBe(404);
    expect((await get(`/api/vendor/${UNKNOWN}/price`)).statusCode).toBe(404);
    expect((await get(`/api/vendor/${MALFORMED}/price`)).statusCode).toBe(400);
  });
});
