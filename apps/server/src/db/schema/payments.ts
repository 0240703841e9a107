import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bookingMoves, bookings } from './bookings.ts';
import { id, createdAt } from './columns.ts';
import { orderLines, orders } from './orders.ts';

/** The payments module: gateway payment intents, refunds and handled webhook events. */

/**
 * The intent to take a payment through a gateway order: `creating` until the gateway made the order (a worker
 * retries from the row), `open` while it can be paid, `paid` once a captured payment is recorded, `void` once the
 * order or booking changed (a new row holds the remainder) or ended. One live row per order or booking.
 */
export const payments = pgTable('payments', {
  id: id(),
  orderId: uuid('order_id').references(() => orders.id),
  bookingId: uuid('booking_id').references(() => bookings.id),
  /** A reschedule's fee inside the window (migration 0042, decision record 041). */
  moveId: uuid('move_id').references(() => bookingMoves.id),
  status: text('status', { enum: ['creating', 'open', 'paid', 'void'] }).notNull().default('open'),
  razorpayOrderId: text('razorpay_order_id'),
  amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
  razorpayPaymentId: text('razorpay_payment_id'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  /** While set and ahead, one process is calling the gateway for this row. */
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  createdAt: createdAt(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
}, (t) => [
  unique('payments_razorpay_order_id_key').on(t.razorpayOrderId),
  uniqueIndex('payments_live_order_key').on(t.orderId).where(sql`${t.status} IN ('creating', 'open', 'paid')`),
  uniqueIndex('payments_live_booking_key').on(t.bookingId).where(sql`${t.status} IN ('creating', 'open', 'paid')`),
  uniqueIndex('payments_live_move_key').on(t.moveId).where(sql`${t.status} IN ('creating', 'open', 'paid')`),
  index('payments_creating_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'creating'`),
  check('payments_amount_check', sql`${t.amountPaise} >= 100`),
  check('payments_one_target_check', sql`num_nonnulls(${t.orderId}, ${t.bookingId}, ${t.moveId}) = 1`),
  check('payments_status_check', sql`${t.status} IN ('creating', 'open', 'paid', 'void')`),
  check('payments_created_check', sql`${t.status} IN ('creating', 'void') OR ${t.razorpayOrderId} IS NOT NULL`),
]);

/**
 * The intent to refund: a cancelled paid line, a delivery fee, a booking, or a payment we could not honour
 * (after expiry, for a cancelled order, a second payment, a wrong amount). Rows sharing `receipt` are one gateway
 * refund; `razorpayRefundId` is null until the gateway answered. The unique keys refund each thing once.
 */
export const paymentRefunds = pgTable('payment_refunds', {
  id: id(),
  paymentId: uuid('payment_id').references(() => payments.id),
  orderId: uuid('order_id').references(() => orders.id),
  lineId: uuid('line_id').references(() => orderLines.id),
  bookingId: uuid('booking_id').references(() => bookings.id),
  reason: text('reason').notNull().default('cancelled'),
  receipt: text('receipt').notNull(),
  razorpayPaymentId: text('razorpay_payment_id').notNull(),
  razorpayRefundId: text('razorpay_refund_id'),
  amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
  processed: boolean('processed').notNull().default(false),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  createdAt: createdAt(),
  /**
   * Set when the vendor's share of this refund was already released to them (migration 0026, decision record 019):
   * the gateway is not asked for the refund (nor for any row of its receipt) until that share is reversed.
   */
  awaitsReversal: boolean('awaits_reversal').notNull().default(false),
}, (t) => [
  unique('payment_refunds_line_id_key').on(t.lineId),
  unique('payment_refunds_booking_id_key').on(t.bookingId),
  uniqueIndex('payment_refunds_fee_key').on(t.orderId).where(sql`${t.reason} = 'delivery fee'`),
  uniqueIndex('payment_refunds_unhonoured_key').on(t.razorpayPaymentId).where(sql`${t.lineId} IS NULL AND ${t.bookingId} IS NULL AND ${t.reason} <> 'delivery fee'`),
  index('payment_refunds_due_idx').on(t.nextAttemptAt).where(sql`${t.razorpayRefundId} IS NULL`),
  check('payment_refunds_amount_check', sql`${t.amountPaise} > 0`),
]);

/** Razorpay webhook events already handled (X-Razorpay-Event-Id), so a redelivery changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
