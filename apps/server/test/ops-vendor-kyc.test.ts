import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZOpsVendor, ZOpsVendorList } from '@nirmaan/shared/ops';
import { PAYOUT_ACCOUNT_STATUSES } from '@nirmaan/shared/payouts';
import { createTestApp, type TestApp } from './support/app.ts';
import { cookieHeader, createVendorWithPassword, loginVendor } from './support/auth.ts';
import { createOperator, loginOperator, opsCookie } from './support/ops.ts';
import { PAYOUT_FORM } from './support/payout-accounts.ts';

/**
 * Issue 22: the approval queue shows each vendor's payout KYC (decision record 015, amendment "payout KYC"): names,
 * IFSC and GSTIN whole, the PAN as its last 4 characters and the bank account number as its last 4 digits. The
 * whole PAN and account number reach neither the console's JSON nor the logs.
 */

/** A proprietor without GST registration: their PAN is their own, and nothing else in the answer carries it. */
const INDIVIDUAL = {
  legalName: 'Ravi Kumar Plumbing', businessType: 'individual', pan: 'BQKPR4821M',
  accountNumber: '501002345678901', ifsc: 'HDFC0001234', beneficiaryName: 'Ravi Kumar',
} as const;

const logLines: string[] = [];
let t: TestApp;
let operator: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({}, { logStream: new Writable({ write(chunk, _enc, done) { logLines.push(String(chunk)); done(); } }) });
  const op = await createOperator(t.db, 'support');
  operator = opsCookie((await loginOperator(t.app, op.email, '10.93.0.1')).token);
});
afterAll(() => t.close());

/** A vendor awaiting approval who saved `account` on the portal's Payouts page (none: never saved one). */
async function pendingVendor(account?: object) {
  const v = await createVendorWithPassword(t.db, { approvedAt: null });
  if (account) {
    const { token } = await loginVendor(t.app, v.email);
    const res = await t.app.inject({ method: 'PUT', url: '/api/vendor/payout-account', headers: cookieHeader(token), payload: account });
    expect(res.statusCode, res.body).toBe(200);
  }
  return v;
}

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: operator });
const queueOf = async (email: string) => {
  const res = await get(`/api/ops/vendors?status=pending&q=${encodeURIComponent(email)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res;
};

describe('payout KYC in the approval queue', () => {
  it('shows a saved account with the PAN and the bank account number masked, in the list, the detail and a decision', async () => {
    const v = await pendingVendor(INDIVIDUAL);
    const list = await queueOf(v.email);
    const listed = ZOpsVendorList.parse(list.json()).vendors;
    expect(listed.map((x) => x.id)).toEqual([v.id]);
    const expected = {
      legalName: 'Ravi Kumar Plumbing', businessType: 'individual', panMasked: 'XXXXXX821M', gstin: null,
      accountNumberMasked: 'XXXXXXXXXXX8901', ifsc: 'HDFC0001234', beneficiaryName: 'Ravi Kumar', updatedAt: expect.any(String),
    };
    expect(listed[0]!.payoutKyc).toEqual(expected);
    expect(PAYOUT_ACCOUNT_STATUSES).toContain(listed[0]!.payout?.status);

    const detail = await get(`/api/ops/vendors/${v.id}`);
    expect(detail.statusCode).toBe(200);
    expect(ZOpsVendor.parse(detail.json()).payoutKyc).toEqual(expected);

    const approved = await t.app.inject({ method: 'POST', url: `/api/ops/vendors/${v.id}/approve`, headers: operator, payload: {} });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().payoutKyc).toEqual(expected);

    for (const res of [list, detail, approved]) {
      expect(res.body).not.toContain(INDIVIDUAL.pan);
      expect(res.body).not.toContain(INDIVIDUAL.accountNumber);
      // Not even the part the mask hides.
      expect(res.body).not.toContain('BQKPR4');
      expect(res.body).not.toContain('50100234567');
    }
  });

  it('shows the GSTIN whole (it is on every invoice), so the PAN appears only inside it', async () => {
    const v = await pendingVendor(PAYOUT_FORM);
    const res = await queueOf(v.email);
    expect(res.json().vendors[0].payoutKyc).toMatchObject({
      legalName: PAYOUT_FORM.legalName, businessType: 'partnership', panMasked: 'XXXXXX939F', gstin: '27AAPFU0939F1ZV',
      accountNumberMasked: 'XXXXXXXXXXX5678', ifsc: 'UTIB0000123', beneficiaryName: PAYOUT_FORM.beneficiaryName,
    });
    expect(res.body).not.toContain(PAYOUT_FORM.accountNumber);
    expect(res.body.replaceAll(PAYOUT_FORM.gstin, '')).not.toContain(PAYOUT_FORM.pan);
  });

  it('lists a vendor who never saved a payout account, with neither payout nor KYC', async () => {
    const v = await pendingVendor();
    const res = await queueOf(v.email);
    const [listed] = ZOpsVendorList.parse(res.json()).vendors;
    expect(listed).toMatchObject({ id: v.id, status: 'pending', documents: [] });
    expect(listed).not.toHaveProperty('payout');
    expect(listed).not.toHaveProperty('payoutKyc');
    const detail = await get(`/api/ops/vendors/${v.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).not.toHaveProperty('payoutKyc');
  });

  it('has a contract that refuses an unmasked PAN or account number', () => {
    const kyc = {
      legalName: 'X Traders', businessType: 'individual', panMasked: 'XXXXXX821M', gstin: null,
      accountNumberMasked: 'XXXXXXXXXXX8901', ifsc: 'HDFC0001234', beneficiaryName: 'X', updatedAt: '2026-11-26T00:00:00.000Z',
    };
    const ZKyc = ZOpsVendor.shape.payoutKyc;
    expect(ZKyc.safeParse(kyc).success).toBe(true);
    expect(ZKyc.safeParse({ ...kyc, panMasked: INDIVIDUAL.pan }).success).toBe(false);
    expect(ZKyc.safeParse({ ...kyc, accountNumberMasked: INDIVIDUAL.accountNumber }).success).toBe(false);
  });

  it('never logs the whole PAN or account number, even when a handler logs the account', () => {
    t.app.log.info({ account: { ...INDIVIDUAL } }, 'kyc probe');
    const all = logLines.join('\n');
    expect(all).toContain('kyc probe');
    expect(all).not.toContain(INDIVIDUAL.pan);
    expect(all).not.toContain(INDIVIDUAL.accountNumber);
  });
});
