import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { StoredBookingAddress, StoredBookingCustomer } from '@nirmaan/shared';
import { customers } from './auth.ts';
import { id, createdAt, paymentStatus, paymentMethod } from './columns.ts';
import { vendors } from './vendors.ts';

/** The bookings module: bookings and each customer's saved booking details. */

export const bookingStatus = pgEnum('booking_status', ['Pending', 'Confirmed', 'Completed', 'Cancelled', 'Declined']);

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
  /** A plain booking, a site visit or a multi-day job (migration 0042, decision record 042). */
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
  index('bookings_unpaid_idx').on(t.createdAt).where(sql`${t.paymentStatus} = 'Pending' AND ${t.paymentMethod} IN ('card', 'upi', 'netbanking') AND ${t.status} = 'Pending'`),
]);

export const savedBookingDetails = pgTable('saved_booking_details', {
  customerId: uuid('customer_id').primaryKey().references(() => customers.id),
  address: jsonb('address').$type<StoredBookingAddress>().notNull(),
  customer: jsonb('customer').$type<StoredBookingCustomer>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
