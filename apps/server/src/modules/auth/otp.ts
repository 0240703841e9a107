import type { Locale } from '@nirmaan/shared/i18n';
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db, Tx } from '../../db/client.ts';
import { takeAll, type LimitRule, type RateLimiter, type Slot } from '../../lib/rate-limit.ts';
import { enqueueEmail } from '../../email/outbox.ts';
import { otpEmail } from '../../email/templates.ts';
import { LoginRefusal } from './refusal.ts';
import * as repo from './repository.ts';

export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_TRIES = 5;
/** After a correct code, how long login, signup or reset for that email may use it (once). */
export const VERIFIED_WINDOW_MINUTES = 10;
export const SENDS_PER_EMAIL_PER_HOUR = 5;
export const SENDS_PER_IP_PER_HOUR = 20;

const PER_EMAIL: LimitRule = {
  limit: SENDS_PER_EMAIL_PER_HOUR, minutes: 60,
  message: (wait) => `Too many codes were sent to this email. Please try again in ${wait}.`,
};
const PER_IP: LimitRule = {
  limit: SENDS_PER_IP_PER_HOUR, minutes: 60,
  message: () => 'Too many codes were requested from your network. Please try again in an hour.',
};

const hashCode = (id: string, code: string) => createHash('sha256').update(`${id}:${code}`).digest();

/**
 * Resend throttle, per email and per network; the slots are given back if no code is sent after all. Each channel
 * has buckets of its own: public /sendotp calls never use up the sends of an operator's console login.
 */
export function takeSendSlots(limiter: RateLimiter, email: string, ip: string, channel: repo.OtpChannel = 'public'): Promise<Slot[]> {
  const prefix = channel === 'ops' ? 'otp-ops-' : 'otp-';
  return takeAll(limiter, [[`${prefix}email:${email.toLowerCase()}`, PER_EMAIL], [`${prefix}ip:${ip}`, PER_IP]]);
}

/**
 * A new 6-digit code from the CSPRNG, stored hashed; earlier codes of the email stop working. The code and
 * its email are written in one transaction, so a mail is sent exactly when a code exists. Only codes of the same
 * channel are replaced.
 */
export async function issueOtp(db: Db, email: string, ip: string, purpose: repo.StoredOtpPurpose, locale: Locale = 'en') {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction(async (tx) => {
    const id = await repo.replaceOtp(tx, { email, purpose, ip, ttlMinutes: OTP_TTL_MINUTES });
    await repo.setOtpHash(tx, id, hashCode(id, code).toString('base64url'));
    await enqueueEmail(tx, otpEmail(email, code, OTP_TTL_MINUTES, locale));
  });
}

/**
 * Checks a code: single use, expires, and five wrong tries kill it. A try is taken atomically before the
 * comparison, so racing guesses get five tries in all, not five each. Opens the verified window. Only a code of
 * the given channel is tried, so an operator's code never opens a customer's window, nor the reverse.
 */
export async function verifyOtp(db: Db, email: string, code: string, channel: repo.OtpChannel = 'public') {
  const row = await repo.takeOtpTry(db, email, channel, OTP_MAX_TRIES);
  if (!row) {
    const newest = await repo.findNewestLiveOtp(db, email, channel);
    if (newest && newest.expiresAt.getTime() <= Date.now()) {
      throw new LoginRefusal('BAD_REQUEST', 'This OTP has expired. Please request a new one.');
    }
    if (newest && newest.attempts >= OTP_MAX_TRIES) throw new LoginRefusal('BAD_REQUEST', 'Too many wrong tries. Please request a new OTP.');
    throw new LoginRefusal('BAD_REQUEST', 'Invalid OTP');
  }
  const expected = Buffer.from(row.codeHash, 'base64url');
  const given = hashCode(row.id, code);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    if (row.attempts >= OTP_MAX_TRIES) {
      await repo.killOtp(db, row.id);
      throw new LoginRefusal('BAD_REQUEST', 'Too many wrong tries. Please request a new OTP.');
    }
    throw new LoginRefusal('BAD_REQUEST', 'Invalid OTP');
  }
  if (!(await repo.openVerifiedWindow(db, row.id, VERIFIED_WINDOW_MINUTES))) throw new LoginRefusal('BAD_REQUEST', 'Invalid OTP');
}

/** Uses up the verified window of an email, atomically: it lets exactly one login, signup or reset through. */
export async function consumeVerifiedWindow(tx: Db | Tx, email: string, channel: repo.OtpChannel = 'public') {
  if (!(await repo.consumeVerifiedWindow(tx, email, channel))) {
    throw new LoginRefusal('FORBIDDEN', 'Please verify your email with OTP first.');
  }
}
