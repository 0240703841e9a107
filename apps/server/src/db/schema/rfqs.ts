import { sql } from 'drizzle-orm';
import { bigint, check, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customers } from './auth.ts';
import { privateFiles } from './files.ts';
import { orders } from './orders.ts';
import { vendors } from './vendors.ts';
import { id, createdAt } from './columns.ts';

/**
 * The rfqs module (issue 35, migration 0037, decision record 036): customers' requests for quotes, their items, the
 * sellers each was routed to, and the sellers' quotes, each revision a new row (a version) so history is kept.
 */

/** One priced item of a quote, as the server computed it (paise). */
export interface StoredQuoteItem {
  itemId: string; productId: string; productName: string; quantity: number; unitPricePaise: number; materialPaise: number;
  hsn: string; gstRatePercent: number; taxablePaise: number; gstPaise: number; landedPerUnitPaise: number;
}

export const rfqs = pgTable('rfqs', {
  id: id(),
  customerId: uuid('customer_id').notNull().references(() => customers.id),
  /** open → accepted (once: one statement moves it, decision record 036), or cancelled by the buyer, or hidden by an operator. */
  state: text('state').notNull().default('open'),
  pincode: text('pincode').notNull(),
  neededFrom: date('needed_from').notNull(),
  neededTo: date('needed_to').notNull(),
  floors: smallint('floors').notNull(),
  notes: text('notes').notNull(),
  quoteDays: smallint('quote_days').notNull(),
  /** When the request stops taking quotes; it stops counting against the customer's open requests then too. */
  closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
  acceptedQuoteId: uuid('accepted_quote_id'),
  orderId: uuid('order_id').references(() => orders.id),
  hiddenReason: text('hidden_reason'),
  createdAt: createdAt(),
}, (t) => [
  index('rfqs_customer_idx').on(t.customerId, t.createdAt),
  index('rfqs_created_idx').on(t.createdAt),
  check('rfqs_state_check', sql`${t.state} in ('open', 'accepted', 'cancelled', 'hidden')`),
  check('rfqs_accepted_check', sql`(${t.state} = 'accepted') = (${t.acceptedQuoteId} is not null)`),
]);

export const rfqItems = pgTable('rfq_items', {
  id: id(),
  rfqId: uuid('rfq_id').notNull().references(() => rfqs.id),
  position: smallint('position').notNull(),
  category: text('category').notNull(),
  description: text('description').notNull(),
  quantity: integer('quantity').notNull(),
  unit: text('unit').notNull(),
}, (t) => [
  uniqueIndex('rfq_items_position_idx').on(t.rfqId, t.position),
  check('rfq_items_quantity_check', sql`${t.quantity} >= 1`),
]);

/** The sellers a request went to (nearest first per category), and a seller's decline. */
export const rfqSellers = pgTable('rfq_sellers', {
  rfqId: uuid('rfq_id').notNull().references(() => rfqs.id),
  vendorId: uuid('vendor_id').notNull().references(() => vendors.id),
  distanceKm: doublePrecision('distance_km').notNull(),
  declinedAt: timestamp('declined_at', { withTimezone: true }),
  declineReason: text('decline_reason'),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.rfqId, t.vendorId] }),
  index('rfq_sellers_vendor_idx').on(t.vendorId, t.createdAt),
]);

export const rfqQuotes = pgTable('rfq_quotes', {
  id: id(),
  rfqId: uuid('rfq_id').notNull().references(() => rfqs.id),
  vendorId: uuid('vendor_id').notNull().references(() => vendors.id),
  version: integer('version').notNull(),
  /** live (the seller's newest), superseded (revised), accepted, closed (another was accepted, or the seller declined). */
  status: text('status').notNull().default('live'),
  items: jsonb('items').$type<StoredQuoteItem[]>().notNull(),
  freightPaise: bigint('freight_paise', { mode: 'number' }).notNull(),
  freightProposedPaise: bigint('freight_proposed_paise', { mode: 'number' }),
  freightReason: text('freight_reason'),
  unloadingPaise: bigint('unloading_paise', { mode: 'number' }).notNull(),
  partLoadPaise: bigint('part_load_paise', { mode: 'number' }).notNull(),
  materialPaise: bigint('material_paise', { mode: 'number' }).notNull(),
  gstPaise: bigint('gst_paise', { mode: 'number' }).notNull(),
  landedTotalPaise: bigint('landed_total_paise', { mode: 'number' }).notNull(),
  earliestDate: date('earliest_date'),
  validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
  paymentTerms: text('payment_terms').array().notNull(),
  notes: text('notes').notNull(),
  createdAt: createdAt(),
}, (t) => [
  /** Two racing revisions cannot both become version n. */
  uniqueIndex('rfq_quotes_version_idx').on(t.rfqId, t.vendorId, t.version),
  /** At most one accepted quote per seller of a request (a split acceptance takes several sellers'), whatever races. */
  uniqueIndex('rfq_quotes_accepted_idx').on(t.rfqId, t.vendorId).where(sql`${t.status} = 'accepted'`),
  index('rfq_quotes_vendor_idx').on(t.vendorId, t.createdAt),
  check('rfq_quotes_status_check', sql`${t.status} in ('live', 'superseded', 'accepted', 'closed')`),
  check('rfq_quotes_money_check', sql`${t.freightPaise} >= 0 and ${t.unloadingPaise} >= 0 and ${t.partLoadPaise} >= 0 and ${t.landedTotalPaise} >= 0`),
]);

/** Which quote each item of an accepted request went to (migration 0044): an item is awarded once, whatever races. */
export const rfqAwards = pgTable('rfq_awards', {
  itemId: uuid('item_id').primaryKey().references(() => rfqItems.id),
  rfqId: uuid('rfq_id').notNull().references(() => rfqs.id),
  quoteId: uuid('quote_id').notNull().references(() => rfqQuotes.id),
  createdAt: createdAt(),
}, (t) => [index('rfq_awards_rfq_idx').on(t.rfqId)]);

/**
 * A request's thread with one seller: the buyer's counter-offers (a total or a unit price for an item) and the
 * seller's answers (accepted as a new version, countered, declined). Only the two parties read it.
 */
export const rfqMessages = pgTable('rfq_messages', {
  id: id(),
  rfqId: uuid('rfq_id').notNull().references(() => rfqs.id),
  vendorId: uuid('vendor_id').notNull().references(() => vendors.id),
  author: text('author').notNull(),
  /** counter (the buyer's proposal), revised (the seller's new version), countered (seller's own figure), declined. */
  kind: text('kind').notNull(),
  quoteId: uuid('quote_id').references(() => rfqQuotes.id),
  proposedTotalPaise: bigint('proposed_total_paise', { mode: 'number' }),
  proposedUnitPaise: bigint('proposed_unit_paise', { mode: 'number' }),
  itemId: uuid('item_id'),
  body: text('body').notNull(),
  createdAt: createdAt(),
}, (t) => [
  index('rfq_messages_thread_idx').on(t.rfqId, t.vendorId, t.createdAt),
  check('rfq_messages_author_check', sql`${t.author} in ('buyer', 'seller')`),
]);

/**
 * The photos and bill of quantities on a request (migration 0046, decision record 045): private files the buyer
 * uploaded, read by the buyer, the sellers the request went to and operators. The primary key attaches a file once.
 */
export const rfqFiles = pgTable('rfq_files', {
  fileId: uuid('file_id').primaryKey().references(() => privateFiles.id),
  rfqId: uuid('rfq_id').notNull().references(() => rfqs.id),
  position: smallint('position').notNull(),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('rfq_files_position_idx').on(t.rfqId, t.position)]);
