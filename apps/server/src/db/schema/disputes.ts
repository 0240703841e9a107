import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customers } from './auth.ts';
import { bookings } from './bookings.ts';
import { id, createdAt } from './columns.ts';
import { orderLines, orders } from './orders.ts';
import { vendors } from './vendors.ts';

/** The disputes module. */

/**
 * Disputes (migration 0020, decision record 020): a customer's problem with an order line or a booking, the
 * vendor's answer and support's resolution; one unresolved dispute per line or booking under races.
 */
export const disputes = pgTable('disputes', {
  id: id(),
  customerId: uuid('customer_id').notNull().references(() => customers.id),
  vendorId: uuid('vendor_id').notNull().references(() => vendors.id),
  orderId: uuid('order_id').references(() => orders.id),
  lineId: uuid('line_id').references(() => orderLines.id),
  bookingId: uuid('booking_id').references(() => bookings.id),
  reason: text('reason').$type<'not_delivered' | 'damaged' | 'wrong_item' | 'professional_no_show' | 'poor_work'>().notNull(),
  text: text('text').notNull(),
  /** Private files (POST /api/files) the customer attached. */
  photoIds: jsonb('photo_ids').$type<string[]>().notNull().default([]),
  status: text('status').$type<'open' | 'answered' | 'refunded' | 'rejected'>().notNull().default('open'),
  vendorAnswer: text('vendor_answer'),
  answeredAt: timestamp('answered_at', { withTimezone: true }),
  resolutionReason: text('resolution_reason'),
  refundedPaise: bigint('refunded_paise', { mode: 'number' }).notNull().default(0),
  resolvedBy: text('resolved_by'),
  resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  /** A refund support paid outside the gateway (a cash sale): how, and the UPI or bank reference (decision record 028). */
  paidOutsideMethod: text('paid_outside_method').$type<'upi' | 'bank'>(),
  paidOutsideReference: text('paid_outside_reference'),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('disputes_paid_outside_line_key').on(t.lineId).where(sql`${t.paidOutsideMethod} IS NOT NULL AND ${t.lineId} IS NOT NULL`),
  uniqueIndex('disputes_paid_outside_booking_key').on(t.bookingId).where(sql`${t.paidOutsideMethod} IS NOT NULL AND ${t.bookingId} IS NOT NULL`),
  uniqueIndex('disputes_open_line_key').on(t.lineId).where(sql`${t.status} in ('open', 'answered') AND ${t.lineId} IS NOT NULL`),
  uniqueIndex('disputes_open_booking_key').on(t.bookingId).where(sql`${t.status} in ('open', 'answered') AND ${t.bookingId} IS NOT NULL`),
  index('disputes_customer_idx').on(t.customerId, t.createdAt),
  index('disputes_vendor_idx').on(t.vendorId, t.createdAt),
  index('disputes_status_idx').on(t.status, t.createdAt),
  check('disputes_one_target_check', sql`(${t.lineId} IS NULL) <> (${t.bookingId} IS NULL)`),
  check('disputes_status_check', sql`${t.status} in ('open', 'answered', 'refunded', 'rejected')`),
  check('disputes_reason_check', sql`${t.reason} in ('not_delivered', 'damaged', 'wrong_item', 'professional_no_show', 'poor_work')`),
  check('disputes_refunded_check', sql`${t.refundedPaise} >= 0`),
]);
