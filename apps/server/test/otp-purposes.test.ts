import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS_MSG } from '@nirmaan/shared/ops';
import { createTestApp, type TestApp } from './support/app.ts';
import { PASSWORD, createCustomerWithPassword, createVendorWithPassword, latestOtp } from './support/auth.ts';
import { createOperator, opsCookie } from './support/ops.ts';

/**
 * Issue 30, defect 3: customer-side /sendotp calls (anyone can make them, for any email) must never issue,
 * replace or use up the sends of an operator's console login code; and a code of one login never opens the other.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: object, ip: string) => t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
const sendOtpTimes = async (email: string, times: number, net: string, extra: object = {}) => {
  const codes: number[] = [];
  for (let i = 0; i < times; i += 1) codes.push((await post('/sendotp', { Email: email, ...extra }, `${net}.${i + 1}`)).statusCode);
  return codes;
};
const opsLogin = (email: string, ip: string) => post('/api/ops/login', { email, password: PASSWORD }, ip);
const opsVerify = (email: string, otp: string, ip: string) => post('/api/ops/login/verify', { email, otp }, ip);

describe("an operator's login code is a purpose of its own", () => {
  it('logs the operator in after /sendotp was called for their email until it refused', async () => {
    const op = await createOperator(t.db, 'admin');
    const sends = await sendOtpTimes(op.email, 6, '10.130.1');
    expect(sends.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(sends[5]).toBe(429);

    const first = await opsLogin(op.email, '10.130.2.1');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe(OPS_MSG.codeSent);
    const ok = await opsVerify(op.email, await latestOtp(t.app, op.email), '10.130.2.1');
    expect(ok.statusCode, ok.body).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/ops/me', headers: opsCookie(ok.cookies.find((c) => c.name === 'nirmaan_ops')!.value) });
    expect(me.json()).toMatchObject({ email: op.email, role: 'admin' });
  });

  it('keeps a code already mailed to the operator working while /sendotp is called for their email', async () => {
    const op = await createOperator(t.db, 'support');
    expect((await opsLogin(op.email, '10.130.3.1')).statusCode).toBe(200);
    const opsCode = await latestOtp(t.app, op.email);
    await sendOtpTimes(op.email, 5, '10.130.4');
    const ok = await opsVerify(op.email, opsCode, '10.130.3.1');
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('never lets a customer-side code open a console session', async () => {
    const op = await createOperator(t.db, 'finance');
    expect((await opsLogin(op.email, '10.130.5.1')).statusCode).toBe(200);
    const opsCode = await latestOtp(t.app, op.email);
    expect((await post('/sendotp', { Email: op.email }, '10.130.5.2')).statusCode).toBe(200);
    const publicCode = await latestOtp(t.app, op.email);
    // The two codes may collide by chance (1 in a million); then this round proves nothing either way.
    if (publicCode !== opsCode) {
      const refused = await opsVerify(op.email, publicCode, '10.130.5.1');
      expect(refused.statusCode).toBe(400);
      expect(refused.cookies.find((c) => c.name === 'nirmaan_ops')).toBeUndefined();
    }
    expect((await opsVerify(op.email, opsCode, '10.130.5.1')).statusCode).toBe(200);
  });

  it("never lets an operator's code verify a customer login, nor a vendor's", async () => {
    const op = await createOperator(t.db, 'support');
    await createCustomerWithPassword(t.db, { email: op.email });
    await createVendorWithPassword(t.db, { email: op.email });
    expect((await opsLogin(op.email, '10.130.6.1')).statusCode).toBe(200);
    const opsCode = await latestOtp(t.app, op.email);

    const verified = await post('/verifyotp', { Email: op.email, otp: opsCode }, '10.130.6.2');
    expect(verified.json().message).toBe('Invalid OTP');
    expect((await post('/login-with-otp', { email: op.email }, '10.130.6.2')).json().message).not.toBe('Success');
    expect((await post('/api/vendor/login-with-otp', { email: op.email }, '10.130.6.2')).statusCode).toBe(403);

    // Customer and vendor codes for the same email leave the operator's code as it was.
    expect((await post('/sendotp', { Email: op.email, purpose: 'login' }, '10.130.6.3')).statusCode).toBe(200);
    expect((await post('/sendotp', { Email: op.email, purpose: 'vendor-login' }, '10.130.6.4')).statusCode).toBe(200);
    const vendorCode = await latestOtp(t.app, op.email);
    expect((await post('/verifyotp', { Email: op.email, otp: vendorCode }, '10.130.6.4')).json().message).toBe('OTP verified');
    expect((await post('/api/vendor/login-with-otp', { email: op.email }, '10.130.6.4')).statusCode).toBe(200);
    expect((await opsVerify(op.email, opsCode, '10.130.6.1')).statusCode).toBe(200);
  });
});
