import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS_MSG } from '@nirmaan/shared/ops';
import { auditLog, bookings, emailOutbox, opsSessions } from '../src/db/schema/index.ts';
import { CUSTOMER_BLOCKED } from '../src/modules/auth/service.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { PASSWORD, cookieHeader, createCustomerWithPassword, createVendorWithPassword, latestOtp, loginVendor, loginWithPassword, verifyEmail } from './support/auth.ts';
import { createBooking, createCustomer, createOrder, createProduct, createVendor } from './support/factories.ts';
import { createOperator, loginOperator, opsCookie } from './support/ops.ts';

let t: TestApp;
let admin: { email: string; headers: Record<string, string> };

beforeAll(async () => {
  t = await createTestApp();
  const op = await createOperator(t.db, 'admin');
  admin = { email: op.email, headers: opsCookie((await loginOperator(t.app, op.email)).token) };
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, headers: Record<string, string>, payload?: object, ip = '10.77.1.1') =>
  t.app.inject({ method: 'POST', url, headers, remoteAddress: ip, ...(payload ? { payload } : {}) });
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const auditOf = async (subjectId: string) => t.db.select().from(auditLog).where(sql`${auditLog.subjectId} = ${subjectId}`).orderBy(auditLog.id);
const mailsTo = async (to: string) => t.db.select().from(emailOutbox).where(sql`${emailOutbox.to} = ${to}`);

describe('operator login: a password, then a mailed code', () => {
  it('opens nothing with the password alone; the mailed code opens a SameSite=Strict session', async () => {
    const op = await createOperator(t.db, 'support');
    const first = await post('/api/ops/login', {}, { email: op.email, password: PASSWORD }, '10.77.2.1');
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe(OPS_MSG.codeSent);
    expect(first.cookies.find((c) => c.name === 'nirmaan_ops')).toBeUndefined();
    expect((await get('/api/ops/me')).statusCode).toBe(401);

    const otp = await latestOtp(t.app, op.email);
    const wrong = await post('/api/ops/login/verify', {}, { email: op.email, otp: otp === '000000' ? '111111' : '000000' }, '10.77.2.1');
    expect(wrong.statusCode).toBe(400);
    const ok = await post('/api/ops/login/verify', {}, { email: op.email, otp }, '10.77.2.1');
    expect(ok.statusCode).toBe(200);
    const cookie = ok.cookies.find((c) => c.name === 'nirmaan_ops')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie.maxAge).toBe(8 * 3600);
    const me = await get('/api/ops/me', opsCookie(cookie.value));
    expect(me.json()).toMatchObject({ email: op.email, role: 'support' });
    // The code is single use.
    expect((await post('/api/ops/login/verify', {}, { email: op.email, otp }, '10.77.2.1')).statusCode).toBe(400);
  });

  it('refuses a wrong password and an unknown email alike, and a code without the password step', async () => {
    const op = await createOperator(t.db, 'finance');
    const wrong = await post('/api/ops/login', {}, { email: op.email, password: 'Not-The-Password#1' }, '10.77.3.1');
    const unknown = await post('/api/ops/login', {}, { email: 'nobody@ops.example.test', password: 'Not-The-Password#1' }, '10.77.3.1');
    expect([wrong.statusCode, unknown.statusCode]).toEqual([401, 401]);
    expect(wrong.json().message).toBe(unknown.json().message);
    expect(await mailsTo(op.email)).toEqual([]);
    // A code mailed through the customer flow (any email gets one) does not replace the password: it is not even a
    // console code (issue 30: a purpose of its own), so it is refused as one.
    await post('/sendotp', {}, { Email: op.email }, '10.77.3.2');
    const otp = await latestOtp(t.app, op.email);
    const res = await post('/api/ops/login/verify', {}, { email: op.email, otp }, '10.77.3.2');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid OTP');
    expect(res.cookies.find((c) => c.name === 'nirmaan_ops')).toBeUndefined();
  });

  it('limits password tries per operator (the customer login limits, a bucket of their own)', async () => {
    const op = await createOperator(t.db, 'support');
    const answers = await Promise.all(Array.from({ length: 14 }, (_, i) =>
      post('/api/ops/login', {}, { email: op.email, password: `Wrong-Password#${i}` }, `10.77.4.${i + 1}`)));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(4);
    // Even the right password waits now.
    expect((await post('/api/ops/login', {}, { email: op.email, password: PASSWORD }, '10.77.4.99')).statusCode).toBe(429);
  });

  it('ends a session idle for 30 minutes, one 8 hours old, and one logged out', async () => {
    const op = await createOperator(t.db, 'support');
    const idle = (await loginOperator(t.app, op.email, '10.77.5.1')).token;
    const old = (await loginOperator(t.app, op.email, '10.77.5.2')).token;
    const out = (await loginOperator(t.app, op.email, '10.77.5.3')).token;
    const sessions = await t.db.select().from(opsSessions).where(sql`${opsSessions.operatorId} = ${op.id}`).orderBy(opsSessions.createdAt);
    expect(sessions).toHaveLength(3);
    // The database's clock decides: move the sessions back in time instead of waiting.
    await t.db.execute(sql`update ops_sessions set last_seen_at = now() - interval '29 minutes' where id = ${sessions[0]!.id}`);
    expect((await get('/api/ops/me', opsCookie(idle))).statusCode).toBe(200);
    await t.db.execute(sql`update ops_sessions set last_seen_at = now() - interval '31 minutes' where id = ${sessions[0]!.id}`);
    expect((await get('/api/ops/me', opsCookie(idle))).statusCode).toBe(401);
    // Kept busy, a session still ends 8 hours after login.
    await t.db.execute(sql`update ops_sessions set created_at = now() - interval '7 hours 59 minutes' where id = ${sessions[1]!.id}`);
    expect((await get('/api/ops/me', opsCookie(old))).statusCode).toBe(200);
    await t.db.execute(sql`update ops_sessions set created_at = now() - interval '8 hours 1 minute' where id = ${sessions[1]!.id}`);
    expect((await get('/api/ops/me', opsCookie(old))).statusCode).toBe(401);
    const logout = await post('/api/ops/logout', opsCookie(out));
    expect(logout.statusCode).toBe(200);
    // The clearing cookie keeps the session cookie's attributes: a browser replaces it, never a Lax copy.
    const cleared = logout.cookies.find((k) => k.name === 'nirmaan_ops');
    expect(cleared).toMatchObject({ value: '', sameSite: 'Strict', httpOnly: true, path: '/' });
    expect((await get('/api/ops/me', opsCookie(out))).statusCode).toBe(401);
  });

  it('keeps the sessions apart: a customer or vendor cookie is no operator, and an ops cookie is no customer', async () => {
    const c = await createCustomerWithPassword(t.db);
    const customer = (await loginWithPassword(t.app, c.email)).token;
    expect((await get('/api/ops/me', cookieHeader(customer))).statusCode).toBe(401);
    // The ops token under the customer cookie's name is unknown there.
    const opsToken = admin.headers.cookie!.split('=')[1]!;
    expect((await get('/api/session', cookieHeader(opsToken))).json().user).toBeNull();
  });
});

describe('roles', () => {
  it('lets finance read but not decide: 403 on approve, suspend and block', async () => {
    const op = await createOperator(t.db, 'finance');
    const finance = opsCookie((await loginOperator(t.app, op.email, '10.77.6.1')).token);
    const v = await createVendor(t.db, { approvedAt: null });
    const c = await createCustomerWithPassword(t.db);
    expect((await get('/api/ops/vendors?status=pending', finance)).statusCode).toBe(200);
    expect((await get('/api/ops/dashboard', finance)).statusCode).toBe(200);
    const approve = await post(`/api/ops/vendors/${v.id}/approve`, finance);
    expect(approve.statusCode).toBe(403);
    expect(approve.json().message).toBe(OPS_MSG.wrongRole);
    expect((await post(`/api/ops/customers/${c.id}/block`, finance, { reason: 'Testing the role' })).statusCode).toBe(403);
    expect(await auditOf(v.id)).toEqual([]);
  });
});

describe('vendors', () => {
  it('approves from the queue: listed at once, mailed, audited with before and after', async () => {
    const v = await createVendor(t.db, { approvedAt: null, kind: 'professional', category: 'Plumber', businessName: 'Queue Plumbing Works' });
    const queue = await get('/api/ops/vendors?status=pending&q=queue plumbing', admin.headers);
    expect(queue.json().vendors.map((x: { id: string }) => x.id)).toEqual([v.id]);
    expect((await get(`/profesionaldetails/${v.id}`)).statusCode).toBe(404);
    const res = await post(`/api/ops/vendors/${v.id}/approve`, admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('approved');
    expect((await get(`/profesionaldetails/${v.id}`)).statusCode).toBe(200);
    const [entry, ...more] = await auditOf(v.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ action: 'vendor.approve', actor: admin.email, subjectType: 'vendor', before: { status: 'pending' }, after: { status: 'approved' } });
    expect((await mailsTo(v.email)).map((m) => m.subject)).toEqual([`${v.businessName} is approved on Nirmaan`]);
  });

  it('rejects with a reason the vendor sees; the vendor resubmits and is back in the queue', async () => {
    const v = await createVendorWithPassword(t.db, { approvedAt: null });
    expect((await post(`/api/ops/vendors/${v.id}/reject`, admin.headers, { reason: '' })).statusCode).toBe(400);
    const res = await post(`/api/ops/vendors/${v.id}/reject`, admin.headers, { reason: 'The business address is incomplete.' });
    expect(res.json()).toMatchObject({ status: 'rejected', rejectionReason: 'The business address is incomplete.' });
    const mail = (await mailsTo(v.email))[0]!;
    expect(mail.text).toContain('The business address is incomplete.');
    const vendor = cookieHeader((await loginVendor(t.app, v.email)).token);
    expect((await get('/api/vendor/me', vendor)).json()).toMatchObject({ approved: false, status: 'rejected', rejectionReason: 'The business address is incomplete.' });
    expect((await post('/api/vendor/resubmit', vendor)).statusCode).toBe(200);
    expect((await get('/api/vendor/me', vendor)).json()).toMatchObject({ status: 'pending', rejectionReason: null });
    expect((await post('/api/vendor/resubmit', vendor)).statusCode).toBe(409);
    expect((await get(`/api/ops/vendors/${v.id}`, admin.headers)).json().status).toBe('pending');
    expect((await auditOf(v.id)).map((e) => [e.action, e.reason])).toEqual([['vendor.reject', 'The business address is incomplete.']]);
  });

  it('gives one decision when 20 approvals and rejections race: one audit row, one mail', async () => {
    const v = await createVendor(t.db, { approvedAt: null });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0
      ? post(`/api/ops/vendors/${v.id}/approve`, admin.headers)
      : post(`/api/ops/vendors/${v.id}/reject`, admin.headers, { reason: 'Racing rejection' }))));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect(await auditOf(v.id)).toHaveLength(1);
    expect(await mailsTo(v.email)).toHaveLength(1);
  });

  it('suspends: the vendor vanishes at once from every public read, cached answers included; unsuspend brings it back', async () => {
    const pro = await createVendor(t.db, { kind: 'professional', category: 'Plumber', businessName: 'Vanishing Plumbers Hyderabad' });
    const seller = await createVendor(t.db, { kind: 'seller', businessName: 'Vanishing Cement Depot' });
    const product = await createProduct(t.db, { vendorId: seller.id, name: 'Zzyzxcement Special Grade', category: 'Cement' });
    const customer = await createCustomerWithPassword(t.db);
    const { token } = await loginWithPassword(t.app, customer.email);
    const reads = async () => {
      const chat = await t.app.inject({
        method: 'POST', url: '/api/messages/send', headers: cookieHeader(token),
        payload: { senderId: customer.id, senderModel: 'Customer', receiverId: pro.id, receiverModel: 'Vendor', text: `Are you free? ${Math.random()}` },
      });
      const fetchList = (await get('/fetch/services?category=Plumber')).json() as { services: { _id: string }[] };
      const products = (await get('/fetch?category=Cement')).body;
      const search = (await get('/api/products?category=Zzyzxcement')).body;
      const suggest = (await get('/api/search/suggest?q=Zzyzxcement')).body;
      return {
        services: fetchList.services.some((s) => s._id === pro.id),
        profile: (await get(`/profesionaldetails/${pro.id}`)).statusCode,
        store: (await t.app.inject({ method: 'POST', url: '/api/viewstore', payload: { id: seller.id } })).statusCode,
        product: (await get(`/product/${product.id}`)).statusCode,
        inCategory: products.includes(product.id),
        inSearch: search.includes(product.id),
        inSuggest: suggest.includes(product.id),
        chat: chat.statusCode,
      };
    };
    const shown = { services: true, profile: 200, store: 200, product: 200, inCategory: true, inSearch: true, inSuggest: true, chat: 201 };
    // Twice: the second read is served from the response cache.
    expect(await reads()).toEqual(shown);
    expect((await get(`/product/${product.id}`)).headers['x-cache']).toBe('hit');
    expect(await reads()).toEqual(shown);

    for (const v of [pro, seller]) expect((await post(`/api/ops/vendors/${v.id}/suspend`, admin.headers, { reason: 'Complaints under review' })).statusCode).toBe(200);
    expect(await reads()).toEqual({ services: false, profile: 404, store: 404, product: 404, inCategory: false, inSearch: false, inSuggest: false, chat: 404 });
    expect((await get(`/api/ops/vendors?status=suspended&q=vanishing`, admin.headers)).json().total).toBe(2);
    expect((await post(`/api/ops/vendors/${pro.id}/suspend`, admin.headers, { reason: 'Again' })).statusCode).toBe(409);

    for (const v of [pro, seller]) expect((await post(`/api/ops/vendors/${v.id}/unsuspend`, admin.headers)).statusCode).toBe(200);
    expect(await reads()).toEqual(shown);
    expect((await auditOf(pro.id)).map((e) => e.action)).toEqual(['vendor.suspend', 'vendor.unsuspend']);
  });
});

describe('customers', () => {
  it('searches, shows a customer, and a block ends every session and refuses login with a clear message', async () => {
    const c = await createCustomerWithPassword(t.db, { fullName: 'Blockable Bhaskar Rao' });
    const sessions = [(await loginWithPassword(t.app, c.email)).token, (await loginWithPassword(t.app, c.email)).token];
    const found = await get('/api/ops/customers?q=blockable bhaskar', admin.headers);
    expect(found.json().customers.map((x: { id: string }) => x.id)).toEqual([c.id]);
    const detail = await get(`/api/ops/customers/${c.id}`, admin.headers);
    expect(detail.json()).toMatchObject({ customer: { id: c.id, blockedAt: null }, orders: [], bookings: [], reviews: [] });

    const res = await post(`/api/ops/customers/${c.id}/block`, admin.headers, { reason: 'Fraudulent orders' });
    expect(res.statusCode).toBe(200);
    expect(res.json().blockedAt).not.toBeNull();
    for (const s of sessions) expect((await get('/api/session', cookieHeader(s))).json().user).toBeNull();
    // The spec's login calls answer a refusal in a 200 its client reads (decision 013): the message, no user, no cookie.
    const login = await post('/fetch/userprofile', {}, { email: c.email, password: PASSWORD }, '10.77.8.1');
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ message: CUSTOMER_BLOCKED, code: 'FORBIDDEN' });
    expect(login.json().user).toBeUndefined();
    expect(login.cookies.find((k) => k.name === 'nirmaan_session')).toBeUndefined();
    // With an emailed code as well: told once the code proved the email is theirs.
    await verifyEmail(t.app, c.email);
    const otpLogin = await post('/login-with-otp', {}, { email: c.email }, '10.77.8.3');
    expect(otpLogin.statusCode).toBe(200);
    expect(otpLogin.json()).toMatchObject({ message: CUSTOMER_BLOCKED, code: 'FORBIDDEN' });
    expect(otpLogin.json().user).toBeUndefined();
    expect(otpLogin.cookies.find((k) => k.name === 'nirmaan_session')).toBeUndefined();
    expect((await post(`/api/ops/customers/${c.id}/block`, admin.headers, { reason: 'Twice' })).statusCode).toBe(409);

    expect((await post(`/api/ops/customers/${c.id}/unblock`, admin.headers)).statusCode).toBe(200);
    expect((await post('/fetch/userprofile', {}, { email: c.email, password: PASSWORD }, '10.77.8.2')).json().message).toBe('Success');
    expect((await auditOf(c.id)).map((e) => [e.action, e.reason])).toEqual([['customer.block', 'Fraudulent orders'], ['customer.unblock', null]]);
  });

  it('leaves no working session when logins race the block', async () => {
    const c = await createCustomerWithPassword(t.db);
    const logins = Array.from({ length: 8 }, (_, i) => post('/fetch/userprofile', {}, { email: c.email, password: PASSWORD }, `10.77.9.${i + 1}`));
    const [blocked, ...answers] = await Promise.all([post(`/api/ops/customers/${c.id}/block`, admin.headers, { reason: 'Racing logins' }), ...logins]);
    expect(blocked.statusCode).toBe(200);
    const tokens = answers.flatMap((r) => r.cookies.filter((k) => k.name === 'nirmaan_session').map((k) => k.value));
    for (const token of tokens) expect((await get('/api/session', cookieHeader(token))).json().user).toBeNull();
    expect(answers.every((r) => r.statusCode === 200 && (r.json().message === 'Success' || r.json().message === CUSTOMER_BLOCKED))).toBe(true);
  });
});

describe('the audit log', () => {
  it('is filterable in the console and refuses UPDATE, DELETE and TRUNCATE, even in SQL', async () => {
    const v = await createVendor(t.db, { approvedAt: null });
    await post(`/api/ops/vendors/${v.id}/approve`, admin.headers);
    const page = await get(`/api/ops/audit?subjectType=vendor&subjectId=${v.id}`, admin.headers);
    expect(page.json().entries).toHaveLength(1);
    expect(page.json().entries[0]).toMatchObject({ action: 'vendor.approve', actor: admin.email });
    const byAction = await get('/api/ops/audit?action=vendor.approve', admin.headers);
    expect(byAction.json().entries.every((e: { action: string }) => e.action === 'vendor.approve')).toBe(true);
    await expect(t.db.execute(sql`update audit_log set reason = 'changed' where subject_id = ${v.id}`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from audit_log where subject_id = ${v.id}`)).rejects.toThrow();
    // TRUNCATE fires no row trigger: a statement trigger refuses it (migration 0027).
    await expect(t.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect(await auditOf(v.id)).toHaveLength(1);
  });
});

describe('the dashboard', () => {
  it("counts vendors awaiting approval and today's and this month's orders, GMV and bookings", async () => {
    const before = (await get('/api/ops/dashboard', admin.headers)).json();
    await createVendor(t.db, { approvedAt: null });
    const c = await createCustomerWithPassword(t.db);
    // A cash order of ₹1,000 with an odd ₹250.50 fee: GMV counts the order's total, paise included.
    await createOrder(t.db, c, [{ product: await createProduct(t.db, { price: 1000 }) }], { deliveryFeePaise: 25_050, totalPaise: 125_050 });
    const after = (await get('/api/ops/dashboard', admin.headers)).json();
    expect(after.vendorsAwaitingApproval).toBe(before.vendorsAwaitingApproval + 1);
    expect(after.today.orders).toBe(before.today.orders + 1);
    expect(after.today.gmv).toBeCloseTo(before.today.gmv + 1250.5, 2);
    expect(after.month.orders).toBe(before.month.orders + 1);
  });

  it('counts sales only: an online checkout never paid is neither an order nor GMV, nor is an unpaid card booking', async () => {
    const dashboard = async () => (await get('/api/ops/dashboard', admin.headers)).json() as { today: Figures; month: Figures };
    const before = await dashboard();
    const c = await createCustomer(t.db);
    const seller = await createVendor(t.db, { kind: 'seller' });
    const cement = await createProduct(t.db, { vendorId: seller.id, price: 700 });
    // Each order is ₹700 a bag plus the ₹300 delivery fee.
    await createOrder(t.db, c, [{ product: cement }], { paymentMethod: 'online', paymentStatus: 'Pending' });
    await createOrder(t.db, c, [{ product: cement }], { paymentMethod: 'upi', paymentStatus: 'Paid' });
    await createOrder(t.db, c, [{ product: cement }], { paymentMethod: 'online', paymentStatus: 'Refunded' });
    await createOrder(t.db, c, [{ product: cement, quantity: 2 }]);
    const pro = await createVendor(t.db, { kind: 'professional' });
    await createBooking(t.db, c, pro.id);
    const unpaid = await createBooking(t.db, c, pro.id, { days: 4 });
    await t.db.update(bookings).set({ paymentMethod: 'card' }).where(eq(bookings.id, unpaid.id));

    const after = await dashboard();
    for (const period of ['today', 'month'] as const) {
      expect(after[period].orders - before[period].orders, period).toBe(3);
      expect(after[period].gmv, period).toBeCloseTo(before[period].gmv + 1000 + 1000 + 1700, 2);
      expect(after[period].bookings - before[period].bookings, period).toBe(1);
    }
  });
});

interface Figures { orders: number; gmv: number; bookings: number }
