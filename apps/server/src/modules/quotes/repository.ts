import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { JobEnding, QuoteStatus } from '@nirmaan/shared/jobs';
import type { Db, Tx } from '../../db/client.ts';
import { siteQuotes } from '../../db/schema/quotes.ts';

/** All of the quotes module's SQL: its one table, a version per row (decision record 042). */

export type QuoteRow = typeof siteQuotes.$inferSelect;
type NewQuote = Omit<typeof siteQuotes.$inferInsert, 'id' | 'version' | 'status' | 'createdAt'>;

/**
 * A new version of a visit's quote, numbered one past the highest in the same statement; the unique (visit, version)
 * index turns two racing versions into one row and a unique violation. The open versions before it are superseded
 * in the same transaction.
 */
export async function insertVersion(tx: Tx, values: NewQuote): Promise<QuoteRow> {
  const [row] = await tx.insert(siteQuotes).values({
    ...values,
    version: sql`(select coalesce(max(${siteQuotes.version}), 0) + 1 from ${siteQuotes} where ${siteQuotes.visitBookingId} = ${values.visitBookingId})`,
  }).returning();
  await tx.update(siteQuotes).set({ status: 'Superseded', answeredAt: sql`now()` })
    .where(and(eq(siteQuotes.visitBookingId, values.visitBookingId), inArray(siteQuotes.status, ['Sent', 'RevisionAsked']), sql`${siteQuotes.version} < ${row!.version}`));
  return row!;
}

/** Whether the visit already has an accepted quote (a job made from it). */
export async function hasAccepted(db: Db | Tx, visitBookingId: string) {
  const [row] = await db.select({ id: siteQuotes.id }).from(siteQuotes).where(and(eq(siteQuotes.visitBookingId, visitBookingId), eq(siteQuotes.status, 'Accepted'))).limit(1);
  return row !== undefined;
}

/** The job booked from the visit's accepted quote, if one is (at most one: site_quotes_one_accepted_key). */
export async function acceptedJobOf(db: Db | Tx, visitBookingId: string) {
  const [row] = await db.select({ jobBookingId: siteQuotes.jobBookingId }).from(siteQuotes).where(and(eq(siteQuotes.visitBookingId, visitBookingId), eq(siteQuotes.status, 'Accepted'))).limit(1);
  return row?.jobBookingId ?? undefined;
}

export async function findForCustomer(db: Db | Tx, customerId: string, id: string, opts: { lock?: boolean } = {}) {
  const q = db.select().from(siteQuotes).where(and(eq(siteQuotes.id, id), eq(siteQuotes.customerId, customerId)));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row;
}

/** Moves a quote from one of `from` to `to` in one conditional statement: of racing answers one applies. */
export async function answer(tx: Tx, id: string, from: readonly QuoteStatus[], to: QuoteStatus, extra: Partial<Pick<QuoteRow, 'revisionNote' | 'jobBookingId' | 'endedJobBookingId' | 'jobEndedBy' | 'visitCreditPaise'>> = {}) {
  const [row] = await tx.update(siteQuotes).set({ status: to, answeredAt: sql`now()`, ...extra })
    .where(and(eq(siteQuotes.id, id), inArray(siteQuotes.status, [...from]))).returning();
  return row;
}

/**
 * The Accepted quote of a job that ended before it was done, Sent again without it (site_quotes_job_idx), keeping
 * which job ended and how. The quote row is updated after the job's booking row was locked.
 */
export async function reopenAccepted(tx: Tx, jobBookingId: string, by: JobEnding, now: Date) {
  await tx.update(siteQuotes).set({ status: 'Sent', jobBookingId: null, endedJobBookingId: jobBookingId, jobEndedBy: by, answeredAt: now })
    .where(and(eq(siteQuotes.jobBookingId, jobBookingId), eq(siteQuotes.status, 'Accepted')));
}

export async function listForCustomer(db: Db, customerId: string, limit: number) {
  return db.select().from(siteQuotes).where(eq(siteQuotes.customerId, customerId)).orderBy(desc(siteQuotes.createdAt), desc(siteQuotes.version)).limit(limit);
}

export async function listForVendor(db: Db, vendorId: string, limit: number) {
  return db.select().from(siteQuotes).where(eq(siteQuotes.vendorId, vendorId)).orderBy(desc(siteQuotes.createdAt), desc(siteQuotes.version)).limit(limit);
}
