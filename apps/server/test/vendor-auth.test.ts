import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import {
  PASSWORD, cookieHeader, createCustomerWithPassword, createVendorWithPassword, latestOtp, loginVendor, loginWithPassword,
} from './support/auth.ts';

/** Vendor sessions: the customer login's rules, in a role of its own. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
const post = (url: string, payload: object, headers: Record<string, string> = {}, ip = '10.9.0.1') =>
  t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: ip });
const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, ...(token ? { headers: cookieHeader(token) } : {}) });

describe('vendor login', () => {
  it('logs a vendor in with a password and tells who it is', async () => {
    const v = await createVendorWithPassword(t.db, { kind: 'professional', businessName: 'Goud Plumbing Works', ownerName: 'Srinivas Goud', chargeAmount: 600, chargeType: 'Per Hour' });
    const { res, token } = await loginVendor(t.app, v.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Success', vendor: { _id: v.id, Business_Name: 'Goud Plumbing Works', Owner_name: 'Srinivas Goud', kind: 'professional' } });
    const me = await get('/api/vendor/me', token);
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    expect(me.json()).toMatchObject({ _id: v.id, email: v.email, Business_Name: 'Goud Plumbing Works', kind: 'professional', Category: v.category });
    // The customer side sees nobody logged in.
    expect((await get('/api/session', token)).json()).toEqual({ user: null });
  });

  it('answers a wrong password, an unknown email and a customer’s credentials alike', async () => {
    const v = await createVendorWithPassword(t.db);
    const customer = await createCustomerWithPassword(t.db);
    for (const body of [{ email: v.email, password: 'Wrong-Pass-77' }, { email: `nobody-${++n}@example.test`, password: PASSWORD }, { email: customer.email, password: PASSWORD }]) {
      const res = await post('/api/vendor/login', body);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Invalid email or password.');
      expect(res.cookies.find((c) => c.name === 'nirmaan_session')).toBeUndefined();
    }
  });

  it('holds the login limit when 40 wrong passwords race: 10 tries, the rest 429', async () => {
    const v = await createVendorWithPassword(t.db);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => post('/api/vendor/login', { email: v.email, password: `Guess-${i}-pass` }, {}, `10.9.1.${i}`)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(30);
    expect((await post('/api/vendor/login', { email: v.email, password: PASSWORD })).statusCode).toBe(429);
  });

  it('logs a vendor in with an emailed code, once per verification', async () => {
    const v = await createVendorWithPassword(t.db);
    expect((await post('/api/vendor/login-with-otp', { email: v.email })).statusCode).toBe(403);
    expect((await post('/sendotp', { Email: v.email, purpose: 'vendor-login' })).statusCode).toBe(200);
    const otp = await latestOtp(t.app, v.email);
    expect((await post('/verifyotp', { Email: v.email, otp })).json().message).toBe('OTP verified');
    const res = await post('/api/vendor/login-with-otp', { email: v.email });
    expect(res.statusCode).toBe(200);
    expect(res.json().vendor._id).toBe(v.id);
    const token = res.cookies.find((c) => c.name === 'nirmaan_session')!.value;
    expect((await get('/api/vendor/me', token)).json()._id).toBe(v.id);
    expect((await post('/api/vendor/login-with-otp', { email: v.email })).statusCode).toBe(403);
  });

  it('sends no vendor-login code to an email without a vendor account', async () => {
    const customer = await createCustomerWithPassword(t.db);
    const res = await post('/sendotp', { Email: customer.email, purpose: 'vendor-login' }, {}, '10.9.2.1');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No vendor account found for this email.');
    const taken = await createVendorWithPassword(t.db);
    expect((await post('/sendotp', { Email: taken.email, purpose: 'vendor-signup' }, {}, '10.9.2.2')).statusCode).toBe(409);
  });
});

describe('the two roles stay apart', () => {
  it('refuses a vendor session on customer calls and a customer session on vendor calls', async () => {
    const v = await createVendorWithPassword(t.db);
    const c = await createCustomerWithPassword(t.db);
    const vendor = (await loginVendor(t.app, v.email)).token;
    const customer = (await loginWithPassword(t.app, c.email)).token;
    const asVendor = await t.app.inject({ method: 'PUT', url: '/api/profile', headers: cookieHeader(vendor), payload: { Full_Name: 'Hijack', Phone_Number: '9876543210', Location: 'Mumbai' } });
    expect(asVendor.statusCode).toBe(403);
    expect(asVendor.json().message).toBe('This is for customers. Please log in with a customer account.');
    expect((await get(`/myprofile/${v.id}`, vendor)).statusCode).toBe(403);
    const asCustomer = await get('/api/vendor/me', customer);
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json().message).toBe('This is for vendors. Please log in with your vendor account.');
    expect((await get('/api/vendor/me')).statusCode).toBe(401);
  });

  it('logs a vendor out on the server', async () => {
    const v = await createVendorWithPassword(t.db);
    const { token } = await loginVendor(t.app, v.email);
    expect((await post('/api/logout', {}, cookieHeader(token))).statusCode).toBe(200);
    expect((await get('/api/vendor/me', token)).statusCode).toBe(401);
  });
});
