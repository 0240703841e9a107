import type { z } from 'zod';
import type { Locale } from '@nirmaan/shared/i18n';
import { rupeesToPaise, VENDOR_AUTH_MSG, type OtpPurpose, type ZProfileUpdateBody, type ZSignupBody, type ZVendorSignupBody } from '@nirmaan/shared';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import { verifyGoogleToken } from './google.ts';
import { clearLoginFailures, takeLoginSlots } from './login-limit.ts';
import { consumeVerifiedWindow, issueOtp, takeSendSlots, verifyOtp } from './otp.ts';
import { assertAcceptablePassword, hashPassword, verifyPassword, verifyPasswordOfNobody } from './passwords.ts';
import { LoginRefusal } from './refusal.ts';
import * as repo from './repository.ts';
import { createSession, revokeAllSessions } from './sessions.ts';
import { findVendorAccount, insertVendorAccount, type VendorAccount } from '../vendors/service.ts';

export { SESSION_COOKIE, SESSION_DAYS, createSession, findSessionIdentity, revokeSession } from './sessions.ts';
// The operator console logs in with the same password hashing, try limits and mailed codes (ops module).
export { assertAcceptablePassword, hashPassword, verifyPassword, verifyPasswordOfNobody } from './passwords.ts';
export { clearLoginFailures, takeLoginSlots } from './login-limit.ts';
export { consumeVerifiedWindow } from './otp.ts';
/** The refusal the spec's login calls answer with 200 (http/auth.ts, docs/decisions/013). */
export { LoginRefusal } from './refusal.ts';

type Customer = repo.Customer;
export interface LoggedIn { customer: Customer; token: string }

const INVALID_LOGIN = 'Invalid email or password.';
export const CUSTOMER_BLOCKED = 'This account has been blocked by Nirmaan. Please write to support@nirmaan.in if you think this is a mistake.';

/** Told only to someone who proved they own the account (right password, code or Google), never to a guesser. */
/** A refusal the user must read: the spec's login calls answer it in a 200 (decision 013), others with 403. */
function refuseBlocked(customer: Pick<Customer, 'blockedAt'>) {
  if (customer.blockedAt) throw new LoginRefusal('FORBIDDEN', CUSTOMER_BLOCKED);
}
const NO_ACCOUNT = 'No account found for this email. Please sign up first.';
const EMAIL_TAKEN = 'An account with this email already exists. Please log in.';
export const ACCOUNT_CHECKS_PER_IP_PER_HOUR = 20;

/**
 * Mails a code. With a purpose, `login` and `reset` need an account and `signup` needs a new email; a refused
 * purpose stores no code and so sends no mail and does not count toward the send limits, which exist to protect
 * inboxes; refusals have a per-network limit of their own. The send limits are checked first, so a throttled
 * client gets 429 whether or not the email has an account.
 */
export async function sendOtp(db: Db, limiter: RateLimiter, email: string, ip: string, purpose?: OtpPurpose, locale: Locale = 'en') {
  const slots = await takeSendSlots(limiter, email, ip);
  try {
    const refusal = await refusalFor(db, email, purpose);
    if (refusal) {
      await limiter.release(slots);
      // Each refusal says whether an email has an account: bounded per network, like the mails are.
      await limiter.take(`account-check:${ip}`, {
        limit: ACCOUNT_CHECKS_PER_IP_PER_HOUR, minutes: 60,
        message: (wait) => `Too many requests from your network. Please try again in ${wait}.`,
      });
      throw refusal;
    }
    await issueOtp(db, email, ip, await storedPurpose(db, email, purpose), locale);
  } catch (err) {
    if (!(err instanceof AppError)) await limiter.release(slots);
    throw err;
  }
}

async function refusalFor(db: Db, email: string, purpose: OtpPurpose | undefined): Promise<AppError | null> {
  switch (purpose) {
    case undefined: return null;
    case 'login': case 'reset':
      return (await repo.findCustomerByEmail(db, email)) ? null : new AppError('NOT_FOUND', NO_ACCOUNT);
    case 'signup':
      return (await repo.findCustomerByEmail(db, email)) ? new AppError('CONFLICT', EMAIL_TAKEN) : null;
    case 'vendor-login':
      return (await findVendorAccount(db, email)) ? null : new AppError('NOT_FOUND', VENDOR_AUTH_MSG.noVendorAccount);
    case 'vendor-signup':
      return (await findVendorAccount(db, email)) ? new AppError('CONFLICT', VENDOR_AUTH_MSG.vendorEmailTaken) : null;
  }
}

async function storedPurpose(db: Db, email: string, purpose: OtpPurpose | undefined): Promise<repo.StoredOtpPurpose> {
  if (purpose === 'vendor-login') return 'login';
  if (purpose === 'vendor-signup') return 'signup';
  return purpose ?? ((await repo.findCustomerByEmail(db, email)) ? 'login' : 'signup');
}

export const checkOtp = (db: Db, email: string, code: string) => verifyOtp(db, email, code, 'public');
/** An operator's console code (ops module): tried only against codes mailed by mailLoginCode. */
export const checkOperatorCode = (db: Db, email: string, code: string) => verifyOtp(db, email, code, 'ops');
export const consumeOperatorWindow = (tx: Tx, email: string) => consumeVerifiedWindow(tx, email, 'ops');

/**
 * A failure slot is taken before the password is checked and given back when it is right, so racing guesses
 * stay within the limits. An unknown email costs the same hash work as a known one: the answer's timing does
 * not tell which emails have accounts.
 */
export async function loginWithPassword(db: Db, limiter: RateLimiter, email: string, password: string, ip: string): Promise<LoggedIn> {
  const slots = await takeLoginSlots(limiter, email, ip);
  const customer = await repo.findCustomerByEmail(db, email);
  const ok = customer?.passwordHash ? await verifyPassword(customer.passwordHash, password) : await verifyPasswordOfNobody(password);
  if (!customer || !ok) throw new LoginRefusal('UNAUTHENTICATED', INVALID_LOGIN);
  await limiter.release(slots);
  refuseBlocked(customer);
  return { customer, token: await createSession(db, { customerId: customer.id }) };
}

export async function loginWithOtp(db: Db, limiter: RateLimiter, email: string): Promise<LoggedIn> {
  const loggedIn = await db.transaction(async (tx) => {
    // The window first: only someone who proved they own the email learns whether it has an account.
    // A refusal below rolls the transaction back, so the window stays open.
    await consumeVerifiedWindow(tx, email);
    const customer = await repo.findCustomerByEmail(tx, email);
    if (!customer) throw new LoginRefusal('NOT_FOUND', NO_ACCOUNT);
    refuseBlocked(customer);
    return { customer, token: await createSession(tx, { customerId: customer.id }) };
  });
  await clearLoginFailures(limiter, email);
  return loggedIn;
}

export interface VendorLoggedIn { vendor: VendorAccount; token: string }

/** A vendor's password login: the customer login's limits and equal hash work, a vendor session. */
export async function loginVendorWithPassword(db: Db, limiter: RateLimiter, email: string, password: string, ip: string): Promise<VendorLoggedIn> {
  const slots = await takeLoginSlots(limiter, email, ip);
  const vendor = await findVendorAccount(db, email);
  const ok = vendor?.passwordHash ? await verifyPassword(vendor.passwordHash, password) : await verifyPasswordOfNobody(password);
  if (!vendor || !ok) throw new AppError('UNAUTHENTICATED', VENDOR_AUTH_MSG.invalidLogin);
  await limiter.release(slots);
  return { vendor, token: await createSession(db, { vendorId: vendor.id }) };
}

/** A vendor's login after a verified code, which it uses up. */
export async function loginVendorWithOtp(db: Db, limiter: RateLimiter, email: string): Promise<VendorLoggedIn> {
  const loggedIn = await db.transaction(async (tx) => {
    await consumeVerifiedWindow(tx, email);
    const vendor = await findVendorAccount(tx, email);
    if (!vendor) throw new AppError('NOT_FOUND', VENDOR_AUTH_MSG.noVendorAccount);
    return { vendor, token: await createSession(tx, { vendorId: vendor.id }) };
  });
  await clearLoginFailures(limiter, email);
  return loggedIn;
}

export const toWireVendorRef = (v: Pick<VendorAccount, 'id' | 'kind' | 'ownerName' | 'businessName'>) =>
  ({ _id: v.id, Business_Name: v.businessName, Owner_name: v.ownerName, kind: v.kind });

export async function signUp(db: Db, body: z.infer<typeof ZSignupBody>, language: Locale | null = null, alsoInTransaction?: (tx: Tx, customer: { id: string }) => Promise<unknown>) {
  assertAcceptablePassword(body.Password);
  const passwordHash = await hashPassword(body.Password);
  try {
    return await db.transaction(async (tx) => {
      await consumeVerifiedWindow(tx, body.Emailaddress);
      if (await repo.findCustomerByEmail(tx, body.Emailaddress)) throw new AppError('CONFLICT', EMAIL_TAKEN);
      const customer = await repo.insertCustomer(tx, {
        fullName: body.Full_Name,
        email: body.Emailaddress,
        phone: body.Phone_Number,
        location: body.Location,
        passwordHash,
        language,
      });
      // What a flow adds to the new account in its transaction (the WhatsApp consent ticked at signup).
      await alsoInTransaction?.(tx, customer);
      return customer;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', EMAIL_TAKEN);
    throw err;
  }
}

/**
 * A new vendor account after a verified code for its email (the customer signup's rules), unapproved until an
 * admin approves it. No read-then-write: a taken email fails on the unique index, so racing signups make one.
 */
export async function signUpVendor(db: Db, body: z.output<typeof ZVendorSignupBody>, language: Locale | null = null) {
  assertAcceptablePassword(body.password);
  const passwordHash = await hashPassword(body.password);
  const professional = body.kind === 'professional';
  try {
    return await db.transaction(async (tx) => {
      await consumeVerifiedWindow(tx, body.email);
      return insertVendorAccount(tx, {
        kind: body.kind, businessName: body.Business_Name, ownerName: body.Owner_name, email: body.email, phone: body.phone, passwordHash,
        businessAddress: body.Business_address, city: body.city, description: '', category: body.Category, subCategories: [body.Category],
        chargeAmountPaise: professional ? rupeesToPaise(body.Charge_Per_Hour_or_Day!) : null, chargeType: professional ? body.Charge_Type! : null,
        language,
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', VENDOR_AUTH_MSG.vendorEmailTaken);
    throw err;
  }
}

/** A new password after a verified OTP; every session of the account is signed out. */
export async function resetPassword(db: Db, limiter: RateLimiter, email: string, password: string) {
  assertAcceptablePassword(password);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await consumeVerifiedWindow(tx, email);
    const customer = await repo.findCustomerByEmail(tx, email);
    if (!customer) throw new AppError('NOT_FOUND', NO_ACCOUNT);
    await repo.updateCustomer(tx, customer.id, { passwordHash });
    await revokeAllSessions(tx, { customerId: customer.id });
  });
  await clearLoginFailures(limiter, email);
}

/** Logs in the Google account's customer, linking it by verified email or creating it (no password). */
export async function loginWithGoogle(db: Db, credential: string, opts: { clientId: string | undefined; jwksUrl: string }): Promise<LoggedIn> {
  const identity = await verifyGoogleToken(credential, opts);
  try {
    return await db.transaction(async (tx) => {
      let customer = (await repo.findCustomerByGoogleSubject(tx, identity.subject)) ?? (await repo.findCustomerByEmail(tx, identity.email));
      if (customer && customer.googleSubject === null) {
        customer = await repo.updateCustomer(tx, customer.id, { googleSubject: identity.subject, pictureUrl: customer.pictureUrl ?? identity.picture });
      }
      if (!customer) {
        customer = await repo.insertCustomer(tx, {
          fullName: identity.name,
          email: identity.email,
          location: 'Google',
          googleSubject: identity.subject,
          pictureUrl: identity.picture,
        });
      }
      refuseBlocked(customer!);
      return { customer: customer!, token: await createSession(tx, { customerId: customer!.id }) };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', 'This Google account is already linked to another customer.');
    throw err;
  }
}

/**
 * Mails an operator's login code (ops module): the customer codes' store and rules, but a purpose and send limits
 * of its own, so no customer-side call can replace it or use up its sends (issue 30).
 */
export async function mailLoginCode(db: Db, limiter: RateLimiter, email: string, ip: string) {
  const slots = await takeSendSlots(limiter, email, ip, 'ops');
  try {
    await issueOtp(db, email, ip, 'ops-login');
  } catch (err) {
    await limiter.release(slots);
    throw err;
  }
}

// Blocking, for the operator console: the ops module locks, changes and audits in one transaction of its own.

export type CustomerState = Pick<Customer, 'id' | 'fullName' | 'email' | 'blockedAt'>;

/** The account's contact (name, email, phone), which order and booking mail goes to; `lock` holds its row to the commit. */
export const findCustomerContact = (db: Db | Tx, id: string) => repo.findContact(db, id);
export const lockCustomerContact = (tx: Tx, id: string) => repo.lockContact(tx, id);

/** Customers' full names by id (the chat's conversations). */
export async function customerNames(db: Db | Tx, ids: string[]): Promise<Map<string, string>> {
  return new Map((await repo.findCustomerNames(db, ids)).map((c) => [c.id, c.fullName]));
}

export const lockCustomer = (tx: Tx, id: string): Promise<CustomerState | undefined> => repo.lockCustomer(tx, id);

/** Blocks or unblocks; a block revokes every session (and sessions of a blocked customer stop working anyway). */
export async function setCustomerBlocked(tx: Tx, id: string, blocked: boolean): Promise<CustomerState> {
  const row = await repo.setCustomerBlocked(tx, id, blocked);
  if (blocked) await revokeAllSessions(tx, { customerId: id });
  return row;
}

export async function getProfile(db: Db, customerId: string) {
  const customer = await repo.findCustomerById(db, customerId);
  if (!customer) throw new AppError('NOT_FOUND', 'Account not found.');
  return toWireProfile(customer);
}

export async function updateProfile(db: Db, customerId: string, body: z.infer<typeof ZProfileUpdateBody>) {
  const customer = await repo.updateCustomer(db, customerId, { fullName: body.Full_Name, phone: body.Phone_Number, location: body.Location });
  if (!customer) throw new AppError('NOT_FOUND', 'Account not found.');
  return toWireProfile(customer);
}

/** The customer's language for its mails (issue 33); `onlyIfUnset` keeps an earlier choice (the cookie at login). */
export async function setLanguage(db: Db | Tx, customerId: string, language: Locale, onlyIfUnset = false) {
  const row = await repo.setCustomerLanguage(db, customerId, language, onlyIfUnset);
  if (!row && !onlyIfUnset) throw new AppError('NOT_FOUND', 'Account not found.');
  return row;
}

export const toWireUser = (c: Pick<Customer, 'id' | 'fullName'>) => ({ _id: c.id, Full_Name: c.fullName });

function toWireProfile(c: Customer) {
  return { _id: c.id, Full_Name: c.fullName, Emailaddress: c.email, Phone_Number: c.phone ?? '', Location: c.location };
}
