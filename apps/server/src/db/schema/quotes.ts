import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { JobEnding, Quote, QuoteStatus } from '@nirmaan/shared/jobs';
import { customers } from './auth.ts';
import { bookings } from './bookings.ts';
import { id, createdAt } from './columns.ts';
import { vendors } from './vendors.ts';

/**
 * The quotes module (issue 34, decision record 042): a professional's itemised quotes after a site visit, one row
 * per version; (visit, version) is unique, so two versions racing cannot take one number.
 */
export const siteQuotes = pgTable('site_quotes', {
  id: id(),
  visitBookingId: uuid('visit_booking_id').notNull().references(() => bookings.id),
  vendorId: uuid('vendor_id').notNull().references(() => vendors.id),
  customerId: uuid('customer_id').notNull().references(() => customers.id),
  version: integer('version').notNull(),
  status: text('status').$type<QuoteStatus>().notNull().default('Sent'),
  labour: jsonb('labour').$type<Quote['labour']>().notNull(),
  materials: jsonb('materials').$type<Quote['materials']>().notNull(),
  days: integer('days').notNull(),
  validUntil: date('valid_until').notNull(),
  labourPaise: bigint('labour_paise', { mode: 'number' }).notNull(),
  materialsPaise: bigint('materials_paise', { mode: 'number' }).notNull(),
  visitCreditPaise: bigint('visit_credit_paise', { mode: 'number' }).notNull(),
  note: text('note').notNull().default(''),
  revisionNote: text('revision_note'),
  jobBookingId: uuid('job_booking_id').references(() => bookings.id),
  /** The last job booked from it that ended before it was done, and how (migration 0047, decision record 048). */
  endedJobBookingId: uuid('ended_job_booking_id').references(() => bookings.id),
  jobEndedBy: text('job_ended_by').$type<JobEnding>(),
  createdAt: createdAt(),
  answeredAt: timestamp('answered_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('site_quotes_visit_version_key').on(t.visitBookingId, t.version),
  index('site_quotes_customer_idx').on(t.customerId, t.createdAt),
  index('site_quotes_vendor_idx').on(t.vendorId, t.createdAt),
  /** The quote of a job, found when the job expires unpaid (migration 0045). */
  index('site_quotes_job_idx').on(t.jobBookingId).where(sql`${t.jobBookingId} is not null`),
  check('site_quotes_job_ended_by_check', sql`${t.jobEndedBy} in ('customer', 'professional', 'lapsed', 'support', 'unpaid')`),
  /** One accepted version per visit, so one live job carries its visit fee (migration 0047). */
  uniqueIndex('site_quotes_one_accepted_key').on(t.visitBookingId).where(sql`${t.status} = 'Accepted'`),
]);
