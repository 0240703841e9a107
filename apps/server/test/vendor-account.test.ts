import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VENDOR_ACCOUNT_MSG, VENDOR_AUTH_MSG } from '@nirmaan/shared';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/index.ts';
import { openDatabase } from '../src/db/client.ts';
import { vendors } from '../src/db/schema/index.ts';
import { todayInIndia } from '../src/modules/bookings/service.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { cookieHeader, createCustomerWithPassword, createVendorWithPassword, latestOtp, loginVendor, loginWithPassword, PASSWORD } from './support/auth.ts';
import { createProject } from './support/factories.ts';
import { exitWithin, freshDatabaseEnv, spawnServer } from './support/server-process.ts';

/** A vendor signs up with an emailed code, waits for approval, and only then is listed. */

let t: TestApp;
let uploadsDir: string;
beforeAll(async () => {
  uploadsDir = await mkdtemp(path.join(tmpdir(), 'nirmaan-vendor-account-'));
  t = await createTestApp({ UPLOADS_DIR: uploadsDir });
});
afterAll(async () => {
  await t.close();
  await rm(uploadsDir, { recursive: true, force: true });
});

let shade = 0;
/** Uploads a small JPEG of its own as the vendor, through POST /api/vendor/uploads; returns its /uploads/… url. */
async function uploadImage(headers: Record<string, string>): Promise<string> {
  shade += 1;
  const jpeg = await sharp({ create: { width: 24, height: 16, channels: 3, background: { r: (shade * 37) % 256, g: (shade * 91) % 256, b: (shade * 53) % 256 } } }).jpeg().toBuffer();
  const res = await t.app.inject({ method: 'POST', url: '/api/vendor/uploads', headers: { ...headers, 'content-type': 'image/jpeg' }, payload: jpeg });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().url as string;
}

let n = 0;
const uniqueEmail = (tag: string) => `${tag}-${++n}-${Date.now().toString(36)}@vendor.example.test`;
const post = (app: TestApp['app'], url: string, payload: object, ip = '10.12.0.1', headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, headers, remoteAddress: ip });
const get = (app: TestApp['app'], url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

const signupBody = (email: string, over: Record<string, unknown> = {}) => ({
  Business_Name: 'Kaveri Waterproofing Works', Owner_name: 'Lakshmi Narayanan', email, phone: '9845012345', password: PASSWORD,
  kind: 'professional', Category: 'Plumber', city: 'Bangalore', Business_address: '14 CMH Road, Indiranagar, Bangalore 560038',
  Charge_Per_Hour_or_Day: 700, Charge_Type: 'Per Visit', ...over,
});

/** Sends a vendor-signup code to `email` and verifies it, opening the verified window. */
async function verifyForSignup(app: TestApp['app'], email: string, ip: string, purpose: string | null = 'vendor-signup') {
  const sent = await post(app, '/sendotp', { Email: email, ...(purpose ? { purpose } : {}) }, ip);
  expect(sent.statusCode, sent.body).toBe(200);
  const otp = await latestOtp(app, email);
  expect((await post(app, '/verifyotp', { Email: email, otp }, ip)).json().message).toBe('OTP verified');
}

/** Every public call that shows a vendor, for one vendor id: the status each answers. */
async function publicAnswers(app: TestApp['app'], id: string, trade = 'Plumber') {
  const listed = (await get(app, `/fetch/services?category=${encodeURIComponent(trade)}`)).json().services.some((s: { _id: string }) => s._id === id);
  const paged = (await get(app, `/api/services?category=${encodeURIComponent(trade)}&limit=200`)).json().services.some((s: { _id: string }) => s._id === id);
  return {
    listed, paged,
    profile: (await get(app, `/profesionaldetails/${id}`)).statusCode,
    details: (await get(app, `/api/vendor/${id}`)).statusCode,
    price: (await get(app, `/api/vendor/${id}/price`)).statusCode,
    projects: (await get(app, `/api/projects/${id}`)).statusCode,
    reviews: (await get(app, `/fetch/review/service/${id}`)).statusCode,
    store: (await post(app, '/api/viewstore', { id })).statusCode,
  };
}

describe('vendor signup', () => {
  it('needs a verified code for the email', async () => {
    const email = uniqueEmail('unverified');
    const res = await post(t.app, '/api/vendor/signup', signupBody(email), '10.12.1.1');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Please verify your email with OTP first.');
    expect(await t.db.select().from(vendors).where(eq(vendors.email, email))).toHaveLength(0);
  });

  it('creates an unapproved account that can log in but is nowhere public and cannot be booked or reviewed', async () => {
    const email = uniqueEmail('new-pro');
    await verifyForSignup(t.app, email, '10.12.2.1');
    const res = await post(t.app, '/api/vendor/signup', signupBody(email.toUpperCase()), '10.12.2.1');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(VENDOR_ACCOUNT_MSG.signedUp);
    const [row] = await t.db.select().from(vendors).where(eq(vendors.email, email));
    expect(row).toMatchObject({ kind: 'professional', businessName: 'Kaveri Waterproofing Works', city: 'Bangalore', category: 'Plumber', chargeAmountPaise: 70_000, chargeType: 'Per Visit', approvedAt: null });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);

    const { res: login, token } = await loginVendor(t.app, email);
    expect(login.statusCode).toBe(200);
    expect((await get(t.app, '/api/vendor/me', cookieHeader(token))).json()).toMatchObject({ _id: row!.id, approved: false, Business_Name: 'Kaveri Waterproofing Works' });

    expect(await publicAnswers(t.app, row!.id)).toEqual({ listed: false, paged: false, profile: 404, details: 404, price: 404, projects: 404, reviews: 404, store: 404 });
    expect((await get(t.app, `/profesionaldetails/${row!.id}`)).json().message).toBe('No vendor found.');
    expect((await post(t.app, '/api/viewstore', { id: row!.id })).json().message).toBe('Vendor not found.');

    const c = await createCustomerWithPassword(t.db);
    const asCustomer = cookieHeader((await loginWithPassword(t.app, c.email)).token);
    const date = new Date(`${todayInIndia()}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + 2);
    const booking = await t.app.inject({
      method: 'POST', url: '/api/booking', headers: asCustomer, payload: {
        Vendorid: row!.id, customerid: c.id, serviceDate: date.toISOString().slice(0, 10), serviceTime: '10:00 AM',
        customer: { fullName: c.fullName, email: c.email, phone: '9876543210', alternatePhone: '' },
        address: { street: '1 MG Road', city: 'Bangalore', state: 'Karnataka', zip: '560001', latitude: null, longitude: null, specialInstructions: '' },
        saveAddress: true, payment: { method: 'cash' }, totalAmount: 950,
      },
    });
    expect(booking.statusCode).toBe(404);
    expect(booking.json().message).toBe('No vendor found.');
    const review = await t.app.inject({ method: 'POST', url: `/review/${c.id}`, headers: asCustomer, payload: { vendorids: row!.id, rating: 5, comment: 'Great' } });
    expect(review.statusCode).toBe(404);
  });

  it('checks the category against the kind, a professional’s charge and the password rules, writing nothing', async () => {
    const email = uniqueEmail('bad');
    await verifyForSignup(t.app, email, '10.12.3.1');
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ kind: 'seller', Category: 'Plumber' }, /material category/],
      [{ kind: 'professional', Category: 'Cement' }, /trade/],
      [{ Charge_Per_Hour_or_Day: undefined }, /charge/],
      [{ Charge_Per_Hour_or_Day: 10 }, /between ₹50/],
      [{ city: 'Chennai' }, /Please choose Hyderabad/],
      [{ password: 'short' }, /at least 6/],
      [{ phone: '12345' }, /mobile number/],
    ];
    for (const [over, message] of cases) {
      const res = await post(t.app, '/api/vendor/signup', signupBody(email, over), '10.12.3.1');
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    // A common password is refused by the same rule as for customers; the window is still open after all refusals.
    const weak = await post(t.app, '/api/vendor/signup', signupBody(email, { password: 'password123' }), '10.12.3.1');
    expect(weak.statusCode).toBe(400);
    expect(await t.db.select().from(vendors).where(eq(vendors.email, email))).toHaveLength(0);
    const seller = await post(t.app, '/api/vendor/signup', signupBody(email, { kind: 'seller', Category: 'Cement', Charge_Per_Hour_or_Day: 900 }), '10.12.3.1');
    expect(seller.statusCode, seller.body).toBe(201);
    const [row] = await t.db.select().from(vendors).where(eq(vendors.email, email));
    expect(row).toMatchObject({ kind: 'seller', category: 'Cement', chargeAmountPaise: null, chargeType: null });
  });

  it('makes one account when 40 signups of one email race, and a later one gets a clear 409', async () => {
    const email = uniqueEmail('race');
    await verifyForSignup(t.app, email, '10.12.4.1');
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => post(t.app, '/api/vendor/signup', signupBody(email, { Business_Name: `Racer ${i}` }), `10.12.4.${i + 2}`)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.every((c) => c === 201 || c === 403 || c === 409)).toBe(true);
    expect(await t.db.select().from(vendors).where(eq(vendors.email, email))).toHaveLength(1);

    // A code for the taken email (sent without a purpose) still cannot make a second account.
    await verifyForSignup(t.app, email, '10.12.4.100', null);
    const again = await post(t.app, '/api/vendor/signup', signupBody(email), '10.12.4.100');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(VENDOR_AUTH_MSG.vendorEmailTaken);
    expect(await t.db.select().from(vendors).where(eq(vendors.email, email))).toHaveLength(1);
  });

  it('refuses a vendor-signup code for an email that already has a vendor account', async () => {
    const email = uniqueEmail('taken');
    await verifyForSignup(t.app, email, '10.12.5.1');
    expect((await post(t.app, '/api/vendor/signup', signupBody(email), '10.12.5.1')).statusCode).toBe(201);
    const res = await post(t.app, '/sendotp', { Email: email, purpose: 'vendor-signup' }, '10.12.5.2');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(VENDOR_AUTH_MSG.vendorEmailTaken);
  });
});

describe('npm run vendor:approve', () => {
  it('approves the vendor of an email from a real child process, after which it is listed; an unknown email exits 1', async () => {
    const fresh = await freshDatabaseEnv('vendor-approve');
    const open = async () => {
      const database = await openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: fresh.dataDir });
      await database.migrate();
      const config = loadConfig({ NODE_ENV: 'test', SEED_ON_START: 'false', WEB_DIST: '/nonexistent' });
      const app = await buildApp({ config, database });
      await app.ready();
      return { app, close: async () => { await app.close(); await database.close(); } };
    };
    try {
      let server = await open();
      const email = uniqueEmail('approve');
      await verifyForSignup(server.app, email, '10.12.6.1');
      expect((await post(server.app, '/api/vendor/signup', signupBody(email, { Category: 'Electrician' }), '10.12.6.1')).statusCode).toBe(201);
      const { token } = await loginVendor(server.app, email);
      const id = (await get(server.app, '/api/vendor/me', cookieHeader(token))).json()._id as string;
      expect((await publicAnswers(server.app, id, 'Electrician')).listed).toBe(false);
      // PGlite serves one process: the CLI needs the directory to itself, as it would beside a stopped server.
      await server.close();

      const cli = spawnServer(fresh.env, 'apps/server/src/cli/vendor-approve.ts', [email.toUpperCase()]);
      expect(await exitWithin(cli, 90_000)).toEqual({ code: 0, signal: null });
      expect(cli.output()).toContain(`Approved Kaveri Waterproofing Works (${email}, vendor ${id})`);

      const unknown = spawnServer(fresh.env, 'apps/server/src/cli/vendor-approve.ts', ['nobody@vendor.example.test']);
      expect(await exitWithin(unknown, 90_000)).toEqual({ code: 1, signal: null });
      expect(unknown.output()).toContain('No vendor account has the email nobody@vendor.example.test.');

      server = await open();
      try {
        expect(await publicAnswers(server.app, id, 'Electrician')).toEqual({ listed: true, paged: true, profile: 200, details: 200, price: 200, projects: 200, reviews: 200, store: 200 });
        expect((await get(server.app, '/api/vendor/me', cookieHeader(token))).json().approved).toBe(true);
      } finally {
        await server.close();
      }
    } finally {
      await fresh.drop();
    }
  }, 240_000);
});

async function loggedInVendor(overrides: Parameters<typeof createVendorWithPassword>[1] = {}) {
  const v = await createVendorWithPassword(t.db, overrides);
  return { ...v, headers: cookieHeader((await loginVendor(t.app, v.email)).token) };
}
const send = (headers: Record<string, string>, method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const profileBody = (over: Record<string, unknown> = {}) => ({
  Business_Name: 'Sai Ram Plumbing & Sanitary', Owner_name: 'Venkata Sai Ram', Business_Description: 'Leak repairs, CPVC lines and bathroom fittings since 2009.',
  Business_address: '3-4-512 Barkatpura, Hyderabad 500027', City: 'Hyderabad', Profile_Image: null, Category: 'Plumber',
  Sub_Category: ['Plumber', 'Bathroom Fittings', 'Plumber'], Charge_Per_Hour_or_Day: 450, Charge_Type: 'Per Hour', ...over,
});

describe('the store profile', () => {
  it('shows a change on /profesionaldetails and the services list at once, though both were cached before', async () => {
    // A skill of this vendor alone: the list below is a cache entry of this test's own.
    const skill = `Borewell ${Date.now().toString(36)}`;
    const list = `/fetch/services?category=Plumber&q=${encodeURIComponent(skill)}`;
    const v = await loggedInVendor({ kind: 'professional', category: 'Plumber', subCategories: ['Plumber', skill] });
    const before = await get(t.app, `/profesionaldetails/${v.id}`);
    expect(before.json().Business_Name).toBe(v.businessName);
    expect((await get(t.app, `/profesionaldetails/${v.id}`)).headers['x-cache']).toBe('hit');
    expect((await get(t.app, list)).json().services.map((s: { Business_Name: string }) => s.Business_Name)).toEqual([v.businessName]);
    expect((await get(t.app, list)).headers['x-cache']).toBe('hit');

    const image = await uploadImage(v.headers);
    const res = await send(v.headers, 'PUT', '/api/vendor/profile', profileBody({ Sub_Category: ['Plumber', 'Bathroom Fittings', 'Plumber', skill], Profile_Image: image }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ _id: v.id, Business_Name: 'Sai Ram Plumbing & Sanitary', email: v.email, approved: true, Sub_Category: ['Plumber', 'Bathroom Fittings', skill] });
    const after = (await get(t.app, `/profesionaldetails/${v.id}`)).json();
    expect(after).toMatchObject({
      Business_Name: 'Sai Ram Plumbing & Sanitary', Owner_name: 'Venkata Sai Ram', Business_Description: 'Leak repairs, CPVC lines and bathroom fittings since 2009.',
      Business_address: '3-4-512 Barkatpura, Hyderabad 500027', Profile_Image: image, Charge_Per_Hour_or_Day: 450, Charge_Type: 'Per Hour',
    });
    expect(after).not.toHaveProperty('email');
    expect((await get(t.app, list)).json().services.map((s: { Business_Name: string }) => s.Business_Name)).toEqual(['Sai Ram Plumbing & Sanitary']);
    expect((await get(t.app, `/api/vendor/${v.id}/price`)).json()).toEqual({ vendorPrice: 450 });
  });

  it('refuses outside images, a category of the other kind and a professional without a charge, changing nothing', async () => {
    const pro = await loggedInVendor({ kind: 'professional' });
    const seller = await loggedInVendor({ kind: 'seller' });
    const othersUpload = await uploadImage(seller.headers);
    const refusals: [typeof pro, Record<string, unknown>, RegExp][] = [
      [pro, { Profile_Image: othersUpload }, /other vendors’ images/],
      [pro, { Profile_Image: '/images/vendors/someone-else.svg' }, /other vendors’ images/],
      [pro, { Profile_Image: '/uploads/0000000000000000000000000000000000000000000000000000000000000000.webp' }, /other vendors’ images/],
      [pro, { Profile_Image: 'https://tracker.example.com/me.png' }, /stored on Nirmaan/],
      [pro, { Profile_Image: '//evil.example.com/x.png' }, /stored on Nirmaan/],
      [pro, { Profile_Image: '/uploads/../../etc/passwd' }, /stored on Nirmaan/],
      [pro, { Profile_Image: 'javascript:alert(1)' }, /stored on Nirmaan/],
      [pro, { Category: 'Cement' }, /trade/],
      [pro, { Charge_Per_Hour_or_Day: null }, /need a charge/],
      [seller, { Category: 'Plumber' }, /material category/],
      [pro, { Sub_Category: Array.from({ length: 11 }, (_, i) => `Skill ${i}`) }, /At most 10/],
    ];
    for (const [who, over, message] of refusals) {
      const res = await send(who.headers, 'PUT', '/api/vendor/profile', profileBody(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await get(t.app, `/profesionaldetails/${pro.id}`)).json().Business_Name).toBe(pro.businessName);
    // A seller's charge is dropped; the seeded image it has stays allowed; no image at all is fine.
    const ok = await send(seller.headers, 'PUT', '/api/vendor/profile', profileBody({ Category: 'Steel', Profile_Image: seller.profileImage, Charge_Per_Hour_or_Day: 999 }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ Category: 'Steel', Kind: 'seller', Charge_Per_Hour_or_Day: null, Charge_Type: null, Profile_Image: seller.profileImage });
    expect((await send(seller.headers, 'PUT', '/api/vendor/profile', profileBody({ Category: 'Steel', Profile_Image: othersUpload }))).json().Profile_Image).toBe(othersUpload);
    expect((await send(seller.headers, 'PUT', '/api/vendor/profile', profileBody({ Category: 'Steel', Profile_Image: null }))).json().Profile_Image).toBeNull();
  });

  it('lets an unapproved vendor read and edit its profile, while the public still sees no vendor', async () => {
    const v = await loggedInVendor({ kind: 'professional', approvedAt: null });
    expect((await send(v.headers, 'GET', '/api/vendor/profile')).json()).toMatchObject({ _id: v.id, approved: false });
    expect((await send(v.headers, 'PUT', '/api/vendor/profile', profileBody())).statusCode).toBe(200);
    expect((await get(t.app, `/profesionaldetails/${v.id}`)).statusCode).toBe(404);
  });

  it('is for vendors only: customers get 403, visitors 401', async () => {
    const c = await createCustomerWithPassword(t.db);
    const asCustomer = cookieHeader((await loginWithPassword(t.app, c.email)).token);
    expect((await send(asCustomer, 'PUT', '/api/vendor/profile', profileBody())).statusCode).toBe(403);
    expect((await send({}, 'PUT', '/api/vendor/profile', profileBody())).statusCode).toBe(401);
    expect((await send({}, 'GET', '/api/vendor/profile')).statusCode).toBe(401);
  });
});

const projectBody = (over: Record<string, unknown> = {}) => ({
  title: 'Terrace waterproofing, 2,400 sq ft', category: 'Waterproofing', description: 'APP membrane over a leaking RCC terrace in Kondapur.',
  date: '2026-08-14', ...over,
});

describe('the projects portfolio', () => {
  it('adds, lists, changes and deletes a project, and the public profile shows each change at once', async () => {
    const v = await loggedInVendor({ kind: 'professional' });
    const image = await uploadImage(v.headers);
    expect((await get(t.app, `/api/projects/${v.id}`)).json()).toEqual([]);
    const created = await send(v.headers, 'POST', '/api/vendor/projects', projectBody({ image }));
    expect(created.statusCode, created.body).toBe(201);
    const project = created.json();
    expect(project).toMatchObject({ title: 'Terrace waterproofing, 2,400 sq ft', date: '2026-08-14', createdAt: '2026-08-14T12:00:00.000Z' });
    const undated = (await send(v.headers, 'POST', '/api/vendor/projects', projectBody({ title: 'Sump cleaning', date: null, image }))).json();
    expect(undated.date).toBeNull();

    const shown = (await get(t.app, `/api/projects/${v.id}`)).json();
    // Newest first: the undated one was added today, after August.
    expect(shown.map((p: { title: string }) => p.title)).toEqual(['Sump cleaning', 'Terrace waterproofing, 2,400 sq ft']);
    expect(shown[1]).toEqual({ _id: project._id, title: 'Terrace waterproofing, 2,400 sq ft', image, category: 'Waterproofing', description: 'APP membrane over a leaking RCC terrace in Kondapur.', createdAt: '2026-08-14T12:00:00.000Z' });
    expect((await get(t.app, `/api/projects/${v.id}`)).headers['x-cache']).toBe('hit');

    const changed = await send(v.headers, 'PATCH', `/api/vendor/projects/${project._id}`, projectBody({ title: 'Terrace waterproofing, 2,600 sq ft', date: '2026-09-01', image }));
    expect(changed.statusCode).toBe(200);
    expect((await get(t.app, `/api/projects/${v.id}`)).json().find((p: { _id: string }) => p._id === project._id)).toMatchObject({ title: 'Terrace waterproofing, 2,600 sq ft', createdAt: '2026-09-01T12:00:00.000Z' });
    expect((await send(v.headers, 'GET', '/api/vendor/projects')).json()).toHaveLength(2);

    expect((await send(v.headers, 'DELETE', `/api/vendor/projects/${project._id}`)).json()).toEqual({ message: 'Project deleted.' });
    expect((await get(t.app, `/api/projects/${v.id}`)).json().map((p: { title: string }) => p.title)).toEqual(['Sump cleaning']);
    expect((await send(v.headers, 'DELETE', `/api/vendor/projects/${project._id}`)).statusCode).toBe(404);
  });

  it('keeps vendors apart: B cannot see, change or delete A’s projects (404); customers 403; visitors 401', async () => {
    const a = await loggedInVendor({ kind: 'professional' });
    const b = await loggedInVendor({ kind: 'professional' });
    const image = await uploadImage(a.headers);
    const mine = (await send(a.headers, 'POST', '/api/vendor/projects', projectBody({ title: 'A’s villa', image }))).json();
    expect((await send(b.headers, 'GET', '/api/vendor/projects')).json()).toEqual([]);
    // B may even have uploaded the same picture: the project is still A's.
    await uploadImage(b.headers);
    const patch = await send(b.headers, 'PATCH', `/api/vendor/projects/${mine._id}`, projectBody({ title: 'Taken over', image }));
    expect(patch.statusCode).toBe(404);
    expect(patch.json().message).toBe(VENDOR_ACCOUNT_MSG.projectNotFound);
    expect((await send(b.headers, 'DELETE', `/api/vendor/projects/${mine._id}`)).statusCode).toBe(404);
    expect((await send(a.headers, 'GET', '/api/vendor/projects')).json()).toMatchObject([{ _id: mine._id, title: 'A’s villa' }]);

    const c = await createCustomerWithPassword(t.db);
    const asCustomer = cookieHeader((await loginWithPassword(t.app, c.email)).token);
    for (const [who, code] of [[asCustomer, 403], [{}, 401]] as const) {
      expect((await send(who, 'GET', '/api/vendor/projects')).statusCode).toBe(code);
      expect((await send(who, 'POST', '/api/vendor/projects', projectBody({ image }))).statusCode).toBe(code);
      expect((await send(who, 'PATCH', `/api/vendor/projects/${mine._id}`, projectBody({ image }))).statusCode).toBe(code);
      expect((await send(who, 'DELETE', `/api/vendor/projects/${mine._id}`)).statusCode).toBe(code);
    }
    expect((await get(t.app, `/api/projects/${a.id}`)).json()).toHaveLength(1);
  });

  it('refuses outside images and bad dates, and holds the limit of 60 when 40 adds race', async () => {
    const v = await loggedInVendor({ kind: 'professional' });
    const other = await loggedInVendor({ kind: 'professional' });
    const image = await uploadImage(v.headers);
    const othersImage = await uploadImage(other.headers);
    expect((await send(v.headers, 'POST', '/api/vendor/projects', projectBody({ image: 'http://example.com/x.jpg' }))).statusCode).toBe(400);
    const foreign = await send(v.headers, 'POST', '/api/vendor/projects', projectBody({ image: othersImage }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(VENDOR_ACCOUNT_MSG.imageNotOurs);
    expect((await send(v.headers, 'POST', '/api/vendor/projects', projectBody({ image, date: '2026-02-30' }))).statusCode).toBe(400);
    expect((await send(v.headers, 'POST', '/api/vendor/projects', projectBody({ image, title: '  ' }))).statusCode).toBe(400);
    expect((await send(v.headers, 'GET', '/api/vendor/projects')).json()).toEqual([]);
    await Promise.all(Array.from({ length: 58 }, (_, i) => createProject(t.db, v.id, { title: `Old ${i}` })));
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => send(v.headers, 'POST', '/api/vendor/projects', projectBody({ title: `Racing ${i}`, image }))));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(2);
    const refused = answers.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(38);
    expect(refused[0]!.json().message).toBe(VENDOR_ACCOUNT_MSG.tooManyProjects);
    expect((await send(v.headers, 'GET', '/api/vendor/projects')).json()).toHaveLength(60);
  });
});
