import { and, asc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { paymentEvents, paymentRefunds, payments } from '../../db/schema/payments.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof paymentRefunds.$inferSelect;
/** What a gateway order pays: an order, a booking, or a reschedule's fee (a booking's move: decision record 041). */
export type Target = { orderId: string } | { bookingId: string } | { moveId: string };

/** How long one process may call the gateway for a row before another may try: above the call's 10 s timeout. */
const LEASE = sql`now() + interval '30 seconds'`;
const LIVE = ['creating', 'open', 'paid'] as const;
const targetIs = (target: Target) => ('orderId' in target ? eq(payments.orderId, target.orderId)
  : 'bookingId' in target ? eq(payments.bookingId, target.bookingId) : eq(payments.moveId, target.moveId));
const leaseFree = (leaseUntil: typeof payments.leaseUntil | typeof paymentRefunds.leaseUntil) => or(isNull(leaseUntil), lte(leaseUntil, sql`now()`));

/** The order's or booking's live gateway order (creating, open or paid), if any. */
export async function findLive(db: Db | Tx, target: Target) {
  const [row] = await db.select().from(payments).where(and(targetIs(target), inArray(payments.status, [...LIVE])));
  return row;
}

export async function findById(db: Db | Tx, id: string) {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

export async function findByRazorpayOrder(db: Db | Tx, razorpayOrderId: string) {
  const [row] = await db.select().from(payments).where(eq(payments.razorpayOrderId, razorpayOrderId));
  return row;
}

/** The intent to create a gateway order: committed with the order (or its change), called for after the commit. */
export async function insertIntent(tx: Tx, target: Target, amountPaise: number) {
  const [row] = await tx.insert(payments).values({ ...target, amountPaise, status: 'creating', razorpayOrderId: null })
    .onConflictDoNothing().returning();
  return row;
}

/** Takes the right to call the gateway for a row still `creating` (none while another process holds it). */
export async function leaseIntent(db: Db, id: string, opts: { due?: boolean } = {}) {
  const [row] = await db.update(payments).set({ leaseUntil: LEASE, attempts: sql`${payments.attempts} + 1` })
    .where(and(eq(payments.id, id), eq(payments.status, 'creating'), leaseFree(payments.leaseUntil), opts.due ? lte(payments.nextAttemptAt, sql`now()`) : undefined))
    .returning();
  return row;
}

/** Rows whose gateway order is still to be made and due for an attempt. */
export async function dueIntents(db: Db, limit: number) {
  return db.select({ id: payments.id }).from(payments)
    .where(and(eq(payments.status, 'creating'), lte(payments.nextAttemptAt, sql`now()`), leaseFree(payments.leaseUntil)))
    .orderBy(asc(payments.nextAttemptAt)).limit(limit);
}

/** The gateway made the order: the row opens for payment, unless it was voided meanwhile (then it stays void, traceable). */
export async function openIntent(db: Db, id: string, razorpayOrderId: string) {
  const [row] = await db.update(payments)
    .set({ razorpayOrderId, leaseUntil: null, status: sql`case when ${payments.status} = 'creating' then 'open' else ${payments.status} end` })
    .where(and(eq(payments.id, id), inArray(payments.status, ['creating', 'void']), isNull(payments.razorpayOrderId)))
    .returning();
  return row;
}

export async function backOffIntent(db: Db, id: string, attempts: number) {
  await db.update(payments).set({ leaseUntil: null, nextAttemptAt: sql`now() + ${backoffSeconds(attempts)} * interval '1 second'` })
    .where(eq(payments.id, id));
}

const backoffSeconds = (attempts: number) => Math.min(2 ** attempts, 300);

/** Locks a payment row (after its order or booking, always in that order). */
export async function lockPayment(tx: Tx, id: string) {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  return row;
}

/** Records the captured payment that pays this row; the first confirmation wins. */
export async function recordPaid(tx: Tx, id: string, razorpayPaymentId: string) {
  const [row] = await tx.update(payments).set({ status: 'paid', razorpayPaymentId, paidAt: new Date() })
    .where(and(eq(payments.id, id), eq(payments.status, 'open'))).returning();
  return row;
}

/**
 * The order's or booking's gateway orders a customer may have paid without our knowing: made at the gateway and
 * not recorded paid (open, or voided by a change of what is owed).
 */
export async function unpaidGatewayOrders(db: Db | Tx, target: Target) {
  return db.select().from(payments).where(and(targetIs(target), inArray(payments.status, ['open', 'void']), isNotNull(payments.razorpayOrderId)));
}

/** The order's or booking's unpaid gateway orders can no longer be paid through us. */
export async function voidUnpaid(tx: Tx, target: Target) {
  await tx.update(payments).set({ status: 'void', leaseUntil: null }).where(and(targetIs(target), inArray(payments.status, ['creating', 'open'])));
}

export interface RefundIntent {
  paymentId: string; razorpayPaymentId: string; receipt: string; amountPaise: number; reason: string;
  orderId?: string; lineId?: string; bookingId?: string;
}

/** Stores refund intents; each unique thing (line, fee, booking, unhonoured payment) at most once. Returns those stored. */
export async function insertRefunds(tx: Tx, rows: RefundIntent[]) {
  if (rows.length === 0) return [];
  return tx.insert(paymentRefunds).values(rows).onConflictDoNothing().returning();
}

export async function findUnhonoured(db: Db | Tx, razorpayPaymentId: string) {
  const [row] = await db.select().from(paymentRefunds)
    .where(and(eq(paymentRefunds.razorpayPaymentId, razorpayPaymentId), isNull(paymentRefunds.lineId), isNull(paymentRefunds.bookingId), sql`${paymentRefunds.reason} <> 'delivery fee'`));
  return row;
}

/** No row of this receipt awaits a reversal (the refund is one gateway call for all of them). */
const noRowAwaits = sql`not exists (select 1 from payment_refunds w where w.receipt = ${paymentRefunds.receipt} and w.awaits_reversal and w.razorpay_refund_id is null)`;

/** Receipts with a refund still to request, due now, none of whose rows awaits a reversal. */
export async function dueRefunds(db: Db, limit: number) {
  const rows = await db.selectDistinct({ receipt: paymentRefunds.receipt }).from(paymentRefunds)
    .where(and(isNull(paymentRefunds.razorpayRefundId), lte(paymentRefunds.nextAttemptAt, sql`now()`), leaseFree(paymentRefunds.leaseUntil), noRowAwaits))
    .limit(limit);
  return rows.map((r) => r.receipt);
}

/**
 * Takes the right to request one receipt's refund: all its rows, or none while another process holds them or while
 * any of them awaits a reversal (decided under the rows' locks, which the clearing of the mark also takes).
 */
export async function leaseRefund(db: Db, receipt: string) {
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(paymentRefunds).where(and(eq(paymentRefunds.receipt, receipt), isNull(paymentRefunds.razorpayRefundId))).for('update');
    if (rows.length === 0 || rows.some((r) => r.awaitsReversal || (r.leaseUntil && r.leaseUntil > new Date()))) return [];
    return tx.update(paymentRefunds).set({ leaseUntil: LEASE, attempts: sql`${paymentRefunds.attempts} + 1` })
      .where(and(eq(paymentRefunds.receipt, receipt), isNull(paymentRefunds.razorpayRefundId))).returning();
  });
}

export async function recordRefund(db: Db, receipt: string, razorpayRefundId: string, processed: boolean) {
  await db.update(paymentRefunds).set({ razorpayRefundId, processed, leaseUntil: null })
    .where(and(eq(paymentRefunds.receipt, receipt), isNull(paymentRefunds.razorpayRefundId)));
}

export async function backOffRefund(db: Db, receipt: string, attempts: number) {
  await db.update(paymentRefunds).set({ leaseUntil: null, nextAttemptAt: sql`now() + ${backoffSeconds(attempts)} * interval '1 second'` })
    .where(and(eq(paymentRefunds.receipt, receipt), isNull(paymentRefunds.razorpayRefundId)));
}

/** Inside the transaction that stores it: this refund is not requested until `refundsMayGo` clears the mark. */
export async function awaitReversal(tx: Tx, refundId: string) {
  await tx.update(paymentRefunds).set({ awaitsReversal: true }).where(and(eq(paymentRefunds.id, refundId), isNull(paymentRefunds.razorpayRefundId)));
}

/** Clears the mark of these refunds (due at once); the rows whose mark this cleared (none on a replay). */
export async function refundsMayGo(tx: Tx, refundIds: string[]) {
  if (refundIds.length === 0) return [];
  return tx.update(paymentRefunds).set({ awaitsReversal: false, nextAttemptAt: sql`now()` })
    .where(and(inArray(paymentRefunds.id, refundIds), eq(paymentRefunds.awaitsReversal, true))).returning();
}

export async function markRefundProcessed(tx: Tx, razorpayRefundId: string) {
  await tx.update(paymentRefunds).set({ processed: true }).where(eq(paymentRefunds.razorpayRefundId, razorpayRefundId));
}

/** Claims a webhook event id: false when it was handled before. */
export async function claimEvent(tx: Tx, eventId: string): Promise<boolean> {
  const rows = await tx.insert(paymentEvents).values({ eventId }).onConflictDoNothing().returning();
  return rows.length > 0;
}

/** Refunds stored for these order lines, this order (its fee and lines) or this booking, oldest first. */
export async function refundsFor(db: Db | Tx, of: { lineIds?: string[]; orderId?: string; bookingId?: string }) {
  const where = [];
  if (of.lineIds && of.lineIds.length > 0) where.push(inArray(paymentRefunds.lineId, of.lineIds));
  if (of.orderId) where.push(eq(paymentRefunds.orderId, of.orderId));
  if (of.bookingId) where.push(eq(paymentRefunds.bookingId, of.bookingId));
  if (where.length === 0) return [];
  return db.select().from(paymentRefunds).where(or(...where)).orderBy(asc(paymentRefunds.createdAt));
}

/** When an order's or booking's payments were confirmed (for the console's timeline). */
export async function paidPayments(db: Db | Tx, target: Target) {
  return db.select({ paidAt: payments.paidAt, amountPaise: payments.amountPaise }).from(payments)
    .where(and(targetIs(target), eq(payments.status, 'paid'))).orderBy(asc(payments.paidAt));
}
