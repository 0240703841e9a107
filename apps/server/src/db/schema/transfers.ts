import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bookings } from './bookings.ts';
import { id, createdAt } from './columns.ts';
import { orders } from './orders.ts';
import { paymentRefunds } from './payments.ts';
import { vendors } from './vendors.ts';

/** The transfers module: money out to vendors, its reversals, cash-sale debts and the ledger (decision record 019). */

/**
 * Money out (decision record 019): the intent to transfer one vendor's share of one paid order or booking to their
 * Route linked account, on hold. `amountPaise` is what the vendor should end with (reduced by refunds and netting);
 * `sentPaise` and `razorpayTransferId` are set once the gateway made the transfer. `routeAccountId` is null while the
 * vendor has no activated account (the money stays payable). `releaseDueAt` asks for the hold's release.
 */
export const vendorTransfers = pgTable('vendor_transfers', {
  id: id(),
  vendorId: uuid('vendor_id').notNull().references(() => vendors.id),
  orderId: uuid('order_id').references(() => orders.id),
  bookingId: uuid('booking_id').references(() => bookings.id),
  razorpayPaymentId: text('razorpay_payment_id').notNull(),
  routeAccountId: text('route_account_id'),
  amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
  sentPaise: bigint('sent_paise', { mode: 'number' }),
  razorpayTransferId: text('razorpay_transfer_id'),
  gatewayStatus: text('gateway_status'),
  settlementId: text('settlement_id'),
  releaseDueAt: timestamp('release_due_at', { withTimezone: true }),
  releasedAt: timestamp('released_at', { withTimezone: true }),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  createdAt: createdAt(),
  /** An operator's extension of the hold (migration 0024): no release before it, whatever releaseDueAt says. */
  heldUntil: timestamp('held_until', { withTimezone: true }),
}, (t) => [
  uniqueIndex('vendor_transfers_order_key').on(t.vendorId, t.orderId).where(sql`${t.orderId} IS NOT NULL`),
  uniqueIndex('vendor_transfers_booking_key').on(t.bookingId).where(sql`${t.bookingId} IS NOT NULL`),
  uniqueIndex('vendor_transfers_razorpay_key').on(t.razorpayTransferId),
  index('vendor_transfers_due_idx').on(t.nextAttemptAt).where(sql`${t.razorpayTransferId} IS NULL`),
  index('vendor_transfers_failed_idx').on(t.createdAt).where(sql`${t.razorpayTransferId} IS NULL AND (${t.attempts} > 0 OR ${t.gatewayStatus} = 'failed')`),
  index('vendor_transfers_release_idx').on(t.releaseDueAt).where(sql`${t.releasedAt} IS NULL AND ${t.releaseDueAt} IS NOT NULL`),
  check('vendor_transfers_one_target_check', sql`(${t.orderId} IS NULL) <> (${t.bookingId} IS NULL)`),
  check('vendor_transfers_amount_check', sql`${t.amountPaise} >= 0`),
]);

/** The intent to reverse part of a made transfer (a refund of a paid line or booking), once per refund row. */
export const transferReversals = pgTable('transfer_reversals', {
  id: id(),
  transferId: uuid('transfer_id').notNull().references(() => vendorTransfers.id),
  refundId: uuid('refund_id').references(() => paymentRefunds.id),
  amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
  razorpayReversalId: text('razorpay_reversal_id'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('transfer_reversals_refund_key').on(t.refundId),
  index('transfer_reversals_due_idx').on(t.nextAttemptAt).where(sql`${t.razorpayReversalId} IS NULL`),
  check('transfer_reversals_amount_check', sql`${t.amountPaise} > 0`),
]);

/** What a vendor owes the platform in commission on cash sales, netted from their next online transfers. */
export const vendorCashDebts = pgTable('vendor_cash_debts', {
  vendorId: uuid('vendor_id').primaryKey().references(() => vendors.id),
  debtPaise: bigint('debt_paise', { mode: 'number' }).notNull().default(0),
}, (t) => [check('vendor_cash_debts_check', sql`${t.debtPaise} >= 0`)]);

/**
 * The append-only double-entry ledger (a trigger refuses UPDATE and DELETE): each movement is rows sharing
 * `movementId` whose amounts (debit positive) sum to zero, across accounts like `customer_payments`,
 * `platform_revenue`, `vendor_payable:<id>`, `vendor_held:<id>`, `gateway_transfers:<id>`, `vendor_debt:<id>`.
 */
export const ledgerEntries = pgTable('ledger_entries', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  movementId: uuid('movement_id').notNull(),
  kind: text('kind', { enum: ['sale', 'commission', 'transfer', 'hold release', 'reversal', 'refund', 'cash commission owed', 'netting', 'refund paid outside'] }).notNull(),
  account: text('account').notNull(),
  vendorId: uuid('vendor_id'),
  amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
  orderId: uuid('order_id'),
  lineId: uuid('line_id'),
  bookingId: uuid('booking_id'),
  transferId: uuid('transfer_id'),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('ledger_entries_vendor_idx').on(t.vendorId, t.at),
  index('ledger_entries_movement_idx').on(t.movementId),
  check('ledger_entries_kind_check', sql`${t.kind} IN ('sale', 'commission', 'transfer', 'hold release', 'reversal', 'refund', 'cash commission owed', 'netting', 'refund paid outside')`),
]);
