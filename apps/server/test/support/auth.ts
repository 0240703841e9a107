import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { hashPassword } from '../../src/modules/auth/passwords.ts';
import type { Db } from '../../src/db/client.ts';
import { createCustomer, createVendor } from './factories.ts';

export const PASSWORD = 'Str0ng-Cement#42';
let passwordHash: Promise<string> | undefined;

/** A customer with a known password (hashed once per test file). */
export async function createCustomerWithPassword(db: Db, overrides: Parameters<typeof createCustomer>[1] = {}) {
  passwordHash ??= hashPassword(PASSWORD);
  return createCustomer(db, { passwordHash: await passwordHash, ...overrides });
}

export function sessionCookie(res: LightMyRequestResponse) {
  const c = res.cookies.find((x) => x.name === 'nirmaan_session');
  if (!c) throw new Error(`no session cookie in ${res.statusCode} ${res.body}`);
  return c;
}

export const cookieHeader = (token: string) => ({ cookie: `nirmaan_session=${token}` });

/** The newest code mailed to `email`, read from the dev mailbox like a person reads their inbox. */
export async function latestOtp(app: FastifyInstance, email: string): Promise<string> {
  const mails = (await app.inject({ method: 'GET', url: '/dev/mailbox.json' })).json() as { to: string; text: string }[];
  const mail = mails.find((m) => m.to === email);
  const code = mail?.text.match(/code is (\d{6})/)?.[1];
  if (!code) throw new Error(`no OTP mail for ${email}`);
  return code;
}

/** Sends and verifies an OTP for `email`, opening its verified window. */
export async function verifyEmail(app: FastifyInstance, email: string) {
  const sent = await app.inject({ method: 'POST', url: '/sendotp', payload: { Email: email } });
  if (sent.statusCode !== 200) throw new Error(`sendotp: ${sent.body}`);
  const otp = await latestOtp(app, email);
  const verified = await app.inject({ method: 'POST', url: '/verifyotp', payload: { Email: email, otp } });
  if (verified.json().message !== 'OTP verified') throw new Error(`verifyotp: ${verified.body}`);
}

export async function loginWithPassword(app: FastifyInstance, email: string, password = PASSWORD) {
  const res = await app.inject({ method: 'POST', url: '/fetch/userprofile', payload: { email, password } });
  return { res, token: sessionCookie(res).value };
}

/** A vendor with the known password (hashed once per test file). */
export async function createVendorWithPassword(db: Db, overrides: Parameters<typeof createVendor>[1] = {}) {
  passwordHash ??= hashPassword(PASSWORD);
  return createVendor(db, { passwordHash: await passwordHash, ...overrides });
}

/** Logs a vendor in through POST /api/vendor/login; returns the answer and the session token. */
export async function loginVendor(app: FastifyInstance, email: string, password = PASSWORD) {
  const res = await app.inject({ method: 'POST', url: '/api/vendor/login', payload: { email, password } });
  return { res, token: sessionCookie(res).value };
}
