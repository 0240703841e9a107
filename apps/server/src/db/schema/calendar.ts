import { bigint, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { CalendarRules } from '@nirmaan/shared/calendar';
import type { MultiDayOffer } from '@nirmaan/shared/jobs';
import { vendors } from './vendors.ts';

/**
 * The calendar module (issue 34, decision record 037): one row per professional who has booked or been booked since
 * calendars came, holding the rules they set (null: the spec's six slots). Every booking of a professional locks
 * this row first (an upsert that creates it when missing), so bookings of one professional are checked against
 * capacity one after another while other professionals' go on in parallel.
 */
export const professionalCalendars = pgTable('professional_calendars', {
  vendorId: uuid('vendor_id').primaryKey().references(() => vendors.id),
  rules: jsonb('rules').$type<CalendarRules>(),
  /** The site visit fee (null: no site visits) and multi-day jobs offered (null: none); migration 0044. */
  visitFeePaise: bigint('visit_fee_paise', { mode: 'number' }),
  multiDay: jsonb('multi_day').$type<MultiDayOffer>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
