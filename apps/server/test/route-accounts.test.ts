import { Writable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, routeAccountIntents, vendorPayoutAccounts } from '../src/db/schema/index.ts';
import { activatedRouteAccount } from '../src/modules/payouts/service.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { caller, loggedInVendor, webhookDeliverer } from './support/http.ts';
import { createOperator, loginOperator, opsCookie } from './support/ops.ts';
import { appWithRazorpay, type RazorpayStandIn } from './support/razorpay-app.ts';

/**
 * The vendor's Razorpay Route linked account (decision record 018), against a local server that speaks Route's
 * account, stakeholder and product calls and signs product.route.* webhooks with the webhook secret.
 */

const logLines: string[] = [];
let t: TestApp;
let rzp: RazorpayStandIn;
appWithRazorpay((started) => ({ t, rzp } = started), {}, { logStream: new Writable({ write(chunk, _enc, done) { logLines.push(String(chunk)); done(); } }) });

const URL = '/api/vendor/payout-account';
const ACCOUNT_NUMBER = '918020012345678';
const NEW_ACCOUNT_NUMBER = '50100234567891';
const GOOD = {
  legalName: 'Balaji Cement Traders', businessType: 'partnership', pan: 'AAPFU0939F', gstin: '27AAPFU0939F1ZV',
  accountNumber: ACCOUNT_NUMBER, ifsc: 'UTIB0000123', beneficiaryName: 'Balaji Cement Traders',
};

const vendor = () => loggedInVendor(t, { kind: 'seller' });
type Vendor = Awaited<ReturnType<typeof vendor>>;
const call = caller(() => t);
const get = (me: Vendor) => call(me, 'GET', URL);
const put = (me: Vendor, payload: object) => call(me, 'PUT', URL, payload);
const deliver = webhookDeliverer(() => t);

const intentOf = async (vendorId: string) => (await t.db.select().from(routeAccountIntents).where(eq(routeAccountIntents.vendorId, vendorId)))[0];
const rowOf = async (vendorId: string) => (await t.db.select().from(vendorPayoutAccounts).where(eq(vendorPayoutAccounts.vendorId, vendorId)))[0]!;

/** Lets the worker push every saved generation of this vendor (as its timer would), making retries due now. */
async function pushed(vendorId: string) {
  for (let i = 0; i < 200; i += 1) {
    const intent = await intentOf(vendorId);
    if (intent && intent.syncedGeneration >= intent.generation && !intent.leaseUntil) return intent;
    await t.db.update(routeAccountIntents).set({ nextAttemptAt: sql`now()` }).where(and(eq(routeAccountIntents.vendorId, vendorId), sql`${routeAccountIntents.leaseUntil} is null`));
    await t.app.routeAccounts.poke();
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the linked account was never pushed');
}

const accountsOf = (me: Vendor) => [...rzp.routeAccounts.accounts.values()].filter((a) => a.email === me.email.toLowerCase());
const productOf = (accountId: string) => [...rzp.routeAccounts.products.values()].filter((p) => p.account_id === accountId);
const stakeholdersOf = (accountId: string) => rzp.routeAccounts.stakeholders.filter((s) => s.account_id === accountId);
const statusAudits = (vendorId: string) => t.db.select().from(auditLog)
  .where(and(eq(auditLog.action, 'payout_account.status'), eq(auditLog.subjectId, vendorId)));

async function activatedVendor() {
  const me = await vendor();
  expect((await put(me, GOOD)).statusCode).toBe(200);
  await pushed(me.id);
  const accountId = (await rowOf(me.id)).routeAccountId!;
  expect((await deliver(rzp.webhook(...rzp.routeAccounts.productEvent(accountId, 'activated')))).statusCode).toBe(200);
  expect((await get(me)).json().status).toBe('activated');
  return { me, accountId };
}

describe('saving the payout account makes the Route linked account', () => {
  it('creates the account, its stakeholder, the Route product and its settlements once, each with an idempotency key', async () => {
    const me = await vendor();
    const saved = await put(me, GOOD);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().status).toBe('pending');
    const intent = await pushed(me.id);

    const [account, ...more] = accountsOf(me);
    expect(more).toEqual([]);
    expect(account!.body).toMatchObject({
      type: 'route', email: me.email.toLowerCase(), phone: '9123456780', legal_business_name: GOOD.legalName, business_type: 'partnership',
      contact_name: me.ownerName, legal_info: { pan: GOOD.pan, gst: GOOD.gstin },
      profile: { category: 'ecommerce', addresses: { registered: { city: 'Hyderabad', state: 'TELANGANA', postal_code: '500001', country: 'IN' } } },
    });
    expect(stakeholdersOf(account!.id)).toHaveLength(1);
    expect(stakeholdersOf(account!.id)[0]!.body).toMatchObject({ name: me.ownerName, kyc: { pan: GOOD.pan } });
    const [product] = productOf(account!.id);
    expect(product).toMatchObject({
      product_name: 'route', tnc: { accepted: true }, activation_status: 'under_review',
      active_configuration: { settlements: { account_number: ACCOUNT_NUMBER, ifsc_code: GOOD.ifsc, beneficiary_name: GOOD.beneficiaryName } },
    });
    const writes = rzp.routeAccounts.writes.filter((w) => w.path.includes(account!.id) || (w.path === '/v2/accounts' && w.key?.includes(me.id)));
    expect(writes.map((w) => [w.method, w.path.replace(account!.id, 'ACC').replace(product!.id, 'PRD')])).toEqual([
      ['POST', '/v2/accounts'], ['POST', '/v2/accounts/ACC/stakeholders'], ['POST', '/v2/accounts/ACC/products'], ['PATCH', '/v2/accounts/ACC/products/PRD'],
    ]);
    expect(writes.every((w) => w.key?.includes(me.id))).toBe(true);

    expect(await rowOf(me.id)).toMatchObject({ routeAccountId: account!.id, status: 'under_review' });
    expect(intent).toMatchObject({ stakeholderId: stakeholdersOf(account!.id)[0]!.id, productId: product!.id });
    const shown = await get(me);
    expect(shown.json()).toMatchObject({ status: 'under_review', accountNumberMasked: 'XXXXXXXXXXX5678' });
    expect(shown.body).not.toContain(ACCOUNT_NUMBER);
    // Not activated: transfers are not sent to it.
    expect(await activatedRouteAccount(t.db, me.id)).toBeNull();
  });

  it('40 racing saves make one account, one stakeholder and one product, and the gateway ends with the last saved bank account', async () => {
    const me = await vendor();
    const numbers = Array.from({ length: 40 }, (_, i) => `91802001234${String(i).padStart(4, '0')}`);
    const answers = await Promise.all(numbers.map((accountNumber) => put(me, { ...GOOD, accountNumber })));
    expect(answers.map((a) => a.statusCode)).toEqual(numbers.map(() => 200));
    await pushed(me.id);

    expect(accountsOf(me)).toHaveLength(1);
    const accountId = accountsOf(me)[0]!.id;
    expect(stakeholdersOf(accountId)).toHaveLength(1);
    expect(productOf(accountId)).toHaveLength(1);
    const row = await rowOf(me.id);
    expect(row.routeAccountId).toBe(accountId);
    expect(productOf(accountId)[0]!.active_configuration.settlements!.account_number).toBe(row.accountNumber);
  });

  it('with the gateway down, the worker retries from the intent row and makes exactly one account; a lost answer is replayed by its key', async () => {
    const me = await vendor();
    rzp.state.down = true;
    try {
      expect((await put(me, GOOD)).statusCode).toBe(200);
      // The save's own push is refused (503) and backs off, lease given back.
      await expect.poll(async () => (await intentOf(me.id))?.attempts ?? 0).toBeGreaterThanOrEqual(1);
      await expect.poll(async () => (await intentOf(me.id))?.leaseUntil ?? null).toBeNull();
      await t.app.routeAccounts.poke();
      expect(accountsOf(me)).toHaveLength(0);
      expect(await intentOf(me.id)).toMatchObject({ syncedGeneration: 0, leaseUntil: null });
      expect((await get(me)).json().status).toBe('pending');
    } finally {
      rzp.state.down = false;
    }
    // The account is made but its answer is lost: the retry sends the same key and gets the same account back.
    rzp.routeAccounts.state.loseAnswers = 1;
    await pushed(me.id);
    expect(rzp.routeAccounts.state.loseAnswers).toBe(0);
    expect(accountsOf(me)).toHaveLength(1);
    const accountId = accountsOf(me)[0]!.id;
    expect(rzp.routeAccounts.writes.filter((w) => w.path === '/v2/accounts' && w.key?.includes(me.id)).map((w) => w.replayed)).toEqual([false, true]);
    expect(stakeholdersOf(accountId)).toHaveLength(1);
    expect(productOf(accountId)).toHaveLength(1);
    expect(await rowOf(me.id)).toMatchObject({ routeAccountId: accountId, status: 'under_review' });
  });

  it('a lost answer to the account, then another save before the retry: still one account, made from the first request', async () => {
    const me = await vendor();
    rzp.routeAccounts.state.loseAnswers = 1;
    rzp.state.down = true;
    expect((await put(me, GOOD)).statusCode).toBe(200);
    // The save's own push fails while the gateway is down; then one retry reaches it and loses the answer.
    await expect.poll(async () => (await intentOf(me.id))?.attempts ?? 0).toBeGreaterThanOrEqual(1);
    await expect.poll(async () => (await intentOf(me.id))?.leaseUntil ?? null).toBeNull();
    rzp.state.down = false;
    await t.db.update(routeAccountIntents).set({ nextAttemptAt: sql`now()`, leaseUntil: null }).where(eq(routeAccountIntents.vendorId, me.id));
    await t.app.routeAccounts.poke();
    expect(rzp.routeAccounts.state.loseAnswers).toBe(0);
    expect(accountsOf(me)).toHaveLength(1);
    expect((await rowOf(me.id)).routeAccountId).toBeNull();

    expect((await put(me, { ...GOOD, legalName: 'Balaji Cement and Steel', accountNumber: NEW_ACCOUNT_NUMBER })).statusCode).toBe(200);
    await pushed(me.id);
    expect(accountsOf(me)).toHaveLength(1);
    const account = accountsOf(me)[0]!;
    expect(account.body.legal_business_name).toBe(GOOD.legalName);
    expect(rzp.routeAccounts.writes.filter((w) => w.path === '/v2/accounts' && w.key?.includes(me.id)).map((w) => w.replayed)).toEqual([false, true]);
    expect(await rowOf(me.id)).toMatchObject({ routeAccountId: account.id, status: 'under_review' });
    expect(productOf(account.id)[0]!.active_configuration.settlements!.account_number).toBe(NEW_ACCOUNT_NUMBER);
  });
});

describe('product.route.* webhooks', () => {
  it('the activation replayed 5 times (and sent again under new event ids) activates once, audited once', async () => {
    const me = await vendor();
    expect((await put(me, GOOD)).statusCode).toBe(200);
    await pushed(me.id);
    const accountId = (await rowOf(me.id)).routeAccountId!;
    expect(await activatedRouteAccount(t.db, me.id)).toBeNull();

    const once = rzp.webhook(...rzp.routeAccounts.productEvent(accountId, 'activated'));
    const replies = await Promise.all([
      ...Array.from({ length: 5 }, () => deliver(once)),
      ...Array.from({ length: 3 }, () => deliver(rzp.webhook(...rzp.routeAccounts.productEvent(accountId, 'activated')))),
    ]);
    expect(replies.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect((await get(me)).json().status).toBe('activated');
    expect(await activatedRouteAccount(t.db, me.id)).toBe(accountId);
    const audits = (await statusAudits(me.id)).filter((a) => (a.after as { status: string }).status === 'activated');
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actor: 'razorpay', subjectType: 'vendor', before: { status: 'under_review' } });
  });

  it('a bad signature is refused with 400 and changes nothing', async () => {
    const me = await vendor();
    expect((await put(me, GOOD)).statusCode).toBe(200);
    await pushed(me.id);
    const accountId = (await rowOf(me.id)).routeAccountId!;
    const good = rzp.webhook(...rzp.routeAccounts.productEvent(accountId, 'activated'));
    const forged = await deliver({ body: good.body, headers: { ...good.headers, 'x-razorpay-signature': 'f'.repeat(64) } });
    expect(forged.statusCode).toBe(400);
    const unsigned = await deliver({ body: good.body, headers: { 'content-type': 'application/json', 'x-razorpay-event-id': 'evt_unsigned' } });
    expect(unsigned.statusCode).toBe(400);
    expect((await get(me)).json().status).toBe('under_review');
    expect(await activatedRouteAccount(t.db, me.id)).toBeNull();
    // The same event, signed, is still handled: the refusals did not use up its event id.
    expect((await deliver(good)).statusCode).toBe(200);
    expect(await activatedRouteAccount(t.db, me.id)).toBe(accountId);
  });

  it('needs clarification shows the gateway\'s reason to the vendor, then activation clears it', async () => {
    const me = await vendor();
    expect((await put(me, GOOD)).statusCode).toBe(200);
    await pushed(me.id);
    const accountId = (await rowOf(me.id)).routeAccountId!;
    const ask = rzp.routeAccounts.productEvent(accountId, 'needs_clarification', [
      { field_reference: 'settlements.account_number', reason_code: 'field_missing' }, { field_reference: 'kyc.pan', reason_code: 'kyc_failed' },
    ]);
    expect((await deliver(rzp.webhook(...ask))).statusCode).toBe(200);
    const shown = (await get(me)).json();
    expect(shown.status).toBe('needs_clarification');
    expect(shown.statusReason).toBe('The payment gateway asked about: bank account number (missing); PAN (could not be verified).');
    expect(await activatedRouteAccount(t.db, me.id)).toBeNull();
    expect((await deliver(rzp.webhook(...rzp.routeAccounts.productEvent(accountId, 'activated'))))).toMatchObject({ statusCode: 200 });
    const after = (await get(me)).json();
    expect(after.status).toBe('activated');
    expect(after).not.toHaveProperty('statusReason');
  });
});

describe('a change of bank details', () => {
  it('goes through the same flow: pending until the gateway activates it again, with no second account', async () => {
    const { me, accountId } = await activatedVendor();
    const patchesBefore = rzp.routeAccounts.writes.filter((w) => w.method === 'PATCH' && w.path.includes(accountId)).length;

    // The gateway is slow to take the new details: until they reach it, the account is pending and gets no transfer.
    rzp.state.down = true;
    try {
      const changed = await put(me, { ...GOOD, accountNumber: NEW_ACCOUNT_NUMBER, ifsc: 'HDFC0000317' });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().status).toBe('pending');
      expect(await activatedRouteAccount(t.db, me.id)).toBeNull();
      // An activation (of the old details) arriving meanwhile is refused, so that the gateway delivers it again later.
      const early = await deliver(rzp.webhook(...rzp.routeAccounts.productEvent(accountId, 'activated')));
      expect(early.statusCode).toBe(503);
      expect((await get(me)).json().status).toBe('pending');
    } finally {
      rzp.state.down = false;
    }
    await pushed(me.id);

    expect(accountsOf(me)).toHaveLength(1);
    expect(stakeholdersOf(accountId)).toHaveLength(1);
    expect(productOf(accountId)).toHaveLength(1);
    expect(productOf(accountId)[0]!.active_configuration.settlements).toEqual({ account_number: NEW_ACCOUNT_NUMBER, ifsc_code: 'HDFC0000317', beneficiary_name: GOOD.beneficiaryName });
    expect(rzp.routeAccounts.writes.filter((w) => w.method === 'PATCH' && w.path.includes(accountId)).length).toBe(patchesBefore + 1);
    expect(rzp.routeAccounts.state.activation).toBe('under_review');
    expect((await get(me)).json().status).toBe('under_review');
    expect(await activatedRouteAccount(t.db, me.id)).toBeNull();

    expect((await deliver(rzp.webhook(...rzp.routeAccounts.productEvent(accountId, 'activated')))).statusCode).toBe(200);
    expect((await get(me)).json()).toMatchObject({ status: 'activated', accountNumberMasked: 'XXXXXXXXXX7891' });
    expect(await activatedRouteAccount(t.db, me.id)).toBe(accountId);
  });
});

describe('activation by itself', () => {
  it("the stand-in activates a saved account a moment later through a signed webhook to our server", async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    rzp.routeAccounts.autoActivate(`${address}/api/payments/razorpay/webhook`, 50);
    try {
      const me = await vendor();
      expect((await put(me, GOOD)).statusCode).toBe(200);
      await expect.poll(async () => (await get(me)).json().status, { timeout: 10_000, interval: 50 }).toBe('activated');
      const accountId = (await rowOf(me.id)).routeAccountId!;
      expect(await activatedRouteAccount(t.db, me.id)).toBe(accountId);
      await expect.poll(() => rzp.routeAccounts.delivered.filter((d) => d.accountId === accountId).at(-1)).toMatchObject({ event: 'product.route.activated', status: 200 });
    } finally {
      rzp.routeAccounts.autoActivate(null);
    }
  });
});

describe('the account number', () => {
  it("operators see the linked account's status, never the bank account number", async () => {
    const { me, accountId } = await activatedVendor();
    const op = await createOperator(t.db, 'support');
    const operator = { headers: opsCookie((await loginOperator(t.app, op.email)).token) };
    const one = await call(operator, 'GET', `/api/ops/vendors/${me.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().payout).toEqual({ status: 'activated', routeAccountId: accountId, statusReason: null });
    const list = await call(operator, 'GET', `/api/ops/vendors?q=${encodeURIComponent(me.email)}`);
    expect(list.json().vendors.find((v: { id: string }) => v.id === me.id).payout.status).toBe('activated');
    for (const res of [one, list]) expect(res.body).not.toContain(ACCOUNT_NUMBER);
  });

  it('never reaches the logs', () => {
    const logs = logLines.join('\n');
    expect(logs.length).toBeGreaterThan(0);
    expect(logs).not.toContain(ACCOUNT_NUMBER);
    expect(logs).not.toContain(NEW_ACCOUNT_NUMBER);
    expect(logs).not.toContain(GOOD.pan);
  });
});

describe('in development without Razorpay keys', () => {
  it('the built-in test gateway activates a saved account by itself, through the same calls', async () => {
    const dev = await createTestApp({ NODE_ENV: 'development' });
    try {
      const v = await loggedInVendor(dev, { kind: 'seller' });
      const devCall = caller(() => dev);
      const saved = await devCall(v, 'PUT', URL, GOOD);
      expect(saved.statusCode).toBe(200);
      let status = saved.json().status as string;
      for (let i = 0; i < 100 && status !== 'activated'; i += 1) {
        await new Promise((r) => setTimeout(r, 50));
        status = (await devCall(v, 'GET', URL)).json().status;
      }
      expect(status).toBe('activated');
      expect(await activatedRouteAccount(dev.db, v.id)).toMatch(/^acc_/);
    } finally {
      await dev.close();
    }
  });
});
