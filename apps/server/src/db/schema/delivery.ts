import { sql } from 'drizzle-orm';
import { bigint, check, doublePrecision, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AreaRule, Vehicle } from '@nirmaan/shared/delivery';
import { vendors } from './vendors.ts';

/**
 * A seller's own delivery (migration 0035, decision record 034): one row per seller who set it; a seller without a
 * row keeps the platform's flat fee. Written whole by one upsert, so two saves racing leave one of them, never a mix.
 * The dispatch point is stored as the coordinates quotes measure from (a PIN's centroid when a PIN was given).
 */
export const vendorDeliverySettings = pgTable('vendor_delivery_settings', {
  vendorId: uuid('vendor_id').primaryKey().references(() => vendors.id),
  dispatchPincode: text('dispatch_pincode'),
  dispatchLatitude: doublePrecision('dispatch_latitude').notNull(),
  dispatchLongitude: doublePrecision('dispatch_longitude').notNull(),
  radiusKm: integer('radius_km'),
  /** Exact PINs and prefixes, each served or not (AreaRule[]). */
  areaRules: jsonb('area_rules').$type<AreaRule[]>().notNull(),
  /** The fleet and its fares, fares in paise (Vehicle[]). */
  vehicles: jsonb('vehicles').$type<Vehicle[]>().notNull(),
  unloadingPerFloorPaise: bigint('unloading_per_floor_paise', { mode: 'number' }).notNull(),
  minimumOrderPaise: bigint('minimum_order_paise', { mode: 'number' }).notNull(),
  freeDeliveryFromPaise: bigint('free_delivery_from_paise', { mode: 'number' }),
  leadDays: smallint('lead_days').notNull(),
  /** 0 Sunday … 6 Saturday. */
  weekdays: smallint('weekdays').array().notNull(),
  /** HH:MM in India. */
  cutoff: text('cutoff').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  check('vendor_delivery_settings_money_check', sql`${t.unloadingPerFloorPaise} >= 0 and ${t.minimumOrderPaise} >= 0 and (${t.freeDeliveryFromPaise} is null or ${t.freeDeliveryFromPaise} >= 0)`),
]);
