import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Quote, QuoteStatus } from '@nirmaan/shared/jobs';
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
  createdAt: createdAt(),
  answeredAt: timestamp('answered_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('site_quotes_visit_version_key').on(t.visitBookingId, t.version),
  index('site_quotes_customer_idx').on(t.customerId, t.createdAt),
  index('site_quotes_vendor_idx').on(t.vendorId, t.createdAt),
  /** The quote of a job, found when the job expires unpaid (migration 0045). */
  index('site_quotes_job_idx').on(t.jobBookingId).where(sql`${t.jobBookingId} is not null`),
]);
