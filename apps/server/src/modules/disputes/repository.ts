import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { disputes } from '../../db/schema/disputes.ts';

/** All SQL of disputes (decision record 020): its own table only. */

type Conn = Db | Tx;
export type DisputeRow = typeof disputes.$inferSelect;
const UNRESOLVED = ['open', 'answered'] as const;

/** One statement: a second open dispute on the same line or booking hits the partial unique index (undefined). */
export async function insertDispute(tx: Tx, values: typeof disputes.$inferInsert) {
  const [row] = await tx.insert(disputes).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findDispute(db: Conn, id: string) {
  const [row] = await db.select().from(disputes).where(eq(disputes.id, id));
  return row;
}

export async function lockDispute(tx: Tx, id: string) {
  const [row] = await tx.select().from(disputes).where(eq(disputes.id, id)).for('update');
  return row;
}

export async function listOfCustomer(db: Conn, customerId: string, limit: number) {
  return db.select().from(disputes).where(eq(disputes.customerId, customerId)).orderBy(desc(disputes.createdAt)).limit(limit);
}

export async function listOfVendor(db: Conn, vendorId: string, limit: number) {
  return db.select().from(disputes).where(eq(disputes.vendorId, vendorId)).orderBy(desc(disputes.createdAt)).limit(limit);
}

/** The vendor's answer, once, while the dispute is open: racing answers give one. */
export async function answer(tx: Tx, vendorId: string, id: string, text: string) {
  const [row] = await tx.update(disputes).set({ vendorAnswer: text, answeredAt: sql`now()`, status: 'answered' })
    .where(and(eq(disputes.id, id), eq(disputes.vendorId, vendorId), eq(disputes.status, 'open'))).returning();
  return row;
}

/** Support's resolution of a locked, unresolved dispute. */
export async function resolve(tx: Tx, id: string, values: { status: 'refunded' | 'rejected'; reason: string; refundedPaise: number; by: string; paidOutside?: { method: 'upi' | 'bank'; reference: string } | undefined }) {
  const outside = values.paidOutside ? { paidOutsideMethod: values.paidOutside.method, paidOutsideReference: values.paidOutside.reference } : {};
  const [row] = await tx.update(disputes)
    .set({ status: values.status, resolutionReason: values.reason, refundedPaise: values.refundedPaise, resolvedBy: values.by, resolvedAt: sql`now()`, ...outside })
    .where(and(eq(disputes.id, id), inArray(disputes.status, [...UNRESOLVED]))).returning();
  return row;
}

export async function countForOps(db: Conn, status: DisputeRow['status'] | undefined) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(disputes).where(status ? eq(disputes.status, status) : undefined);
  return row?.n ?? 0;
}

/** Unresolved first when no status is asked, oldest first within them (the queue); resolved newest first. */
export async function listForOps(db: Conn, status: DisputeRow['status'] | undefined, page: { limit: number; offset: number }) {
  return db.select().from(disputes).where(status ? eq(disputes.status, status) : undefined)
    .orderBy(sql`case when ${disputes.status} in ('open', 'answered') then 0 else 1 end`, desc(disputes.createdAt))
    .limit(page.limit).offset(page.offset);
}

/** Disputes of an order's lines or of a booking (the console's timeline). */
export async function disputesOf(db: Conn, of: { orderId?: string; bookingId?: string }) {
  const where = [];
  if (of.orderId) where.push(eq(disputes.orderId, of.orderId));
  if (of.bookingId) where.push(eq(disputes.bookingId, of.bookingId));
  if (where.length === 0) return [];
  return db.select().from(disputes).where(or(...where)).orderBy(disputes.createdAt);
}

export async function countUnresolved(db: Conn) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(disputes).where(inArray(disputes.status, [...UNRESOLVED]));
  return row?.n ?? 0;
}

/** Whether `fileId` is a photo of a dispute against the vendor (disputes_vendor_idx finds the vendor's few). */
export async function isPhotoOfDisputeAgainst(db: Conn, vendorId: string, fileId: string): Promise<boolean> {
  const [row] = await db.select({ id: disputes.id }).from(disputes)
    .where(and(eq(disputes.vendorId, vendorId), sql`${disputes.photoIds} @> jsonb_build_array(${fileId}::text)`)).limit(1);
  return row !== undefined;
}

/**
 * Closes the unresolved dispute of a line or booking refunded another way (a cancel, an operator's refund) as
 * refunded, with a note. Its row is skipped while locked: support is deciding it then, and finds the refund.
 */
export async function closeRefundedElsewhere(tx: Tx, of: { lineId: string } | { bookingId: string }, refundedPaise: number, note: string) {
  const target = 'lineId' in of ? eq(disputes.lineId, of.lineId) : eq(disputes.bookingId, of.bookingId);
  const open = tx.select({ id: disputes.id }).from(disputes).where(and(target, inArray(disputes.status, [...UNRESOLVED]))).for('update', { skipLocked: true });
  return tx.update(disputes)
    .set({ status: 'refunded', resolutionReason: note, refundedPaise, resolvedBy: 'system', resolvedAt: sql`now()` })
    .where(inArray(disputes.id, open)).returning();
}
