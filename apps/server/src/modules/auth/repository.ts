import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { customers, otpCodes, sessions } from '../../db/schema/auth.ts';
import { vendorCards } from '../../db/schema/published/vendors.ts';
import type { Locale } from '@nirmaan/shared/i18n';

/**
 * All SQL of the accounts module: customers, sessions and one-time codes. A vendor's credentials are the vendors
 * module's (its service); the session lookup reads a vendor's name from the vendor_cards view it publishes.
 */

/** What the otp_codes table records as a code's purpose (vendor purposes are stored as login and signup). */
export type StoredOtpPurpose = 'login' | 'signup' | 'reset' | 'ops-login';
/**
 * Which login a code belongs to: the spec's public calls (customers and vendors share /sendotp and /verifyotp, which
 * carry no audience) or the operator console. A code is only ever replaced, tried or used by calls of its channel.
 */
export type OtpChannel = 'public' | 'ops';
export const channelOf = (purpose: StoredOtpPurpose): OtpChannel => (purpose === 'ops-login' ? 'ops' : 'public');

type Conn = Db | Tx;
export type Customer = typeof customers.$inferSelect;

export const emailMatches = (email: string) => sql`lower(${customers.email}) = ${email.toLowerCase()}`;

export async function findCustomerByEmail(db: Conn, email: string) {
  const [row] = await db.select().from(customers).where(emailMatches(email));
  return row;
}

export async function findCustomerById(db: Conn, id: string) {
  const [row] = await db.select().from(customers).where(eq(customers.id, id));
  return row;
}

export async function findCustomerByGoogleSubject(db: Conn, subject: string) {
  const [row] = await db.select().from(customers).where(eq(customers.googleSubject, subject));
  return row;
}

export async function insertCustomer(db: Conn, values: typeof customers.$inferInsert) {
  const [row] = await db.insert(customers).values(values).returning();
  return row!;
}

export async function updateCustomer(db: Conn, id: string, values: Partial<typeof customers.$inferInsert>) {
  const [row] = await db.update(customers).set(values).where(eq(customers.id, id)).returning();
  return row;
}

const contactColumns = { fullName: customers.fullName, email: customers.email, phone: customers.phone, language: customers.language };

/** A customer's own name, email and phone: mail about orders and bookings goes to this address only. */
export async function findContact(db: Db | Tx, id: string) {
  const [row] = await db.select(contactColumns).from(customers).where(eq(customers.id, id));
  return row;
}

/** Customers' names by id, for the chat's conversations. */
export async function findCustomerNames(db: Db | Tx, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select({ id: customers.id, fullName: customers.fullName }).from(customers).where(inArray(customers.id, ids));
}

/**
 * The same, with the customer's row locked until the transaction ends, so one customer's racing writes take turns.
 * NO KEY UPDATE, not UPDATE: rows that reference the customer (an Idempotency-Key row inserted just before, a
 * booking) take KEY SHARE on it, which UPDATE would wait for, so two requests with different keys would deadlock.
 */
export async function lockContact(tx: Tx, id: string) {
  const [row] = await tx.select(contactColumns).from(customers).where(eq(customers.id, id)).for('no key update');
  return row;
}

export async function lockCustomer(tx: Tx, id: string) {
  const [row] = await tx.select({ id: customers.id, fullName: customers.fullName, email: customers.email, blockedAt: customers.blockedAt })
    .from(customers).where(eq(customers.id, id)).for('update');
  return row;
}

export async function setCustomerBlocked(tx: Tx, id: string, blocked: boolean) {
  const [row] = await tx.update(customers).set({ blockedAt: blocked ? sql`now()` : null }).where(eq(customers.id, id))
    .returning({ id: customers.id, fullName: customers.fullName, email: customers.email, blockedAt: customers.blockedAt });
  return row!;
}

/**
 * The account's language (issue 33). `onlyIfUnset` is the login's and signup's remembering of the language cookie: it
 * never overwrites a choice, in one statement.
 */
export async function setCustomerLanguage(db: Conn, id: string, language: Locale, onlyIfUnset = false) {
  const [row] = await db.update(customers).set({ language })
    .where(onlyIfUnset ? and(eq(customers.id, id), isNull(customers.language)) : eq(customers.id, id))
    .returning({ language: customers.language });
  return row;
}

// Sessions

export async function insertSession(db: Conn, owner: { customerId: string } | { vendorId: string }, tokenHash: string, days: number) {
  await db.insert(sessions).values({ tokenHash, ...owner, expiresAt: sql`now() + make_interval(days => ${days})` });
}

/** The live session of a token hash, with its owner's id and display name. */
export async function findLiveSession(db: Conn, tokenHash: string) {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      customerId: sessions.customerId,
      vendorId: sessions.vendorId,
      customerName: customers.fullName,
      vendorName: vendorCards.businessName,
    })
    .from(sessions)
    .leftJoin(customers, eq(customers.id, sessions.customerId))
    .leftJoin(vendorCards, eq(vendorCards.id, sessions.vendorId))
    // A blocked customer's sessions stop at once, even one opened by a login racing the block.
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`), isNull(customers.blockedAt)));
  return row;
}

export async function revokeSession(db: Conn, sessionId: string) {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.id, sessionId));
}

export async function revokeAllSessions(db: Conn, owner: { customerId: string } | { vendorId: string }) {
  const ownedBy = 'customerId' in owner ? eq(sessions.customerId, owner.customerId) : eq(sessions.vendorId, owner.vendorId);
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(ownedBy, isNull(sessions.revokedAt)));
}

// One-time codes

const inChannel = (channel: OtpChannel) => (channel === 'ops' ? sql`${otpCodes.purpose} = 'ops-login'` : sql`${otpCodes.purpose} <> 'ops-login'`);
const codeEmailIs = (email: string, channel: OtpChannel) => sql`lower(${otpCodes.email}) = ${email.toLowerCase()} and ${inChannel(channel)}`;

/** Retires the email's live codes of the same channel and stores a new one; returns its id (the hash is keyed on it). */
export async function replaceOtp(tx: Tx, values: { email: string; purpose: StoredOtpPurpose; ip: string; ttlMinutes: number }) {
  await tx.update(otpCodes).set({ consumedAt: sql`now()` })
    .where(and(codeEmailIs(values.email, channelOf(values.purpose)), isNull(otpCodes.consumedAt)));
  const [row] = await tx
    .insert(otpCodes)
    .values({
      email: values.email, purpose: values.purpose, codeHash: 'pending', requestIp: values.ip,
      expiresAt: sql`now() + make_interval(mins => ${values.ttlMinutes})`,
    })
    .returning({ id: otpCodes.id });
  return row!.id;
}

export async function setOtpHash(tx: Tx, id: string, codeHash: string) {
  await tx.update(otpCodes).set({ codeHash }).where(eq(otpCodes.id, id));
}

/**
 * Takes one try of the email's newest live code, atomically: the row comes back only while it is unexpired
 * and has tries left, so racing guesses can never exceed `maxTries`.
 */
export async function takeOtpTry(db: Conn, email: string, channel: OtpChannel, maxTries: number) {
  const [row] = await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(and(
      eq(otpCodes.id, sql`(select ${otpCodes.id} from ${otpCodes} where ${codeEmailIs(email, channel)} and ${otpCodes.consumedAt} is null order by ${otpCodes.createdAt} desc limit 1)`),
      isNull(otpCodes.consumedAt),
      sql`${otpCodes.attempts} < ${maxTries}`,
      gt(otpCodes.expiresAt, sql`now()`),
    ))
    .returning();
  return row;
}

/** Why no try was available: no live code, an expired one, or one out of tries. */
export async function findNewestLiveOtp(db: Conn, email: string, channel: OtpChannel) {
  const [row] = await db
    .select({ expiresAt: otpCodes.expiresAt, attempts: otpCodes.attempts })
    .from(otpCodes)
    .where(and(codeEmailIs(email, channel), isNull(otpCodes.consumedAt)))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  return row;
}

export async function killOtp(db: Conn, id: string) {
  await db.update(otpCodes).set({ consumedAt: sql`now()` }).where(eq(otpCodes.id, id));
}

/** Consumes a code once and opens its verified window; false if a racing request consumed it first. */
export async function openVerifiedWindow(db: Conn, id: string, windowMinutes: number) {
  const opened = await db
    .update(otpCodes)
    .set({ consumedAt: sql`now()`, verifiedUntil: sql`now() + make_interval(mins => ${windowMinutes})` })
    .where(and(eq(otpCodes.id, id), isNull(otpCodes.consumedAt)))
    .returning({ id: otpCodes.id });
  return opened.length > 0;
}

/** Uses up an email's verified window, atomically; false when there is none. */
export async function consumeVerifiedWindow(db: Conn, email: string, channel: OtpChannel) {
  const used = await db
    .update(otpCodes)
    .set({ verifiedUntil: null })
    .where(and(codeEmailIs(email, channel), gt(otpCodes.verifiedUntil, sql`now()`)))
    .returning({ id: otpCodes.id });
  return used.length > 0;
}
