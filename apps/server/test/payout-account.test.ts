import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vendorPayoutAccounts } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { caller, loggedInCustomer, loggedInVendor } from './support/http.ts';

/** Money out, step 2 (decision record 017): the vendor's payout account, checked, masked and theirs alone. */

const logLines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { logStream: new Writable({ write(chunk, _enc, done) { logLines.push(String(chunk)); done(); } }) });
});
afterAll(() => t.close());

const vendor = () => loggedInVendor(t);
type Who = { headers: Record<string, string> };
const URL = '/api/vendor/payout-account';
const call = caller(() => t);
const get = (who: Who | null) => call(who, 'GET', URL);
const put = (who: Who | null, payload: object, headers: Record<string, string> = {}) => call(who, 'PUT', URL, payload, headers);

const ACCOUNT_NUMBER = '918020012345678';
const GOOD = {
  legalName: 'Balaji Cement Traders', businessType: 'partnership', pan: 'AAPFU0939F', gstin: '27AAPFU0939F1ZV',
  accountNumber: ACCOUNT_NUMBER, ifsc: 'UTIB0000123', beneficiaryName: 'Balaji Cement Traders',
};

describe('GET|PUT /api/vendor/payout-account', () => {
  it('starts not submitted, saves as pending, and shows the account number only masked', async () => {
    const me = await vendor();
    const before = await get(me);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ status: 'not_submitted', accountNumberMasked: null, pan: null });

    const saved = await put(me, { ...GOOD, pan: 'aapfu0939f', ifsc: 'utib0000123', accountNumber: '9180 2001 2345 678' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      status: 'pending', legalName: GOOD.legalName, businessType: 'partnership', pan: 'AAPFU0939F', gstin: GOOD.gstin,
      accountNumberMasked: 'XXXXXXXXXXX5678', ifsc: 'UTIB0000123', beneficiaryName: GOOD.beneficiaryName, updatedAt: expect.any(String),
    });
    const shown = await get(me);
    expect(shown.json()).toMatchObject({ status: 'pending', accountNumberMasked: 'XXXXXXXXXXX5678' });
    expect(shown.body).not.toContain(ACCOUNT_NUMBER);
    expect(saved.body).not.toContain(ACCOUNT_NUMBER);
    expect(shown.headers['cache-control']).toBe('no-store');
    const [row] = await t.db.select().from(vendorPayoutAccounts).where(eq(vendorPayoutAccounts.vendorId, me.id));
    expect(row).toMatchObject({ accountNumber: ACCOUNT_NUMBER, status: 'pending' });

    // Without a GSTIN (not every vendor is registered), the saved one goes away.
    const noGst = await put(me, { ...GOOD, gstin: '' });
    expect(noGst.json()).toMatchObject({ gstin: null, status: 'pending' });
  });

  it('names the field of each error, and a refused save changes nothing', async () => {
    const me = await vendor();
    expect((await put(me, GOOD)).statusCode).toBe(200);
    const firstGstin = '29AAGCB7383J1Z4'; // a real-format GSTIN, of another PAN
    const wrongState = (() => {
      // The check character right for state 40, so only the state code is wrong.
      const first14 = '40AAPFU0939F1Z';
      const chars = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
      let sum = 0;
      for (let i = 0; i < 14; i += 1) { const p = chars.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2); sum += Math.floor(p / 36) + (p % 36); }
      return first14 + chars[(36 - (sum % 36)) % 36];
    })();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ pan: 'AAPFU0939' }, 'pan', /^The PAN must be 10 characters/],
      [{ pan: 'AAPXU0939F' }, 'pan', /^The PAN's 4th letter/],
      [{ gstin: '27AAPFU0939F1ZW' }, 'gstin', /^The GSTIN is mistyped: its last character \(the check character\)/],
      [{ gstin: wrongState }, 'gstin', /^The GSTIN starts with 40, which is not a GST state code/],
      [{ gstin: firstGstin }, 'gstin', /^The GSTIN holds the PAN AAGCB7383J, not the PAN given \(AAPFU0939F\)/],
      [{ gstin: '27AAPFU0939' }, 'gstin', /^The GSTIN must be 15 characters/],
      [{ ifsc: 'UTIB1000123' }, 'ifsc', /^The IFSC must be 11 characters/],
      [{ accountNumber: '12345' }, 'accountNumber', /bank account number must be 9 to 18 digits/],
      [{ legalName: '' }, 'legalName', /legal business name/],
      [{ beneficiaryName: '' }, 'beneficiaryName', /beneficiary name/],
      [{ businessType: 'trust' }, 'businessType', /^The business type is one of/],
    ];
    for (const [change, field, message] of cases) {
      const res = await put(me, { ...GOOD, ...change, accountNumber: change.accountNumber ?? '111122223333' });
      expect(res.statusCode, field).toBe(400);
      const body = res.json() as { message: string; issues: { path: string; message: string }[] };
      expect(body.message, field).toMatch(message);
      expect(body.issues.map((i) => i.path), field).toEqual([`body.${field}`]);
    }
    const missing = await put(me, { ...GOOD, pan: undefined });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues[0].path).toBe('body.pan');
    expect(missing.json().message).toMatch(/PAN/);
    // The first save stands: nothing of the refused ones was written.
    expect((await get(me)).json()).toMatchObject({ accountNumberMasked: 'XXXXXXXXXXX5678', pan: 'AAPFU0939F', gstin: GOOD.gstin });
  });

  it('40 racing saves leave one row holding one save whole, never a mix', async () => {
    const me = await vendor();
    const saves = Array.from({ length: 40 }, (_, i) => ({
      ...GOOD, legalName: `Balaji Traders ${i}`, beneficiaryName: `Beneficiary ${i}`, accountNumber: `5000000000${String(i).padStart(4, '0')}`,
    }));
    const results = await Promise.all(saves.map((s) => put(me, s)));
    expect(results.map((r) => r.statusCode)).toEqual(saves.map(() => 200));
    const rows = await t.db.select().from(vendorPayoutAccounts).where(eq(vendorPayoutAccounts.vendorId, me.id));
    expect(rows).toHaveLength(1);
    const i = Number(rows[0]!.legalName.split(' ').pop());
    expect(rows[0]).toMatchObject({ beneficiaryName: `Beneficiary ${i}`, accountNumber: saves[i]!.accountNumber, status: 'pending' });
    expect((await get(me)).json()).toMatchObject({ legalName: `Balaji Traders ${i}`, accountNumberMasked: `XXXXXXXXXX${String(i).padStart(4, '0')}` });
  });

  it('is the vendor\'s alone: another vendor sees their own (none), customers and strangers are refused, foreign origins too', async () => {
    const owner = await vendor();
    expect((await put(owner, GOOD)).statusCode).toBe(200);
    const other = await vendor();
    const seen = await get(other);
    expect(seen.json()).toMatchObject({ status: 'not_submitted', legalName: null });
    expect(seen.body).not.toContain('5678');
    const c = await loggedInCustomer(t);
    expect((await get(c)).statusCode).toBe(403);
    expect((await put(c, GOOD)).statusCode).toBe(403);
    expect((await get(null)).statusCode).toBe(401);
    expect((await put(null, GOOD)).statusCode).toBe(401);
    const foreign = await put(owner, { ...GOOD, legalName: 'Evil Rename' }, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect((await get(owner)).json().legalName).toBe(GOOD.legalName);
  });

  it('never logs the account number, even when a handler logs the account', async () => {
    const me = await vendor();
    await put(me, GOOD);
    t.app.log.info({ account: { accountNumber: ACCOUNT_NUMBER }, body: { ...GOOD } }, 'payout probe');
    await put(me, { ...GOOD, ifsc: 'bad' });
    const all = logLines.join('\n');
    expect(all).toContain('payout probe');
    expect(all).not.toContain(ACCOUNT_NUMBER);
    expect(all).not.toContain('918020012');
  });
});
