import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { InvoiceDocument } from '@nirmaan/shared';
import { customers } from './auth.ts';
import { bookings } from './bookings.ts';
import { id } from './columns.ts';
import { orders } from './orders.ts';
import { vendors } from './vendors.ts';

/** The invoices module: GST invoices and their series (decision record 022). */

/**
 * The last number of each invoice series per financial year: `vendor:<id>`, `vendor-cn:<id>`, `platform`,
 * `platform-cn`. Bumped by one upsert inside the issuing transaction, whose row lock makes racing issues take
 * turns; a rolled-back issue rolls its number back, so the series has no gaps.
 */
export const invoiceCounters = pgTable('invoice_counters', {
  series: text('series').notNull(),
  fy: text('fy').notNull(),
  lastSeq: integer('last_seq').notNull(),
}, (t) => [primaryKey({ columns: [t.series, t.fy] })]);

/**
 * Tax invoices, bills of supply and credit notes as issued: `document` holds what the invoice says (parties,
 * lines, totals) and never changes; the totals are columns too, for the tax reports. `supplyKey` names what was
 * invoiced (`order:<id>:vendor:<id>`, `order:<id>:platform`, `booking:<id>:vendor|platform`, `refund:<id>`), so it is
 * invoiced once under races. The PDF is rendered once, stored, and its key kept.
 */
export const invoices = pgTable('invoices', {
  id: id(),
  kind: text('kind').$type<'tax_invoice' | 'bill_of_supply' | 'credit_note'>().notNull(),
  supplyKey: text('supply_key').notNull(),
  series: text('series').notNull(),
  fy: text('fy').notNull(),
  seq: integer('seq'),
  number: text('number'),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  /** Null when the platform is the supplier. */
  vendorId: uuid('vendor_id').references(() => vendors.id),
  customerId: uuid('customer_id').notNull().references(() => customers.id),
  orderId: uuid('order_id').references(() => orders.id),
  bookingId: uuid('booking_id').references(() => bookings.id),
  refersTo: uuid('refers_to'),
  taxablePaise: bigint('taxable_paise', { mode: 'number' }).notNull(),
  cgstPaise: bigint('cgst_paise', { mode: 'number' }).notNull(),
  sgstPaise: bigint('sgst_paise', { mode: 'number' }).notNull(),
  igstPaise: bigint('igst_paise', { mode: 'number' }).notNull(),
  totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
  document: jsonb('document').$type<InvoiceDocument>().notNull(),
  pdfKey: text('pdf_key'),
}, (t) => [
  uniqueIndex('invoices_supply_key').on(t.supplyKey),
  uniqueIndex('invoices_series_seq_key').on(t.series, t.fy, t.seq),
  index('invoices_customer_idx').on(t.customerId, t.issuedAt),
  index('invoices_vendor_idx').on(t.vendorId, t.issuedAt),
  index('invoices_order_idx').on(t.orderId),
  check('invoices_kind_check', sql`${t.kind} in ('tax_invoice', 'bill_of_supply', 'credit_note')`),
]);
