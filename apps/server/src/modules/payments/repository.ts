import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { paymentEvents, paymentRefunds, payments } from '../../db/schema.ts';

export type PaymentRow = typeof payments.$inferSelect;

export async function findByOrder(db: Db | Tx, orderId: string) {
  const [row] = await db.select().from(payments).where(eq(payments.orderId, orderId));
  return row;
}

export async function findByBooking(db: Db | Tx, bookingId: string) {
  const [row] = await db.select().from(payments).where(eq(payments.bookingId, bookingId));
  return row;
}

export async function findByRazorpayOrder(db: Db | Tx, razorpayOrderId: string) {
  const [row] = await db.select().from(payments).where(eq(payments.razorpayOrderId, razorpayOrderId));
  return row;
}

export async function insertPayment(tx: Tx, values: typeof payments.$inferInsert) {
  const [row] = await tx.insert(payments).values(values).onConflictDoNothing().returning();
  return row;
}

/** Records the gateway's payment once: the first confirmation (verify or webhook) wins, later ones change nothing. */
export async function recordPaid(tx: Tx, razorpayOrderId: string, razorpayPaymentId: string) {
  const [row] = await tx.update(payments).set({ razorpayPaymentId, paidAt: new Date() })
    .where(and(eq(payments.razorpayOrderId, razorpayOrderId), isNull(payments.paidAt)))
    .returning();
  return row;
}

export async function insertRefund(tx: Tx, values: typeof paymentRefunds.$inferInsert) {
  await tx.insert(paymentRefunds).values(values);
}

export async function markRefundProcessed(tx: Tx, razorpayRefundId: string) {
  await tx.update(paymentRefunds).set({ processed: true }).where(eq(paymentRefunds.razorpayRefundId, razorpayRefundId));
}

/** Claims a webhook event id: false when it was handled before. */
export async function claimEvent(tx: Tx, eventId: string): Promise<boolean> {
  const rows = await tx.insert(paymentEvents).values({ eventId }).onConflictDoNothing().returning();
  return rows.length > 0;
}
