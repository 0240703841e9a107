import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { StoredBookingAddress, StoredBookingCustomer } from '@nirmaan/shared';
import { customers } from './auth.ts';
import { id, createdAt, paymentStatus, paymentMethod } from './columns.ts';
import { vendors } from './vendors.ts';

/** The bookings module: bookings and each customer's saved booking details. */

export const bookingStatus = pgEnum('booking_status', ['Pending', 'Confirmed', 'Completed', 'Cancelled', 'Declined', 'In progress']);

export const bookings = pgTable('bookings', {
  id: id(),
  customerId: uuid('customer_id').notNull().references(() => customers.id),
  vendorId: uuid('vendor_id').notNull().references(() => vendors.id),
  serviceDate: date('service_date').notNull(),
  serviceTime: text('service_time').notNull(),
  status: bookingStatus('status').notNull().default('Pending'),
  customer: jsonb('customer').$type<StoredBookingCustomer>().notNull(),
  address: jsonb('address').$type<StoredBookingAddress>().notNull(),
  paymentMethod: paymentMethod('payment_method').notNull(),
  basePricePaise: bigint('base_price_paise', { mode: 'number' }).notNull(),
  serviceChargePaise: bigint('service_charge_paise', { mode: 'number' }).notNull(),
  totalAmountPaise: bigint('total_amount_paise', { mode: 'number' }).notNull(),
  paymentStatus: paymentStatus('payment_status').notNull().default('Pending'),
  /** The commission on the base price (the service charge is the platform's own): as booked, never rewritten. */
  commissionBps: integer('commission_bps'),
  commissionPaise: bigint('commission_paise', { mode: 'number' }),
  /** The business buyer's GSTIN and legal name for its tax invoice (migration 0022), or null. */
  billing: jsonb('billing').$type<{ gstin: string; legalName: string }>(),
  /** How long the job takes, as booked (migration 0038): the professional's job length then, or the spec's hour. */
  jobMinutes: integer('job_minutes').notNull().default(60),
  /**
   * Arrival and completion (migration 0043, decision record 043): the customer's 4-digit start code (kept plainly:
   * the customer reads it again; never logged), the wrong codes tried (0–5), when the professional said they were
   * on the way, when the code started the job, and when and by whom it was completed.
   */
  startCode: text('start_code'),
  startCodeTries: integer('start_code_tries').notNull().default(0),
  onTheWayAt: timestamp('on_the_way_at', { withTimezone: true }),
  startedAt: timestamp('started_at', { withTimezone: true }),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  completedBy: text('completed_by').$type<'customer' | 'auto' | 'vendor'>(),
  /** A plain booking, a site visit or a multi-day job (migration 0044, decision record 042). */
  kind: text('kind', { enum: ['service', 'visit', 'job'] }).notNull().default('service'),
  /** A multi-day job's working days, the first being service_date, and its last (null for one-day bookings). */
  days: jsonb('days').$type<string[]>(),
  lastDate: date('last_date'),
  /** A job from a quote: the site visit fee already paid, taken off its base price. */
  visitCreditPaise: bigint('visit_credit_paise', { mode: 'number' }).notNull().default(0),
  createdAt: createdAt(),
}, (t) => [
  index('bookings_customer_idx').on(t.customerId, t.createdAt),
  index('bookings_vendor_idx').on(t.vendorId, t.serviceDate),
  /** Verified reviews: which reviewers had a Completed booking with the vendor (migration 0012). */
  index('bookings_completed_idx').on(t.vendorId, t.customerId).where(sql`${t.status} = 'Completed'`),
  /**
   * A professional's live jobs by date, which a booking reads while it holds the professional's calendar row
   * (migration 0038, decision record 037); Cancelled and Declined ones free their time.
   */
  index('bookings_live_vendor_idx').on(t.vendorId, t.serviceDate).where(sql`${t.status} in ('Pending', 'Confirmed', 'Completed')`),
  /** Started bookings not yet completed, for the completion sweep (migration 0043). */
  index('bookings_started_idx').on(t.serviceDate).where(sql`${t.startedAt} is not null and ${t.completedAt} is null`),
  index('bookings_unpaid_idx').on(t.createdAt).where(sql`${t.paymentStatus} = 'Pending' AND ${t.paymentMethod} IN ('card', 'upi', 'netbanking') AND ${t.status} = 'Pending'`),
]);

/**
 * Every move of a booking, its timeline (issue 34, decision record 041): a customer's reschedule (done at once, or
 * `awaiting_fee` holding the new slot until its fee is paid or it expires) and a professional's proposal (`proposed`,
 * holding the proposed slot, until accepted, superseded or lapsed). Open moves' new slots count as live jobs.
 */
export const bookingMoves = pgTable('booking_moves', {
  id: id(),
  bookingId: uuid('booking_id').notNull().references(() => bookings.id),
  kind: text('kind', { enum: ['customer', 'proposal'] }).notNull(),
  status: text('status', { enum: ['done', 'awaiting_fee', 'expired', 'proposed', 'accepted', 'superseded', 'lapsed'] }).notNull(),
  fromDate: date('from_date').notNull(),
  fromTime: text('from_time').notNull(),
  toDate: date('to_date').notNull(),
  toTime: text('to_time').notNull(),
  feePaise: bigint('fee_paise', { mode: 'number' }).notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  createdAt: createdAt(),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  /** One slot, a whole multi-day job, or one day of a job (migration 0045, decision record 044), and the job's days before and after. */
  scope: text('scope', { enum: ['slot', 'job', 'day'] }).notNull().default('slot'),
  fromDays: jsonb('from_days').$type<string[]>(),
  toDays: jsonb('to_days').$type<string[]>(),
}, (t) => [
  index('booking_moves_booking_idx').on(t.bookingId, t.createdAt),
  /** At most one open move per booking: a fee awaited or a proposal waiting for the customer. */
  uniqueIndex('booking_moves_open_key').on(t.bookingId).where(sql`${t.status} in ('awaiting_fee', 'proposed')`),
  /** The open moves by when they end, for the sweep (few are open at once). */
  index('booking_moves_open_idx').on(t.expiresAt).where(sql`${t.status} in ('awaiting_fee', 'proposed')`),
]);

export const savedBookingDetails = pgTable('saved_booking_details', {
  customerId: uuid('customer_id').primaryKey().references(() => customers.id),
  address: jsonb('address').$type<StoredBookingAddress>().notNull(),
  customer: jsonb('customer').$type<StoredBookingCustomer>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
