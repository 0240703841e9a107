import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { OtpPurpose } from '@nirmaan/shared';
import type { Db, Tx } from '../../db/client.ts';
import { otpCodes } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { enqueueEmail } from '../../email/outbox.ts';
import { otpEmail } from '../../email/templates.ts';

export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_TRIES = 5;
/** After a correct code, how long login, signup or reset for that email may use it (once). */
export const VERIFIED_WINDOW_MINUTES = 10;
export const SENDS_PER_EMAIL_PER_HOUR = 5;
export const SENDS_PER_IP_PER_HOUR = 20;

const hashCode = (id: string, code: string) => createHash('sha256').update(`${id}:${code}`).digest();

const emailIs = (email: string) => sql`lower(${otpCodes.email}) = ${email.toLowerCase()}`;

/** Resend throttle: codes stored in the last hour, per email and per IP. */
export async function assertSendAllowed(db: Db, email: string, ip: string) {
  const [counts] = await db
    .select({
      byEmail: sql<number>`count(*) filter (where ${emailIs(email)})::int`,
      byIp: sql<number>`count(*) filter (where ${otpCodes.requestIp} = ${ip})::int`,
      oldestByEmail: sql<string | null>`min(${otpCodes.createdAt}) filter (where ${emailIs(email)})`,
    })
    .from(otpCodes)
    .where(gt(otpCodes.createdAt, sql`now() - interval '1 hour'`));
  if (!counts) return;
  if (counts.byEmail >= SENDS_PER_EMAIL_PER_HOUR) {
    const oldest = counts.oldestByEmail ? new Date(counts.oldestByEmail).getTime() : Date.now();
    const minutes = Math.max(1, Math.ceil((oldest + 3600_000 - Date.now()) / 60_000));
    throw new AppError('RATE_LIMITED', `Too many codes were sent to this email. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, { 'retry-after': String(minutes * 60) });
  }
  if (counts.byIp >= SENDS_PER_IP_PER_HOUR) {
    throw new AppError('RATE_LIMITED', 'Too many codes were requested from your network. Please try again in an hour.', { 'retry-after': '3600' });
  }
}

/**
 * A new 6-digit code from the CSPRNG, stored hashed; earlier codes of the email stop working. The code and
 * its email are written in one transaction, so a mail is sent exactly when a code exists. The caller checks
 * `assertSendAllowed` first.
 */
export async function issueOtp(db: Db, email: string, ip: string, purpose: OtpPurpose) {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction(async (tx) => {
    await tx.update(otpCodes).set({ consumedAt: sql`now()` }).where(and(emailIs(email), isNull(otpCodes.consumedAt)));
    const [row] = await tx
      .insert(otpCodes)
      .values({ email, purpose, codeHash: 'pending', requestIp: ip, expiresAt: sql`now() + make_interval(mins => ${OTP_TTL_MINUTES})` })
      .returning({ id: otpCodes.id });
    await tx.update(otpCodes).set({ codeHash: hashCode(row!.id, code).toString('base64url') }).where(eq(otpCodes.id, row!.id));
    await enqueueEmail(tx, otpEmail(email, code, OTP_TTL_MINUTES));
  });
}

/** Checks a code: single use, expires, and five wrong tries kill it. Opens the verified window. */
export async function verifyOtp(db: Db, email: string, code: string) {
  const [row] = await db
    .select()
    .from(otpCodes)
    .where(and(emailIs(email), isNull(otpCodes.consumedAt)))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  if (!row) throw new AppError('BAD_REQUEST', 'Invalid OTP');
  if (row.expiresAt.getTime() <= Date.now()) {
    throw new AppError('BAD_REQUEST', 'This OTP has expired. Please request a new one.');
  }
  const expected = Buffer.from(row.codeHash, 'base64url');
  const given = hashCode(row.id, code);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    const [updated] = await db
      .update(otpCodes)
      .set({
        attempts: sql`${otpCodes.attempts} + 1`,
        consumedAt: sql`case when ${otpCodes.attempts} + 1 >= ${OTP_MAX_TRIES} then now() else null end`,
      })
      .where(eq(otpCodes.id, row.id))
      .returning({ attempts: otpCodes.attempts });
    if (updated && updated.attempts >= OTP_MAX_TRIES) {
      throw new AppError('BAD_REQUEST', 'Too many wrong tries. Please request a new OTP.');
    }
    throw new AppError('BAD_REQUEST', 'Invalid OTP');
  }
  const [opened] = await db
    .update(otpCodes)
    .set({ consumedAt: sql`now()`, verifiedUntil: sql`now() + make_interval(mins => ${VERIFIED_WINDOW_MINUTES})` })
    .where(and(eq(otpCodes.id, row.id), isNull(otpCodes.consumedAt)))
    .returning({ id: otpCodes.id });
  if (!opened) throw new AppError('BAD_REQUEST', 'Invalid OTP');
}

/** Uses up the verified window of an email, atomically: it lets exactly one login, signup or reset through. */
export async function consumeVerifiedWindow(tx: Db | Tx, email: string) {
  const used = await tx
    .update(otpCodes)
    .set({ verifiedUntil: null })
    .where(and(emailIs(email), gt(otpCodes.verifiedUntil, sql`now()`)))
    .returning({ id: otpCodes.id });
  if (used.length === 0) {
    throw new AppError('FORBIDDEN', 'Please verify your email with OTP first.');
  }
}
